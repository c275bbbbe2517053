//===- Patterns.h - TTGIR to LLVM lowering patterns -------------*- C++ -*-===//
//
// One populate function per op family; the pass only assembles them.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_CONVERSION_TTGTOLLVM_PATTERNS_H
#define TILE_PASSES_CONVERSION_TTGTOLLVM_PATTERNS_H

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TargetOptions.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::LLVM {
class LLVMFuncOp;
} // namespace mlir::LLVM

namespace mlir::tile {
/// What the lowering needs to know about the module it lowers.
struct LoweringContext {
  int numWarps = ttg::kDefaultNumWarps;
  int threadsPerWarp = ttg::kDefaultThreadsPerWarp;
  /// The compute capability of the module's ttg.target (80, 89, 90, ...),
  /// which decides between instructions where targets differ (fp8
  /// conversions, a bf16 atomic add); 0 when the module names none.
  int computeCapability = 0;
  /// The PTX ISA version the PTX will be emitted at (81 for 8.1), where the
  /// caller fixes it (convert-triton-gpu-to-llvm's ptx-version, as Triton
  /// passes it): instructions a lower version lacks are not written. 0: the
  /// version is chosen when LLVM emits PTX, after what the lowering needs.
  int ptxVersion = 0;
  /// The CTAs of the cluster each program is launched as
  /// (tile.cluster-ctas): program ids are cluster ids, and only the first
  /// CTA of a cluster runs the program.
  int clusterCTAs = 1;
  /// For each load and store, how many contiguous elements one access may
  /// move (proven by axis analysis and the layout).
  llvm::DenseMap<Operation *, unsigned> accessWidth;
  /// For elementwise ops whose result is proven constant over blocks: the
  /// block size per dimension (see computeElementwiseConstancy).
  llvm::DenseMap<Operation *, SmallVector<int64_t>> constancy;
};

/// tt.func, tt.return, tt.call.
void populateFuncOpToLLVMPatterns(LLVMTypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  const LoweringContext &lowering);
/// tt.get_program_id, tt.get_num_programs, ttg.warp_id, tt.make_range.
void populateSPMDOpToLLVMPatterns(LLVMTypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  const LoweringContext &lowering);
/// tt.splat, and the ops that only rename registers (Relabel.h):
/// tt.expand_dims, tt.broadcast, tt.trans, tt.reshape, tt.join, tt.split,
/// tt.cat, tt.unsplat.
void populateViewOpToLLVMPatterns(LLVMTypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  const LoweringContext &lowering);
/// ttg.convert_layout: register permutation, warp shuffles or shared
/// memory, as passes/analysis/Scratch.h decides.
void populateConvertLayoutOpToLLVMPatterns(LLVMTypeConverter &converter,
                                           RewritePatternSet &patterns,
                                           const LoweringContext &lowering);
/// arith and math on tensors, tt.addptr and tt's casts and elementwise
/// ops, math with Triton's fast/precise choices.
void populateElementwiseOpToLLVMPatterns(LLVMTypeConverter &converter,
                                         RewritePatternSet &patterns,
                                         const LoweringContext &lowering);
/// Tensor arith.constants: splat, or each thread's own elements of a dense
/// constant (constants, selects on thread bits, or a read-only table).
void populateConstantOpToLLVMPatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      const LoweringContext &lowering);
/// Emits an error on `op` and fails when it is a tensor constant
/// populateConstantOpToLLVMPatterns cannot lower.
LogicalResult checkConstantLowering(Operation *op);
/// Emits an error on `op` when it is an arith or math op (or a tt op that
/// computes on floats) with an fp8 operand or result: the GPU has no fp8
/// arithmetic, and Triton converts fp8 only with tt.fp_to_fp.
LogicalResult checkFp8Arithmetic(Operation *op);
/// tt.fp_to_fp: per register, or per pair of registers where the target
/// converts two elements with one instruction.
void populateFpToFpOpToLLVMPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const LoweringContext &lowering);
/// Emits an error on `op` when it is a tt.fp_to_fp the target cannot lower
/// (its element types, rounding and `computeCapability`, as in Triton 3.6).
LogicalResult checkFpToFpLowering(Operation *op, int computeCapability);
/// ttg.fp4_to_fp: two e2m1 values of each i8 register to f16 or bf16.
void populateFp4ToFpOpToLLVMPatterns(LLVMTypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     const LoweringContext &lowering);
/// Emits an error on `op` when it is a ttg.fp4_to_fp the lowering cannot
/// express (a result that is not f16 or bf16, or whose encoding does not
/// put each register's two values side by side along the axis).
LogicalResult checkFp4ToFpLowering(Operation *op);
/// tt.load, tt.store as predicated vector accesses.
void populateLoadStoreOpToLLVMPatterns(LLVMTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       const LoweringContext &lowering);
/// tt.atomic_rmw, tt.atomic_cas: one predicated atomic per element (or
/// packed pair) from its owner, the old values shared with every thread
/// holding the element.
void populateAtomicOpToLLVMPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const LoweringContext &lowering);
/// Emits an error naming the op, the element type and the reason when `op`
/// is an atomic populateAtomicOpToLLVMPatterns cannot lower.
LogicalResult checkAtomicLowering(Operation *op);
/// tt.reduce: in-thread, lane shuffles, then across warps through scratch.
void populateReduceOpToLLVMPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const LoweringContext &lowering);
/// tt.scan: in-thread, lane shuffles, then across warps through scratch.
void populateScanOpToLLVMPatterns(LLVMTypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  const LoweringContext &lowering);
/// tt.histogram: ballots over the bin bits per warp, summed in scratch.
void populateHistogramOpToLLVMPatterns(LLVMTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       const LoweringContext &lowering);
/// Emits an error naming the reason when `op` is a tt.histogram
/// populateHistogramOpToLLVMPatterns cannot lower.
LogicalResult checkHistogramLowering(Operation *op);
/// tt.gather: warp shuffles when the gather stays within warps, otherwise
/// the source through scratch and one shared load per index.
void populateGatherOpToLLVMPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const LoweringContext &lowering);
/// Emits an error naming the op and the reason when `op` is a gather whose
/// layouts populateGatherOpToLLVMPatterns cannot handle.
LogicalResult checkGatherLowering(Operation *op);
/// tt.dot: mma.sync for #ttg.nvidia_mma v2 results, FMA otherwise.
void populateDotOpToLLVMPatterns(LLVMTypeConverter &converter,
                                 RewritePatternSet &patterns,
                                 const LoweringContext &lowering);
