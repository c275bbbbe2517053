//===- TTNGTensorMemoryOps.cpp - TMEM and tcgen05 ops of ttng -------------===//
//
// Verifiers, memory effects and the `[%token]` / `, %bar[%pred]` syntax of
// the TMEM and tcgen05 MMA ops. The diagnostics are Triton 3.6's, so its
// negative tests read the same here.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ttng;
using ttg::MemDescType;

//===----------------------------------------------------------------------===//
// Custom syntax
//===----------------------------------------------------------------------===//

/// `[%dep]` or `[]` right after a TMEM operand: the op takes (with %dep) and
/// produces an async token; nothing when the op has no token.
static ParseResult
parseToken(OpAsmParser &parser,
           std::optional<OpAsmParser::UnresolvedOperand> &dep, Type &token) {
  if (failed(parser.parseOptionalLSquare()))
    return success();
  token = parser.getBuilder().getType<ttg::AsyncTokenType>();
  if (succeeded(parser.parseOptionalRSquare()))
    return success();
  return failure(parser.parseOperand(dep.emplace()) || parser.parseRSquare());
}

static void printToken(OpAsmPrinter &printer, Operation *, Value dep,
                       Type token) {
  if (!token)
    return;
  printer << '[';
  if (dep)
    printer << dep;
  printer << ']';
}

/// `, %barrier[%pred]` repeated: the mbarriers an MMA arrives on.
static ParseResult
parseBarriersAndPreds(OpAsmParser &parser,
                      SmallVectorImpl<OpAsmParser::UnresolvedOperand> &barriers,
                      SmallVectorImpl<OpAsmParser::UnresolvedOperand> &preds) {
  while (succeeded(parser.parseOptionalComma()))
    if (parser.parseOperand(barriers.emplace_back()) || parser.parseLSquare() ||
        parser.parseOperand(preds.emplace_back()) || parser.parseRSquare())
      return failure();
  return success();
}

static void printBarriersAndPreds(OpAsmPrinter &printer, Operation *,
                                  OperandRange barriers, OperandRange preds) {
  for (auto [barrier, pred] : llvm::zip(barriers, preds))
    printer << ", " << barrier << '[' << pred << ']';
}

#define GET_OP_CLASSES
#include "dialects/ttg/TTNGTensorMemoryOps.cpp.inc"

//===----------------------------------------------------------------------===//
// TMEM buffers
//===----------------------------------------------------------------------===//

/// A register tensor and a buffer it is copied to or from hold the same
/// elements.
static LogicalResult verifySameElements(Operation *op, ShapedType src,
                                        ShapedType dst) {
  if (src.getElementType() != dst.getElementType())
    return op->emitOpError("source element type ")
           << src << " must match destination element type "
           << dst.getElementType();
  if (src.getShape() != dst.getShape())
    return op->emitOpError("source shape [")
           << src.getShape() << "] must match [destination shape "
           << dst.getShape() << "]";
  return success();
}

/// The register side of a TMEM load or store is 2-D (tcgen05.ld/st move
/// rows x columns).
static LogicalResult verifyRegisterOperand(Operation *op, RankedTensorType type,
                                           StringRef role) {
  if (type.getRank() != 2)
    return op->emitOpError(role) << " must be a 2D tensor";
  return success();
}

LogicalResult TMEMAllocOp::verify() {
  MemDescType type = getResult().getType();
  if (!isTensorMemoryEncoding(type.getEncoding()))
    return emitOpError("should use tensor memory encoding");
  if (getSrc() &&
      failed(verifyRegisterOperand(*this, getSrc().getType(), "source")))
    return failure();
  if (type.getShape() != type.getAllocShape())
    return emitOpError("result shape and its alloc shape must match");
  if (!getSrc()) {
    if (!type.getMutableMemory())
      return emitOpError(
          "uninitialized alloc must have a mutable memdesc type");
    return success();
  }
  return verifySameElements(*this, getSrc().getType(), type);
}

void TMEMAllocOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // As ttg.local_alloc: an immutable buffer holding a value is a value (CSE
  // and DCE apply) until the TMEM allocator has given it columns.
  if (!getResult().getType().getMutableMemory() &&
      !getOperation()->hasAttr("tensor_memory_col_offset"))
    return;
  effects.emplace_back(MemoryEffects::Allocate::get(),
                       getOperation()->getOpResult(0), TensorMemory::get());
  if (getSrc())
    effects.emplace_back(MemoryEffects::Write::get(),
                         getOperation()->getOpResult(0), TensorMemory::get());
}

LogicalResult TMEMLoadOp::verify() {
  MemDescType src = getSrc().getType();
  if (!isa<TensorMemorySpaceAttr>(src.getMemorySpace()))
    return emitOpError("source must be a tensor memory buffer.");
  if (!isa<TensorMemoryEncodingAttr>(src.getEncoding()))
    return emitOpError("should use tensor memory encoding.");
  if (failed(verifyRegisterOperand(*this, getResult().getType(), "result")))
    return failure();
  return verifySameElements(*this, src, getResult().getType());
}

