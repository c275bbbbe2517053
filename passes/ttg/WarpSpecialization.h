//===- WarpSpecialization.h - Hopper autoWS steps ---------------*- C++ -*-===//
//
// The two steps of nvgpu-warp-specialization: matchLoopNest finds the loop
// nest it can split (WarpSpecializationMatch.cpp), specializeLoopNest builds
// the rings, the mbarriers and the warp_specialize regions
// (WarpSpecializationBuild.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_TTG_WARPSPECIALIZATION_H
#define TILE_PASSES_TTG_WARPSPECIALIZATION_H

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <string>

namespace mlir::tile::ws {
/// Rows of the accumulator one consumer warp group (four warps) owns.
constexpr int64_t kRowsPerConsumer = 64;
constexpr int kConsumerWarps = 4;
/// The smallest head dim (Q block columns) the attention rewrite takes by
/// default (the option `min-head-dim`).
constexpr int64_t kMinHeadDim = 128;
/// Registers per thread asked for each consumer partition, as Triton does;
/// the producer keeps what is left (tritongpu-allocate-warp-groups).
constexpr int32_t kConsumerRegisters = 232;

/// A wgmma operand as the K loop builds it: a TMA load, its buffer, and
/// optionally a transposed view of the buffer.
struct Operand {
  tt::DescriptorLoadOp load;
  ttg::MemDescTransOp trans;
};

/// The loop nest this pass rewrites, as found by matchLoopNest.
struct LoopNest {
  /// The persistent tile loop marked tt.warp_specialize, or null when the
  /// K loop itself is marked (one tile per program): then the epilogue
  /// follows the K loop in the kernel's body.
  scf::ForOp tiles;
  scf::ForOp k; // the K loop
  ttng::WarpGroupDotOp dot;
  Operand a, b;
  arith::ConstantOp accInit;
  SmallVector<Operation *> epilogue; // after the K loop, reading its result
  int numConsumers = 1;

