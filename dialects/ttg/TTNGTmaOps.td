//===- TTNGTmaOps.td - Row-gather, scatter, reduce TMA ops -*- tablegen -*-===//
//
// The TMA operations of Triton 3.6 beyond the plain block copies of
// TTNGOps.td: row gathers and scatters, reducing stores, and building TMA
// descriptors on the device. tile parses and verifies these ops;
// convert-triton-gpu-to-llvm does not lower them.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_TTNGTMAOPS_TD
#define TILE_DIALECTS_TTG_TTNGTMAOPS_TD

include "dialects/ttg/TTNGOpBase.td"

def TTNG_AsyncTMAReduceOp : TTNG_Op<"async_tma_reduce", [
    MemoryEffects<[MemRead<TTNG_SharedMemory>, MemRead<TTNG_GlobalMemory>,
                   MemWrite<TTNG_GlobalMemory>]>]> {
  let summary = "TMA reducing store of a shared buffer through a descriptor";
  let description = [{
    As `ttng.async_tma_copy_local_to_global`, but each element is combined
    with memory by `kind` (relaxed, element-wise atomic).

    ```mlir
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
    tt.func @f(%d: !tt.tensordesc<tensor<64x32xf32, #shared>>, %x: i32, %buf: !ttg.memdesc<64x32xf32, #shared, #ttg.shared_memory>) {
      ttng.async_tma_reduce add, %d[%x, %x] %buf : !tt.tensordesc<tensor<64x32xf32, #shared>>, !ttg.memdesc<64x32xf32, #shared, #ttg.shared_memory>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_DescriptorReduceKindAttr:$kind,
                       TT_TensorDescType:$desc, Variadic<I32>:$coord,
                       TTG_MemDesc:$src);
  let assemblyFormat = [{
    $kind `,` $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc))
    `,` qualified(type($src))
  }];
}

def TTNG_AsyncTMAGatherOp : TTNG_Op<"async_tma_gather", [
    MemoryEffects<[MemRead<TTNG_GlobalMemory>, MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "TMA gather of rows `x_offsets` into a shared buffer";
  let description = [{
    Row `i` of `result` is row `x_offsets[i]` of the descriptor's tensor,
    from column `y_offset`; completion is signalled on `barrier`.

    ```mlir
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    #shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
    #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
    module attributes {"ttg.num-warps" = 4 : i32} {
      tt.func @f(%d: !tt.tensordesc<tensor<1x128xbf16, #shared>>, %xs: tensor<32xi32, #blocked>, %y: i32, %bar: !ttg.memdesc<1xi64, #shared1, #ttg.shared_memory, mutable>, %buf: !ttg.memdesc<32x128xbf16, #shared, #ttg.shared_memory, mutable>, %p: i1) {
        ttng.async_tma_gather %d[%xs, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x128xbf16, #shared>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<1xi64, #shared1, #ttg.shared_memory, mutable>, !ttg.memdesc<32x128xbf16, #shared, #ttg.shared_memory, mutable>, i1
        tt.return
      }
    }
    ```
  }];
  let arguments = (ins TT_TensorDescType:$desc,
                       RankedTensorOf<[I32]>:$x_offsets, I32:$y_offset,
                       TTG_MemDesc:$barrier, TTG_MemDesc:$result, I1:$pred);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` $result `,` $barrier `,` $pred
    attr-dict `:` type(operands)
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAScatterOp : TTNG_Op<"async_tma_scatter", [
    MemoryEffects<[MemRead<TTNG_SharedMemory>, MemRead<TTNG_GlobalMemory>,
                   MemWrite<TTNG_GlobalMemory>]>]> {
  let summary = "TMA scatter of a shared buffer's rows to rows `x_offsets`";
  let description = [{
    Row `i` of `src` goes to row `x_offsets[i]` of the descriptor's tensor,
    from column `y_offset`.

    ```mlir
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
    module attributes {"ttg.num-warps" = 4 : i32} {
      tt.func @f(%d: !tt.tensordesc<tensor<1x128xbf16, #shared>>, %xs: tensor<32xi32, #blocked>, %y: i32, %buf: !ttg.memdesc<32x128xbf16, #shared, #ttg.shared_memory>) {
        ttng.async_tma_scatter %d[%xs, %y] %buf : !tt.tensordesc<tensor<1x128xbf16, #shared>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x128xbf16, #shared, #ttg.shared_memory>
        tt.return
      }
    }
    ```
  }];
  let arguments = (ins TT_TensorDescType:$desc,
                       RankedTensorOf<[I32]>:$x_offsets, I32:$y_offset,
                       TTG_MemDesc:$src);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` $src attr-dict `:` type(operands)
  }];
  let hasVerifier = 1;
}

def TTNG_TensormapCreateOp : TTNG_Op<"tensormap_create", [
    MemoryEffects<[MemRead<TTNG_GlobalMemory>, MemWrite<TTNG_GlobalMemory>]>,
    AttrSizedOperandSegments]> {
  let summary = "write a TMA descriptor (CUtensorMap) in global memory";
  let description = [{
    Fills the 128-byte descriptor at `desc_ptr` for the tensor at
    `global_address`: per dimension (innermost first) the box size, global
    size, element stride, and the byte strides of all but the innermost.
    `elem_type`, `interleave_layout`, `swizzle_mode` and `fill_mode` are
    CUtensorMap's enum values.

    ```mlir
    tt.func @f(%desc: !tt.ptr<i8>, %base: !tt.ptr<i8>, %n: i32, %stride: i64) {
      %c1 = arith.constant 1 : i32
      %c64 = arith.constant 64 : i32
      ttng.tensormap_create %desc, %base, [%c64, %c64], [%n, %n], [%stride], [%c1, %c1] {elem_type = 1 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<i8>, i32, i32, i32, i32, i64, i32, i32) -> ()
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_PtrType:$desc_ptr, TT_PtrType:$global_address,
    Variadic<I32>:$box_dim, Variadic<I32>:$global_dim,
    Variadic<I64>:$global_stride, Variadic<I32>:$element_stride,
    ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<15>]>:$elem_type,
    ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<2>]>:$interleave_layout,
    ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<3>]>:$swizzle_mode,
    ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<1>]>:$fill_mode);
  let assemblyFormat = [{
    $desc_ptr `,` $global_address `,` `[` $box_dim `]` `,` `[` $global_dim `]`
    `,` `[` $global_stride `]` `,` `[` $element_stride `]` attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TTNG_TensormapFenceproxyAcquireOp
    : TTNG_Op<"tensormap_fenceproxy_acquire", [
    MemoryEffects<[MemWrite<TTNG_GlobalMemory>]>]> {
  let summary = "make a TMA descriptor written in global memory visible to TMA";
  let description = [{
    `fence.proxy.tensormap::generic.acquire` on the descriptor at
    `desc_ptr`, after `ttng.tensormap_create` and before its first use.

    ```mlir
    tt.func @f(%desc: !tt.ptr<i8>) {
      ttng.tensormap_fenceproxy_acquire %desc : !tt.ptr<i8>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_PtrType:$desc_ptr);
  let assemblyFormat = "$desc_ptr attr-dict `:` qualified(type($desc_ptr))";
}

#endif // TILE_DIALECTS_TTG_TTNGTMAOPS_TD
