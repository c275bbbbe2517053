//===- TTGAttrs.td - Layout encodings of ttg ---------------*- tablegen -*-===//
//
// The distributed (register) and shared-memory encodings of Triton 3.6. Each
// has a custom `<{key = value, ...}>` syntax that prints exactly as Triton's
// and implements LayoutEncodingAttrInterface: its meaning is the linear
// layout EncodingToLinearLayout.cpp gives it.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_TTGATTRS_TD
#define TILE_DIALECTS_TTG_TTGATTRS_TD

include "mlir/IR/AttrTypeBase.td"
include "dialects/ttg/TTGDialect.td"
include "dialects/ttg/TTGAttrInterfaces.td"

class TTG_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TTG_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

// A CGA layout (multi-CTA clusters): one basis vector of `rank` entries per
// power-of-two block id, flattened; empty when trivial (one CTA).
defvar TTG_CGALayoutParameter = ArrayRefParameter<"unsigned",
    "CGA layout bases, flattened; empty when trivial">;

//===----------------------------------------------------------------------===//
// Distributed encodings
//===----------------------------------------------------------------------===//

def TTG_BlockedEncodingAttr : TTG_Attr<"BlockedEncoding", "blocked", [
    DeclareAttrInterfaceMethods<TTG_LayoutEncodingAttrInterface>,
    TTG_DistributedEncodingTrait]> {
  let summary = "each thread owns a block of contiguous elements";
  let description = [{
    The tensor is tiled: a thread holds `sizePerThread` contiguous elements
    per dimension, `threadsPerWarp` threads and `warpsPerCTA` warps tile the
    next levels, and the pattern repeats to cover the shape (or is
    broadcast when the shape is smaller). `order` lists dimensions fastest
    first. `CGALayout` appears only for multi-CTA clusters.

    ```mlir
    #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
    module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
      tt.func @f(%x: tensor<64x64xf16, #blocked>) {
        tt.return
      }
    }
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$sizePerThread,
                        ArrayRefParameter<"unsigned">:$threadsPerWarp,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$order,
                        TTG_CGALayoutParameter:$cgaLayout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_SliceEncodingAttr : TTG_Attr<"SliceEncoding", "slice", [
    DeclareAttrInterfaceMethods<TTG_LayoutEncodingAttrInterface>,
    TTG_DistributedEncodingTrait]> {
  let summary = "a distributed layout with one dimension squeezed out";
  let description = [{
    The parent layout with dimension `dim` removed: every thread that held
    any element of the removed dimension holds the result element. It is
    the layout of a `tt.reduce` result and of a `tt.expand_dims` operand.

    ```mlir
    #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
    module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
      tt.func @f(%x: tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) {
        tt.return
      }
    }
    ```
  }];
  let parameters = (ins "unsigned":$dim, "::mlir::Attribute":$parent);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_NvidiaMmaEncodingAttr : TTG_Attr<"NvidiaMmaEncoding", "nvidia_mma", [
    DeclareAttrInterfaceMethods<TTG_LayoutEncodingAttrInterface>,
    TTG_DistributedEncodingTrait]> {
  let summary = "accumulator layout of mma.sync (v2) or wgmma (v3)";
  let description = [{
    Version 2 is the accumulator of `mma.sync.m16n8k*` (instrShape [16, 8]);
    version 3 of Hopper's `wgmma.m64nNk*` ([16, N, K] per warp). Warps tile
    the tensor as `warpsPerCTA` says.

    ```mlir
    #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
    module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
      tt.func @f(%acc: tensor<128x128xf32, #mma>) {
        tt.return
      }
    }
    ```
  }];
  let parameters = (ins "unsigned":$versionMajor, "unsigned":$versionMinor,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        TTG_CGALayoutParameter:$cgaLayout,
                        ArrayRefParameter<"unsigned">:$instrShape);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isAmpere() const { return getVersionMajor() == 2; }
    bool isHopper() const { return getVersionMajor() == 3; }
  }];
}

def TTG_DotOperandEncodingAttr : TTG_Attr<"DotOperandEncoding", "dot_op", [
    DeclareAttrInterfaceMethods<TTG_LayoutEncodingAttrInterface>,
    TTG_DistributedEncodingTrait]> {
  let summary = "layout of an A (opIdx 0) or B (opIdx 1) operand of tt.dot";
  let description = [{
    The operand layout the dot with result layout `parent` consumes. For an
    mma parent, `kWidth` is the number of consecutive K elements a thread
    holds per register group (2 for f16 with mma.sync); it is 0 and omitted
    for a blocked parent (FMA dot).

    ```mlir
    #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
    module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
      tt.func @f(%a: tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>) {
        tt.return
      }
    }
    ```
  }];
  let parameters = (ins "unsigned":$opIdx, "::mlir::Attribute":$parent,
                        "unsigned":$kWidth);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_LinearEncodingAttr : TTG_Attr<"LinearEncoding", "linear", [
    DeclareAttrInterfaceMethods<TTG_LayoutEncodingAttrInterface>,
    TTG_DistributedEncodingTrait]> {
  let summary = "a distributed layout given directly as a linear layout";
  let description = [{
    The bases of the linear layout from (register, lane, warp, block) to the
    tensor's dimensions: entry i of `lane` is the coordinate held by lane
    2^i (register 0, warp 0); others are XORs of bases.

    ```mlir
    #linear = #ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
    module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
      tt.func @f(%x: tensor<64x8xf32, #linear>) {
        tt.return
      }
    }
    ```
  }];
  let parameters = (ins "unsigned":$tensorRank,
                        ArrayRefParameter<"int32_t">:$registerBases,
                        ArrayRefParameter<"int32_t">:$laneBases,
                        ArrayRefParameter<"int32_t">:$warpBases,
                        ArrayRefParameter<"int32_t">:$blockBases);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Shared-memory encodings
//===----------------------------------------------------------------------===//

def TTG_SwizzledSharedEncodingAttr
    : TTG_Attr<"SwizzledSharedEncoding", "swizzled_shared", [
    DeclareAttrInterfaceMethods<TTG_LayoutEncodingAttrInterface>,
    TTG_SharedEncodingTrait]> {
  let summary = "row-major shared memory with an XOR swizzle";
  let description = [{
    Element (r, c) of a 2-D tile (c along `order[0]`) is stored in row r at
    column `((c / vec) ^ ((r / perPhase) % maxPhase)) * vec + c % vec`.
    `vec = perPhase = maxPhase = 1` is unswizzled.

    ```mlir
    #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    #smem = #ttg.shared_memory
    tt.func @f(%m: !ttg.memdesc<128x32xf16, #shared, #smem>) {
      tt.return
    }
    ```
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase,
                        "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order,
                        TTG_CGALayoutParameter:$cgaLayout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_NVMMASharedEncodingAttr
    : TTG_Attr<"NVMMASharedEncoding", "nvmma_shared", [
    DeclareAttrInterfaceMethods<TTG_LayoutEncodingAttrInterface>,
    TTG_SharedEncodingTrait]> {
  let summary = "the wgmma/TMA shared-memory layout (32/64/128-byte swizzle)";
  let description = [{
    PTX's canonical layout for wgmma operands and TMA: rows of
    `swizzlingByteWidth` bytes whose 16-byte chunks are XOR-swizzled by the
    row index. `transposed` means the contiguous dimension is the outer one.

    ```mlir
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    #smem = #ttg.shared_memory
    tt.func @f(%m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
      tt.return
    }
    ```
  }];
  let parameters = (ins "unsigned":$swizzlingByteWidth, "bool":$transposed,
                        "unsigned":$elementBitWidth, "bool":$fp4Padded,
                        "unsigned":$tensorRank,
                        TTG_CGALayoutParameter:$cgaLayout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_SharedMemorySpaceAttr : TTG_Attr<"SharedMemorySpace", "shared_memory"> {
  let summary = "the shared-memory address space of a memdesc";
  let description = [{
    ```mlir
    #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
    tt.func @f(%m: !ttg.memdesc<64xf32, #shared, #ttg.shared_memory, mutable>) {
      tt.return
    }
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Encodings tile parses, prints and verifies but does not lower
//===----------------------------------------------------------------------===//

