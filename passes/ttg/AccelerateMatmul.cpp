//===- AccelerateMatmul.cpp - Tensor-core layouts for tt.dot --------------===//
//
// tritongpu-accelerate-matmul: decides, for every tt.dot, whether tensor
// cores compute it (wgmma on cuda:90, #ttg.nvidia_mma version 3; mma.sync,
// version 2) or the FMA path does, and gives the dot and its operands the
// layouts of that choice. The rules (which types, shapes, warpsPerCTA,
// kWidth, shared encodings) are Triton 3.6's, so the TTGIR matches Triton's
// dumps; the pass description in Passes.td lists where tile differs.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/DecomposeScaledDot.h"
#include "passes/ttg/Passes.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/MmaShapes.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/DebugLog.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "tritongpu-accelerate-matmul"

namespace mlir::tile {
#define GEN_PASS_DEF_TTGACCELERATEMATMULPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
Type getElementType(Value value) {
  return cast<RankedTensorType>(value.getType()).getElementType();
}

/// The fp8 types NVIDIA hardware has (e5m2 and e4m3).
bool isNvidiaFp8(Type type) {
  return isa<Float8E5M2Type, Float8E4M3FNType>(type);
}

/// Whether mma.sync takes operands of these element types on cuda:
/// `capability` (Triton's supportMMA for version 2). fp8 counts on every
/// target: where the hardware lacks it, the operands are widened to f16
/// afterwards. f64 goes to the tensor cores only where they are fast at it,
/// cuda:80 and cuda:90, as in Triton; elsewhere FMA is faster.
bool mmaTakesOperands(tt::DotOp dot, int capability) {
  Type a = getElementType(dot.getA()), b = getElementType(dot.getB());
  if (a.isF32() && b.isF32())
    return dot.getInputPrecision() == tt::InputPrecision::TF32;
  if (a.isF64() || b.isF64() || getElementType(dot.getD()).isF64())
    return a.isF64() && b.isF64() && (capability == 80 || capability == 90);
  auto takes = [](Type type) {
    return isNvidiaFp8(type) || type.isF16() || type.isBF16() ||
           type.isInteger(8);
  };
  return takes(a) && takes(b);
}

/// Whether mma.sync has an instruction accumulating operands of type
/// `operand` into `acc` (PTX mma.sync.m16n8k{8,16,32}: f16 into f16 or f32;
/// bf16 and tf32 into f32; s8 into s32; fp8, native or widened to f16, into
/// f16 or f32; f64 into f64).
bool mmaHasAccumulator(Type operand, Type acc) {
  if (operand.isF16() || isNvidiaFp8(operand))
    return acc.isF16() || acc.isF32();
  if (operand.isBF16() || operand.isF32())
    return acc.isF32();
  if (operand.isF64())
    return acc.isF64();
  return operand.isInteger(8) && acc.isInteger(32);
}

/// What mma.sync accumulates operands of type `operand` into, for
/// diagnostics.
StringRef describeMmaAccumulators(Type operand) {
  if (operand.isF16() || isNvidiaFp8(operand))
    return "f16 and fp8 products into f16 or f32";
  if (operand.isBF16() || operand.isF32())
    return "bf16 and tf32 products into f32";
  if (operand.isF64())
    return "f64 products into f64";
  return "i8 products into i32";
}

/// Whether K holds at least one instruction's K: 256 bits of operand
/// elements (16 for f16, 32 for 8-bit types, 8 for tf32; for f64, whose
/// fragments span 8 along K, a multiple of 8). M and N may be smaller than
/// the 16x8 tile, as in Triton 3.6: the layouts then hold the tile
/// broadcast, and the lowering computes it once.
bool coversInstructionK(tt::DotOp dot) {
  int64_t k = dot.getA().getType().getShape().back();
  Type operand = getElementType(dot.getA());
  if (operand.isF64() && k % ttg::kMmaV2F64FragmentK != 0)
    return false;
  return k >= ttg::getMmaV2K(operand);
}

/// The warpsPerCTA of the mma layout of another dot connected to `dot`
/// through its operands and users in the same region, looking through
/// transposes (a chained dot, as in attention): std::nullopt when there is
/// none, an empty vector when there is one that has no mma layout yet.
std::optional<SmallVector<unsigned>> findChainedDotWarps(tt::DotOp dot) {
  Region *region = dot->getParentRegion();
  auto sameRegion = [region](Operation *op) {
    return op->getParentRegion() == region && !isa<tt::TransOp>(op);
  };
  BackwardSliceOptions backward;
  backward.filter = sameRegion;
  ForwardSliceOptions forward;
  forward.filter = sameRegion;
  std::optional<SmallVector<unsigned>> result;
  int64_t rank = dot.getType().getRank();
  for (Operation *op : getSlice(dot, backward, forward)) {
    auto other = dyn_cast<tt::DotOp>(op);
    if (!other || other == dot || other.getType().getRank() != rank)
      continue;
    if (auto mma = dyn_cast_if_present<ttg::NvidiaMmaEncodingAttr>(
            other.getType().getEncoding()))
      return SmallVector<unsigned>(mma.getWarpsPerCTA());
    result = SmallVector<unsigned>();
  }
  return result;
}

/// Triton's warpsPerTileV2: for a chained dot, every warp along the longer
/// of M and N; otherwise warps doubled along M or N, whichever still has
/// more 16x8 instruction tiles per warp (M on a tie), which balances the A
/// and B fragments each warp loads. A batched dot puts all warps on the
/// batch.
SmallVector<unsigned> getWarpsPerCTA(tt::DotOp dot, ArrayRef<int64_t> shape,
                                     unsigned numWarps) {
  if (shape.size() == 3)
    return {numWarps, 1, 1};
  if (std::optional<SmallVector<unsigned>> chained = findChainedDotWarps(dot)) {
    if (!chained->empty())
      return *chained;
    if (shape[0] >= shape[1])
      return {numWarps, 1};
    return {1, numWarps};
  }
  int64_t repM = llvm::divideCeil(shape[0], ttg::kMmaV2TileM);
  int64_t repN = llvm::divideCeil(shape[1], ttg::kMmaV2TileN);
  unsigned warpsM = 1, warpsN = 1;
  while (warpsM * warpsN < numWarps) {
    if (repM >= repN) {
      warpsM *= 2;
      // Extra warps beyond one per tile still go along M.
      if (repM != 1)
        repM /= 2;
    } else {
      warpsN *= 2;
      repN /= 2;
    }
  }
  return {warpsM, warpsN};
}

/// The ops through which an operand keeps its values' original width: unary
/// casts and layout conversions.
bool isWidthPreservingUnary(Operation *op) {
  return op->getNumOperands() == 1 &&
         (isa<tt::FpToFpOp, tt::BitcastOp, ttg::ConvertLayoutOp>(op) ||
          isa<arith::ArithDialect>(op->getDialect()));
}

/// Triton's computeOrigBitWidth: the element width `operand` had before the
/// chain of unary casts that produced it, i.e. the first different width
/// found walking that chain from its start; the operand's own width when
/// there is none. An f16 tensor widened to f32 for a tf32 dot gives 16, so
/// each thread keeps the f16 kWidth.
unsigned getOriginalBitWidth(Value operand) {
  unsigned width = getElementType(operand).getIntOrFloatBitWidth();
  BackwardSliceOptions options;
  options.omitBlockArguments = true;
  options.filter = isWidthPreservingUnary;
  SetVector<Operation *> slice;
  (void)getBackwardSlice(operand, &slice, options);
  for (Operation *op : slice) {
    auto type = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    if (!type || !type.getElementType().isIntOrFloat())
      continue;
    unsigned opWidth = type.getElementType().getIntOrFloatBitWidth();
    if (opWidth != width)
      return std::min(width, opWidth);
  }
  return width;
}

/// `value` converted to `encoding`, looking through a conversion that
/// produced it (so the old conversion can die).
Value convertTo(OpBuilder &builder, Value value, Attribute encoding) {
  if (auto convert = value.getDefiningOp<ttg::ConvertLayoutOp>())
    value = convert.getSrc();
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getEncoding() == encoding)
    return value;
  return ttg::ConvertLayoutOp::create(builder, value.getLoc(),
                                      type.cloneWithEncoding(encoding), value);
}

