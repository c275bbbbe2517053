//===- TTNGOps.td - Operations of ttng (sm_90) -------------*- tablegen -*-===//
//
// Hopper operations: wgmma, async-proxy fences, mbarriers and TMA copies.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_TTNGOPS_TD
#define TILE_DIALECTS_TTG_TTNGOPS_TD

include "dialects/ttg/TTNGOpBase.td"

def TTNG_WarpGroupDotOp : TTNG_Op<"warp_group_dot", [
    MemoryEffects<[MemRead<TTNG_SharedMemory>]>,
    TypesMatchWith<"result type matches accumulator type", "d", "c",
                   "$_self">]> {
  let summary = "warpgroup matrix multiply-accumulate (wgmma)";
  let description = [{
    `d = a * b + c` by a warpgroup of four warps. `a` is a shared buffer or a
    `#ttg.dot_op` tensor, `b` a shared buffer; with `isAsync` the result is
    only ready after `ttng.warp_group_dot_wait`. `useC` false ignores `c`.

    ```mlir
    #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    #smem = #ttg.shared_memory
    module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
      tt.func @f(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<128x64xf32, #mma>) {
        %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
        %r:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 0 : i32} : tensor<128x64xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared, #smem>
        tt.return
      }
    }
    ```
  }];
  let arguments = (ins TTNG_TensorOrMemDesc:$a, TTG_MemDesc:$b,
    TT_FpIntTensor:$c, Optional<I1>:$useC,
    DefaultValuedAttr<TT_InputPrecisionAttr,
                      "::mlir::tile::tt::InputPrecision::IEEE">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc,
    DefaultValuedAttr<BoolAttr, "false">:$isAsync);
  let results = (outs TT_FpIntTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` $useC^)? attr-dict `:` type($a) `*`
    qualified(type($b)) `->` type($d)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Whether fp8 products accumulated in f32 are summed in pieces of at
    /// most `maxNumImpreciseAcc` K steps: each piece in a fresh accumulator
    /// that is then added to the real one in full f32 (Hopper's fp8 wgmma
    /// keeps fewer accumulator bits; Triton's rule).
    bool needsPartialAccumulator();
  }];
}

def TTNG_WarpGroupDotWaitOp : TTNG_Op<"warp_group_dot_wait", [
    AllTypesMatch<["inputs", "outputs"]>]> {
  let summary = "wait until at most `pendings` wgmma groups are in flight";
  let description = [{
    Returns its inputs once the asynchronous dots that produce or read them
    are done, so later uses are ordered after the wait.

    ```mlir
    #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
    module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
      tt.func @f(%acc: tensor<128x64xf32, #mma>) {
        %r = ttng.warp_group_dot_wait %acc {pendings = 1 : i32} : tensor<128x64xf32, #mma>
        tt.return
      }
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$inputs, I32Attr:$pendings);
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs)";
}

def TTNG_FenceAsyncSharedOp : TTNG_Op<"fence_async_shared"> {
  let summary = "order generic-proxy shared writes before async-proxy reads";
  let description = [{
    `fence.proxy.async`: needed between `ttg.local_store`/`local_alloc`
    writes and wgmma or TMA reads of the same buffer.

    ```mlir
    tt.func @f() {
      ttng.fence_async_shared {bCluster = false}
      tt.return
    }
    ```
  }];
  let arguments = (ins BoolAttr:$bCluster);
  let assemblyFormat = "attr-dict";
}

