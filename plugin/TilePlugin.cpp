//===- TilePlugin.cpp - Entry points of libtile.so ------------------------===//
//
// The two entry points stock mlir-opt looks for, plus `--tile-to-llvm`:
// mlir-opt builds its pass flags before it loads plugins, so a plugin's
// passes are only reachable through -p. The cl::opt below exists once the
// plugin is loaded (it must come after --load-dialect-plugin on the command
// line) and forwards to `-p 'builtin.module(tile-to-llvm{...})'`.
//
//===----------------------------------------------------------------------===//

#include "plugin/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;

namespace {
/// `--tile-to-llvm` or `--tile-to-llvm='target=cuda:80 num-warps=8'`.
llvm::cl::opt<std::string> tileToLLVMAlias(
    "tile-to-llvm", llvm::cl::ValueOptional,
    llvm::cl::value_desc("pass options"),
    llvm::cl::desc("Run tile-to-llvm (alias of -p "
                   "'builtin.module(tile-to-llvm{...})', added by libtile.so)"),
    llvm::cl::callback([](const std::string &options) {
      auto &registered = llvm::cl::getRegisteredOptions();
      auto it = registered.find("pass-pipeline");
      if (it == registered.end())
        return;
      std::string pipeline = "builtin.module(tile-to-llvm";
      if (!options.empty())
        pipeline += "{" + options + "}";
      pipeline += ")";
      it->second->addOccurrence(/*pos=*/0, "pass-pipeline", pipeline);
    }));
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "tile", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            tile::registerTileDialects(*registry);
            tile::registerTilePasses();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "tile", LLVM_VERSION_STRING,
          [] { tile::registerTilePasses(); }};
}