  /// The loop that carried tt.warp_specialize.
  scf::ForOp marked() const { return tiles ? tiles : k; }
};

/// Ops every partition recomputes for itself: side-effect-free scalar
/// arithmetic.
bool isReplicable(Operation *op);

/// The nest of `marked` (a loop marked tt.warp_specialize: a tile loop
/// holding the K loop, or the K loop itself) when this pass can specialize
/// it; else failure with the reason in `why`.
FailureOr<LoopNest> matchLoopNest(scf::ForOp marked, std::string &why);

/// Replaces the nest by a ttg.warp_specialize of a TMA producer and
/// `nest.numConsumers` wgmma consumers over rings of `slots` slots.
void specializeLoopNest(LoopNest &nest, int slots);

/// The attention rewrite's choices (the pass options of the same names).
struct AttentionOptions {
  int slots = 3;
  bool pingPong = true;
  bool overlap = true;
  int64_t minHeadDim = kMinHeadDim;
  int blocksPerSM = 1;
};

/// Registers per thread of a warp-specialized kernel of one producer warp
/// group and `numConsumers` consumer warp groups: what each thread starts
/// with (`start`, 0 to leave it to the register file over the warps) and
/// what each consumer asks for.
struct RegisterSplit {
  int32_t start = 0;
  int32_t consumer = kConsumerRegisters;
};

/// The split that fits `blocksPerSM` blocks on an SM: every thread starts
/// with the register file's share of one block, the producer drops to the
/// fewest setmaxnreg accepts (it only issues TMA copies) and the consumers
/// take the rest (at most kConsumerRegisters). Failure, with the reason in
/// `why`, when that leaves a consumer fewer than `needed` registers a thread.
FailureOr<RegisterSplit> splitRegisters(int numConsumers, int threadsPerWarp,
                                        int blocksPerSM, int64_t needed,
                                        std::string &why);

/// Registers a consumer thread needs at least to run `loops` (one consumer
/// of `numConsumers` on its rows): the accumulators of the wgmmas of one
/// iteration and their A operands held in registers, the first wgmma's
/// twice with `overlap` (the next block's scores are issued while the
/// previous softmax is live), plus the loop's own values.
int64_t estimateConsumerRegisters(ArrayRef<scf::ForOp> loops, int numConsumers,
                                  int threadsPerWarp, bool overlap);

/// Rewrites `func`, when it is a kernel of attention shape (its marked
/// loops each read their K and V blocks through TMA loads into wgmmas
/// against row tiles of a Q block loaded before them;
/// WarpSpecializationAttention.cpp), into a ttg.warp_specialize: the
/// default warps load the K and V blocks of every marked loop into rings of
/// `slots` slots; each consumer partition (one per 64 rows) runs the whole
/// kernel on its rows of the Q block; with `pingPong` the consumers take
/// turns issuing the wgmmas that read the rings, with `overlap` each
/// consumer's loop runs a block's softmax beside the previous block's
/// P x V wgmma (overlapConsumerLoop). A head dim below `minHeadDim`, or any
/// other shape it does not take, is a failure, with the reason in `why` and
/// `func` unchanged.
LogicalResult specializeAttentionKernel(tt::FuncOp func,
                                        const AttentionOptions &options,
                                        std::string &why);

/// Rotates `loop`, a consumer loop of the attention rewrite whose two ring
/// wgmmas are asynchronous (WarpSpecializationOverlap.cpp): each block's
/// P x V wgmma is issued with the next block's Q x K^T and waited for where
/// the accumulator is next read, so the softmax runs beside it. Returns the
/// values that replace the loop's results (`b` is left after them), or
/// failure with the reason in `why` and the loop unchanged.
FailureOr<SmallVector<Value>> overlapConsumerLoop(OpBuilder &b, scf::ForOp loop,
                                                  std::string &why);

// Shared by both rewrites (WarpSpecializationSupport.cpp).

/// `type` with its first dimension divided by `parts`.
RankedTensorType splitRows(RankedTensorType type, int parts);
tt::TensorDescType splitRows(tt::TensorDescType type, int parts);
Value constI32(OpBuilder &builder, Location loc, int32_t value);
/// Barrier `slot` of the mbarrier ring `ring`.
Value barrierAt(OpBuilder &builder, Location loc, Value ring, Value slot);
/// A ring of `slots` mbarriers, each expecting `count` arrivals.
Value createBarrierRing(OpBuilder &builder, Location loc, int slots, int count);
/// The slot and phase of slot use number `count` in rings of `slots`.
std::pair<Value, Value> slotAndPhase(OpBuilder &builder, Location loc,
                                     Value count, int slots);
/// Keeps the pipeliner off a loop a partition walks.
void markNotPipelined(scf::ForOp loop);
/// Erases ops of `region` whose results nobody reads and that have no
/// effects (the index arithmetic a partition cloned but does not need).
void eraseDeadOps(Region &region);
/// The parity the producer waits for on a slot's "empty" barrier when the
/// slot use has phase `phase`: the consumers' release of the previous use
/// (phase ^ 1; a fresh barrier passes).
Value getFreePhase(OpBuilder &b, Location loc, Value phase);
/// Fills slot `slot` of `buffers` (a ring of `load`'s blocks) with one TMA
/// copy of the block of `desc` at the coordinates `buildCoords` emits:
/// once the slot's "empty" barrier in `empty` passes `freePhase`
/// (getFreePhase), the slot's "full" barrier in `full` is armed with
/// `bytes` and the copy issued.
void fillSlot(OpBuilder &b, Location loc, tt::DescriptorLoadOp load, Value desc,
              function_ref<SmallVector<Value>()> buildCoords, Value buffers,
              Value empty, Value full, Value slot, Value freePhase,
              int64_t bytes);
/// `trans` (a transposed view of a loaded block) made again over `view`, a
/// ring slot: the same view, of mutable memory.
Value transposeSlotView(OpBuilder &b, ttg::MemDescTransOp trans, Value view);
/// Makes the partition regions isolated from above: constants and
/// descriptors made in the kernel are recreated inside (as Triton does),
/// every other value from above becomes an explicit capture.
void isolatePartitions(ttg::WarpSpecializeOp ws);
/// The last steps of both rewrites: dead clones erased, the partitions
/// isolated from above.
void finishPartitions(ttg::WarpSpecializeOp ws);
/// `func`'s type after its arguments changed type.
void syncFunctionType(tt::FuncOp func);
} // namespace mlir::tile::ws

#endif // TILE_PASSES_TTG_WARPSPECIALIZATION_H