def TTNG_InitBarrierOp : TTNG_Op<"init_barrier", [
    MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "initialize an mbarrier with an expected arrival count";
  let description = [{
    ```mlir
    #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
    #smem = #ttg.shared_memory
    tt.func @f(%bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>, %pred: i1, %phase: i32) {
      ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      ttng.barrier_expect %bar, 32768, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      tt.return
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$alloc, I32Attr:$count);
  let assemblyFormat = "$alloc `,` $count attr-dict `:` qualified(type($alloc))";
}

def TTNG_InvalBarrierOp : TTNG_Op<"inval_barrier", [
    MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "invalidate an mbarrier";
  let description = [{
    Ends the mbarrier's life so its memory can be reused.

    ```mlir
    #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
    #smem = #ttg.shared_memory
    tt.func @f(%bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>, %pred: i1, %phase: i32) {
      ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      tt.return
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$alloc);
  let assemblyFormat = "$alloc attr-dict `:` qualified(type($alloc))";
}

def TTNG_BarrierExpectOp : TTNG_Op<"barrier_expect", [
    MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "expect `size` bytes of transactions on an mbarrier";
  let description = [{
    Arrives on the mbarrier and announces `size` bytes that asynchronous
    copies (TMA) will deliver, when `pred` holds.

    ```mlir
    #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
    #smem = #ttg.shared_memory
    tt.func @f(%bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>, %pred: i1, %phase: i32) {
      ttng.barrier_expect %bar, 32768, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      tt.return
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$alloc, I32Attr:$size, I1:$pred);
  let assemblyFormat = [{
    $alloc `,` $size `,` $pred attr-dict `:` qualified(type($alloc))
  }];
}

def TTNG_WaitBarrierOp : TTNG_Op<"wait_barrier", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead<TTNG_SharedMemory>, MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "wait until an mbarrier completes the given phase";
  let description = [{
    Blocks until phase `phase` (0 or 1) of the mbarrier has completed. `deps`
    are values whose producers must be ordered before the wait.

    ```mlir
    #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
    #smem = #ttg.shared_memory
    tt.func @f(%bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>, %pred: i1, %phase: i32) {
      ttng.wait_barrier %bar, %phase, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      tt.return
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$alloc, I32:$phase, Optional<I1>:$pred,
                       Variadic<AnyType>:$deps);
  let assemblyFormat = [{
    $alloc `,` $phase (`,` $pred^)? (`deps` $deps^)? attr-dict `:`
    qualified(type($alloc)) (`,` type($deps)^)?
  }];
}

def TTNG_ArriveBarrierOp : TTNG_Op<"arrive_barrier", [
    MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "arrive on an mbarrier `count` times";
  let description = [{
    Counts `count` arrivals towards the mbarrier's current phase.

    ```mlir
    #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
    #smem = #ttg.shared_memory
    tt.func @f(%bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>, %pred: i1, %phase: i32) {
      ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      tt.return
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$alloc, I32Attr:$count, Optional<I1>:$pred);
  let assemblyFormat = [{
    $alloc `,` $count (`,` $pred^)? attr-dict `:` qualified(type($alloc))
  }];
}

class TTNG_NamedBarrierOp<string mnemonic, string summaryText>
    : TTNG_Op<mnemonic, [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = summaryText;
  // Hardware barrier `bar` (0 to 15) completes once `numThreads` threads
  // (whole warps) have reached it. The effects on the default resource keep
  // the op in place; it touches no shared buffer, so barrier insertion
  // ignores it.
  let arguments = (ins I32:$bar, I32:$numThreads);
  let assemblyFormat = [{
    $bar `,` $numThreads attr-dict `:` type($bar) `,` type($numThreads)
  }];
  let hasVerifier = 1;
}

def TTNG_NamedBarrierWaitOp
    : TTNG_NamedBarrierOp<"named_barrier_wait",
                          "wait on a named hardware barrier (bar.sync)"> {
  let description = [{
    Blocks until `numThreads` threads have arrived at barrier `bar`, this
    warp's included. Warp groups hand a turn to each other with it: one
    waits while another arrives (`ttng.named_barrier_arrive`). Not in
    Triton 3.6; tile's warp specialization writes it for consumers that
    take turns (ping-pong).

    ```mlir
    tt.func @f(%bar: i32, %n: i32) {
      ttng.named_barrier_wait %bar, %n : i32, i32
      tt.return
    }
    ```
  }];
}

def TTNG_NamedBarrierArriveOp
    : TTNG_NamedBarrierOp<"named_barrier_arrive",
                          "arrive at a named hardware barrier (bar.arrive)"> {
  let description = [{
    Counts this warp's threads towards barrier `bar` and goes on without
    waiting. Not in Triton 3.6 (see `ttng.named_barrier_wait`).

    ```mlir
    tt.func @f(%bar: i32, %n: i32) {
      ttng.named_barrier_arrive %bar, %n : i32, i32
      tt.return
    }
    ```
  }];
}

def TTNG_AsyncTMACopyGlobalToLocalOp
    : TTNG_Op<"async_tma_copy_global_to_local", [
    MemoryEffects<[MemRead<TTNG_GlobalMemory>, MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "TMA load of a descriptor block into shared memory";
  let description = [{
    Completion is signalled on the mbarrier `barrier`.

    ```mlir
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    #shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
    #smem = #ttg.shared_memory
    tt.func @f(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %pred: i1) {
      ttng.async_tma_copy_global_to_local %d[%x, %x] %buf, %bar, %pred : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      ttng.async_tma_copy_local_to_global %d[%x, %x] %buf : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      ttng.async_tma_store_wait {pendings = 0 : i32}
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_TensorDescType:$desc, Variadic<I32>:$coord,
    TTG_MemDesc:$result, TTG_MemDesc:$barrier, I1:$pred,
    DefaultValuedAttr<TT_CacheModifierAttr,
                      "::mlir::tile::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr,
                      "::mlir::tile::tt::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let assemblyFormat = [{
    $desc `[` $coord `]` $result `,` $barrier `,` $pred
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `,` qualified(type($barrier)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMACopyLocalToGlobalOp
    : TTNG_Op<"async_tma_copy_local_to_global", [
    MemoryEffects<[MemRead<TTNG_SharedMemory>, MemWrite<TTNG_GlobalMemory>]>]> {
  let summary = "TMA store of a shared buffer through a descriptor";
  let description = [{
    Stores the buffer to the descriptor's block at `coord`; the buffer may be
    reused after `ttng.async_tma_store_wait`.

    ```mlir
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    #smem = #ttg.shared_memory
    tt.func @f(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %buf: !ttg.memdesc<128x64xf16, #shared, #smem>) {
      ttng.async_tma_copy_local_to_global %d[%x, %x] %buf : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_TensorDescType:$desc, Variadic<I32>:$coord,
                       TTG_MemDesc:$src);
  let assemblyFormat = [{
    $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,`
    qualified(type($src))
  }];
}

def TTNG_TMAStoreWaitOp : TTNG_Op<"async_tma_store_wait"> {
  let summary = "wait until at most `pendings` TMA stores still read shared memory";
  let description = [{
    `cp.async.bulk.wait_group.read`: after it, the buffers of all but the
    last `pendings` TMA stores may be overwritten.

    ```mlir
    tt.func @f() {
      ttng.async_tma_store_wait {pendings = 0 : i32}
      tt.return
    }
    ```
  }];
  let arguments = (ins I32Attr:$pendings);
  let assemblyFormat = "attr-dict";
}

def TTNG_ReinterpretTensorDescOp : TTNG_Op<"reinterpret_tensor_descriptor", [
    Pure]> {
  let summary = "view a pointer to a TMA descriptor as a tensor descriptor";
  let description = [{
    ```mlir
    tt.func @f(%p: !tt.ptr<i8>) {
      %d = ttng.reinterpret_tensor_descriptor %p : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16>>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_Ptr:$rawDesc);
  let results = (outs TT_TensorDescType:$result);
  let assemblyFormat = [{
    $rawDesc attr-dict `:` qualified(type($rawDesc)) `to`
    qualified(type($result))
  }];
}

#endif // TILE_DIALECTS_TTG_TTNGOPS_TD
