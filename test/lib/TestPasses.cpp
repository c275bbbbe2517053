//===- TestPasses.cpp - Register tile's test-only passes ------------------===//

#include "test/lib/TestPasses.h"

namespace mlir::tile {
void registerTestAllocationPass();
void registerTestAxisInfoPass();
void registerTestLoopPeelingPass();
void registerTestTritonAliasPass();
void registerTestTritonAllocationPass();
void registerTestTritonAxisInfoPass();
void registerTestTritonMembarPass();

void registerTileTestPasses() {
  registerTestAllocationPass();
  registerTestAxisInfoPass();
  registerTestLoopPeelingPass();
  // Triton's names and output formats, for Triton's own analysis tests.
  registerTestTritonAliasPass();
  registerTestTritonAllocationPass();
  registerTestTritonAxisInfoPass();
  registerTestTritonMembarPass();
}
} // namespace mlir::tile
