//===- Scratch.h - Shared memory an op needs while it runs ------*- C++ -*-===//
//
// Some ops move data between threads through shared memory while they run:
// a tt.reduce or tt.scan whose axis spans several warps, a tt.histogram
// (one i32 count per bin, which the warps add into), a
// ttg.convert_layout that moves elements between warps, an atomic whose old
// value other threads than the one performing it need. That memory
// ("scratch") is live only for the op itself. Its size is decided here, from
// the layouts alone, so that the allocator (which places it), the barrier
// analysis (which sees who touches it) and the lowering (which uses it)
// agree on one answer.
//
// The allocator records the byte offset of an op's scratch (or of the buffer
// a ttg.local_alloc creates) as the op attribute `allocation.offset`, and the
// module's total as `ttg.shared`, as Triton does.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_ANALYSIS_SCRATCH_H
#define TILE_PASSES_ANALYSIS_SCRATCH_H

#include "dialects/ttg/layout/ConversionScratch.h"
#include "dialects/ttg/layout/LinearLayout.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace mlir::tile {
namespace tt {
class ReduceOp;
class ScanOp;
} // namespace tt
namespace ttg {
class ConvertLayoutOp;
} // namespace ttg

/// Names of the attributes the shared-memory allocator writes.
constexpr llvm::StringLiteral kAllocationOffsetAttrName = "allocation.offset";
constexpr llvm::StringLiteral kSharedMemorySizeAttrName = "ttg.shared";
/// On a ttg.convert_layout: the scratch bytes the allocator gave it, where
/// that is less than its fastest way needs (it then runs in more rounds).
constexpr llvm::StringLiteral kScratchBytesAttrName =
    "allocation.scratch_bytes";

/// Names of the attributes tritongpu-global-scratch-memory-allocation
/// writes: per function and on the module (the kernel's) the bytes and
/// alignment of a program's slice of global scratch, and per
/// ttg.global_scratch_alloc (or call) its byte offset in the slice.
constexpr llvm::StringLiteral kGlobalScratchSizeAttrName =
    "ttg.global_scratch_memory_size";
constexpr llvm::StringLiteral kGlobalScratchAlignmentAttrName =
    "ttg.global_scratch_memory_alignment";
constexpr llvm::StringLiteral kGlobalScratchOffsetAttrName =
    "ttg.global_scratch_memory_offset";

/// Every scratch buffer starts at a multiple of this many bytes.
constexpr int64_t kScratchAlignment = 16;

/// Bytes one element of `type` takes in shared memory (i1 takes a byte,
/// pointers 8).
int64_t getSharedElementBytes(Type type);

/// How a tt.reduce runs, derived from its operand and result layouts.
///
/// A reduction combines first the registers of a thread that hold elements
/// of the same output coordinate, then lanes (butterfly shuffles over the
/// lane bits whose basis lies along the axis), then warps: every warp
/// stores its partial results to scratch at
///   offset(operand) + (warpAlongAxis * outputElements + outputIndex) * bytes
/// (`outputIndex` row-major over the result shape), and after a barrier each
/// thread combines, for every element of the result layout it holds, the
/// `warpsAlongAxis` partials (in Triton's butterfly order). The same round trip
/// through scratch also serves when all partials are in one warp but the result
/// layout is not the operand layout with the axis dropped.
struct ReducePlan {
  /// The operand layout (register, lane, warp, block -> tensor dims).
  layout::LinearLayout operandLayout;
  /// The result layout, absent for a scalar result.
  std::optional<layout::LinearLayout> resultLayout;
  int axis = 0;
  /// Lane bits (as masks 1 << bit) whose basis lies along the axis.
  SmallVector<int32_t> laneMasks;
  /// Warp bits whose basis lies along the axis, in order.
  SmallVector<int32_t> warpBits;
  /// Number of elements of the result (1 for a scalar).
  int64_t outputElements = 1;
  /// True when the result is read back from scratch.
  bool usesScratch = false;
  /// Byte offset of each operand's part of the scratch.
  SmallVector<int64_t> operandOffsets;
  /// Total scratch bytes (0 when usesScratch is false).
  int64_t scratchBytes = 0;

  int64_t warpsAlongAxis() const { return int64_t(1) << warpBits.size(); }
};

/// The plan for `op`, or std::nullopt with `error` set when its layouts
/// cannot be reduced (a lane or warp basis mixing the axis with other
/// dimensions, or an encoding without a linear layout).
std::optional<ReducePlan> getReducePlan(tt::ReduceOp op, std::string &error);

