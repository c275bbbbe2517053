#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "passes/ttg/Passes.h"
namespace mlir::tile {
#define GEN_PASS_DEF_TTGOPTIMIZETHREADLOCALITYPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile
using namespace mlir;
using namespace mlir::tile;
namespace {
struct TTGOptimizeThreadLocalityPass
    : public tile::impl::TTGOptimizeThreadLocalityPassBase<
          TTGOptimizeThreadLocalityPass> {
  using Base::Base;
  void runOnOperation() override {}
};
} // namespace