def TTG_AMDMfmaEncodingAttr : TTG_Attr<"AMDMfmaEncoding", "amd_mfma", [
    DeclareAttrInterfaceMethods<TTG_LayoutEncodingAttrInterface>,
    TTG_DistributedEncodingTrait]> {
  let summary = "accumulator layout of AMD's MFMA instructions (parse only)";
  let description = [{
    The result layout of an AMD MFMA (CDNA) dot: `instrShape` is [M, N, K]
    of one instruction, warps tile the tensor as `warpsPerCTA` says.
    tile targets NVIDIA GPUs: it reads, prints and verifies this encoding
    as Triton does so that Triton's IR loads, but gives it no linear layout;
    passes and the lowering refuse it with a diagnostic.

    ```mlir
    #mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
    tt.func @f(%x: tensor<64x64xf32, #mfma>) {
      tt.return
    }
    ```
  }];
  let parameters = (ins "unsigned":$version,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$instrShape,
                        "bool":$isTransposed,
                        TTG_CGALayoutParameter:$cgaLayout,
                        ArrayRefParameter<"unsigned">:$tilesPerWarp,
                        "unsigned":$elementBitWidth);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_AMDWmmaEncodingAttr : TTG_Attr<"AMDWmmaEncoding", "amd_wmma", [
    DeclareAttrInterfaceMethods<TTG_LayoutEncodingAttrInterface>,
    TTG_DistributedEncodingTrait]> {
  let summary = "accumulator layout of AMD's WMMA instructions (parse only)";
  let description = [{
    The result layout of an AMD WMMA (RDNA) dot; `instrShape` defaults to
    [16, 16, 16]. Parsed, printed and verified as Triton does; tile gives it
    no linear layout and refuses it wherever one is needed.

    ```mlir
    #wmma = #ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2]}>
    tt.func @f(%x: tensor<64x64xf32, #wmma>) {
      tt.return
    }
    ```
  }];
  let parameters = (ins "unsigned":$version, "bool":$isTransposed,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$tilesPerWarp,
                        TTG_CGALayoutParameter:$cgaLayout,
                        ArrayRefParameter<"unsigned">:$instrShape);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_PaddedSharedEncodingAttr
    : TTG_Attr<"PaddedSharedEncoding", "padded_shared", [
    DeclareAttrInterfaceMethods<TTG_LayoutEncodingAttrInterface>,
    TTG_SharedEncodingTrait]> {
  let summary = "shared memory with padding inserted after fixed intervals";
  let description = [{
    `[I0:+P0, I1:+P1, ...]`: after every `Ik` elements `Pk` padding elements
    follow (the pairs add up). The dictionary gives the linear map from the
    unpadded offset (and block) to the tensor's coordinates, either as bases
    (`offset = [[...]], block = [...]`) or, for the identity map of a shape
    in an order, as `order = [...], shape = [...]`.

    The padding is not a linear map, so tile has no layout for this
    encoding: anything that would need one (the shared-memory lowering,
    layout-aware passes) refuses it with a diagnostic.

    ```mlir
    #padded = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 32]}>
    #smem = #ttg.shared_memory
    tt.func @f(%m: !ttg.memdesc<64x32xf16, #padded, #smem>) {
      tt.return
    }
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$intervals,
                        ArrayRefParameter<"unsigned">:$paddings,
                        "unsigned":$tensorRank,
                        ArrayRefParameter<"int32_t">:$offsetBases,
                        ArrayRefParameter<"int32_t">:$blockBases);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_SharedLinearEncodingAttr
    : TTG_Attr<"SharedLinearEncoding", "shared_linear", [
    DeclareAttrInterfaceMethods<TTG_LayoutEncodingAttrInterface>,
    TTG_SharedEncodingTrait]> {
  let summary = "a shared-memory layout given directly as a linear layout";
  let description = [{
    Entry i of `offset` is the tensor coordinate stored at offset 2^i (in
    elements); `block` (omitted when empty) likewise for the CTAs of a
    cluster. `alignment` is the byte alignment the buffer needs. The layout
    must reach every element once (zero bases aside); it describes exactly
    the shape its bases span.

    ```mlir
    #sl = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]]}, alignment = 16>
    #smem = #ttg.shared_memory
    tt.func @f(%m: !ttg.memdesc<4x4xf32, #sl, #smem>) {
      tt.return
    }
    ```
  }];
  let parameters = (ins "unsigned":$tensorRank,
                        ArrayRefParameter<"int32_t">:$offsetBases,
                        ArrayRefParameter<"int32_t">:$blockBases,
                        "unsigned":$alignment);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // TILE_DIALECTS_TTG_TTGATTRS_TD
