//===- Registration.cpp - What tile registers -----------------------------===//

#include "plugin/Registration.h"

#include "dialects/nvg/NVGDialect.h"
#include "dialects/nvws/NVWSDialect.h"
#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"
#include "passes/conversion/Passes.h"
#include "passes/nvws/Passes.h"
#include "passes/tt/Passes.h"
#include "passes/ttg/Passes.h"
#include "pipelines/Pipelines.h"
#ifdef TILE_INCLUDE_TESTS
#include "test/lib/TestPasses.h"
#endif

#include "mlir/IR/DialectRegistry.h"

#include <mutex>

void mlir::tile::registerTileDialects(DialectRegistry &registry) {
  registry.insert<tt::TTDialect, ttg::TTGDialect, ttng::TTNGDialect,
                  nvg::NVGDialect, nvws::NVWSDialect>();
}

void mlir::tile::registerTilePasses() {
  // mlir-opt may load the same .so through both plugin flags; pass
  // registration must happen once.
  static std::once_flag once;
  std::call_once(once, [] {
    registerTileTTPasses();
    registerTileConversionPasses();
    registerTileTTGPasses();
    registerTileNVWSPasses();
#ifdef TILE_INCLUDE_TESTS
    registerTileTestPasses();
#endif
    registerPipelines();
  });
}