LogicalResult TMEMStoreOp::verify() {
  MemDescType dst = getDst().getType();
  if (!isTensorMemoryEncoding(dst.getEncoding()))
    return emitOpError("should use tensor memory encoding.");
  if (!dst.getMutableMemory())
    return emitOpError("Cannot store into an immutable alloc");
  if (failed(verifyRegisterOperand(*this, getSrc().getType(), "source")))
    return failure();
  return verifySameElements(*this, getSrc().getType(), dst);
}

LogicalResult TMEMSubSliceOp::verify() {
  auto srcEncoding =
      dyn_cast<TensorMemoryEncodingAttr>(getSrc().getType().getEncoding());
  if (!srcEncoding)
    return emitOpError("The source must be a tensor memory buffer.");
  auto dstEncoding =
      dyn_cast<TensorMemoryEncodingAttr>(getResult().getType().getEncoding());
  if (!dstEncoding)
    return emitOpError("The destination must be a tensor memory buffer.");
  if (dstEncoding.getBlockM() != srcEncoding.getBlockM() ||
      dstEncoding.getCTASplitM() != srcEncoding.getCTASplitM() ||
      dstEncoding.getCTASplitN() != srcEncoding.getCTASplitN() ||
      dstEncoding.getColStride() != srcEncoding.getColStride())
    return emitOpError("The destination must have the same block size and "
                       "CTASplit size as the source.");
  return success();
}

LogicalResult TMEMCopyOp::verify() {
  MemDescType src = getSrc().getType(), dst = getDst().getType();
  if (!isa<ttg::SharedMemorySpaceAttr>(src.getMemorySpace()))
    return emitOpError("The source must be a shared memory buffer");
  if (src.getShape() != dst.getShape())
    return emitOpError("source shape ")
           << src.getShape() << " must match destination shape "
           << dst.getShape();
  if (getBarrier() &&
      !isa<ttg::SharedMemorySpaceAttr>(getBarrier().getType().getMemorySpace()))
    return emitOpError("The optional barrier should be a shared memory buffer");
  if (!dst.getMutableMemory())
    return emitOpError("Cannot copy into an immutable alloc");
  if (ttg::getNumCTAs(*this) != 1)
    return emitOpError("NYI: Only one CTA is supported for now.");
  auto nvmma = dyn_cast<ttg::NVMMASharedEncodingAttr>(src.getEncoding());
  if (nvmma && (nvmma.getTransposed() || nvmma.getFp4Padded()))
    return emitOpError("The source should not be transposed or padded");
  if (isa<TensorMemoryScalesEncodingAttr>(dst.getEncoding())) {
    // tcgen05.cp's 32x128b scale shape reads plain rows.
    if (nvmma && nvmma.getSwizzlingByteWidth() != 0)
      return emitOpError("The source should not be swizzled for now");
    return success();
  }
  auto tmem = dyn_cast<TensorMemoryEncodingAttr>(dst.getEncoding());
  if (!tmem)
    return emitOpError("Incorrect tmem layout.");
  if (tmem.getBlockM() != 128)
    return emitOpError("Tmem layout ahouls have M=128.");
  if (nvmma && nvmma.getSwizzlingByteWidth() == 0)
    return emitOpError("Source layout should be swizzled.");
  if (src.getElementType().getIntOrFloatBitWidth() != 32)
    return emitOpError("Source element type should be 32-bit.");
  return success();
}

//===----------------------------------------------------------------------===//
// tcgen05 MMAs
//===----------------------------------------------------------------------===//

namespace {
/// tcgen05.mma's `.kind`s, which fix the operand and accumulator types.
enum class MMAKind { TF32, F16, F8F6F4, I8 };
} // namespace

static StringRef stringifyMMAKind(MMAKind kind) {
  switch (kind) {
  case MMAKind::TF32:
    return "tf32";
  case MMAKind::F16:
    return "f16";
  case MMAKind::F8F6F4:
    return "f8f6f4";
  case MMAKind::I8:
    return "i8";
  }
  llvm_unreachable("unknown tcgen05 kind");
}

/// The kind an operand type selects and the accumulator types it allows;
/// i8 stands for packed fp4 (Triton does not use tcgen05's integer MMA).
static std::optional<std::pair<MMAKind, SmallVector<Type>>>
getMMAKindAndAccumulators(Type type) {
  MLIRContext *context = type.getContext();
  Type f16 = Float16Type::get(context), f32 = Float32Type::get(context);
  if (type.isF32())
    return std::make_pair(MMAKind::TF32, SmallVector<Type>{f32});
  if (type.isF16())
    return std::make_pair(MMAKind::F16, SmallVector<Type>{f16, f32});
  if (type.isBF16())
    return std::make_pair(MMAKind::F16, SmallVector<Type>{f32});
  if (isa<Float8E4M3FNType, Float8E5M2Type>(type) || type.isInteger(8))
    return std::make_pair(MMAKind::F8F6F4, SmallVector<Type>{f16, f32});
  return std::nullopt;
}

