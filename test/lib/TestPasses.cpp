//===- TestPasses.cpp - Register tile's test-only passes ------------------===//

#include "test/lib/TestPasses.h"

namespace mlir::tile {
void registerTestAxisInfoPass();

void registerTileTestPasses() { registerTestAxisInfoPass(); }
} // namespace mlir::tile