/// Emits an error naming the reason when the layouts of `op` cannot be
/// lowered by populateDotOpToLLVMPatterns for cuda:`computeCapability`.
LogicalResult checkDotLowering(tt::DotOp op, int computeCapability);
/// ttg.local_alloc, local_store, local_load, local_dealloc, memdesc_index.
/// ttng.warp_group_dot and ttng.warp_group_dot_wait to wgmma.
void populateWarpGroupDotOpToLLVMPatterns(LLVMTypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          const LoweringContext &lowering);
/// Emits an error on `op` and fails when it is a ttng.warp_group_dot that
/// populateWarpGroupDotOpToLLVMPatterns cannot lower.
LogicalResult checkWarpGroupDotLowering(Operation *op);

void populateSharedMemoryOpToLLVMPatterns(LLVMTypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          const LoweringContext &lowering);
/// Emits an error when `op` is a memdesc view (memdesc_subslice,
/// memdesc_trans, memdesc_reshape) or a shared-memory read or write of one
/// that the lowering cannot express.
LogicalResult checkMemDescViewLowering(Operation *op);
/// ttg.async_copy_global_to_local (cp.async), async_commit_group,
/// async_wait.
void populateAsyncOpToLLVMPatterns(LLVMTypeConverter &converter,
                                   RewritePatternSet &patterns,
                                   const LoweringContext &lowering);
/// Emits an error when `op` is an async copy the lowering cannot express.
LogicalResult checkAsyncCopyLowering(Operation *op);
/// The ttng mbarrier ops (init, inval, expect, arrive, wait) and TMA
/// copies (async_tma_copy_global_to_local/local_to_global,
/// async_tma_store_wait).
void populateTMAOpToLLVMPatterns(LLVMTypeConverter &converter,
                                 RewritePatternSet &patterns,
                                 const LoweringContext &lowering);
