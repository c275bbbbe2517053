//===- TTNGAttrs.td - Attributes of ttng -------------------*- tablegen -*-===//
//
// Blackwell's tensor memory (TMEM): its memory space and the two encodings a
// `!ttg.memdesc` in it carries, printed as Triton 3.6 prints them.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_TTNGATTRS_TD
#define TILE_DIALECTS_TTG_TTNGATTRS_TD

include "mlir/IR/AttrTypeBase.td"
include "dialects/ttg/TTGDialect.td"

class TTNG_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TTNG_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def TTNG_TensorMemorySpaceAttr
    : TTNG_Attr<"TensorMemorySpace", "tensor_memory"> {
  let summary = "the tensor-memory (TMEM) address space of a memdesc";
  let description = [{
    TMEM is sm_100's per-SM accumulator memory: 128 rows (lanes) of 512
    32-bit columns, reached only by tcgen05 instructions.

    ```mlir
    #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
    tt.func @f(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
      tt.return
    }
    ```
  }];
}

def TTNG_TensorMemoryEncodingAttr
    : TTNG_Attr<"TensorMemoryEncoding", "tensor_memory_encoding"> {
  let summary = "how a tensor is laid out in TMEM's rows and columns";
  let description = [{
    The tensor is cut into `blockM` x `blockN` blocks (blockM 64 or 128
    rows); blocks go along M first, then N. `colStride` is the distance in
    elements between neighbours of a row (1: packed; 2 or 4: one element per
    32-bit column for 16- and 8-bit types). `CTASplitM`/`CTASplitN` split the
    tensor over a cluster's CTAs and `twoCTAs` marks a `cta_group::2` layout;
    parameters at their default are not printed.

    ```mlir
    #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 256, colStride = 2>
    tt.func @f(%m: !ttg.memdesc<128x256xf16, #tmem, #ttng.tensor_memory, mutable>) {
      tt.return
    }
    ```
  }];
  let parameters = (ins "unsigned":$blockM, "unsigned":$blockN,
                        "unsigned":$colStride,
                        DefaultValuedParameter<"unsigned", "1">:$CTASplitM,
                        DefaultValuedParameter<"unsigned", "1">:$CTASplitN,
                        DefaultValuedParameter<"bool", "false">:$twoCTAs);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def TTNG_TensorMemoryScalesEncodingAttr
    : TTNG_Attr<"TensorMemoryScalesEncoding", "tensor_memory_scales_encoding"> {
  let summary = "the block-scale layout of TMEM that tcgen05.mma reads";
  let description = [{
    Scale factors of a block-scaled MMA sit in TMEM as 32-row x 4-column
    chunks of bytes, each repeated for the four warps' row quarters. The
    memdesc's shape is the logical (M or N) x (K / scale block) one.

    ```mlir
    #tmem_scales = #ttng.tensor_memory_scales_encoding<>
    tt.func @f(%m: !ttg.memdesc<128x8xi8, #tmem_scales, #ttng.tensor_memory, mutable>) {
      tt.return
    }
    ```
  }];
  let parameters = (ins DefaultValuedParameter<"unsigned", "1">:$CTASplitM,
                        DefaultValuedParameter<"unsigned", "1">:$CTASplitN);
  let assemblyFormat = "`<` struct(params) `>`";
}

#endif // TILE_DIALECTS_TTG_TTNGATTRS_TD
