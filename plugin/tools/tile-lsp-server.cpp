//===- tile-lsp-server.cpp - MLIR language server with tile ---------------===//
//
// Stock mlir-lsp-server cannot load plugins; this one knows tile's dialects.
//
//===----------------------------------------------------------------------===//

#include "plugin/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::tile::registerTileDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
