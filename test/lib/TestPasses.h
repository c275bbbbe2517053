//===- TestPasses.h - tile's test-only passes -------------------*- C++ -*-===//
//
// Passes that exist only to make analyses visible to lit tests: they print
// what an analysis computed as remarks that `-verify-diagnostics` checks.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TEST_LIB_TESTPASSES_H
#define TILE_TEST_LIB_TESTPASSES_H

namespace mlir::tile {
/// Registers test-tile-print-axis-info and the other test passes.
void registerTileTestPasses();
} // namespace mlir::tile

#endif // TILE_TEST_LIB_TESTPASSES_H
