//===- TTNGTensorMemoryOps.td - TMEM and tcgen05 ops -------*- tablegen -*-===//
//
// Blackwell's tensor memory (TMEM) and the fifth-generation tensor-core MMAs
// (tcgen05) that accumulate into it, as Triton 3.6 prints them. tile parses
// and verifies these ops; convert-triton-gpu-to-llvm does not lower them.
//
// An optional `[%token]` after a TMEM operand is the async token of the
// previous access to that buffer; a result token orders the next access.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_TTNGTENSORMEMORYOPS_TD
#define TILE_DIALECTS_TTG_TTNGTENSORMEMORYOPS_TD

include "dialects/ttg/TTNGOpBase.td"

def TTNG_TMEMAllocOp : TTNG_Op<"tmem_alloc", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "allocate a buffer in tensor memory";
  let description = [{
    As `ttg.local_alloc`, in TMEM: with `src` the buffer starts out holding
    it; without, the memdesc must be mutable.

    ```mlir
    #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
    module attributes {"ttg.num-warps" = 4 : i32} {
      tt.func @f() {
        %m, %token = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
        tt.return
      }
    }
    ```
  }];
  let arguments = (ins Optional<TT_Tensor>:$src);
  let results = (outs TTG_MemDesc:$result, Optional<TTG_AsyncTokenType>:$token);
  let assemblyFormat = [{
    ($src^)? attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TTNG_TMEMLoadOp : TTNG_Op<"tmem_load", [
    MemoryEffects<[MemRead<TTNG_TensorMemory>]>]> {
  let summary = "load a TMEM buffer into a distributed tensor";
  let description = [{
    ```mlir
    #blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
    #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
    module attributes {"ttg.num-warps" = 4 : i32} {
      tt.func @f(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %t: !ttg.async.token) {
        %v, %t2 = ttng.tmem_load %m[%t] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
        tt.return
      }
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, Optional<TTG_AsyncTokenType>:$dep);
  let results = (outs TT_Tensor:$result, Optional<TTG_AsyncTokenType>:$token);
  let assemblyFormat = [{
    $src `` custom<Token>($dep, type($token)) attr-dict `:`
    qualified(type($src)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTNG_TMEMStoreOp : TTNG_Op<"tmem_store", [
    MemoryEffects<[MemWrite<TTNG_TensorMemory>]>]> {
  let summary = "store a distributed tensor into a TMEM buffer";
  let description = [{
    ```mlir
    #blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
    #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
    module attributes {"ttg.num-warps" = 4 : i32} {
      tt.func @f(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %v: tensor<128x128xf32, #blocked>, %pred: i1) {
        ttng.tmem_store %v, %m, %pred : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
        tt.return
      }
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$dst, Optional<TTG_AsyncTokenType>:$dep,
                       TT_Tensor:$src, I1:$pred);
  let results = (outs Optional<TTG_AsyncTokenType>:$token);
  let assemblyFormat = [{
    $src `,` $dst `` custom<Token>($dep, type($token)) `,` $pred attr-dict `:`
    type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def TTNG_TMEMSubSliceOp : TTNG_Op<"tmem_subslice", [Pure]> {
  let summary = "a view of columns [N, N + width) of a 2-D TMEM buffer";
  let description = [{
    TMEM can only be sliced along the columns: the result keeps the source's
    blockM, CTA split and column stride.

    ```mlir
    #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
    #tmem1 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
    module attributes {"ttg.num-warps" = 4 : i32} {
      tt.func @f(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
        %s = ttng.tmem_subslice %m {N = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem1, #ttng.tensor_memory, mutable, 128x128>
        tt.return
      }
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, I32Attr:$N);
  let results = (outs TTG_MemDesc:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTNG_TMEMCopyOp : TTNG_Op<"tmem_copy", [
    MemoryEffects<[MemRead<TTNG_SharedMemory>, MemWrite<TTNG_TensorMemory>]>]> {
  let summary = "asynchronous copy of a shared buffer into TMEM (tcgen05.cp)";
  let description = [{
    Into a `#ttng.tensor_memory_encoding` buffer the copy keeps the logical
    elements (128-row block, swizzled 32-bit source). Into a
    `#ttng.tensor_memory_scales_encoding` buffer the unswizzled source holds
    the scales' 32x4x4-byte chunks, each of which lands in all four warps'
    row quarters. The optional `barrier` is arrived on at completion.

    ```mlir
    #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
    #tmem_scales = #ttng.tensor_memory_scales_encoding<>
    module attributes {"ttg.num-warps" = 4 : i32} {
      tt.func @f(%s: !ttg.memdesc<128x4xi8, #shared, #ttg.shared_memory>, %m: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>) {
        ttng.tmem_copy %s, %m : !ttg.memdesc<128x4xi8, #shared, #ttg.shared_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
        tt.return
      }
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, TTG_MemDesc:$dst,
                       Optional<TTG_MemDesc>:$barrier);
  let assemblyFormat = [{
    $src `,` $dst (`,` $barrier^)? attr-dict `:` qualified(type(operands))
  }];
  let hasVerifier = 1;
}

def TTNG_TCGen5MMAOp : TTNG_Op<"tc_gen5_mma", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    AttrSizedOperandSegments]> {
  let summary = "d += a * b on the fifth-generation tensor cores (tcgen05.mma)";
  let description = [{
    `a` is in shared memory or TMEM, `b` in shared memory, the accumulator
    `d` in TMEM; `useD` false ignores d's old value and `pred` false skips
    the op. With `is_async` the op only issues the MMA and arrives on each
    `barrier[pred]` at completion; without it there may be no barrier.
    `two_ctas` runs one MMA over a CTA pair.

    ```mlir
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    #shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
    #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
    module attributes {"ttg.num-warps" = 4 : i32} {
      tt.func @f(%a: !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, %b: !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory>, %d: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %bar: !ttg.memdesc<1xi64, #shared1, #ttg.shared_memory, mutable>, %p: i1) {
        ttng.tc_gen5_mma %a, %b, %d, %p, %p, %bar[%p] {is_async} : !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #ttg.shared_memory, mutable>
        tt.return
      }
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$a, TTG_MemDesc:$b, TTG_MemDesc:$d,
                       Optional<TTG_AsyncTokenType>:$acc_dep, I1:$useD,
                       I1:$pred, Variadic<TTG_MemDesc>:$barriers,
                       Variadic<I1>:$barrier_preds, UnitAttr:$is_async,
                       UnitAttr:$two_ctas);
  let results = (outs Optional<TTG_AsyncTokenType>:$token);
  let assemblyFormat = [{
    $a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $useD `,`
    $pred `` custom<BarriersAndPreds>($barriers, $barrier_preds) attr-dict
    `:` qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($d))
    (`,` qualified(type($barriers))^)?
  }];
  let hasVerifier = 1;
}

def TTNG_TCGen5MMAScaledOp : TTNG_Op<"tc_gen5_mma_scaled", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    AttrSizedOperandSegments]> {
  let summary = "block-scaled d += (a * a_scale) (b * b_scale) on tcgen05";
  let description = [{
    As `ttng.tc_gen5_mma`, with `a_scale` and `b_scale` block scales in TMEM
    and `lhs`/`rhs` naming the operands' element formats (e2m1 packs two
    values per i8 along K).

    ```mlir
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
    #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
    #tmem_scales = #ttng.tensor_memory_scales_encoding<>
    module attributes {"ttg.num-warps" = 4 : i32} {
      tt.func @f(%a: !ttg.memdesc<128x128xf8E4M3FN, #shared, #ttg.shared_memory>, %b: !ttg.memdesc<128x128xf8E4M3FN, #shared, #ttg.shared_memory>, %d: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %as: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %bs: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %p: i1) {
        ttng.tc_gen5_mma_scaled %a, %b, %d, %as, %bs, %p, %p lhs = e4m3 rhs = e4m3 : !ttg.memdesc<128x128xf8E4M3FN, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf8E4M3FN, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>
        tt.return
      }
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$a, TTG_MemDesc:$b, TTG_MemDesc:$d,
                       Optional<TTG_AsyncTokenType>:$acc_dep,
                       TTG_MemDesc:$a_scale, TTG_MemDesc:$b_scale,
                       TT_ScaleDotElemTypeAttr:$a_type,
                       TT_ScaleDotElemTypeAttr:$b_type, I1:$useD, I1:$pred,
                       Variadic<TTG_MemDesc>:$barriers,
                       Variadic<I1>:$barrier_preds, UnitAttr:$is_async);
  let results = (outs Optional<TTG_AsyncTokenType>:$token);
  let assemblyFormat = [{
    $a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $a_scale `,`
    $b_scale `,` $useD `,` $pred `lhs` `=` $a_type `rhs` `=` $b_type
    `` custom<BarriersAndPreds>($barriers, $barrier_preds) attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($d)) `,`
    qualified(type($a_scale)) `,` qualified(type($b_scale))
    (`,` qualified(type($barriers))^)?
  }];
  let hasVerifier = 1;
}

def TTNG_TCGen5CommitOp : TTNG_Op<"tc_gen5_commit", [
    MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "arrive on an mbarrier once all earlier tcgen5 ops finish";
  let description = [{
    `tcgen05.commit`: the mbarrier is arrived on (count 1) when every
    earlier asynchronous tcgen5 op of the same CTA-group (`two_ctas` or not)
    has completed; commits complete in issue order.

    ```mlir
    #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
    tt.func @f(%bar: !ttg.memdesc<1xi64, #shared, #ttg.shared_memory, mutable>, %p: i1) {
      ttng.tc_gen5_commit %bar, %p : !ttg.memdesc<1xi64, #shared, #ttg.shared_memory, mutable>
      tt.return
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$barrier, Optional<I1>:$pred,
                       UnitAttr:$two_ctas);
  let assemblyFormat = [{
    $barrier (`,` $pred^)? attr-dict `:` qualified(type($barrier))
  }];
}

#endif // TILE_DIALECTS_TTG_TTNGTENSORMEMORYOPS_TD
