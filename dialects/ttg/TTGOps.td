//===- TTGOps.td - Operations of ttg -----------------------*- tablegen -*-===//
//
// Layout conversion, shared-memory buffers and views, and cp.async, as
// Triton 3.6 prints them.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_TTGOPS_TD
#define TILE_DIALECTS_TTG_TTGOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "dialects/tt/TTTypes.td"
include "dialects/tt/TTAttrs.td"
include "dialects/tt/TTTraits.td"
include "dialects/ttg/TTGDialect.td"
include "dialects/ttg/TTGTypes.td"
include "dialects/ttg/TTGAttrs.td"

def TTG_SharedMemory : Resource<"::mlir::tile::ttg::SharedMemory">;
def TTG_GlobalMemory : Resource<"::mlir::tile::tt::GlobalMemory">;

class TTG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TTG_Dialect, mnemonic, !listconcat(traits, [TT_TensorSizeTrait])>;

def TTG_ConvertLayoutOp : TTG_Op<"convert_layout", [Pure,
    SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "move a tensor to another distributed layout";
  let description = [{
    The only ttg op that moves data between threads: within a thread, with
    warp shuffles, or through shared memory, as the two layouts require.

    ```mlir
    #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
    #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
    module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
      tt.func @f(%x: tensor<64x64xf32, #mma>) {
        %y = ttg.convert_layout %x : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
        tt.return
      }
    }
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TTG_LocalAllocOp : TTG_Op<"local_alloc", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "allocate a shared-memory buffer, optionally initialized";
  let description = [{
    Without a source the buffer is `mutable` and uninitialized; with one it
    holds the tensor and is immutable.

    ```mlir
    #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
    #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    #smem = #ttg.shared_memory
    module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
      tt.func @f(%x: tensor<128x64xf16, #blocked>) {
        %a = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
        %b = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
        tt.return
      }
    }
    ```
  }];
  let arguments = (ins Optional<TT_Tensor>:$src,
                       OptionalAttr<I32Attr>:$alignment);
  let results = (outs TTG_MemDesc:$result);
  let assemblyFormat = [{
    ($src^)? attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TTG_LocalDeallocOp : TTG_Op<"local_dealloc", [
    MemoryEffects<[MemFree<TTG_SharedMemory>]>]> {
  let summary = "free a shared-memory buffer";
  let description = [{
    ```mlir
    #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    #smem = #ttg.shared_memory
    tt.func @f() {
      %b = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
      ttg.local_dealloc %b : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
      tt.return
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
}

def TTG_LocalLoadOp : TTG_Op<"local_load", [
    MemoryEffects<[MemRead<TTG_SharedMemory>]>]> {
  let summary = "load a shared-memory buffer into a distributed tensor";
  let description = [{
    The optional token orders the load after the async copies it waits for.

    ```mlir
    #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
    #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    #smem = #ttg.shared_memory
    module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
      tt.func @f(%m: !ttg.memdesc<128x64xf16, #shared, #smem>, %t: !ttg.async.token) {
        %a = ttg.local_load %m : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
        %b = ttg.local_load %m token %t : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
        tt.return
      }
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, Optional<TTG_AsyncTokenType>:$token);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src (`token` $token^)? attr-dict `:` qualified(type($src)) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def TTG_LocalStoreOp : TTG_Op<"local_store", [
    MemoryEffects<[MemWrite<TTG_SharedMemory>]>]> {
  let summary = "store a distributed tensor into a mutable shared buffer";
  let description = [{
    ```mlir
    #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
    #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    #smem = #ttg.shared_memory
    module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
      tt.func @f(%x: tensor<128x64xf16, #blocked>, %m: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) {
        ttg.local_store %x, %m : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
        tt.return
      }
    }
    ```
  }];
  let arguments = (ins TT_Tensor:$src, TTG_MemDesc:$dst);
  let assemblyFormat = [{
    $src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescIndexOp : TTG_Op<"memdesc_index", [Pure]> {
  let summary = "view of one slice along dimension 0 (a pipeline stage)";
  let description = [{
    ```mlir
    #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    #smem = #ttg.shared_memory
    tt.func @f(%i: i32) {
      %b = ttg.local_alloc : () -> !ttg.memdesc<3x32x32xf32, #shared, #smem, mutable>
      %s = ttg.memdesc_index %b[%i] : !ttg.memdesc<3x32x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
      tt.return
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, I32:$index);
  let results = (outs TTG_MemDesc:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescSubsliceOp : TTG_Op<"memdesc_subslice", [Pure]> {
  let summary = "view of a static sub-tile";
  let description = [{
    ```mlir
    #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    #smem = #ttg.shared_memory
    tt.func @f(%m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
      %v = ttg.memdesc_subslice %m[0, 16] : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<128x16xf16, #shared, #smem, 128x64>
      tt.return
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, DenseI32ArrayAttr:$offsets);
  let results = (outs TTG_MemDesc:$result);
  // Printed as Triton does, the offsets right after the source: `%m[0, 16]`.
  let assemblyFormat = [{
    $src `` $offsets attr-dict `:` qualified(type($src)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescTransOp : TTG_Op<"memdesc_trans", [Pure]> {
  let summary = "transposed view of a shared buffer";
  let description = [{
    ```mlir
    #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    #shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
    #smem = #ttg.shared_memory
    tt.func @f(%m: !ttg.memdesc<64x128xf16, #shared, #smem>) {
      %t = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<64x128xf16, #shared, #smem> -> !ttg.memdesc<128x64xf16, #shared1, #smem>
      tt.return
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, DenseI32ArrayAttr:$order);
  let results = (outs TTG_MemDesc:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescReshapeOp : TTG_Op<"memdesc_reshape", [Pure]> {
  let summary = "reshaped view of a shared buffer";
  let description = [{
    ```mlir
    #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
    #shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [2, 1, 0]}>
    #smem = #ttg.shared_memory
    tt.func @f(%m: !ttg.memdesc<64x128xf16, #shared, #smem>) {
      %r = ttg.memdesc_reshape %m : !ttg.memdesc<64x128xf16, #shared, #smem> -> !ttg.memdesc<64x2x64xf16, #shared1, #smem>
      tt.return
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src);
  let results = (outs TTG_MemDesc:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescReinterpretOp : TTG_Op<"memdesc_reinterpret", [Pure]> {
  let summary = "reinterpret a shared buffer with another type and shape";
  let description = [{
    ```mlir
    #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
    #smem = #ttg.shared_memory
    tt.func @f(%m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
      %r = ttg.memdesc_reinterpret %m : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xi32, #shared, #smem, mutable>
      tt.return
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src);
  let results = (outs TTG_MemDesc:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasFolder = 1;
}

def TTG_AsyncCopyGlobalToLocalOp : TTG_Op<"async_copy_global_to_local", [
    AttrSizedOperandSegments,
    MemoryEffects<[MemRead<TTG_GlobalMemory>, MemWrite<TTG_SharedMemory>]>,
    TypesMatchWith<"mask type matches the pointers", "src", "mask",
                   "::mlir::tile::tt::getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">,
    TypesMatchWith<"other matches the pointee type", "src", "other",
                   "::mlir::tile::tt::getPointeeType($_self)",
                   "($_op.getOperands().size() <= 3) || std::equal_to<>()">]> {
  let summary = "asynchronous copy (cp.async) from global to shared memory";
  let description = [{
    Each thread copies the elements its pointers name into the buffer;
    masked-off elements get `other` (zero when absent). `contiguity` is the
    number of elements a thread may copy as one vector.

    ```mlir
    #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
    #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    #smem = #ttg.shared_memory
    module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
      tt.func @f(%p: tensor<64x64x!tt.ptr<f16>, #blocked>, %m: tensor<64x64xi1, #blocked>, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
        %t = ttg.async_copy_global_to_local %p, %buf mask %m {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
        %g = ttg.async_commit_group tokens %t
        %w = ttg.async_wait %g {num = 0 : i32}
        tt.return
      }
    }
    ```
  }];
  let arguments = (ins TT_PtrTensor:$src, TTG_MemDescType:$result,
    Optional<TT_BoolTensor>:$mask, Optional<TT_Type>:$other,
    DefaultValuedAttr<TT_CacheModifierAttr,
                      "::mlir::tile::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr,
                      "::mlir::tile::tt::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
    DefaultValuedAttr<I32Attr, "1">:$contiguity);
  let results = (outs TTG_AsyncTokenType:$token);
  let assemblyFormat = [{
    $src `,` $result (`mask` $mask^)? (`other` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_AsyncCommitGroupOp : TTG_Op<"async_commit_group"> {
  let summary = "close the current group of asynchronous copies";
  let description = [{
    See `ttg.async_copy_global_to_local`. The bare form also parses:

    ```mlir
    tt.func @f() {
      %g = ttg.async_commit_group
      tt.return
    }
    ```
  }];
  let arguments = (ins Variadic<TTG_AsyncTokenType>:$inputTokens);
  let results = (outs TTG_AsyncTokenType:$asyncToken);
  let assemblyFormat = "(`tokens` $inputTokens^)? attr-dict";
}

def TTG_AsyncWaitOp : TTG_Op<"async_wait"> {
  let summary = "wait until at most `num` copy groups are in flight";
  let description = [{
    Waits for this thread's copies only; a barrier must follow before other
    threads read the data.

    ```mlir
    tt.func @f(%g: !ttg.async.token) {
      %w = ttg.async_wait %g {num = 2 : i32}
      %x = ttg.async_wait {num = 0 : i32}
      tt.return
    }
    ```
  }];
  let arguments = (ins Variadic<TTG_AsyncTokenType>:$asyncToken, I32Attr:$num);
  let results = (outs TTG_AsyncTokenType:$retToken);
  let assemblyFormat = "($asyncToken^)? attr-dict";
  let hasVerifier = 1;
}

def TTG_LocalBarrierOp : TTG_Op<"local_barrier"> {
  let summary = "CTA-wide barrier ordering shared-memory accesses";
  let description = [{
    ```mlir
    tt.func @f() {
      ttg.local_barrier
      tt.return
    }
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TTG_WarpIdOp : TTG_Op<"warp_id", [Pure]> {
  let summary = "the index of the executing warp in its CTA";
  let description = [{
    ```mlir
    tt.func @f() {
      %w = ttg.warp_id
      tt.return
    }
    ```
  }];
  let arguments = (ins UnitAttr:$omitUniformHint);
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

def TTG_Fp4ToFpOp : TTG_Op<"fp4_to_fp", [Pure]> {
  let summary = "unpack e2m1 values (two per i8) along an axis";
  let description = [{
    ```mlir
    tt.func @f(%x: tensor<64x32xi8>) {
      %f = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<64x32xi8> -> tensor<64x64xbf16>
      tt.return
    }
    ```
  }];
  let arguments = (ins RankedTensorOf<[I8]>:$src, I32Attr:$axis);
  let results = (outs TT_FloatTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def TTG_GlobalScratchAllocOp : TTG_Op<"global_scratch_alloc", [
    MemoryEffects<[MemAlloc<TTG_GlobalMemory>]>]> {
  let summary = "a per-program global scratch buffer";
  let description = [{
    ```mlir
    tt.func @f() {
      %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
      tt.return
    }
    ```
  }];
  let arguments = (ins I32Attr:$nbytes, I32Attr:$alignment);
  let results = (outs TT_Ptr:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

//===----------------------------------------------------------------------===//
// Warp specialization
//===----------------------------------------------------------------------===//

def TTG_WarpSpecializeOp : TTG_Op<"warp_specialize", [
    RecursiveMemoryEffects, RecursivelySpeculatable,
    DeclareOpInterfaceMethods<RegionBranchOpInterface>]> {
  let summary = "run different code on different warp groups at once";
  let description = [{
    The `default` region runs on the warps executing the op and may use
    values from above; its `ttg.warp_yield` gives the op's results. Each
    `partitionN` region runs on its own group of `num_warps(K)` warps (a
    power of two) and sees only the explicit captures, as block arguments,
    because its layouts are those of a different number of warps. All
    groups join at the end of the op. The partition regions live in a
    `ttg.warp_specialize.partitions` op in the second region, which is
    isolated from above.

    In kernels it lowers as in Triton: tritongpu-allocate-warp-groups
    gives the partitions their warps, convert-triton-gpu-to-llvm lowers the
    regions and convert-warp-specialize-to-llvm the op itself.

    ```mlir
    module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
      tt.func @f(%a: i32, %b: i64) -> i64 {
        %r = ttg.warp_specialize(%a, %b)
        default {
          ttg.warp_yield %b : i64
        }
        partition0(%x: i32, %y: i64) num_warps(4) {
          ttg.warp_return
        } : (i32, i64) -> i64
        tt.return %r : i64
      }
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$explicitCaptures,
                       DenseI32ArrayAttr:$partitionNumWarps,
                       OptionalAttr<DenseI32ArrayAttr>:$warpGroupStartIds,
                       OptionalAttr<DenseI32ArrayAttr>:$requestedRegisters,
                       OptionalAttr<DenseI32ArrayAttr>:$actualRegisters);
  let results = (outs Variadic<AnyType>:$defaultPassthrough);
  let regions = (region MinSizedRegion<1>:$defaultRegion,
                        SizedRegion<1>:$partitionOpHolder);
  let extraClassDeclaration = [{
    /// The partition regions (those of the nested partitions op).
    ::mlir::RegionRange getPartitionRegions();
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizeMethod = 1;
}

def TTG_WarpSpecializePartitionsOp
    : TTG_Op<"warp_specialize.partitions", [
    IsolatedFromAbove, RecursiveMemoryEffects, RecursivelySpeculatable,
    Terminator, HasParent<"WarpSpecializeOp">]> {
  let summary = "holder of the isolated partition regions of warp_specialize";
  let description = [{
    MLIR can only isolate a whole op from above, so the partitions of a
    `ttg.warp_specialize` are the regions of this op, which is the only op of
    the warp_specialize's second region. It never appears in the printed
    form: `ttg.warp_specialize` prints its regions as `partitionN`:

    ```mlir
    tt.func @f(%a: i32) -> i32 {
      %r = ttg.warp_specialize(%a)
      default {
        ttg.warp_yield %a : i32
      }
      partition0(%x: i32) num_warps(1) {
        ttg.warp_return
      } : (i32) -> i32
      tt.return %r : i32
    }
    ```
  }];
  let regions = (region VariadicRegion<MinSizedRegion<1>>:$partitionRegions);
}

def TTG_WarpYieldOp : TTG_Op<"warp_yield", [
    Pure, Terminator, ReturnLike, HasParent<"WarpSpecializeOp">]> {
  let summary = "end of the default region of warp_specialize";
  let description = [{
    Its operands become the results of the enclosing `ttg.warp_specialize`:

    ```mlir
    tt.func @f(%a: i32) -> i32 {
      %r = ttg.warp_specialize(%a)
      default {
        ttg.warp_yield %a : i32
      }
      partition0(%x: i32) num_warps(1) {
        ttg.warp_return
      } : (i32) -> i32
      tt.return %r : i32
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^)? attr-dict (`:` type($values)^)?";
  let hasVerifier = 1;
}

def TTG_WarpReturnOp : TTG_Op<"warp_return", [
    Pure, Terminator, ReturnLike, HasParent<"WarpSpecializePartitionsOp">]> {
  let summary = "end of a partition region of warp_specialize";
  let description = [{
    Partitions return nothing:

    ```mlir
    tt.func @f(%a: i32) -> i32 {
      %r = ttg.warp_specialize(%a)
      default {
        ttg.warp_yield %a : i32
      }
      partition0(%x: i32) num_warps(1) {
        ttg.warp_return
      } : (i32) -> i32
      tt.return %r : i32
    }
    ```
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Pipeliner helpers (parsed and verified; not lowered)
//===----------------------------------------------------------------------===//

def TTG_PredicateStageOp : TTG_Op<"predicate_stage", [
    Pure, AllTypesMatch<["iv", "ub", "step"]>]> {
  let summary = "whether a pipeline stage of this iteration runs";
  let description = [{
    Triton's pipeliner emits it while it predicates the prologue and
    epilogue: true when the iteration `stage` stages behind `iv` (of
    `maxStage`) is inside the loop bounds. tile parses and verifies it; its
    own pipeliner does not emit it.

    ```mlir
    tt.func @f(%iv: i32, %ub: i32, %step: i32) -> i1 {
      %p = ttg.predicate_stage %iv, %ub, %step maxStage 2 stage 0 : i32 -> i1
      tt.return %p : i1
    }
    ```
  }];
  let arguments = (ins AnySignlessIntegerOrIndex:$iv,
                       AnySignlessIntegerOrIndex:$ub,
                       AnySignlessIntegerOrIndex:$step,
                       I32Attr:$maxStage, I32Attr:$stage);
  let results = (outs I1:$result);
  let assemblyFormat = [{
    $iv `,` $ub `,` $step `maxStage` $maxStage `stage` $stage attr-dict `:`
    type($iv) `->` type($result)
  }];
}

def TTG_MaskOp : TTG_Op<"mask", [SingleBlock]> {
  let summary = "ops that run only when a predicate holds (pipeliner)";
  let description = [{
    Triton's pipeliner wraps the ops of a stage it predicates in this op;
    `ttg.mask.return` gives its results. It has no custom syntax and prints
    in generic form, as in Triton.

    ```mlir
    tt.func @f(%p: i1, %x: i32) -> i32 {
      %r = "ttg.mask"(%p) ({
        "ttg.mask.return"(%x) : (i32) -> ()
      }) : (i1) -> i32
      tt.return %r : i32
    }
    ```
  }];
  let arguments = (ins I1:$pred);
  let results = (outs Variadic<AnyType>:$result);
  let regions = (region SizedRegion<1>:$region);
}

def TTG_MaskReturnOp : TTG_Op<"mask.return", [
    HasParent<"MaskOp">, Pure, Terminator, ReturnLike]> {
  let summary = "the results of a ttg.mask";
  let description = [{
    ```mlir
    tt.func @f(%p: i1, %x: i32) -> i32 {
      %r = "ttg.mask"(%p) ({
        ttg.mask.return %x : i32
      }) : (i1) -> i32
      tt.return %r : i32
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

#endif // TILE_DIALECTS_TTG_TTGOPS_TD
