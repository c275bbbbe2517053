//===- TTInliner.h - Inlining tt, ttg and ttng ops --------------*- C++ -*-===//
//
// The inliner interfaces of tile's dialects: every op may be inlined
// anywhere, as in Triton (whose `inline` pass in make_ttir folds helper
// functions into the kernel, warp-specialized partitions included).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TT_TTINLINER_H
#define TILE_DIALECTS_TT_TTINLINER_H

#include "mlir/Transforms/InliningUtils.h"

namespace mlir::tile::tt {
/// The interface of a dialect whose ops, and regions, are all legal to
/// inline into and out of (ttg, ttng).
struct OpsInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const override {
    return true;
  }
  bool isLegalToInline(Region *dest, Region *src, bool wouldBeCloned,
                       IRMapping &mapping) const override {
    return true;
  }
  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &mapping) const override {
    return true;
  }
};

/// tt's interface: tt.func bodies inline at tt.call sites (unless the
/// function says `noinline = true`), their tt.return becoming the call's
/// results (or a branch, for a multi-block body).
struct TTInlinerInterface : public OpsInlinerInterface {
  using OpsInlinerInterface::OpsInlinerInterface;
  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const override;
  void handleTerminator(Operation *op, Block *newDest) const override;
  void handleTerminator(Operation *op,
                        ValueRange valuesToReplace) const override;
};
} // namespace mlir::tile::tt

#endif // TILE_DIALECTS_TT_TTINLINER_H