static LogicalResult verifyMMATypes(Operation *op, Type a, Type b, Type d) {
  auto aKind = getMMAKindAndAccumulators(a);
  auto bKind = getMMAKindAndAccumulators(b);
  if (!aKind)
    return op->emitOpError("unsupported LHS operand dtype: ") << a;
  if (!bKind)
    return op->emitOpError("unsupported RHS operand dtype: ") << b;
  if (aKind->first != bKind->first)
    return op->emitOpError(
               "LHS and RHS operand dtypes kinds don't match: LHS kind is ")
           << stringifyMMAKind(aKind->first) << " but RHS kind is "
           << stringifyMMAKind(bKind->first);
  if (!llvm::is_contained(aKind->second, d) ||
      !llvm::is_contained(bKind->second, d)) {
    InFlightDiagnostic diag =
        op->emitOpError("unsupported accumulator dtype for operand types ")
        << a << " and " << b << ", accumulator dtype is " << d
        << " but must be one of [";
    llvm::interleaveComma(aKind->second, diag, [&](Type t) { diag << t; });
    diag << "]";
    return diag;
  }
  return success();
}

/// The shape rules of every dot: 2-D or batched 3-D operands of one rank,
/// a's K equal to b's K, and d of a's rows by b's columns.
static LogicalResult verifyDotShapes(Operation *op, ArrayRef<int64_t> a,
                                     ArrayRef<int64_t> b, ArrayRef<int64_t> d,
                                     int64_t aK, int64_t bK, int64_t aM,
                                     int64_t bN) {
  if (a.size() != 2 && a.size() != 3)
    return op->emitOpError("expected operands to be 2d or 3d");
  if (a.size() != b.size() || a.size() != d.size())
    return op->emitOpError("expected all operands to have the same rank");
  if (aK != bK)
    return op->emitOpError("expected the last dimension of the first operand "
                           "to be equal to the second-to-last dimension of "
                           "the second operand");
  if (a.size() == 3 && (a[0] != d[0] || b[0] != d[0]))
    return op->emitOpError("expected the first dimension of the first "
                           "operand to be equal to the first dimension of "
                           "the result");
  if (aM != d[d.size() - 2] || bN != d.back())
    return op->emitOpError(
        "expected the output shape to be the concatenation of the last "
        "dimension of the first operand and the last dimension of the "
        "second ");
  return success();
}

/// A blockM = 64 TMEM buffer taller than 64 rows or wider than one block
/// interleaves two blocks in the 128 lanes; tcgen05.mma cannot read both
/// operands that way.
static bool isInterleavedTensorMemory(MemDescType type) {
  auto tmem = dyn_cast<TensorMemoryEncodingAttr>(type.getEncoding());
  if (!tmem || tmem.getBlockM() != 64)
    return false;
  ArrayRef<int64_t> shape = type.getShape().take_back(2);
  return shape[0] / tmem.getCTASplitM() > 64 ||
         shape[1] / tmem.getCTASplitN() > tmem.getBlockN();
}

static LogicalResult verifyNotBothInterleaved(Operation *op, MemDescType a,
                                              MemDescType d) {
  if (isInterleavedTensorMemory(a) && isInterleavedTensorMemory(d))
    return op->emitOpError(
        "does not support blockM=64 with interleaved blocks in TMEM layout");
  return success();
}

/// The memory an MMA touches: d is read unless useD is the constant false.
template <typename MMAOp>
static void getMMAEffects(
    MMAOp op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  APInt useD;
  if (!matchPattern(op.getUseD(), m_ConstantInt(&useD)) || !useD.isZero())
    effects.emplace_back(MemoryEffects::Read::get(), &op.getDMutable(),
                         TensorMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), &op.getDMutable(),
                       TensorMemory::get());
  if (isa<ttg::SharedMemorySpaceAttr>(op.getA().getType().getMemorySpace()))
    effects.emplace_back(MemoryEffects::Read::get(), &op.getAMutable(),
                         ttg::SharedMemory::get());
  else
    effects.emplace_back(MemoryEffects::Read::get(), &op.getAMutable(),
                         TensorMemory::get());
  effects.emplace_back(MemoryEffects::Read::get(), &op.getBMutable(),
                       ttg::SharedMemory::get());
}