/// How a tt.scan runs, derived from its operand layout (all operands and
/// results share it).
///
/// Every bit of the coordinate along the axis is owned by one register,
/// lane or warp bit, and from the lowest axis bit up the owners come as:
/// registers (a chunk of elements each thread holds), lanes (consecutive
/// lane-id bits in axis order, so that a lane reads its predecessor with a
/// shuffle by a fixed distance), warps, then registers again (the CTA's
/// tile repeated along the axis: blocks). An element's axis coordinate is
/// then
///   chunk + chunkSize * (lane + lanes * (warp + warps * block))
/// with each part read off the bits that own it. The elements that share
/// their coordinates off the axis form a line, scanned on its own.
///
/// A thread scans each chunk in its registers, the lanes scan the chunks'
/// totals with log2(lanes) shuffles, and when warps lie along the axis the
/// last lane of each warp stores the warp's total of every line and block
/// to scratch at
///   offset(operand) + ((block * warps + warp) * lineCount + line) * bytes
/// (`line` row-major over the shape without the axis; block and warp in
/// scan order, i.e. mirrored for a reverse scan); after one barrier every
/// thread combines the totals before its own into a carry. Without warps
/// along the axis the carry from block to block is the last lane's result,
/// read with a shuffle. Registers, lanes and warps whose bases are zero
/// hold copies: they scan too, and only one copy stores.
struct ScanPlan {
  /// The operand layout (register, lane, warp, block -> tensor dims).
  layout::LinearLayout layout;
  int axis = 0;
  bool reverse = false;
  /// The register bits owning the chunk's axis bits, lowest axis bit first.
  SmallVector<int> chunkRegisterBits;
  /// The lowest lane-id bit along the axis, and how many follow it.
  int laneShift = 0;
  int laneBits = 0;
  /// The warp bits along the axis, lowest axis bit first.
  SmallVector<int> warpBits;
  /// The register bits owning the blocks' axis bits, lowest first.
  SmallVector<int> blockRegisterBits;
  /// Lane and warp bits whose basis is zero.
  int32_t broadcastLaneMask = 0;
  int32_t broadcastWarpMask = 0;
  /// Number of lines: the elements of the tensor without the axis.
  int64_t lineCount = 1;
  /// Byte offset of each operand's part of the scratch.
  SmallVector<int64_t> operandOffsets;
  /// Total scratch bytes (0 without warps along the axis).
  int64_t scratchBytes = 0;

  int64_t chunkSize() const { return int64_t(1) << chunkRegisterBits.size(); }
  int64_t lanesAlongAxis() const { return int64_t(1) << laneBits; }
  int64_t warpsAlongAxis() const { return int64_t(1) << warpBits.size(); }
  int64_t blocksAlongAxis() const {
    return int64_t(1) << blockRegisterBits.size();
  }
  bool usesScratch() const { return !warpBits.empty(); }
};

/// The plan for `op`, or std::nullopt with `error` set when its layout
/// cannot be scanned (see canScanInLayout).
std::optional<ScanPlan> getScanPlan(tt::ScanOp op, std::string &error);

/// Whether a scan along `axis` of a tensor of `type` can be lowered in the
/// type's encoding; otherwise false with `error` (when given) saying why: an
/// encoding without a linear layout, a basis moving along the axis and
/// another dimension (or along several axis bits) at once, the axis spread
/// over CTAs, lanes that are not consecutive lane-id bits in axis order, or
/// registers, lanes and warps owning the axis bits in another order than
/// the one above. Layout propagation asks this before it carries a layout
/// into a tt.scan.
bool canScanInLayout(RankedTensorType type, int axis,
                     std::string *error = nullptr);

/// How a ttg.convert_layout moves its elements, from the cheapest:
enum class ConversionStrategy {
  /// Every thread already holds the elements it needs, in registers known at
  /// compile time: the result is a permutation of the operand's registers.
  RegisterPermutation,
  /// No element leaves its warp: each result register is read from another
  /// lane with shfl.sync.idx (the register a lane offers may depend on the
  /// lane, and is then selected at run time). No shared memory.
  WarpShuffle,
  /// Elements move between warps: every thread stores its elements to
  /// scratch, the CTA synchronizes, and every thread loads the elements of
  /// the result layout. Scratch holds the whole tensor.
  SharedMemory,
};

/// What a conversion from `src` to `dst` (register, lane, warp, block ->
/// tensor dims) does, and the map its lowering follows.
struct ConversionPlan {
  ConversionStrategy strategy = ConversionStrategy::SharedMemory;
  /// src^-1 o dst: for every destination register, lane, warp and block
  /// bit, the source register, lane, warp and block holding the same
  /// element. Where the source holds an element in several places
  /// (broadcast), the choice keeps it in the destination's lane, warp and
  /// block whenever the source allows, so that the strategy is as cheap as
  /// the layouts permit.
  layout::LinearLayout srcOfDst;
  /// WarpShuffle only: for every destination lane bit, the register index
  /// XOR by which lanes with that bit set receive their registers, in the
  /// shuffle rounds, out of order. Lanes that would read two registers of
  /// one source lane in the same round are thus spread over two rounds.
  SmallVector<int32_t> laneRotation;
};

