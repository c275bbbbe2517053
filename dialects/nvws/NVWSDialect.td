//===- NVWSDialect.td - The nvws dialect, its attributes and types -*- tablegen -*-===//
//
// `nvws` (NVIDIA warp specialization): Triton 3.6's dialect of asynchronous
// references (arefs) between warp-specialized partitions and of warp groups
// before they become `ttg.warp_specialize`. Names, printed forms and
// verifier messages as Triton 3.6 has them.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_NVWS_NVWSDIALECT_TD
#define TILE_DIALECTS_NVWS_NVWSDIALECT_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"

def NVWS_Dialect : Dialect {
  let name = "nvws";
  let cppNamespace = "::mlir::tile::nvws";
  let summary = "warp specialization: arefs and warp groups";
  let description = [{
    Triton's intermediate dialect for automatic warp specialization. An
    `!nvws.aref` wraps multi-buffered memory shared by a producer and a
    consumer partition; `aref.put.enter`/`aref.put.exit` and
    `aref.get.enter`/`aref.get.exit` bracket the producer's writes and the
    consumer's reads of one stage. `nvws.warp_group` holds one region per
    group of warps and becomes `ttg.warp_specialize`
    (`nvws-lower-warp-group`).
  }];
  let dependentDialects = [
    "::mlir::tile::tt::TTDialect",
    "::mlir::tile::ttg::TTGDialect",
  ];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let usePropertiesForAttributes = 1;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

// `#nvws.type_array<[...]>`: the buffer types an aref wraps.
def NVWS_TypeArray
    : ArrayOfAttr<NVWS_Dialect, "TypeArray", "type_array", "Type">;
def NVWS_IntArray : ArrayOfAttr<NVWS_Dialect, "IntArray", "int_array", "int">;

// How the producer of a token-guarded buffer fills it (printed as an i32).
def NVWS_TokenLoadTypeAttr : I32EnumAttr<"TokenLoadType",
    "how a token's buffers are filled", [
  I32EnumAttrCase<"None", 0, "none">,
  I32EnumAttrCase<"AsyncLoadOp", 1, "asyncLoadOp">,
  I32EnumAttrCase<"TMALoadOp", 2, "tmaLoadOp">,
  I32EnumAttrCase<"LocalStoreOp", 3, "localStoreOp">,
  I32EnumAttrCase<"TmemLoadOp", 4, "TmemLoadOp">,
]> {
  let cppNamespace = "::mlir::tile::nvws";
}

// The asynchronous unit that last touches an aref stage before its exit;
// the aref lowering decides from it how the exit signals completion.
def NVWS_AsyncOp : I32EnumAttr<"AsyncOp",
    "asynchronous unit that uses an aref stage", [
  I32EnumAttrCase<"NONE", 0, "none">,
  I32EnumAttrCase<"TMALoad", 1, "tma_load">,
  I32EnumAttrCase<"TC5MMA", 2, "tc5mma">,
  I32EnumAttrCase<"TMEMCopy", 3, "tmem_copy">,
  I32EnumAttrCase<"CpAsync", 4, "cp_async">,
  I32EnumAttrCase<"WGMMA", 5, "wgmma">,
]> {
  let cppNamespace = "::mlir::tile::nvws";
  let genSpecializedAttr = 0;
}

def NVWS_AsyncOpEnum : EnumAttr<NVWS_Dialect, NVWS_AsyncOp, "async_op"> {
  let assemblyFormat = "`<` $value `>`";
}

def NVWS_AsyncOpArrayAttr
    : TypedArrayAttrBase<NVWS_AsyncOpEnum, "array of async op attributes">;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class NVWS_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<NVWS_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def NVWS_ArefType : NVWS_TypeDef<"Aref", "aref"> {
  let summary = "asynchronous reference to multi-buffered values";
  let description = [{
    Wraps one or more buffers whose leading dimension is the stage: a
    producer partition fills a stage between `aref.put.enter` and
    `aref.put.exit`, a consumer reads it between `aref.get.enter` and
    `aref.get.exit`, and the lowering inserts the barriers that order them.

    ```mlir
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
    #smem = #ttg.shared_memory
    tt.func @f(%a: !nvws.aref<[!ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>]>) {
      tt.return
    }
    ```
  }];
  let parameters = (ins "TypeArrayAttr":$baseType);
  let assemblyFormat = "`<` $baseType `>`";
}

def NVWS_TokenType : NVWS_TypeDef<"Token", "token"> {
  let summary = "synchronization token of a producer/consumer channel";
  let description = [{
    Element type of the tensor `nvws.create_token` makes: one token per
    buffer of the channel.

    ```mlir
    tt.func @f(%t: tensor<2x!nvws.token>) {
      tt.return
    }
    ```
  }];
}

#endif // TILE_DIALECTS_NVWS_NVWSDIALECT_TD