/// Erases `value`'s defining conversion if nothing uses it any more.
void eraseIfDeadConversion(Value value) {
  if (auto convert = value.getDefiningOp<ttg::ConvertLayoutOp>())
    if (convert->use_empty())
      convert->erase();
}

/// Replaces `dot` by `result` (its value in the tensor-core layout)
/// converted back to the dot's layout, and drops the conversions that fed
/// only `dot`.
void replaceDot(OpBuilder &builder, tt::DotOp dot, Value result) {
  auto back = ttg::ConvertLayoutOp::create(builder, dot.getLoc(), dot.getType(),
                                           result);
  SmallVector<Value> operands = {dot.getA(), dot.getB(), dot.getC()};
  dot.getResult().replaceAllUsesWith(back.getResult());
  dot.erase();
  for (Value old : operands)
    eraseIfDeadConversion(old);
}

/// Rewrites `dot` to compute in the mma.sync layout `mma`: operands in
/// dot_op layouts with `kWidth`, the accumulator converted in and the result
/// converted back to the original layout.
void rewriteToMma(tt::DotOp dot, ttg::NvidiaMmaEncodingAttr mma,
                  unsigned kWidth) {
  MLIRContext *context = dot.getContext();
  OpBuilder builder(dot);
  Value a = dot.getA(), b = dot.getB(), c = dot.getC();
  Value newA = convertTo(
      builder, a, ttg::DotOperandEncodingAttr::get(context, 0, mma, kWidth));
  Value newB = convertTo(
      builder, b, ttg::DotOperandEncodingAttr::get(context, 1, mma, kWidth));
  Value newC = convertTo(builder, c, mma);
  auto newDot = tt::DotOp::create(
      builder, dot.getLoc(), dot.getType().cloneWithEncoding(mma), newA, newB,
      newC, dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
  replaceDot(builder, dot, newDot.getResult());
}

/// Why wgmma cannot compute `dot` on cuda:90 (Triton's supportMMA for
/// version 3), or an empty string when it can: 2-D only (batched dots fall
/// back to mma.sync), whole warpgroups, M a multiple of a warpgroup's 64
/// rows, N of 16, K at least one instruction, operands f16, bf16, tf32,
/// fp8 or i8, and fp8 into f32 only with at least 32 imprecise additions
/// (wgmma's fp8 accumulation is not full f32 precision).
std::string whyNotWgmma(tt::DotOp dot, unsigned numWarps) {
  RankedTensorType type = dot.getType();
  Type a = getElementType(dot.getA());
  if (type.getRank() != 2)
    return "batched (rank-3) dots have no wgmma";
  if (numWarps % ttg::kWarpsPerWarpGroup != 0)
    return "num-warps is not a multiple of a warpgroup (4 warps)";
  if (type.getShape()[0] % ttg::kWgmmaTileM != 0 ||
      type.getShape()[1] % 16 != 0)
    return "M is not a multiple of 64 or N not a multiple of 16";
  if (dot.getA().getType().getShape()[1] < ttg::getWgmmaK(a))
    return "K is smaller than one wgmma";
  if (!(isNvidiaFp8(a) || a.isF16() || a.isBF16() || a.isF32() ||
        a.isInteger(8)))
    return "wgmma does not take these operand types";
  if (isNvidiaFp8(a) && type.getElementType().isF32() &&
      dot.getMaxNumImpreciseAcc() < 32)
    return "fp8 into f32 needs maxNumImpreciseAcc >= 32";
  return "";
}

/// Triton's instrShape for wgmma: [16, N, K] with K one instruction's 256
/// bits and N the largest instruction width (a multiple of 8 up to 256; of
/// 16 up to 224 and 8 for i8) that divides the tile's N and leaves no warp
/// column without work; 0 when none does.
int64_t getWgmmaInstrN(ArrayRef<int64_t> shape, Type operand,
                       unsigned numWarps) {
  int64_t warpsAlongM = std::max<int64_t>(shape[0] / 16, 1);
  int64_t warpsAlongN = std::max<int64_t>(numWarps / warpsAlongM, 1);
  int64_t maxN = std::max<int64_t>(shape[1] / warpsAlongN, 8);
  bool isInt8 = operand.isInteger(8);
  for (int64_t n = isInt8 ? 224 : ttg::kWgmmaMaxN; n >= 8;
       n -= (isInt8 && n > 16) ? 16 : 8)
    if (shape[1] % n == 0 && n <= maxN)
      return n;
  return 0;
}

/// Triton's warpsPerTileV3: a chained dot keeps every warp along M (its rows
/// then reduce within warps, as attention's softmax does); otherwise
/// warpgroups stack along M while M has 16 rows per warp left, then along N.
SmallVector<unsigned> getWarpsPerCTAV3(tt::DotOp dot, ArrayRef<int64_t> shape,
                                       unsigned numWarps) {
  SetVector<Operation *> users;
  getForwardSlice(dot.getResult(), &users);
  if (llvm::any_of(users, [](Operation *op) { return isa<tt::DotOp>(op); }))
    return {numWarps, 1};
  SmallVector<unsigned> warps = {unsigned(ttg::kWarpsPerWarpGroup), 1};
  while (warps[0] * warps[1] < numWarps) {
    if (shape[0] > 16 * warps[0])
      warps[0] *= 2;
    else
      warps[1] *= 2;
  }
  return warps;
}

/// The shared-memory buffer wgmma reads operand `opIdx` from: the value
/// (looking through a conversion) stored right after it is defined, in the
/// #ttg.nvmma_shared layout of its register order. Operands other than f16
/// and bf16 must be K-major, so they get that order whatever their
/// registers hold (Triton's rule; such a store transposes in registers and
/// its load is not pipelined).
Value allocWgmmaOperand(Value operand, int opIdx, bool allowTranspose) {
  Value value = operand;
  if (auto convert = value.getDefiningOp<ttg::ConvertLayoutOp>())
    value = convert.getSrc();
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<unsigned> order = ttg::getOrderForMemory(type);
  if (!allowTranspose || order.size() != 2)
    order =
        opIdx == 1 ? SmallVector<unsigned>{0, 1} : SmallVector<unsigned>{1, 0};
  MLIRContext *context = operand.getContext();
  auto encoding = ttg::getNVMMASharedEncoding(context, type.getShape(), order,
                                              type.getElementType());
  auto bufferType = ttg::MemDescType::get(
      type.getShape(), type.getElementType(), encoding,
      ttg::SharedMemorySpaceAttr::get(context), /*mutableMemory=*/false);
  OpBuilder builder(context);
  builder.setInsertionPointAfterValue(value);
  return ttg::LocalAllocOp::create(builder, value.getLoc(), bufferType, value,
                                   /*alignment=*/IntegerAttr());
}

/// Whether `operand`, seen through conversions and transpositions, is
/// loaded from global memory or passed in (a block argument): Triton's
/// test for staging wgmma's A operand in shared memory. A computed A (the
/// probabilities of attention) stays in registers.
bool comesFromLoadOrBlockArgument(Value operand) {
  Value value = operand;
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<ttg::ConvertLayoutOp, tt::TransOp>(def))
      return isa<tt::LoadOp, tt::DescriptorLoadOp>(def);
    value = def->getOperand(0);
  }
  return true;
}

