//===- WarpGroupDotOpToLLVM.cpp - ttng.warp_group_dot to wgmma ------------===//
//
// A warpgroup dot is planned from its layouts before any IR is emitted:
//  * the accumulator (#ttg.nvidia_mma version 3) must hold wgmma's
//    fragments: lanes and the first two warp bits as PTX places them, so
//    that lane 0 of warp 0 tells which register holds each d[i] of an
//    instruction; further warp bits pick the warpgroup's tile;
//  * an A operand in registers (#ttg.dot_op of that mma) must hold wgmma's
//    A fragments the same way;
//  * each shared operand is read off its layout inverted, T: (dim0, dim1) ->
//    element offset. T of an instruction's origin is its start address;
//    T one core matrix away along M/N and K gives the descriptor's byte
//    offsets. K-major operands step 8 rows for the stride offset; MN-major
//    ones step 8 rows of K for it and one swizzle row along M/N for the
//    leading offset.
// The instructions themselves are emitted through the NVIDIA seam.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Dot/Fragments.h"
#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/SharedMemory.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/MmaShapes.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tile;
using layout::LinearLayout;

namespace {
using namespace fragments;

/// How one shared operand feeds wgmma.
struct OperandPlan {
  /// (dim0, dim1) -> element offset in the buffer.
  LinearLayout toOffset;
  int64_t elementBytes;
  nvidia::SharedMatrixLayout matrix;
  /// Whether dim0 is M/N (A) or K (B).
  bool kIsDim1;

