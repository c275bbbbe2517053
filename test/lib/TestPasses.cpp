//===- TestPasses.cpp - Register tile's test-only passes ------------------===//

#include "test/lib/TestPasses.h"

namespace mlir::tile {
void registerTestAllocationPass();
void registerTestAxisInfoPass();

void registerTileTestPasses() {
  registerTestAllocationPass();
  registerTestAxisInfoPass();
}
} // namespace mlir::tile