/// Rewrites `dot` to a ttng.warp_group_dot computing in the wgmma layout
/// `mma`: B in shared memory, A too unless it is computed (then in
/// registers, in the dot operand layout of `mma` with 32 bits per register
/// pair of k), the accumulator converted in and the result converted back.
void rewriteToWarpGroupDot(tt::DotOp dot, ttg::NvidiaMmaEncodingAttr mma) {
  Type element = getElementType(dot.getA());
  bool allowTranspose = element.isF16() || element.isBF16();
  Value a = dot.getA(), b = dot.getB(), c = dot.getC();
  OpBuilder builder(dot);
  Value newA;
  if (comesFromLoadOrBlockArgument(a)) {
    newA = allocWgmmaOperand(a, 0, allowTranspose);
  } else {
    unsigned kWidth = std::max(32 / element.getIntOrFloatBitWidth(), 1u);
    newA = convertTo(
        builder, a,
        ttg::DotOperandEncodingAttr::get(dot.getContext(), 0, mma, kWidth));
  }
  Value newB = allocWgmmaOperand(b, 1, allowTranspose);
  Value newC = convertTo(builder, c, mma);
  auto newDot = ttng::WarpGroupDotOp::create(
      builder, dot.getLoc(), dot.getType().cloneWithEncoding(mma), newA, newB,
      newC, /*useC=*/Value(), dot.getInputPrecision(),
      dot.getMaxNumImpreciseAcc(), /*isAsync=*/false);
  replaceDot(builder, dot, newDot.getResult());
}