  /// Byte offset of element (mn, k).
  int64_t byteOffset(int32_t mn, int32_t k) const {
    int32_t d0 = kIsDim1 ? mn : k, d1 = kIsDim1 ? k : mn;
    auto applied = toOffset.apply(
        {{layout::outDimName(0), d0}, {layout::outDimName(1), d1}});
    return int64_t((*applied)[0].second) * elementBytes;
  }
};

/// One wgmma: the origin of its tile in the warpgroup's part of the result,
/// the registers of its accumulator elements d[0..N/2) and, for A in
/// registers, of its A elements.
struct WgmmaStep {
  int32_t m0, n0, k0;
  SmallVector<int> acc, a;
};

struct WarpGroupDotPlan {
  int64_t instrN;
  /// A in shared memory; std::nullopt when A is in registers.
  std::optional<OperandPlan> a;
  OperandPlan b;
  SmallVector<WgmmaStep> steps;
  /// Per warp bit: where that warp's tile starts in A (along M) and B
  /// (along N), in bytes; zero for the bits inside a warpgroup.
  SmallVector<int32_t> aWarpBytes, bWarpBytes;
};

FailureOr<OperandPlan> planOperand(Value operand, bool kIsDim1,
                                   std::string &why) {
  auto type = dyn_cast<ttg::MemDescType>(operand.getType());
  if (!type) {
    why = "B must be a shared-memory buffer";
    return failure();
  }
  // The shared encoding is the decision here: wgmma reads only the
  // canonical core-matrix layouts of #ttg.nvmma_shared.
  auto shared = dyn_cast<ttg::NVMMASharedEncodingAttr>(type.getEncoding());
  if (!shared || type.getShape().size() != 2) {
    why = "wgmma operands must be 2-D #ttg.nvmma_shared buffers";
    return failure();
  }
  std::optional<LinearLayout> layout =
      ttg::toLinearLayout(type.getEncoding(), type.getShape(), &why);
  std::optional<LinearLayout> inverse =
      layout ? layout->invert(&why) : std::nullopt;
  std::optional<LinearLayout> toOffset =
      inverse
          ? inverse->sublayout({layout::outDimName(0), layout::outDimName(1)},
                               {layout::kOffset})
          : std::nullopt;
  if (!toOffset)
    return failure();
  OperandPlan plan{*toOffset,
                   int64_t(type.getElementType().getIntOrFloatBitWidth() / 8),
                   {0, 0, int(shared.getSwizzlingByteWidth()), false},
                   kIsDim1};
  nvidia::SharedMatrixLayout &matrix = plan.matrix;
  bool kContiguous = plan.byteOffset(0, 1) == plan.elementBytes;
  matrix.mnMajor = !kContiguous && plan.byteOffset(1, 0) == plan.elementBytes;
  if (!kContiguous && !matrix.mnMajor) {
    why = "neither K nor M/N is contiguous in the operand's buffer";
    return failure();
  }
  if (matrix.mnMajor && (plan.elementBytes != 2 || matrix.swizzleBytes == 0)) {
    why = "wgmma takes M/N-major operands only of 16-bit types, in swizzled "
          "buffers (tf32, fp8 and int8 operands must be K-major)";
    return failure();
  }
  // Core matrices are 8 rows of 16 bytes.
  int32_t rowElements = 16 / plan.elementBytes;
  if (matrix.mnMajor) {
    matrix.strideByteOffset = plan.byteOffset(0, 8);
    int32_t swizzleRow = matrix.swizzleBytes / plan.elementBytes;
    int64_t mnSize = type.getShape()[kIsDim1 ? 0 : 1];
    matrix.leadingByteOffset =
        swizzleRow < mnSize ? plan.byteOffset(swizzleRow, 0) : 0;
  } else {
    matrix.strideByteOffset = plan.byteOffset(8, 0);
    matrix.leadingByteOffset =
        matrix.swizzleBytes ? 0 : plan.byteOffset(0, rowElements);
  }
  return plan;
}

/// Whether the lanes and the first two warp bits of `layout` hold wgmma's
/// fragments of the accumulator (p = 2: a pair of columns per register) or
/// of A in registers (p elements of K per 32-bit register).
bool holdsWgmmaFragments(const LinearLayout &layout, int32_t p) {
  return lanesHoldFragments(layout, p) && layout.hasInDim(layout::kWarp) &&
         layout.getInDimSizeLog2(layout::kWarp) >= 2 &&
         basis(layout, layout::kWarp, 0) == Coord{16, 0} &&
         basis(layout, layout::kWarp, 1) == Coord{32, 0};
}

/// The registers of A in registers: the layout's fragments checked against
/// the accumulator `d`, whose warps must hold the same rows.
FailureOr<std::map<Coord, int>>
planRegisterA(RankedTensorType type, const LinearLayout &d, std::string &why) {
  std::optional<LinearLayout> a = ttg::toLinearLayout(type, &why);
  if (!a)
    return failure();
  int32_t p = ttg::getMmaElementsPerRegister(type.getElementType());
  if (!holdsWgmmaFragments(*a, p)) {
    why = "A's lanes and warps do not hold wgmma's register fragments (check "
          "kWidth)";
    return failure();
  }
  for (int bit = 2; bit < d.getInDimSizeLog2(layout::kWarp); ++bit)
    if (basis(*a, layout::kWarp, bit) !=
        Coord{basis(d, layout::kWarp, bit).row, 0}) {
      why = "A's warps do not hold the rows of the result's warps";
      return failure();
    }
  return registerTable(*a);
}

FailureOr<WarpGroupDotPlan> planWarpGroupDot(ttng::WarpGroupDotOp op,
                                             std::string &why) {
  auto dType = cast<RankedTensorType>(op.getD().getType());
  auto mma = dyn_cast<ttg::NvidiaMmaEncodingAttr>(dType.getEncoding());
  if (!mma || mma.getVersionMajor() != 3 || dType.getRank() != 2) {
    why = "the result must be a 2-D #ttg.nvidia_mma of version 3";
    return failure();
  }
  std::optional<LinearLayout> d = ttg::toLinearLayout(dType, &why);
  if (!d)
    return failure();
  if (!holdsWgmmaFragments(*d, /*p=*/2)) {
    why = "the result's lanes and warps do not hold wgmma fragments";
    return failure();
  }
  WarpGroupDotPlan plan{int64_t(mma.getInstrShape()[1]), {}, {}, {}, {}, {}};
  std::map<Coord, int> aTable;
  if (auto aTensor = dyn_cast<RankedTensorType>(op.getA().getType())) {
    FailureOr<std::map<Coord, int>> table = planRegisterA(aTensor, *d, why);
    if (failed(table))
      return failure();
    aTable = std::move(*table);
  } else {
    FailureOr<OperandPlan> a = planOperand(op.getA(), /*kIsDim1=*/true, why);
    if (failed(a))
      return failure();
    plan.a = std::move(*a);
  }
  FailureOr<OperandPlan> b = planOperand(op.getB(), /*kIsDim1=*/false, why);
  if (failed(b))
    return failure();
  plan.b = std::move(*b);
  auto aShaped = cast<ShapedType>(op.getA().getType());
  Type aElement = aShaped.getElementType();
  int64_t instrK = ttg::getWgmmaK(aElement);
  int64_t kSize = aShaped.getShape()[1];
  if (plan.instrN % 8 != 0 || plan.instrN > ttg::kWgmmaMaxN ||
      kSize % instrK != 0) {
    why = "the tile is not a whole number of wgmma instructions";
    return failure();
  }
  // Warp bits past a warpgroup move the whole tile along M or N.
  for (int bit = 0; bit < d->getInDimSizeLog2(layout::kWarp); ++bit) {
    Coord at = bit < 2 ? Coord{0, 0} : basis(*d, layout::kWarp, bit);
    if (at.row % ttg::kWgmmaTileM != 0 || at.col % plan.instrN != 0) {
      why = "a warpgroup's tile does not start on a wgmma tile";
      return failure();
    }
    plan.aWarpBytes.push_back(plan.a ? int32_t(plan.a->byteOffset(at.row, 0))
                                     : 0);
    plan.bWarpBytes.push_back(int32_t(plan.b.byteOffset(at.col, 0)));
  }
  // Each instruction's descriptor is the warpgroup's plus the tile's offset
  // (stepDescriptor), which equals the layout's XOR only when the two offsets
  // share no bit.
  auto bitsOf = [](ArrayRef<int32_t> offsets) {
    int64_t bits = 0;
    for (int32_t offset : offsets)
      bits |= offset;
    return bits;
  };
  int64_t aWarpBits = bitsOf(plan.aWarpBytes);
  int64_t bWarpBits = bitsOf(plan.bWarpBytes);
  std::map<Coord, int> table = registerTable(*d);
  int32_t p = ttg::getMmaElementsPerRegister(aElement);
  // Tile by tile, all K steps of one accumulator tile in a row (as Triton
  // issues them): a chain on one accumulator runs back to back in the
  // tensor core.
  for (const auto &[origin, reg] : table) {
    int32_t m0 = origin.row, n0 = origin.col;
    if (m0 % ttg::kWgmmaTileM != 0 || n0 % plan.instrN != 0)
      continue;
    for (int64_t k0 = 0; k0 < kSize; k0 += instrK) {
      if ((plan.a && (plan.a->byteOffset(m0, k0) & aWarpBits)) ||
          (plan.b.byteOffset(n0, k0) & bWarpBits)) {
        why = "an instruction tile's offset in shared memory overlaps a "
              "warpgroup's";
        return failure();
      }
      WgmmaStep step{m0, n0, int32_t(k0), {}, {}};
      // d[i] sits at row +8 for bit 1 of i, column +1 for bit 0 and +8 per
      // step of i / 4.
      for (int32_t i = 0; i < plan.instrN / 2; ++i) {
        auto it =
            table.find({m0 + 8 * ((i >> 1) & 1), n0 + (i & 1) + 8 * (i >> 2)});
        if (it == table.end()) {
          why = "an accumulator tile of the result is not held by one thread";
          return failure();
        }
        step.acc.push_back(it->second);
      }
      // A's element e: register e / p of PTX's four, row +8 for its bit 0,
      // K +4p for its bit 1.
      for (int32_t e = 0; !aTable.empty() && e < 4 * p; ++e) {
        int32_t reg = e / p;
        auto it = aTable.find(
            {m0 + 8 * (reg & 1), int32_t(k0) + e % p + 4 * p * (reg >> 1)});
        if (it == aTable.end()) {
          why = "a fragment of A is not held by one thread";
          return failure();
        }
        step.a.push_back(it->second);
      }
      plan.steps.push_back(std::move(step));
    }
  }
  if (int64_t(plan.steps.size() * plan.instrN / 2) !=
      d->getNumRegisters() * (kSize / instrK)) {
    why = "the instructions do not cover the result's registers";
    return failure();
  }
  return plan;
}

/// The descriptor of this warpgroup's tile of an operand: at its first
/// element, where the warpgroup's bits of the warp index (`warpOffset`, in
/// bytes) point.
Value baseDescriptor(OpBuilder &builder, Location loc, Value base,
                     Value warpOffset, const OperandPlan &plan) {
  Value address = getSharedElementPointer(builder, loc, base,
                                          builder.getI8Type(), warpOffset);
  return nvidia::buildMatrixDescriptor(builder, loc, address, plan.matrix);
}

/// The descriptor of the instruction tile at (mn, k): the warpgroup's
/// origin plus the tile's offset. The tile's offset sets no bit of the
/// warpgroup's (they differ in M/N by whole wgmma tiles), so the XOR of the
/// layout is an addition.
Value stepDescriptor(OpBuilder &builder, Location loc, Value base,
                     const OperandPlan &plan, int32_t mn, int32_t k) {
  return nvidia::advanceMatrixDescriptor(builder, loc, base,
                                         plan.byteOffset(mn, k));
}

/// fp8 products into f32 summed in pieces (needsPartialAccumulator): each
/// tile's K steps run in chains of at most maxNumImpreciseAcc K on a fresh
/// accumulator (scale-d false first), and each chain, once waited for, is
/// added to the tile's real accumulator in f32, as Triton does on Hopper.
/// The wait makes the chain's registers readable; a fence orders the adds
/// before the next chain.
class PartialAccumulation {
public:
  /// `acc` is the accumulator the dot's steps update (its registers hold
  /// the sums); `useC` the dot's optional i1 operand.
  PartialAccumulation(ttng::WarpGroupDotOp op, SmallVectorImpl<Value> &acc,
                      Value useC)
      : acc(acc), enabled(op.needsPartialAccumulator()),
        chunkK(op.getMaxNumImpreciseAcc()),
        instrK(ttg::getWgmmaK(
            cast<ShapedType>(op.getA().getType()).getElementType())),
        kSize(cast<ShapedType>(op.getA().getType()).getShape()[1]), useC(useC),
        zeroC(!useC && (matchPattern(op.getC(), m_AnyZeroFloat()) ||
                        matchPattern(op.getC(), m_Zero()))) {}