LogicalResult TCGen5MMAOp::verify() {
  MemDescType aType = getA().getType(), bType = getB().getType(),
              dType = getD().getType();
  ArrayRef<int64_t> a = aType.getShape(), b = bType.getShape();
  if (failed(verifyDotShapes(*this, a, b, dType.getShape(), a.back(),
                             b[a.size() - 2], a[a.size() - 2], b.back())) ||
      failed(verifyNotBothInterleaved(*this, aType, dType)))
    return failure();
  if (!getIsAsync() && !getBarriers().empty())
    return emitOpError("The op is synchronous but a barrier is present.");
  if (failed(verifyMMATypes(*this, aType.getElementType(),
                            bType.getElementType(), dType.getElementType())))
    return failure();
  Attribute aEncoding = aType.getEncoding();
  if (!isa<ttg::NVMMASharedEncodingAttr, TensorMemoryEncodingAttr>(aEncoding))
    return emitOpError(
        "LHS operand must have a NVMMAShared or TensorMemory encoding");
  if (!isa<ttg::NVMMASharedEncodingAttr>(bType.getEncoding()))
    return emitOpError("RHS operand must have a NVMMAShared encoding");
  auto dEncoding = dyn_cast<TensorMemoryEncodingAttr>(dType.getEncoding());
  if (!dEncoding)
    return emitOpError("Return operand must have a TensorMemory encoding");
  auto aTmem = dyn_cast<TensorMemoryEncodingAttr>(aEncoding);
  if (aTmem && aTmem.getColStride() != 1)
    return emitOpError("The col stride of the LHS operand must be 1");
  unsigned dBits = dType.getElementTypeBitWidth();
  if (dEncoding.getColStride() != 32 / dBits)
    return emitOpError("The col stride of the return operand must be 32 / ")
           << dBits << " but got " << dEncoding.getColStride();
  if (getTwoCtas()) {
    // The CTA pair splits M: each CTA holds half of a and of d.
    auto checkSplit = [&](TensorMemoryEncodingAttr tmem,
                          StringRef name) -> LogicalResult {
      if (tmem.getCTASplitM() != 2 || tmem.getCTASplitN() != 1)
        return emitOpError("The op is two CTAs but the split num of the ")
               << name << " is not [2, 1]. Got [" << tmem.getCTASplitM() << ", "
               << tmem.getCTASplitN() << "]";
      return success();
    };
    if (aTmem && failed(checkSplit(aTmem, "LHS")))
      return failure();
    if (failed(checkSplit(dEncoding, "returned value")))
      return failure();
    if (!dEncoding.getTwoCTAs())
      return emitOpError(
          "The returned value's encoding must have twoCTA=true to be used "
          "in a twoCTA matmul");
    if (aTmem && !aTmem.getTwoCTAs())
      return emitOpError(
          "The LHS operand's encoding must have twoCTA=true to be used "
          "in a twoCTA matmul");
  }
  return success();
}

void TCGen5MMAOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getMMAEffects(*this, effects);
}

/// Whether an operand's shape counts e2m1 values in pairs along a dimension:
/// two fp4 values share an i8 along K unless the buffer is transposed, in
/// which case they pair along M (a) or N (b).
static bool isTransposedOperand(MemDescType type, bool isB) {
  auto nvmma = dyn_cast<ttg::NVMMASharedEncodingAttr>(type.getEncoding());
  if (!nvmma)
    return false;
  return isB ? !nvmma.getTransposed() : nvmma.getTransposed();
}

LogicalResult TCGen5MMAScaledOp::verify() {
  MemDescType aType = getA().getType(), bType = getB().getType(),
              dType = getD().getType();
  ArrayRef<int64_t> a = aType.getShape(), b = bType.getShape();
  bool aFp4 = getAType() == tt::ScaleDotElemType::E2M1;
  bool bFp4 = getBType() == tt::ScaleDotElemType::E2M1;
  bool transA = isTransposedOperand(aType, /*isB=*/false);
  bool transB = isTransposedOperand(bType, /*isB=*/true);
  int64_t aK = a.back(), bK = b[a.size() - 2];
  int64_t aM = a[a.size() - 2], bN = b.back();
  if (aFp4)
    (transA ? aM : aK) *= 2;
  if (bFp4)
    (transB ? bN : bK) *= 2;
  if (failed(verifyDotShapes(*this, a, b, dType.getShape(), aK, bK, aM, bN)) ||
      failed(verifyNotBothInterleaved(*this, aType, dType)))
    return failure();
  return verifyMMATypes(*this, aType.getElementType(), bType.getElementType(),
                        dType.getElementType());
}

void TCGen5MMAScaledOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getMMAEffects(*this, effects);
  effects.emplace_back(MemoryEffects::Read::get(), &getAScaleMutable(),
                       TensorMemory::get());
  effects.emplace_back(MemoryEffects::Read::get(), &getBScaleMutable(),
                       TensorMemory::get());
}
