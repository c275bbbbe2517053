//===- NVWSOps.td - The nvws ops ---------------------------*- tablegen -*-===//
//
// Triton 3.6's nvws ops: arefs (create, enter/exit of a stage, the buffer of
// a stage), warp groups, the older token-based channel ops, and the
// descriptor loads into shared memory that aref insertion produces.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_NVWS_NVWSOPS_TD
#define TILE_DIALECTS_NVWS_NVWSOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "dialects/tt/TTTypes.td"
include "dialects/tt/TTAttrs.td"
include "dialects/ttg/TTGTypes.td"
include "dialects/nvws/NVWSDialect.td"
include "dialects/nvws/NVWSInterfaces.td"

def NVWS_GlobalMemory : Resource<"::mlir::tile::tt::GlobalMemory">;
def NVWS_SharedMemory : Resource<"::mlir::tile::ttg::SharedMemory">;

class NVWS_Op<string mnemonic, list<Trait> traits = []>
    : Op<NVWS_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Arefs
//===----------------------------------------------------------------------===//

def NVWS_ArefCreateOp : NVWS_Op<"aref.create", [
    RangedTypesMatchWith<"input types match Aref output type", "result",
        "buffers", "::llvm::cast<ArefType>($_self).getBaseType()">,
    Pure]> {
  let summary = "wrap multi-buffered memory in an aref";
  let description = [{
    The leading dimension of every buffer is the number of stages and must
    agree between buffers. The buffers may be used only by arefs and by
    `ttg.local_dealloc`, or the aref could not guarantee that accesses are
    ordered.

    ```mlir
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
    #smem = #ttg.shared_memory
    tt.func @f(%a: !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>,
               %b: !ttg.memdesc<2x16x32xf16, #shared, #smem, mutable>) {
      %aref = nvws.aref.create %a, %b : <[!ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>, !ttg.memdesc<2x16x32xf16, #shared, #smem, mutable>]>
      tt.return
    }
    ```
  }];
  let arguments = (ins Variadic<TTG_MemDesc>:$buffers);
  let results = (outs NVWS_ArefType:$result);
  let assemblyFormat = "$buffers attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def NVWS_ArefBufferOp : NVWS_Op<"aref.buffer", [
    DeclareOpInterfaceMethods<NVWS_ArefStageInterface, ["setStage"]>]> {
  let summary = "the buffers of the stage a token holds";
  let description = [{
    Gives the buffers of the stage entered by the enter op that made
    `token`, for uses away from the enter op (another partition, a later
    loop).

    ```mlir
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
    #smem = #ttg.shared_memory
    tt.func @f(%a: !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>, %s: i32, %p: i32) {
      %aref = nvws.aref.create %a : <[!ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>]>
      %buf, %tok = nvws.aref.put.enter %aref[%s, %p] : <[!ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>]> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable>, !ttg.async.token
      %again = nvws.aref.buffer %aref[%s], %tok : <[!ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>]>, !ttg.async.token -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable>
      nvws.aref.put.exit %aref[%s], %tok [#nvws.async_op<none>] : <[!ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>]>, !ttg.async.token
      tt.return
    }
    ```
  }];
  let arguments = (ins NVWS_ArefType:$aref, TTG_AsyncTokenType:$token,
                       Optional<I32>:$stage);
  let results = (outs Variadic<TTG_MemDesc>:$buffers);
  let assemblyFormat = [{
    $aref (`[` $stage^ `]`)? `,` $token attr-dict
    `:` type($aref) `,` type($token) `->` type(results)
  }];
}

