//===- TargetInfo.h - The NVIDIA seam of the LLVM lowering ------*- C++ -*-===//
//
// Everything that spells PTX or names an NVVM op lives behind these
// functions: special registers and kernel attributes, the CTA barrier and
// warp shuffles and ballots, predicated global accesses and atomics, cp.async,
// ldmatrix, mma.sync and the fast math approximations Triton uses. Their
// signatures speak of values, types and sizes only, so the op lowerings that
// call them stay generic; test/lint/nvidia-seam.test keeps it that way.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_CONVERSION_TTGTOLLVM_NVIDIA_TARGETINFO_H
#define TILE_PASSES_CONVERSION_TTGTOLLVM_NVIDIA_TARGETINFO_H

#include "dialects/tt/TTDialect.h"

#include "mlir/IR/Builders.h"

#include <string>

namespace mlir {
class ConversionTarget;
namespace LLVM {
class LLVMFuncOp;
} // namespace LLVM
} // namespace mlir

namespace mlir::tile::nvidia {
//===----------------------------------------------------------------------===//
// Kernels and special registers
//===----------------------------------------------------------------------===//

/// Makes the target's dialect legal in the conversion to LLVM.
void addLegalTargetDialect(ConversionTarget &target);

/// Marks `func` as a kernel entry point launched with `numThreads` threads
/// per CTA.
void markAsKernel(LLVM::LLVMFuncOp func, int numThreads);

/// Whether `func` is a kernel (markAsKernel), not a device function.
bool isKernel(LLVM::LLVMFuncOp func);

/// Limits kernel `func` to `registers` registers per thread (what a
/// warp-specialized kernel starts with before its groups trade them).
void limitRegisters(LLVM::LLVMFuncOp func, int registers);

/// The size and alignment of a TMA tensor map (CUtensorMap).
constexpr int64_t kTensorMapBytes = 128;
constexpr int64_t kTensorMapAlignment = 64;

/// Makes kernel parameter `index` of `func` (a pointer) a tensor map the
/// launcher passes by value, as a grid constant.
void passTensorMapByValue(LLVM::LLVMFuncOp func, unsigned index);

/// The thread's index in the CTA (an i32; 1-D CTAs only).
Value getThreadId(OpBuilder &builder, Location loc);

/// The CTA's index in the grid along `axis` (0, 1, 2), an i32.
Value getBlockId(OpBuilder &builder, Location loc, int axis);

/// The number of CTAs in the grid along `axis` (0, 1, 2), an i32.
Value getGridDim(OpBuilder &builder, Location loc, int axis);

/// Launches kernel `func` in clusters of `ctas` CTAs along x.
void setClusterSize(LLVM::LLVMFuncOp func, int ctas);

/// The cluster's index in the grid of clusters along `axis`, an i32.
Value getClusterId(OpBuilder &builder, Location loc, int axis);

/// The number of clusters in the grid along `axis`, an i32.
Value getClusterCount(OpBuilder &builder, Location loc, int axis);

/// The CTA's rank within its cluster, an i32.
Value getRankInCluster(OpBuilder &builder, Location loc);

//===----------------------------------------------------------------------===//
// Barriers and warp shuffles
//===----------------------------------------------------------------------===//

/// Synchronizes all threads of the CTA.
void emitCTABarrier(OpBuilder &builder, Location loc);

/// Whether `op` is what emitCTABarrier emits.
bool isCTABarrier(Operation *op);

/// Waits on (bar.sync) or, with `arrive`, arrives at (bar.arrive) hardware
/// barrier `barrier` for `numThreads` threads; every thread of a warp
/// takes the same barrier.
void emitNamedBarrier(OpBuilder &builder, Location loc, Value barrier,
                      Value numThreads, bool arrive);

/// Which lane a shuffle reads: `lane ^ operand`, lane `operand`, or
/// `lane - operand` / `lane + operand` (a lane whose source would be below
/// lane 0 or past the last lane reads its own value).
enum class ShuffleMode { Xor, Index, Up, Down };

/// The 32-bit `value` of another lane of the warp (all lanes take part).
Value emitShuffle32(OpBuilder &builder, Location loc, Value value,
                    Value operand, ShuffleMode mode, int threadsPerWarp);

/// A 32-bit mask whose bit i is `predicate` (an i1) of lane i of the warp
/// (all lanes take part; the warp has 32 lanes).
Value emitBallot(OpBuilder &builder, Location loc, Value predicate);
/// What a single warp-wide reduction instruction combines.
enum class WarpReductionKind { Add, And, Or, Xor, MinS, MinU, MaxS, MaxU };
/// The `kind` reduction of the integer `value` (at most 32 bits wide) over
/// all 32 lanes of the warp, in one instruction (redux.sync, sm_80 and
/// later); every lane gets the result, of `value`'s type.
Value emitWarpReduction(OpBuilder &builder, Location loc, Value value,
                        WarpReductionKind kind);

//===----------------------------------------------------------------------===//
// Shared memory: asynchronous copies and matrix loads
//===----------------------------------------------------------------------===//

/// Starts an asynchronous copy of `bytes` (4, 8 or 16) from global `source`
/// to shared `destination`. With `sourceBytes` (an i32), only that many
/// bytes are read and the rest of the destination is zero-filled. With
/// `pred` (an i1), only the threads where it holds copy anything.
void emitAsyncCopy(OpBuilder &builder, Location loc, Value destination,
                   Value source, int32_t bytes, Value sourceBytes,
                   Value pred = Value());

/// Closes the group of asynchronous copies started since the last commit.
void emitAsyncCommitGroup(OpBuilder &builder, Location loc);

/// Waits until at most `pending` committed groups are still in flight.
void emitAsyncWaitGroup(OpBuilder &builder, Location loc, int32_t pending);

/// Loads four 8x8 matrices of 16-bit elements from shared memory (each lane
/// supplies the address of one 16-byte matrix row); returns the four 32-bit
/// words of the lane: a pair of row elements each, or with `transposed` a
/// pair of column elements.
SmallVector<Value> emitLoadMatrixX4(OpBuilder &builder, Location loc,
                                    Value rowAddress, bool transposed);

/// Stores four 8x8 matrices of 16-bit elements to shared memory (sm_90 on),
/// the counterpart of emitLoadMatrixX4: `words` are the lane's four 32-bit
/// words, a pair of row (or, `transposed`, column) elements of each matrix;
/// the lane supplies the address of one 16-byte matrix row.
void emitStoreMatrixX4(OpBuilder &builder, Location loc, Value rowAddress,
                       ArrayRef<Value> words, bool transposed);

//===----------------------------------------------------------------------===//
// Tensor cores
//===----------------------------------------------------------------------===//

/// One warp-wide mma.sync m16n8kK (K from the operand element type, see
/// dialects/ttg/MmaShapes.h): `a` holds four 32-bit registers and `b` two,
/// each given as its elements of `operandElement`; `acc` holds the four
/// accumulator elements of `accElement`. Returns the four results.
SmallVector<Value> emitMmaSync(OpBuilder &builder, Location loc,
                               Type operandElement, Type accElement,
                               ArrayRef<SmallVector<Value>> a,
                               ArrayRef<SmallVector<Value>> b,
                               ArrayRef<Value> acc);

/// One warp-wide f64 mma.sync m`m`n8k`k` (m8n8k4 on every target with f64
/// tensor cores, m16n8k{4,8,16} from cuda:90): `a`, `b` and `acc` hold the
/// thread's f64 elements of the instruction's fragments in PTX's order.
/// Returns the accumulator elements.
SmallVector<Value> emitMmaSyncF64(OpBuilder &builder, Location loc, int64_t m,
                                  int64_t k, ArrayRef<Value> a,
                                  ArrayRef<Value> b, ArrayRef<Value> acc);

/// How the core matrices (8 rows of 16 bytes) of a shared-memory operand of
/// warpgroup MMAs are strided. K-major operands hold K contiguously; MN-major
/// ones M (A) or N (B). `swizzleBytes` is 0, 32, 64 or 128.
struct SharedMatrixLayout {
  int64_t leadingByteOffset;
  int64_t strideByteOffset;
  int swizzleBytes;
  bool mnMajor;
};

/// The matrix descriptor (an opaque i64) of the operand tile starting at
/// the shared pointer `address`.
Value buildMatrixDescriptor(OpBuilder &builder, Location loc, Value address,
                            const SharedMatrixLayout &layout);

/// `descriptor` moved `byteOffset` bytes further into shared memory (a
/// multiple of 16 that keeps it inside shared memory).
Value advanceMatrixDescriptor(OpBuilder &builder, Location loc,
                              Value descriptor, int64_t byteOffset);

/// Orders earlier register accesses before the warpgroup MMAs that follow.
void emitWarpGroupFence(OpBuilder &builder, Location loc);

/// The A operand of a warpgroup MMA: a matrix descriptor, or in registers
/// the thread's 32-bit words of the 64xK tile in PTX order (four), as
/// packWarpGroupOperandA makes them.
struct WarpGroupOperandA {
  Value descriptor;
  bool mnMajor = false;
  SmallVector<Value> words;
};

/// The thread's elements of an A tile in registers (PTX order) packed into
/// the 32-bit words wgmma reads. Pack before emitWarpGroupFence: a register
/// written between the fence and the MMA makes ptxas insert a
/// warpgroup.arrive (C7519) and wait for it.
SmallVector<Value> packWarpGroupOperandA(OpBuilder &builder, Location loc,
                                         ArrayRef<Value> elements);

/// One asynchronous m64nNkK warpgroup MMA (K from the operand type, see
/// dialects/ttg/MmaShapes.h) of `a` and the B descriptor `b` into the
/// thread's accumulator elements `acc` (N/2 of them, of `accElement`, in
/// PTX order); with `useAccumulator` (an i1) false the accumulator is
/// ignored. Returns the new accumulator elements, valid once a wait covers
/// the group.
SmallVector<Value> emitWarpGroupMma(OpBuilder &builder, Location loc, int64_t n,
                                    Type operandElement, Type accElement,
                                    const WarpGroupOperandA &a, Value b,
                                    bool bMnMajor, ArrayRef<Value> acc,
                                    Value useAccumulator);

/// Closes the group of warpgroup MMAs issued since the last commit.
void emitWarpGroupCommit(OpBuilder &builder, Location loc);

/// Waits until at most `pendings` committed groups are in flight and
/// returns `values` as read after the wait, so that no use of an
/// accumulator can move above it.
SmallVector<Value> emitWarpGroupWait(OpBuilder &builder, Location loc,
                                     int pendings, ArrayRef<Value> values);

/// Orders the generic-proxy shared-memory writes of the thread before later
/// async-proxy accesses (wgmma, TMA) of the CTA.
void emitAsyncSharedFence(OpBuilder &builder, Location loc);

//===----------------------------------------------------------------------===//
// mbarriers and the tensor memory accelerator (TMA)
//===----------------------------------------------------------------------===//

/// An i1 that is true in one lane of the calling warp (all lanes take part).
Value emitElectOneLane(OpBuilder &builder, Location loc);

/// Initializes the mbarrier at shared `barrier` for `count` arrivals per
/// phase, in the threads where `pred` (an i1) holds.
void emitMBarrierInit(OpBuilder &builder, Location loc, Value barrier,
                      int32_t count, Value pred);

/// Invalidates the mbarrier at shared `barrier` where `pred` holds.
void emitMBarrierInval(OpBuilder &builder, Location loc, Value barrier,
                       Value pred);

/// Arrives once on the mbarrier and announces `bytes` bytes that
/// asynchronous copies will deliver to its current phase, where `pred`
/// holds.
void emitMBarrierArriveExpectTx(OpBuilder &builder, Location loc, Value barrier,
                                int32_t bytes, Value pred);

/// Arrives `count` times on the mbarrier where `pred` holds.
void emitMBarrierArrive(OpBuilder &builder, Location loc, Value barrier,
                        int32_t count, Value pred);

/// Blocks until the phase of parity `phase` (an i32, 0 or 1) of the mbarrier
/// has completed; with `pred` (null for always) false, returns at once.
void emitMBarrierWait(OpBuilder &builder, Location loc, Value barrier,
                      Value phase, Value pred);

/// Starts a TMA copy of the box at `coords` (i32 each, innermost dimension
/// first) of the tensor map `descriptor` (a generic pointer to it) into
/// shared `destination`, completing on the mbarrier `barrier`, where `pred`
/// holds.
void emitTMALoad(OpBuilder &builder, Location loc, Value destination,
                 Value descriptor, ValueRange coords, Value barrier,
                 Value pred);

/// Starts a TMA copy of shared `source` to the box at `coords` of the
/// tensor map, where `pred` holds; it joins the thread's current bulk group.
void emitTMAStore(OpBuilder &builder, Location loc, Value descriptor,
                  ValueRange coords, Value source, Value pred);

/// Starts a TMA reduction of shared `source` into the box at `coords` of
/// the tensor map, each element combined with memory by `kind` (how, the
/// tensor map's element type decides), where `pred` holds; it joins the
/// thread's current bulk group.
void emitTMAReduce(OpBuilder &builder, Location loc,
                   tt::DescriptorReduceKind kind, Value descriptor,
                   ValueRange coords, Value source, Value pred);

/// Closes the thread's group of bulk copies (TMA stores).
void emitBulkCommitGroup(OpBuilder &builder, Location loc);

/// Waits until at most `pendings` of the thread's bulk groups still read
/// their shared-memory sources.
void emitBulkWaitGroupRead(OpBuilder &builder, Location loc, int32_t pendings);

//===----------------------------------------------------------------------===//
// Tensor maps written on the device
//===----------------------------------------------------------------------===//

/// The fields of a tensor map (CUtensorMap) that a program sets on the
/// device. Per-dimension fields take an ordinal, innermost dimension 0.
enum class TensorMapField {
  GlobalAddress,
  Rank,
  BoxDim,
  GlobalDim,
  GlobalStride,
  ElementStride,
  ElemType,
  InterleaveLayout,
  SwizzleMode,
  FillMode,
};

/// Sets `field` (dimension `ordinal` for per-dimension fields, else -1) of
/// the 128-byte tensor map at shared `map` to `value`: a global pointer,
/// an i32, or an i64 (global strides, in bytes), where `pred` holds.
void emitTensorMapReplace(OpBuilder &builder, Location loc, Value map,
                          TensorMapField field, int ordinal, Value value,
                          Value pred);

/// As above with a compile-time `value`.
void emitTensorMapReplace(OpBuilder &builder, Location loc, Value map,
                          TensorMapField field, int32_t value, Value pred);

/// Copies the 128-byte tensor map at shared `source` to global
/// `destination` and releases it to the tensor-map proxy, in the warps where
/// `pred` holds (every lane of such a warp takes part).
void emitTensorMapCopyToGlobal(OpBuilder &builder, Location loc,
                               Value destination, Value source, Value pred);

/// Makes the tensor map at global `map`, written by this program, visible to
/// the TMA copies that follow, in the warps where `pred` holds.
void emitTensorMapAcquire(OpBuilder &builder, Location loc, Value map,
                          Value pred);

/// Synchronizes the lanes of the calling warp and orders their
/// shared-memory accesses.
void emitWarpSync(OpBuilder &builder, Location loc);

//===----------------------------------------------------------------------===//
// Global memory
//===----------------------------------------------------------------------===//

/// The widest global access one thread issues, in bits (ld.global.v4.b32).
constexpr unsigned kMaxAccessBits = 128;

/// Loads `numElements` contiguous elements of
/// `elementType` from `ptr` when `pred` holds, as one predicated PTX access;
/// lanes whose predicate is false get `other` (zeros when `other` is empty).
/// numElements * bits(elementType) must be 8, 16, 32, 64 or 128 bits (or
/// 256 for 64-bit elements).
SmallVector<Value>
emitPredicatedLoad(OpBuilder &builder, Location loc, Value ptr,
                   Type elementType, unsigned numElements, Value pred,
                   ArrayRef<Value> other, tt::CacheModifier cache,
                   tt::EvictionPolicy evict, bool isVolatile);

/// Stores `values` (contiguous elements) to `ptr` when `pred` holds, as one
/// predicated PTX access.
void emitPredicatedStore(OpBuilder &builder, Location loc, Value ptr,
                         ArrayRef<Value> values, Value pred,
                         tt::CacheModifier cache, tt::EvictionPolicy evict);

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

/// Why an atomic `kind` cannot update elements of `elementType` on the
/// targets tile supports, or an empty string when it can (natively, or
/// emulated where a target lacks the instruction).
std::string getAtomicRMWUnsupportedReason(tt::RMWOp kind, Type elementType);

/// Why a compare-and-swap cannot swap elements of `elementType`, or an
/// empty string when it can.
std::string getAtomicCASUnsupportedReason(Type elementType);

/// How many contiguous, aligned elements one atomic `kind` on
/// `elementType` may update at once on `computeCapability` in PTX ISA
/// `ptxVersion` (0: not fixed yet, any): 16 bytes' worth for the vector
/// float adds of sm_90 (PTX 8.1), 2 for the packed 16-bit float adds,
/// 1 otherwise.
unsigned getMaxAtomicPack(tt::RMWOp kind, Type elementType,
                          int computeCapability, int ptxVersion);

/// Atomically applies `kind` with `values` (one element, or as many
/// contiguous ones as getMaxAtomicPack allows) to global memory at `ptr`
/// when `pred` (an i1; null for always) holds, with memory semantic `sem`
/// at `scope`. Returns the old values (0 where `pred` is false), or nothing
/// when `returnsOld` is false.
SmallVector<Value> emitAtomicRMW(OpBuilder &builder, Location loc,
                                 tt::RMWOp kind, Value ptr,
                                 ArrayRef<Value> values, Value pred,
                                 tt::MemSemantic sem, tt::MemSyncScope scope,
                                 bool returnsOld, int computeCapability,
                                 int ptxVersion);

/// Loads the scalar `type` from global memory at `ptr` with memory
/// semantic `sem` (relaxed or acquire) at `scope`, when `pred` (null for
/// always) holds: what an atomic add of zero returns, without the write.
/// Returns 0 where `pred` is false, as emitAtomicRMW does.
Value emitOrderedLoad(OpBuilder &builder, Location loc, Type type, Value ptr,
                      Value pred, tt::MemSemantic sem, tt::MemSyncScope scope);

/// Atomically stores `value` to global memory at `ptr` if it holds `cmp`,
/// when `pred` (null for always) holds; returns the old value (0 where
/// `pred` is false).
Value emitAtomicCAS(OpBuilder &builder, Location loc, Value ptr, Value cmp,
                    Value value, Value pred, tt::MemSemantic sem,
                    tt::MemSyncScope scope);

/// Stores the 8-, 16-, 32- or 64-bit `value` to shared memory at `ptr` when
/// `pred` (null for always) holds.
void emitPredicatedSharedStore(OpBuilder &builder, Location loc, Value ptr,
                               Value value, Value pred);

//===----------------------------------------------------------------------===//
// Math
//===----------------------------------------------------------------------===//

/// Fast f32 math the way Triton lowers it (MUFU approximations).
Value emitExp2Approx(OpBuilder &builder, Location loc, Value x);
/// 2^x flushing subnormal inputs and results to zero, as Triton lowers
/// math.exp2: one MUFU.EX2, where the non-flushing form adds a range test
/// and two scalings around it.
Value emitExp2ApproxFtz(OpBuilder &builder, Location loc, Value x);
Value emitLog2Approx(OpBuilder &builder, Location loc, Value x);
Value emitRsqrtApprox(OpBuilder &builder, Location loc, Value x);
Value emitSqrtApprox(OpBuilder &builder, Location loc, Value x);
Value emitDivFull(OpBuilder &builder, Location loc, Value x, Value y);

/// The high half of the unsigned product (mul.hi.u32/u64).
Value emitMulHiUnsigned(OpBuilder &builder, Location loc, Value x, Value y);

//===----------------------------------------------------------------------===//
// Float conversions (tt.fp_to_fp)
//===----------------------------------------------------------------------===//

/// One element conversion of tt.fp_to_fp. `source` and `result` are the
/// MLIR element types (f8E4M3FN, f8E5M2, f16, bf16, f32, f64); the values
/// converted are their LLVM forms (an fp8 element is an i8).
struct FloatConversion {
  Type source;
  Type result;
  std::optional<tt::RoundingMode> rounding;
  /// The target's compute capability (80, 89, 90, ...); 0 when unknown.
  int computeCapability = 0;
};

/// Why `conversion` has no lowering on its target, in Triton 3.6's terms
/// (Triton refuses the same conversions); empty when it has one.
std::string whyFloatConversionUnsupported(const FloatConversion &conversion);

/// How many consecutive elements one emitFloatConversion call converts: 2
/// where the instruction converts a register holding two elements, else 1.
/// Only for conversions whyFloatConversionUnsupported accepts.
int getFloatConversionWidth(const FloatConversion &conversion);

/// `elements` (getFloatConversionWidth of them; a short tail padded with
/// any value) converted as `conversion` says, one result per element.
SmallVector<Value> emitFloatConversion(OpBuilder &builder, Location loc,
                                       ValueRange elements,
                                       const FloatConversion &conversion);

/// The user's inline assembly `asmString` (tt.elementwise_inline_asm) with
/// LLVM constraints `constraints`, returning `resultType` (a struct when the
/// assembly has several outputs); `hasSideEffects` keeps LLVM from removing
/// or merging it.
Value emitUserInlineAsm(OpBuilder &builder, Location loc, Type resultType,
                        ValueRange operands, StringRef asmString,
                        StringRef constraints, bool hasSideEffects);

//===----------------------------------------------------------------------===//
// Printing and assertions
//===----------------------------------------------------------------------===//

/// Prints `format` (a printf format without the trailing newline, which is
/// added) with `args` through CUDA's device printf. Integers narrower than 32
/// bits are widened (sign-extended where `isSigned` says so) and floats
/// passed as f64, as C's variadic promotion does.
void emitPrintf(OpBuilder &builder, Location loc, StringRef format,
                ValueRange args, ArrayRef<bool> isSigned);

/// Aborts the kernel as a failed C assert does (CUDA's __assertfail),
/// reporting `message`, `file`, `line` and `function`.
void emitAssertFail(OpBuilder &builder, Location loc, StringRef message,
                    StringRef file, int line, StringRef function);

/// A call of CUDA's libdevice function `name` (declared in the module on
/// first use); the stage chain links libdevice when such calls exist.
Value emitLibdeviceCall(OpBuilder &builder, Location loc, StringRef name,
                        Type resultType, ValueRange args);

/// The libdevice function computing `mathOp` (math.erf, ...) for `type`
/// (f32 or f64), or an empty string when libdevice has none.
std::string getLibdeviceName(StringRef mathOp, Type type);
} // namespace mlir::tile::nvidia

#endif // TILE_PASSES_CONVERSION_TTGTOLLVM_NVIDIA_TARGETINFO_H