  bool active() const { return enabled; }

  /// Issues `step` through `emitMma(inputs, useAccumulator)`, ending its
  /// chain where the piece or the tile's K is complete.
  template <typename EmitMma>
  void step(ConversionPatternRewriter &rewriter, Location loc,
            const WgmmaStep &step, EmitMma emitMma) {
    Type i1 = rewriter.getI1Type();
    bool fresh = chainK == 0;
    SmallVector<Value> in;
    for (int r : step.acc)
      in.push_back(
          fresh ? Value(LLVM::UndefOp::create(rewriter, loc, acc[r].getType()))
                : chain[r]);
    Value use = LLVM::ConstantOp::create(rewriter, loc, i1,
                                         rewriter.getBoolAttr(!fresh));
    SmallVector<Value> out = emitMma(in, use);
    for (auto [r, value] : llvm::zip(step.acc, out))
      chain[r] = value;
    chainK += instrK;
    bool tileDone = step.k0 + instrK >= kSize;
    if (chainK < chunkK && !tileDone)
      return;
    nvidia::emitWarpGroupCommit(rewriter, loc);
    SmallVector<Value> done =
        nvidia::emitWarpGroupWait(rewriter, loc, /*pendings=*/0, out);
    bool firstPiece = step.k0 + instrK <= chainK;
    for (auto [r, value] : llvm::zip(step.acc, done))
      acc[r] = addToAccumulator(rewriter, loc, acc[r], value, firstPiece);
    chainK = 0;
    // The adds wrote registers the next chain's wgmma may be given.
    nvidia::emitWarpGroupFence(rewriter, loc);
  }

private:
  /// The tile's sum after a piece: the piece alone where the accumulator
  /// starts as zero, else the accumulator (or zero where `useC` is false)
  /// plus the piece.
  Value addToAccumulator(ConversionPatternRewriter &rewriter, Location loc,
                         Value sum, Value piece, bool firstPiece) {
    if (firstPiece && zeroC)
      return piece;
    if (firstPiece && useC) {
      Value zero = LLVM::ConstantOp::create(
          rewriter, loc, sum.getType(), rewriter.getZeroAttr(sum.getType()));
      sum = LLVM::SelectOp::create(rewriter, loc, useC, sum, zero);
    }
    // Contractable, as Triton's add is with its LLVM: PTX `add.f32`, not
    // the `add.rn.f32` LLVM 22 writes for a plain fadd (no multiply feeds
    // it, so nothing can contract).
    return LLVM::FAddOp::create(
        rewriter, loc, sum, piece,
        LLVM::FastmathFlagsAttr::get(rewriter.getContext(),
                                     LLVM::FastmathFlags::contract));
  }

