//===- NVWSInterfaces.td - Interfaces of the nvws ops ------*- tablegen -*-===//

#ifndef TILE_DIALECTS_NVWS_NVWSINTERFACES_TD
#define TILE_DIALECTS_NVWS_NVWSINTERFACES_TD

include "mlir/IR/OpBase.td"

def NVWS_ArefStageInterface : OpInterface<"ArefStageInterface"> {
  let cppNamespace = "::mlir::tile::nvws";
  let description = [{
    The ops that address one stage of an aref: `nvws-assign-stage-phase`
    sets the stage operand of each.
  }];
  let methods = [
    InterfaceMethod<"The stage operand (null when unset).", "::mlir::Value",
                    "getStage">,
    InterfaceMethod<"Sets the stage operand.", "void", "setStage",
                    (ins "::mlir::Value":$stage)>,
  ];
}

#endif // TILE_DIALECTS_NVWS_NVWSINTERFACES_TD