/// `operand` widened to element type `to` (tt.fp_to_fp for floats,
/// arith.extsi for integers, as Triton does).
Value widenOperand(OpBuilder &builder, Value operand, Type to) {
  auto type = cast<RankedTensorType>(operand.getType()).clone(to);
  if (isa<FloatType>(to))
    return tt::FpToFpOp::create(builder, operand.getLoc(), type, operand,
                                /*rounding=*/nullptr);
  return arith::ExtSIOp::create(builder, operand.getLoc(), type, operand);
}

/// Triton's decomposeMixedModeDotOp: widens the operands of a dot whose
/// chosen path has no instruction for their type. mma.sync takes fp8 only on
/// cuda:89, so elsewhere fp8 operands become f16; the FMA path multiplies in
/// the accumulator's type, so narrower operands are widened to it.
void widenUnsupportedOperands(tt::DotOp dot, int computeCapability) {
  Type operandType = getElementType(dot.getA());
  Type accType = getElementType(dot.getD());
  Type to;
  if (isa<ttg::NvidiaMmaEncodingAttr>(dot.getType().getEncoding())) {
    if (!isNvidiaFp8(operandType) || computeCapability == 89)
      return;
    to = Float16Type::get(dot.getContext());
  } else {
    if (operandType == accType ||
        operandType.getIntOrFloatBitWidth() >= accType.getIntOrFloatBitWidth())
      return;
    to = accType;
  }
  OpBuilder builder(dot);
  dot.getAMutable().set(widenOperand(builder, dot.getA(), to));
  dot.getBMutable().set(widenOperand(builder, dot.getB(), to));
}

