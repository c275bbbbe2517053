//===- Registration.h - What tile registers ---------------------*- C++ -*-===//
//
// The one place that lists tile's dialects and passes. libtile.so, tile-opt
// and tile-lsp-server all call these, so they cannot disagree on what exists.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PLUGIN_REGISTRATION_H
#define TILE_PLUGIN_REGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::tile {
/// Adds tile's dialects (tt, ...) and the upstream extensions they need.
void registerTileDialects(DialectRegistry &registry);

/// Registers tile's passes and pipelines; safe to call more than once.
void registerTilePasses();
} // namespace mlir::tile

#endif // TILE_PLUGIN_REGISTRATION_H
