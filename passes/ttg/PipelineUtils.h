//===- PipelineUtils.h - What the pipelining passes agree on ----*- C++ -*-===//
//
// The attribute names the three pipelining passes (assign-latencies,
// schedule-loops, pipeline) pass to one another, as Triton names them, and
// the test for a load the pipeliner can turn into cp.async.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_TTG_PIPELINEUTILS_H
#define TILE_PASSES_TTG_PIPELINEUTILS_H

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tile {
class ModuleAxisInfoAnalysis;

/// On a tt.load: how many iterations ahead its copy may be issued.
constexpr llvm::StringLiteral kLatencyAttrName = "tt.latency";
/// On an op of a scheduled loop body: its pipeline stage, and its cluster
/// (the order of ops in the pipelined body).
constexpr llvm::StringLiteral kStageAttrName = "loop.stage";
constexpr llvm::StringLiteral kClusterAttrName = "loop.cluster";

/// The clusters of a scheduled loop body, numbered in the order the
/// pipelined body emits them.
enum LoopCluster : int32_t {
  /// Conditional in-loop prologues the copies read (the next tile's
  /// offsets of a fused persistent loop).
  kPrologueCluster = -1,
  /// The last stage: waits, dots and what reads the copied buffers.
  kLastStageCluster = 0,
  /// Copies for later iterations and the ops computing their operands.
  kCopyCluster = 1,
  /// Conditional in-loop epilogues that store a finished tile.
  kEpilogueCluster = 2,
};
constexpr LoopCluster kClusterOrder[] = {kPrologueCluster, kLastStageCluster,
                                         kCopyCluster, kEpilogueCluster};

/// On an scf.for: its own number of pipeline stages, which overrides the
/// passes' option (triton-loop-unroll gives epilogue loops 1).
constexpr llvm::StringLiteral kNumStagesAttrName = "tt.num_stages";
/// On an scf.for: `tl.range(..., warp_specialize=True)`, the loop Hopper's
/// warp specialization takes (nvgpu-warp-specialization; loop fusion keeps
/// it on the fused loop).
constexpr llvm::StringLiteral kWarpSpecializeAttrName = "tt.warp_specialize";

/// The stages `loop` is pipelined over: its tt.num_stages, else
/// `defaultStages` (the pass option), as Triton's getNumStagesOrDefault.
int getNumStages(scf::ForOp loop, int defaultStages);

/// Whether `op` is a dot the pipeliner feeds (tt.dot, ttng.warp_group_dot).
bool isDotLike(Operation *op);

/// Whether `load`'s value only goes to shared memory (a dot operand staged
/// there by ttg.local_alloc), not to registers.
bool isStagedInSharedMemory(tt::LoadOp load);

/// The buffer through which a pipelined load of a value used in registers
/// goes: unswizzled, in the order of the registers' memory, read back by
/// ttg.local_load (Triton's choice for a load that is no dot operand in
/// shared memory). Null when the layout has no linear form.
ttg::MemDescType getRegisterLoadBufferType(RankedTensorType type);

/// The shared-memory buffer type of a ring slot of `load`: the type of its
/// local_allocs when its value only goes to shared memory (all of one
/// type), getRegisterLoadBufferType when it is only used in registers;
/// none when it is both, or allocated in several types.
std::optional<ttg::MemDescType> getPipelineBufferType(tt::LoadOp load);

/// Whether `load`, directly in `loop`'s body, can become a cp.async into a
/// ring buffer: a tensor of pointers with a buffer type
/// (getPipelineBufferType), whose `other` is zero or absent and, given
/// axis analysis, whose threads move at least 4 bytes per access (the
/// smallest cp.async); the buffer must also keep runs of at least 4 bytes
/// of the loaded registers contiguous.
bool isPipelinableLoad(tt::LoadOp load, scf::ForOp loop,
                       ModuleAxisInfoAnalysis *axisInfo = nullptr);

/// Where a descriptor load's block goes: the ttg.local_alloc that stores it
/// in shared memory, and the tt.trans on the way (null when none).
struct DescriptorLoadSink {
  Operation *trans = nullptr;
  Operation *alloc = nullptr;
};

/// The sink of `load`, directly in `loop`'s body, when the pipeliner can
/// turn it into a TMA copy into a ring buffer: its block only goes to one
/// shared buffer (possibly transposed on the way), and that buffer's layout
/// is the descriptor's (or its transposition), so the copy can fill it.
std::optional<DescriptorLoadSink>
getPipelinableDescriptorLoadSink(tt::DescriptorLoadOp load, scf::ForOp loop);

/// Whether `op` is a load the pipeliner takes when it is marked with a
/// latency (tt.load or tt.descriptor_load).
bool isLatencyMarkedLoad(Operation *op);

/// Turns the tt.descriptor_store and tt.descriptor_reduce ops of `loop` (not
/// those of nested loops) into TMA stores and reductions from buffers
/// allocated before it, each waiting for the
/// previous store only before writing its buffer again, with one wait after
/// the loop (sm_90). Returns whether there were any.
bool pipelineTMAStores(scf::ForOp loop);

/// Triton's asynchronous wgmma for a pipelined loop (tritongpu-pipeline;
/// PipelineWarpGroupDots.cpp). Every dot is issued asynchronously, in
/// order. One whose result is needed in its own iteration is waited for
/// fully right after it. One that can stay in flight (getCarriedWait) is
/// waited for by the next iteration: right after itself with one group left
/// pending when it is the loop's only dot and accumulates into itself (the
/// loop's matmul), or at the full wait of an earlier dot (attention's P·V,
/// covered by the next Q·K's wait; an attention backward's dK update) with
/// the carried value threaded through that wait. After the loop,
/// one wait for all. Returns how many dots stay in flight across
/// iterations.
unsigned makeWarpGroupDotsAsync(scf::ForOp loop);
} // namespace mlir::tile

#endif // TILE_PASSES_TTG_PIPELINEUTILS_H