  SmallVectorImpl<Value> &acc;
  DenseMap<int, Value> chain;
  bool enabled;
  int64_t chunkK, instrK, kSize;
  Value useC;
  bool zeroC;
  int64_t chainK = 0;
};

struct WarpGroupDotOpConversion
    : public ConvertOpToLLVMPattern<ttng::WarpGroupDotOp> {
  WarpGroupDotOpConversion(LLVMTypeConverter &converter,
                           const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(ttng::WarpGroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<WarpGroupDotPlan> plan = planWarpGroupDot(op, why);
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, why);
    Location loc = op.getLoc();
    SmallVector<Value> acc = unpackElements(rewriter, loc, adaptor.getC());
    SmallVector<Value> aRegisters;
    if (!plan->a)
      aRegisters = unpackElements(rewriter, loc, adaptor.getA());
    // The warp index, made warp-uniform for the descriptors. With a single
    // warpgroup along both operands' tiles (every warp byte offset zero) it
    // is not needed, and the shuffle is not left behind: `shfl.sync` is
    // convergent, so LLVM keeps it even unused, one per dot in the loop.
    Value warp;
    if (llvm::any_of(plan->aWarpBytes, [](int32_t b) { return b != 0; }) ||
        llvm::any_of(plan->bWarpBytes, [](int32_t b) { return b != 0; })) {
      warp = getThreadIndex(rewriter, loc, lowering.threadsPerWarp).warp;
      warp = shuffleIdx(rewriter, loc, warp, i32Constant(rewriter, loc, 0),
                        lowering.threadsPerWarp);
    }
    Value aBase =
        plan->a
            ? baseDescriptor(rewriter, loc, adaptor.getA(),
                             xorOfBits(rewriter, loc, warp, plan->aWarpBytes),
                             *plan->a)
            : Value();
    Value bBase = baseDescriptor(
        rewriter, loc, adaptor.getB(),
        xorOfBits(rewriter, loc, warp, plan->bWarpBytes), plan->b);
    Type aElement = cast<ShapedType>(op.getA().getType()).getElementType();
    Type dElement = op.getD().getType().getElementType();
    Value always = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                            rewriter.getBoolAttr(true));
    Value useC = adaptor.getUseC() ? adaptor.getUseC() : always;
    // A zero accumulator is not read: the first k-step runs with scale-d
    // false on undefined registers (no zeroing moves per dot).
    Value c = op.getC();
    if (!adaptor.getUseC() &&
        (matchPattern(c, m_AnyZeroFloat()) || matchPattern(c, m_Zero()))) {
      useC = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                      rewriter.getBoolAttr(false));
      Value undef = LLVM::UndefOp::create(rewriter, loc, acc.front().getType());
      acc.assign(acc.size(), undef);
    }
    // A in registers is packed before the fence (see packWarpGroupOperandA).
    SmallVector<SmallVector<Value>> aWords;
    if (!plan->a)
      for (const WgmmaStep &step : plan->steps) {
        SmallVector<Value> elements;
        for (int r : step.a)
          elements.push_back(aRegisters[r]);
        aWords.push_back(
            nvidia::packWarpGroupOperandA(rewriter, loc, elements));
      }
    PartialAccumulation partial(op, acc, adaptor.getUseC());
    nvidia::emitWarpGroupFence(rewriter, loc);
    for (auto [index, step] : llvm::enumerate(plan->steps)) {
      nvidia::WarpGroupOperandA a;
      if (plan->a) {
        a.descriptor =
            stepDescriptor(rewriter, loc, aBase, *plan->a, step.m0, step.k0);
        a.mnMajor = plan->a->matrix.mnMajor;
      } else {
        a.words = aWords[index];
      }
      Value b = stepDescriptor(rewriter, loc, bBase, plan->b, step.n0, step.k0);
      if (partial.active()) {
        partial.step(rewriter, loc, step, [&](ArrayRef<Value> in, Value use) {
          return nvidia::emitWarpGroupMma(rewriter, loc, plan->instrN, aElement,
                                          dElement, a, b,
                                          plan->b.matrix.mnMajor, in, use);
        });
        continue;
      }
      SmallVector<Value> in;
      for (int r : step.acc)
        in.push_back(acc[r]);
      SmallVector<Value> out = nvidia::emitWarpGroupMma(
          rewriter, loc, plan->instrN, aElement, dElement, a, b,
          plan->b.matrix.mnMajor, in, step.k0 == 0 ? useC : always);
      for (auto [r, value] : llvm::zip(step.acc, out))
        acc[r] = value;
    }
    nvidia::emitWarpGroupCommit(rewriter, loc);
    if (!op.getIsAsync())
      acc = nvidia::emitWarpGroupWait(rewriter, loc, /*pendings=*/0, acc);
    rewriter.replaceOp(op, packElements(rewriter, loc, *getTypeConverter(), acc,
                                        op.getD().getType()));
    return success();
  }

  const LoweringContext &lowering;
};

