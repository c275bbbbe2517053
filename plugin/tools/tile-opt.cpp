//===- tile-opt.cpp - mlir-opt with tile built in -------------------------===//
//
// Registers everything before MlirOptMain builds its flags, so tile's passes
// are plain flags here (`tile-opt --tile-to-llvm k.mlir`).
//
//===----------------------------------------------------------------------===//

#include "plugin/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::tile::registerTilePasses();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::tile::registerTileDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tile optimizer driver\n", registry));
}