// The enter ops: a stage of every buffer, then the token.
class NVWS_ArefEnterOp<string mnemonic, string access>
    : NVWS_Op<mnemonic, [AttrSizedOperandSegments,
        DeclareOpInterfaceMethods<NVWS_ArefStageInterface, ["setStage"]>]> {
  let description = [{
    Waits until stage `stage` may be }] # access # [{ (its barrier has
    completed phase `phase`), then gives that stage of every buffer of the
    aref (the buffer types without the leading stage dimension) and a
    token for the matching exit. The region between enter and exit may span
    loop iterations.

    ```mlir
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
    #smem = #ttg.shared_memory
    tt.func @f(%a: !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>, %s: i32, %p: i32) {
      %aref = nvws.aref.create %a : <[!ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>]>
      %buf, %tok = nvws.aref.put.enter %aref[%s, %p] : <[!ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>]> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable>, !ttg.async.token
      nvws.aref.put.exit %aref[%s], %tok [#nvws.async_op<none>] : <[!ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>]>, !ttg.async.token
      %buf2, %tok2 = nvws.aref.get.enter %aref[%s, %p] : <[!ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>]> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable>, !ttg.async.token
      nvws.aref.get.exit %aref[%s], %tok2 [#nvws.async_op<none>] : <[!ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>]>, !ttg.async.token
      tt.return
    }
    ```
  }];
  let arguments = (ins NVWS_ArefType:$aref, Optional<I32>:$stage,
                       Optional<I32>:$phase);
  let results = (outs Variadic<TTG_MemDesc>:$buffers,
                      TTG_AsyncTokenType:$token);
  let assemblyFormat = [{
    $aref (`[` $stage^ `,` $phase `]`)? attr-dict
    `:` type($aref) `->` type(results)
  }];
  let hasVerifier = 1;
}

def NVWS_ArefPutEnterOp : NVWS_ArefEnterOp<"aref.put.enter", "be written"> {
  let summary = "enter the producer's region of an aref stage";
}

def NVWS_ArefGetEnterOp : NVWS_ArefEnterOp<"aref.get.enter", "be read"> {
  let summary = "enter the consumer's region of an aref stage";
}

// The exit ops: the stage is released to the other side once the listed
// asynchronous units are done with it.
class NVWS_ArefExitOp<string mnemonic, string side>
    : NVWS_Op<mnemonic, [
        DeclareOpInterfaceMethods<NVWS_ArefStageInterface, ["setStage"]>]> {
  let description = [{
    Ends the }] # side # [{'s use of the stage its enter op entered.
    `async_ops` names, per buffer, the asynchronous unit (TMA, tcgen05 MMA,
    ...) whose completion must release the stage.

    ```mlir
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
    #smem = #ttg.shared_memory
    tt.func @f(%a: !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>, %s: i32, %p: i32) {
      %aref = nvws.aref.create %a : <[!ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>]>
      %buf, %tok = nvws.aref.put.enter %aref[%s, %p] : <[!ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>]> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable>, !ttg.async.token
      nvws.aref.put.exit %aref[%s], %tok [#nvws.async_op<tma_load>] : <[!ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>]>, !ttg.async.token
      %buf2, %tok2 = nvws.aref.get.enter %aref[%s, %p] : <[!ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>]> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable>, !ttg.async.token
      nvws.aref.get.exit %aref[%s], %tok2 [#nvws.async_op<wgmma>] : <[!ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>]>, !ttg.async.token
      tt.return
    }
    ```
  }];
  let arguments = (ins NVWS_ArefType:$aref, TTG_AsyncTokenType:$token,
                       Optional<I32>:$stage,
                       NVWS_AsyncOpArrayAttr:$async_ops);
  let assemblyFormat = [{
    $aref (`[` $stage^ `]`)? `,` $token $async_ops attr-dict
    `:` type($aref) `,` type($token)
  }];
}

def NVWS_ArefPutExitOp : NVWS_ArefExitOp<"aref.put.exit", "producer"> {
  let summary = "exit the producer's region of an aref stage";
}

def NVWS_ArefGetExitOp : NVWS_ArefExitOp<"aref.get.exit", "consumer"> {
  let summary = "exit the consumer's region of an aref stage";
}

//===----------------------------------------------------------------------===//
// Warp groups
//===----------------------------------------------------------------------===//