/// Emits an error when `op` is a TMA copy the lowering cannot express.
LogicalResult checkTMALowering(Operation *op);
/// The attribute of a kernel's llvm.func that lists its descriptor
/// parameters' `tensordesc_meta` entries (read by tile-compile's metadata).
constexpr llvm::StringLiteral kTensorDescMetadataAttrName =
    "tile.tensordesc_meta";
/// Triton's `tensordesc_meta` entry of a descriptor kernel argument (box,
/// swizzle, element type and size), what the launcher encodes into the
/// CUtensorMap; failure with `why` set when TMA cannot move its block.
FailureOr<DictionaryAttr> getTensorDescMetadata(tt::TensorDescType type,
                                                std::string &why);
/// ttg.global_scratch_alloc: the program's slice of the kernel's global
/// scratch parameter plus the buffer's offset.
void populateGlobalScratchOpToLLVMPatterns(LLVMTypeConverter &converter,
                                           RewritePatternSet &patterns,
                                           const LoweringContext &lowering);
/// Emits an error when `op` needs global scratch the lowering cannot give
/// it: a ttg.global_scratch_alloc without its offset (or in a function
/// whose global scratch was not laid out).
LogicalResult checkGlobalScratchLowering(Operation *op);
/// The bytes of global scratch each program of the module's kernel needs
/// (its ttg.global_scratch_memory_size; 0 without).
int64_t getGlobalScratchBytes(ModuleOp module);
/// The bytes of global scratch a function needs, its callees' included
/// (its ttg.global_scratch_memory_size; 0 without).
int64_t getFunctionGlobalScratchBytes(Operation *func);
/// Byte `offset` of the program's global scratch that `func` (a kernel, or
/// a device function taking its part as its last parameter) may use;
/// failure when it has none.
FailureOr<Value> getGlobalScratchPointer(OpBuilder &builder, Location loc,
                                         LLVM::LLVMFuncOp func, int64_t offset);
/// Every kernel takes Triton's trailing parameters: the global scratch and
/// the profile scratch pointers (address space 1).
constexpr unsigned kNumScratchParameters = 2;
/// ttng.tensormap_create, ttng.tensormap_fenceproxy_acquire,
/// ttng.reinterpret_tensor_descriptor: tensor maps built on the device.
void populateTensormapOpToLLVMPatterns(LLVMTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       const LoweringContext &lowering);
/// Emits an error when `op` is a tensor-map op the lowering cannot express.
LogicalResult checkTensormapLowering(Operation *op);
/// tt.print (device printf, Triton's format) and tt.assert (__assertfail).
void populateDebugOpToLLVMPatterns(LLVMTypeConverter &converter,
                                   RewritePatternSet &patterns,
                                   const LoweringContext &lowering);
/// tt.elementwise_inline_asm: the user's assembly once per pack of
/// registers.
void populateInlineAsmOpToLLVMPatterns(LLVMTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       const LoweringContext &lowering);
/// tt.map_elementwise: its body once per pack of registers.
void populateMapElementwiseOpToLLVMPatterns(LLVMTypeConverter &converter,
                                            RewritePatternSet &patterns,
                                            const LoweringContext &lowering);
/// Emits an error when `op` is a tt.map_elementwise whose packs do not
/// divide each thread's registers.
LogicalResult checkMapElementwiseLowering(Operation *op);
/// Gives every tt.map_elementwise whose body has several blocks (a function
/// with early returns) a single block holding an scf.execute_region of the
/// old blocks, which the per-pack copies keep and convert-scf-to-cf later
/// inlines.
void wrapMultiBlockMapElementwiseBodies(ModuleOp module);
/// Emits an error when `op` is a tt.elementwise_inline_asm whose packs do not
/// divide each thread's registers.
LogicalResult checkInlineAsmLowering(Operation *op);
/// The name of the upstream op Triton writes for tl.debug_barrier().
constexpr llvm::StringLiteral kGPUBarrierOpName = "gpu.barrier";
/// ttg.local_barrier, gpu.barrier, ttng.fence_async_shared.
void populateBarrierOpToLLVMPatterns(LLVMTypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     const LoweringContext &lowering);
} // namespace mlir::tile

#endif // TILE_PASSES_CONVERSION_TTGTOLLVM_PATTERNS_H