/// The tensors it carries come out of the wait; buffers pass through.
struct WarpGroupDotWaitOpConversion
    : public ConvertOpToLLVMPattern<ttng::WarpGroupDotWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttng::WarpGroupDotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> registers;
    SmallVector<size_t> counts;
    for (auto [input, converted] :
         llvm::zip(op.getInputs(), adaptor.getInputs())) {
      if (!isa<RankedTensorType>(input.getType())) {
        counts.push_back(0);
        continue;
      }
      SmallVector<Value> elements = unpackElements(rewriter, loc, converted);
      counts.push_back(elements.size());
      registers.append(elements);
    }
    registers =
        nvidia::emitWarpGroupWait(rewriter, loc, op.getPendings(), registers);
    SmallVector<Value> results;
    size_t next = 0;
    for (auto [input, converted, count] :
         llvm::zip(op.getInputs(), adaptor.getInputs(), counts)) {
      auto tensor = dyn_cast<RankedTensorType>(input.getType());
      if (!tensor) {
        results.push_back(converted);
        continue;
      }
      results.push_back(
          packElements(rewriter, loc, *getTypeConverter(),
                       ArrayRef<Value>(registers).slice(next, count), tensor));
      next += count;
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};
} // namespace

LogicalResult mlir::tile::checkWarpGroupDotLowering(Operation *op) {
  auto dot = dyn_cast<ttng::WarpGroupDotOp>(op);
  if (!dot)
    return success();
  std::string why;
  if (succeeded(planWarpGroupDot(dot, why)))
    return success();
  return op->emitOpError("cannot be lowered: ") << why;
}

void mlir::tile::populateWarpGroupDotOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<WarpGroupDotOpConversion>(converter, lowering);
  patterns.add<WarpGroupDotWaitOpConversion>(converter);
}
