//===- TTGDialect.h - The ttg and ttng dialects -----------------*- C++ -*-===//
//
// Declares ttg's encodings, memdesc type and operations, and ttng's
// operations. Everything that needs the meaning of an encoding asks
// toLinearLayout() below.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_TTGDIALECT_H
#define TILE_DIALECTS_TTG_TTGDIALECT_H

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/layout/LinearLayout.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/Dialect.h"

namespace mlir::tile::ttg {
namespace detail {
struct LinearLayoutCache;
/// Creates the per-context cache the ttg dialect owns.
std::shared_ptr<LinearLayoutCache> createLinearLayoutCache();
} // namespace detail

/// Shared memory, for memory effects.
struct SharedMemory : public SideEffects::Resource::Base<SharedMemory> {
  StringRef getName() final { return "<SharedMemory>"; }
};
} // namespace mlir::tile::ttg

namespace mlir::tile::ttng {
/// Blackwell's tensor memory (TMEM), for memory effects.
struct TensorMemory : public SideEffects::Resource::Base<TensorMemory> {
  StringRef getName() final { return "<TensorMemory>"; }
};
} // namespace mlir::tile::ttng

namespace mlir::tile::ttg::AttrTrait {
/// Marks register (distributed) encodings.
template <typename ConcreteType>
class DistributedEncodingTrait
    : public AttributeTrait::TraitBase<ConcreteType, DistributedEncodingTrait> {
};
/// Marks shared-memory encodings.
template <typename ConcreteType>
class SharedEncodingTrait
    : public AttributeTrait::TraitBase<ConcreteType, SharedEncodingTrait> {};
} // namespace mlir::tile::ttg::AttrTrait

#include "dialects/ttg/TTGAttrInterfaces.h.inc"
#include "dialects/ttg/TTGDialect.h.inc"
#include "dialects/ttg/TTNGDialect.h.inc"
#define GET_ATTRDEF_CLASSES
#include "dialects/ttg/TTGAttrs.h.inc"
#define GET_ATTRDEF_CLASSES
#include "dialects/ttg/TTNGAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "dialects/ttg/TTGTypes.h.inc"
#define GET_OP_CLASSES
#include "dialects/ttg/TTGOps.h.inc"
#define GET_OP_CLASSES
#include "dialects/ttg/TTNGOps.h.inc"
#define GET_OP_CLASSES
#include "dialects/ttg/TTNGTensorMemoryOps.h.inc"
#define GET_OP_CLASSES
#include "dialects/ttg/TTNGTmaOps.h.inc"
#define GET_OP_CLASSES
#include "dialects/ttg/TTNGClusterOps.h.inc"

namespace mlir::tile::ttng {
/// Whether `encoding` is a TMEM encoding (#ttng.tensor_memory_encoding or
/// #ttng.tensor_memory_scales_encoding).
bool isTensorMemoryEncoding(Attribute encoding);

/// The !ttg.memdesc checks for a buffer with a TMEM encoding: the memory
/// space, rank, element width against the column stride, and an allocation
/// that whole blocks of the encoding cover exactly.
LogicalResult
verifyTensorMemoryDesc(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> shape, Type elementType,
                       Attribute encoding, Attribute memorySpace,
                       ArrayRef<int64_t> allocShape);
} // namespace mlir::tile::ttng