/// The plan converting `src` to `dst`, or std::nullopt with `error` set when
/// the destination holds an element the source does not.
std::optional<ConversionPlan> getConversionPlan(const layout::LinearLayout &src,
                                                const layout::LinearLayout &dst,
                                                std::string &error);

/// How many independent ways the source register of a WarpShuffle plan
/// depends on the destination thread: the rank over GF(2) of the source
/// register parts of the lane and warp bits (Triton counts these register
/// and lane bit swaps as the conversion's "mixed transpositions"). Each
/// takes a layer of run-time selects over all the registers; 0 for a
/// shuffle whose rounds each read one fixed register.
int getShuffleSelectLayers(const ConversionPlan &plan);

/// The strategy of getConversionPlan; SharedMemory when there is no plan.
ConversionStrategy getConversionStrategy(const layout::LinearLayout &src,
                                         const layout::LinearLayout &dst);

/// The scratch layout through which `op` (a conversion whose strategy is
/// SharedMemory) moves its elements, for the target its module names
/// (ldmatrix from sm_75 on): the fastest one, or the fastest within the
/// bytes the allocator recorded on `op` (kScratchBytesAttrName). The
/// allocator sizes the scratch by it and the lowering follows it.
/// std::nullopt with `error` set when there is none.
std::optional<layout::ConversionScratchLayout>
getConvertLayoutScratch(ttg::ConvertLayoutOp op, std::string &error);

/// The scratch bytes of each way `op` may convert through shared memory,
/// fastest first, each smaller than the ones before it (more rounds); empty
/// when `op` needs no shared memory.
SmallVector<int64_t> getConvertLayoutScratchSizes(ttg::ConvertLayoutOp op);

/// How a tt.gather whose gather axis stays within each warp reads its
/// source with warp shuffles instead of scratch.
struct GatherShufflePlan {
  /// The source layout inverted: tensor coordinates -> the register and
  /// lane (and warp, block) holding that source element.
  layout::LinearLayout srcPlace;
  /// For each result register, the source registers that may hold its
  /// element (which one depends on the index, at run time).
  SmallVector<SmallVector<int32_t>> candidates;
};

/// The shuffle plan of a gather along `axis` from `src` to `dst` (the
/// result's and the indices' layout), or std::nullopt when some result
/// element may come from another warp (or the source layout holds an
/// element twice, so that no single place names it): the gather then goes
/// through scratch.
std::optional<GatherShufflePlan>
getGatherShufflePlan(const layout::LinearLayout &src,
                     const layout::LinearLayout &dst, int axis);

/// Whether the old values `op`, a tt.atomic_rmw or tt.atomic_cas, returns
/// must travel from the threads that perform the atomic to other threads:
/// its result is used, and either it is scalar (thread 0 performs it for
/// the CTA) or its layout holds some element in several lanes or warps
/// (only the owner of an element updates it). They go through scratch, one
/// slot per element of the result (row-major), with a barrier between the
/// owners' stores and everyone's loads.
bool atomicResultNeedsBroadcast(Operation *op);

/// The bytes of shared memory through which a ttg.warp_specialize hands
/// its captures (`captureTypes`, packed in order) to its partitions, as
/// Triton counts them: scalars their size, pointers 8, shared-memory views
/// 8 plus 4 per dimension. Nothing when a capture cannot go through shared
/// memory (a tensor).
std::optional<int64_t> getCaptureBytes(TypeRange captureTypes);

/// The bytes through which the first warp group tells each warp of the
/// partitions of `func`'s ttg.warp_specialize ops what to run: one byte per
/// partition warp, for the op with the most; 0 without warp specialization.
int64_t getWarpStateBytes(Operation *func);

/// The scratch bytes `op` needs while it runs; 0 when it needs none
/// (a ttg.warp_specialize: its captures; a ttng.tensormap_create: the
/// tensor map it builds before copying it out).
int64_t getScratchSizeInBytes(Operation *op);

/// Where `op`'s scratch must start: a multiple of kScratchAlignment, or of
/// 128 for the tensor map of a ttng.tensormap_create (tensormap.replace
/// and tensormap.cp_fenceproxy want a 128-byte aligned map).
int64_t getScratchAlignment(Operation *op);

/// The bytes of the explicit buffer `op` allocates (ttg.local_alloc); 0 for
/// other ops.
int64_t getExplicitAllocationSizeInBytes(Operation *op);
} // namespace mlir::tile

#endif // TILE_PASSES_ANALYSIS_SCRATCH_H