def NVWS_WarpGroupOp : NVWS_Op<"warp_group", [
    RecursiveMemoryEffects, RecursivelySpeculatable]> {
  let summary = "regions that run on different groups of warps";
  let description = [{
    One region per group of warps, `partitionN num_warps(K)`; the regions
    may use values from above. The op's results, if any, are the operands
    of the `nvws.warp_group.yield` that ends the first region; the other
    regions end with `nvws.warp_group.return`. `nvws-lower-warp-group`
    turns it into `ttg.warp_specialize`.

    ```mlir
    tt.func @f(%a: i32) -> i32 {
      %r = nvws.warp_group
      partition0 num_warps(4) {
        nvws.warp_group.yield %a : i32
      }
      partition1 num_warps(2) {
        nvws.warp_group.return
      }
      tt.return %r : i32
    }
    ```
  }];
  let arguments = (ins DenseI32ArrayAttr:$numWarps);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region VariadicRegion<MinSizedRegion<1>>:$partitionRegions);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def NVWS_WarpGroupYieldOp : NVWS_Op<"warp_group.yield", [
    Pure, Terminator, ReturnLike, HasParent<"WarpGroupOp">]> {
  let summary = "end of the first region of nvws.warp_group, with its results";
  let description = [{
    Its operands become the results of the enclosing `nvws.warp_group`:

    ```mlir
    tt.func @f(%a: i32) -> i32 {
      %r = nvws.warp_group
      partition0 num_warps(4) {
        nvws.warp_group.yield %a : i32
      }
      tt.return %r : i32
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^)? attr-dict (`:` type($values)^)?";
}

def NVWS_WarpGroupReturnOp : NVWS_Op<"warp_group.return", [
    Pure, Terminator, HasParent<"WarpGroupOp">]> {
  let summary = "end of a region of nvws.warp_group";
  let description = [{
    Warp groups communicate through memory, so it returns nothing:

    ```mlir
    tt.func @f() {
      nvws.warp_group
      partition0 num_warps(4) {
        nvws.warp_group.return
      }
      tt.return
    }
    ```
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Token channels
//===----------------------------------------------------------------------===//

def NVWS_CreateTokenOp : NVWS_Op<"create_token"> {
  let summary = "make the tokens of a producer/consumer channel";
  let description = [{
    One token per buffer: the producer acquires a token before filling its
    buffer and commits it when done; the consumer waits for it and
    releases it after reading.

    ```mlir
    tt.func @f() {
      %t = nvws.create_token {loadType = 1 : i32, numBuffers = 2 : i32} : tensor<2x!nvws.token>
      tt.return
    }
    ```
  }];
  let arguments = (ins I32Attr:$numBuffers, NVWS_TokenLoadTypeAttr:$loadType);
  let results = (outs TensorOf<[NVWS_TokenType]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

class NVWS_TokenOp<string mnemonic, string summaryText, string what>
    : NVWS_Op<mnemonic> {
  let summary = summaryText;
  let description = [{
    }] # what # [{

    ```mlir
    tt.func @f(%i: i32, %phase: i1) {
      %t = nvws.create_token {loadType = 1 : i32, numBuffers = 2 : i32} : tensor<2x!nvws.token>
      nvws.producer_acquire %t, %i, %phase : tensor<2x!nvws.token>, i32, i1
      nvws.producer_commit %t, %i : tensor<2x!nvws.token>, i32
      nvws.consumer_wait %t, %i, %phase : tensor<2x!nvws.token>, i32, i1
      nvws.consumer_release %t, %i : tensor<2x!nvws.token>, i32
      tt.return
    }
    ```
  }];
}

def NVWS_ProducerAcquireOp : NVWS_TokenOp<"producer_acquire",
    "the producer waits until buffer `idx` may be filled",
    "Waits for the consumer's release of phase `phase` of token `idx`."> {
  let arguments = (ins TensorOf<[NVWS_TokenType]>:$token, I32:$idx,
                       I1:$phase);
  let assemblyFormat =
      "$token `,` $idx `,` $phase attr-dict `:` type(operands)";
}

def NVWS_ProducerCommitOp : NVWS_TokenOp<"producer_commit",
    "the producer hands buffer `idx` to the consumer",
    "Signals the consumer that buffer `idx` is filled."> {
  let arguments = (ins TensorOf<[NVWS_TokenType]>:$token, I32:$idx);
  let assemblyFormat = "$token `,` $idx attr-dict `:` type(operands)";
}

def NVWS_ConsumerWaitOp : NVWS_TokenOp<"consumer_wait",
    "the consumer waits until buffer `idx` is filled",
    "Waits for the producer's commit of phase `phase` of token `idx`."> {
  let arguments = (ins TensorOf<[NVWS_TokenType]>:$token, I32:$idx,
                       I1:$phase);
  let assemblyFormat =
      "$token `,` $idx `,` $phase attr-dict `:` type(operands)";
}

def NVWS_ConsumerReleaseOp : NVWS_TokenOp<"consumer_release",
    "the consumer hands buffer `idx` back to the producer",
    "Signals the producer that buffer `idx` may be filled again."> {
  let arguments = (ins TensorOf<[NVWS_TokenType]>:$token, I32:$idx);
  let assemblyFormat = "$token `,` $idx attr-dict `:` type(operands)";
}

//===----------------------------------------------------------------------===//
// Descriptor loads into shared memory
//===----------------------------------------------------------------------===//

def NVWS_DescriptorLoadOp : NVWS_Op<"descriptor_load"> {
  let summary = "tt.descriptor_load whose result goes to shared memory";
  let description = [{
    Loads the block at `indices` of `desc`, as `tt.descriptor_load`, into the
    shared-memory buffer `result`; `txCount` is the byte count the
    aref lowering expects on the stage's barrier. Aref insertion makes it
    from the descriptor loads of a producer partition.

    ```mlir
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    #smem = #ttg.shared_memory
    tt.func @f(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
      nvws.descriptor_load %d[%i, %i] 8192 %buf : !tt.tensordesc<tensor<64x64xf16, #shared>>, i32, i32, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      tt.return
    }
    ```
  }];
  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemRead<NVWS_GlobalMemory>]>:$desc,
    Variadic<I32>:$indices,
    I32Attr:$txCount,
    Arg<TTG_MemDesc, "", [MemWrite<NVWS_SharedMemory>]>:$result,
    DefaultValuedAttr<TT_CacheModifierAttr,
                      "::mlir::tile::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr,
                      "::mlir::tile::tt::EvictionPolicy::NORMAL">:$evict);
  let assemblyFormat = [{
    $desc `[` $indices `]` $txCount $result
    oilist(
      `cacheModifier` `=` $cache |
      `evictionPolicy` `=` $evict
    )
    attr-dict `:` type(operands)
  }];
}

def NVWS_DescriptorGatherOp : NVWS_Op<"descriptor_gather"> {
  let summary = "tt.descriptor_gather whose result goes to shared memory";
  let description = [{
    Gathers the rows `x_offsets` at column `y_offset` of `desc`, as
    `tt.descriptor_gather`, into the shared-memory buffer `result`;
    `txCount` is the byte count the aref lowering expects.

    ```mlir
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
    #smem = #ttg.shared_memory
    module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
      tt.func @f(%d: !tt.tensordesc<tensor<1x64xf16, #shared>>, %x: tensor<32xi32, #blocked>, %y: i32, %buf: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>) {
        nvws.descriptor_gather %d[%x, %y] 4096 %buf : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
        tt.return
      }
    }
    ```
  }];
  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemRead<NVWS_GlobalMemory>]>:$desc,
    RankedTensorOf<[I32]>:$x_offsets,
    I32:$y_offset,
    I32Attr:$txCount,
    Arg<TTG_MemDesc, "", [MemWrite<NVWS_SharedMemory>]>:$result);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` $txCount $result
    attr-dict `:` type(operands)
  }];
}

#endif // TILE_DIALECTS_NVWS_NVWSOPS_TD