/// Every path widens fp8 operands (mma.sync below cuda:89, FMA always),
/// and e4m3 has no conversion below cuda:89: such a dot cannot be lowered
/// there (Triton's frontend refuses e4m3 below sm_89 too).
LogicalResult checkFp8Operands(tt::DotOp dot, int capability) {
  if (capability >= 89)
    return success();
  for (Value operand : {dot.getA(), dot.getB()})
    if (isa<Float8E4M3FNType>(getElementType(operand)))
      return dot.emitOpError("with ")
             << getElementType(operand) << " operands needs cuda:89 or higher "
             << "(no e4m3 conversion instructions on cuda:" << capability
             << "); use f8E5M2 or convert the operands first";
  return success();
}

struct TTGAccelerateMatmulPass
    : public tile::impl::TTGAccelerateMatmulPassBase<TTGAccelerateMatmulPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<tt::DotScaledOp> scaledDots;
    module.walk([&](tt::DotScaledOp dot) {
      if (dot.getType().getEncoding())
        scaledDots.push_back(dot);
    });
    bool hasDots = !scaledDots.empty();
    module.walk(
        [&](tt::DotOp dot) { hasDots |= bool(dot.getType().getEncoding()); });
    if (!hasDots)
      return;

    std::optional<int> capability = ttg::getComputeCapability(module);
    if (!capability) {
      module.emitError() << "tritongpu-accelerate-matmul needs the module "
                            "attribute ttg.target = \"cuda:<capability>\"";
      return signalPassFailure();
    }
    std::optional<int> numWarps = ttg::getNumWarps(module);
    if (!numWarps || !llvm::isPowerOf2_32(*numWarps)) {
      module.emitError() << "tritongpu-accelerate-matmul needs the module "
                            "attribute ttg.num-warps, a power of two";
      return signalPassFailure();
    }

    // No target tile compiles for has scaled tensor-core instructions:
    // every tt.dot_scaled becomes upcasts and a tt.dot, accelerated below.
    for (tt::DotScaledOp dot : scaledDots)
      if (failed(decomposeScaledDot(dot, *capability)))
        return signalPassFailure();
    SmallVector<tt::DotOp> dots;
    module.walk([&](tt::DotOp dot) {
      if (dot.getType().getEncoding())
        dots.push_back(dot);
    });
    for (tt::DotOp dot : dots) {
      if (failed(checkFp8Operands(dot, *capability)))
        return signalPassFailure();
      FailureOr<bool> accelerated = accelerate(dot, *capability, *numWarps);
      if (failed(accelerated))
        return signalPassFailure();
      if (*accelerated)
        ++numMmaDots;
    }
    // Widen operands now that every dot has its path. The rewritten dots
    // are new ops; collect all dots again.
    module.walk([&](tt::DotOp dot) {
      if (dot.getType().getEncoding())
        widenUnsupportedOperands(dot, *capability);
    });
  }

  /// Rewrites `dot` to mma.sync when it can; false when it stays on the FMA
  /// path, failure after a diagnostic.
  FailureOr<bool> accelerate(tt::DotOp dot, int capability, unsigned numWarps) {
    RankedTensorType type = dot.getType();
    Attribute encoding = type.getEncoding();
    if (isa<ttg::NvidiaMmaEncodingAttr>(encoding) ||
        !ttg::isDistributedEncoding(encoding))
      return false;
    if (capability < 80 || !mmaTakesOperands(dot, capability) ||
        !coversInstructionK(dot))
      return false;
    Type operandType = getElementType(dot.getA());
    Type accType = type.getElementType();
    if (!mmaHasAccumulator(operandType, accType)) {
      dot.emitOpError() << "with " << operandType << " x "
                        << getElementType(dot.getB()) << " -> " << accType
                        << " has no mma.sync instruction on cuda:" << capability
                        << " (it accumulates "
                        << describeMmaAccumulators(operandType)
                        << "); use a supported accumulator type and convert "
                           "the result";
      return failure();
    }

    ArrayRef<int64_t> shape = type.getShape();
    // wgmma has no f64 form: f64 dots take mma.sync on cuda:90 too.
    if (capability >= 90 && capability < 100 && !operandType.isF64()) {
      std::string why = whyNotWgmma(dot, numWarps);
      int64_t instrN =
          why.empty() ? getWgmmaInstrN(shape, operandType, numWarps) : 0;
      if (why.empty() && instrN == 0)
        why = "no wgmma width divides N";
      if (why.empty()) {
        auto mma = ttg::NvidiaMmaEncodingAttr::get(
            dot.getContext(), /*versionMajor=*/3, /*versionMinor=*/0,
            getWarpsPerCTAV3(dot, shape, numWarps), /*cgaLayout=*/{},
            {16, unsigned(instrN), unsigned(ttg::getWgmmaK(operandType))});
        LDBG() << "wgmma for " << dot << ": " << mma;
        rewriteToWarpGroupDot(dot, mma);
        return true;
      }
      // Triton remarks on every dot that cannot use wgmma on Hopper.
      dot.emitRemark() << "cannot use wgmma (" << why
                       << "); falls back to mma version 2";
    }
    SmallVector<unsigned> warps = getWarpsPerCTA(dot, shape, numWarps);
    SmallVector<unsigned> instrShape = {unsigned(ttg::kMmaV2TileM),
                                        unsigned(ttg::kMmaV2TileN)};
    if (shape.size() == 3)
      instrShape.insert(instrShape.begin(), 1);
    auto mma = ttg::NvidiaMmaEncodingAttr::get(
        dot.getContext(), /*versionMajor=*/2, /*versionMinor=*/0, warps,
        /*cgaLayout=*/{}, instrShape);
    unsigned bits = std::min(getOriginalBitWidth(dot.getA()),
                             getOriginalBitWidth(dot.getB()));
    unsigned kWidth = std::max(32 / bits, 1u);
    LDBG() << "mma.sync for " << dot << ": " << mma << ", kWidth " << kWidth;
    rewriteToMma(dot, mma, kWidth);
    return true;
  }
};
} // namespace