namespace mlir::tile::ttg {
/// The linear layout of `encoding` for a tensor (or memdesc) of `shape`,
/// cached per context. std::nullopt with `*error` set when `encoding` is not
/// a ttg encoding or cannot describe the shape.
std::optional<layout::LinearLayout>
toLinearLayout(Attribute encoding, ArrayRef<int64_t> shape,
               std::string *error = nullptr);

/// The linear layout of a tensor's encoding (see above).
std::optional<layout::LinearLayout>
toLinearLayout(RankedTensorType type, std::string *error = nullptr);

/// The linear layout a #ttg.linear's flattened bases (`rank` entries each)
/// describe, out-dims sized to fit them; std::nullopt with `*error` set when
/// they do not reach every element of that tile.
std::optional<layout::LinearLayout>
linearEncodingTile(unsigned rank, ArrayRef<int32_t> registerBases,
                   ArrayRef<int32_t> laneBases, ArrayRef<int32_t> warpBases,
                   ArrayRef<int32_t> blockBases, std::string *error = nullptr);

/// `layout` (register, lane, warp and block bases onto dim0..) as a
/// #ttg.linear encoding.
LinearEncodingAttr getLinearEncoding(MLIRContext *context,
                                     const layout::LinearLayout &layout);

/// The encoding of ttg.fp4_to_fp's result for an operand of `srcShape` in
/// `srcEncoding` unpacked along `axis`: each register of the operand (two
/// e2m1 values) becomes two consecutive registers, the low nibble's element
/// first, so the new lowest register bit steps along `axis` and every other
/// step along it doubles. A #ttg.blocked whose fastest dim is `axis` stays
/// blocked (sizePerThread[axis] doubles, as in Triton); otherwise the result
/// is that layout as a #ttg.linear. Null with `*error` set when the operand
/// has no linear layout.
Attribute inferFp4ToFpEncoding(Attribute srcEncoding,
                               ArrayRef<int64_t> srcShape, unsigned axis,
                               std::string *error = nullptr);

/// Whether `encoding` is a register (distributed) encoding.
bool isDistributedEncoding(Attribute encoding);
/// Whether `encoding` is a shared-memory encoding.
bool isSharedEncoding(Attribute encoding);
/// Whether tile reads `encoding` (to load Triton's IR) but gives it no
/// linear layout: AMD's #ttg.amd_mfma and #ttg.amd_wmma, #ttg.padded_shared,
/// #ttg.nvmma_shared with elementBitWidth = 0 (unset), and slice and dot_op
/// encodings over them. Verifiers skip the layout
/// checks for these; passes and the lowering refuse them.
bool isParseOnlyEncoding(Attribute encoding);

/// Triton's #ttg.blocked builder (reference/triton.md, section 6.1): given
/// `sizePerThread` and `order` (fastest dim first) for a tensor of `shape`,
/// walks the dims fastest first, giving each as many lanes, then warps, as
/// it has elements left after sizePerThread; the slowest dim takes what
/// remains. Null when the ranks disagree or `numWarps`/`threadsPerWarp` are
/// not powers of two.
BlockedEncodingAttr
buildBlockedEncoding(MLIRContext *context, ArrayRef<int64_t> shape,
                     ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> order,
                     unsigned numWarps, unsigned threadsPerWarp);

/// A #ttg.blocked encoding whose layout for a tensor of `shape` is exactly
/// `layout`, read off its bases and checked; null when there is none (or
/// the bases are too irregular to read one off).
BlockedEncodingAttr findBlockedEncoding(MLIRContext *context,
                                        const layout::LinearLayout &layout,
                                        ArrayRef<int64_t> shape);

/// The layout convert-triton-to-tritongpu gives every tensor: one element
/// per thread, row-major order [rank-1, ..., 0].
BlockedEncodingAttr getDefaultBlockedEncoding(MLIRContext *context,
                                              ArrayRef<int64_t> shape,
                                              unsigned numWarps,
                                              unsigned threadsPerWarp);

/// The order (fastest dim first) in which to store a register tensor of
/// `type` in shared memory, read off its layout as Triton's getOrderForMemory
/// does (layout/LayoutOrder.h); empty when the encoding has no linear layout.
SmallVector<unsigned> getOrderForMemory(RankedTensorType type);

/// The #ttg.swizzled_shared encoding in which to stage a tensor of `shape`
/// and `elementType`, stored with `order`, that is read back as the dot
/// operand `dotOperand`: for an nvidia_mma parent, the bank-conflict-free
/// swizzle of layout::getMmaOperandSwizzle (Triton 3.6's parameters); for a
/// blocked parent (FMA), no swizzle. Null for element types without a bit
/// width.
SwizzledSharedEncodingAttr
getDotOperandSharedEncoding(DotOperandEncodingAttr dotOperand,
                            ArrayRef<int64_t> shape, ArrayRef<unsigned> order,
                            Type elementType);

/// Triton's #ttg.nvmma_shared builder for a tensor of `shape` and
/// `elementType` stored with `order` (fastest dim first): the widest of the
/// 128/64/32-byte swizzles that divides the contiguous dim's bytes (none for
/// fewer than 8 rows), transposed when dim 0 is contiguous. Null for element
/// types without a bit width.
NVMMASharedEncodingAttr getNVMMASharedEncoding(MLIRContext *context,
                                               ArrayRef<int64_t> shape,
                                               ArrayRef<unsigned> order,
                                               Type elementType);

/// `encoding`, a shared encoding of a TMA descriptor's block, for a buffer
/// of `rank` dims that drops the block's leading unit dims (a rank-reducing
/// descriptor load or store): an nvmma_shared encoding without a CGA
/// layout swizzles the two innermost dims only, so the same encoding of the
/// lower rank lays the buffer out byte for byte as the block. Null when
/// that does not hold.
Attribute getRankReducedSharedEncoding(Attribute encoding, unsigned rank);

/// The module's ttg.num-warps (looking through parents of `op`), if any.
std::optional<int> getNumWarps(Operation *op);
/// The compute capability the module's ttg.target names ("cuda:80" -> 80;
/// looking through parents of `op`), or std::nullopt when the attribute is
/// missing or malformed.
std::optional<int> getComputeCapability(Operation *op);
/// The module's ttg.threads-per-warp; kDefaultThreadsPerWarp (TargetOptions.h)
/// when absent.
int getThreadsPerWarp(Operation *op);
/// The module's ttg.num-ctas; kDefaultNumCTAs when absent.
int getNumCTAs(Operation *op);

/// Makes the partitions of `op` isolated from above again: every value
/// defined outside that they use becomes an explicit capture (an operand
/// of `op` and a block argument of each partition).
void captureValuesDefinedAbove(WarpSpecializeOp op);

/// The CTA's hardware barriers (bar.sync ids) and how a kernel with
/// ttg.warp_specialize uses them once lowered: 0 for the default warps, 1
/// for the whole CTA, 2 + i for partition i. ttng.named_barrier_* ops take
/// the ones after the partitions'.
constexpr unsigned kNumHardwareBarriers = 16;
constexpr unsigned kFirstPartitionBarrier = 2;
/// The first barrier free for named-barrier ops in a kernel whose
/// warp_specialize ops have at most `numPartitions` partitions (1 in a
/// kernel without any: barrier 0 is the CTA's).
inline unsigned getFirstFreeBarrier(unsigned numPartitions) {
  return numPartitions == 0 ? 1 : kFirstPartitionBarrier + numPartitions;
}
} // namespace mlir::tile::ttg

#endif // TILE_DIALECTS_TTG_TTGDIALECT_H
