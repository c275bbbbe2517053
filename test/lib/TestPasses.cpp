//===- TestPasses.cpp - Register tile's test-only passes ------------------===//

#include "test/lib/TestPasses.h"

namespace mlir::tile {
void registerTestAllocationPass();
void registerTestAxisInfoPass();
void registerTestLoopPeelingPass();

void registerTileTestPasses() {
  registerTestAllocationPass();
  registerTestAxisInfoPass();
  registerTestLoopPeelingPass();
}
} // namespace mlir::tile
