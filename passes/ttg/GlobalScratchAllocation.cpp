//===- GlobalScratchAllocation.cpp - Offsets of global scratch buffers ----===//
//
// tritongpu-global-scratch-memory-allocation: each program gets one slice of
// a global scratch area the launcher allocates; every
// ttg.global_scratch_alloc (and every call of a function that needs some)
// gets its byte offset in that slice. Buffers are laid out one after the
// other, without reuse: the slice is per program and rarely large.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/Scratch.h"
#include "passes/ttg/Passes.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TTGGLOBALSCRATCHALLOCATIONPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
constexpr StringLiteral kSizeAttr = kGlobalScratchSizeAttrName;
constexpr StringLiteral kAlignmentAttr = kGlobalScratchAlignmentAttrName;
constexpr StringLiteral kOffsetAttr = kGlobalScratchOffsetAttrName;

/// Lays out the global scratch of `func` after that of every function it
/// calls, recording offsets, size and alignment. `active` holds the
/// functions being laid out, to refuse recursion.
LogicalResult allocateFunction(tt::FuncOp func, ModuleOp module,
                               llvm::SetVector<Operation *> &active) {
  // A function laid out already (an earlier run, a dump of Triton's) keeps
  // its layout; its callers read both attributes.
  if (func->hasAttr(kSizeAttr) || func->hasAttr(kAlignmentAttr)) {
    for (StringLiteral name : {kSizeAttr, kAlignmentAttr})
      if (!func->getAttrOfType<IntegerAttr>(name))
        return func.emitOpError("has a global scratch layout without an "
                                "integer '")
               << name << "'; a laid-out function needs both '" << kSizeAttr
               << "' and '" << kAlignmentAttr << "'";
    return success();
  }
  if (!active.insert(func))
    return func.emitOpError("is called recursively; its global scratch "
                            "cannot be laid out");
  WalkResult callees = func.walk([&](tt::CallOp call) {
    auto callee = module.lookupSymbol<tt::FuncOp>(call.getCallee());
    if (callee && failed(allocateFunction(callee, module, active)))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (callees.wasInterrupted())
    return failure();
  active.remove(func);

  Builder builder(func.getContext());
  int64_t offset = 0;
  int64_t largestAlignment = 1;
  func.walk<WalkOrder::PostOrder>([&](Operation *op) {
    int64_t bytes = 0, alignment = 1;
    if (auto alloc = dyn_cast<ttg::GlobalScratchAllocOp>(op)) {
      bytes = alloc.getNbytes();
      alignment = alloc.getAlignment();
    } else if (auto call = dyn_cast<tt::CallOp>(op)) {
      auto callee = module.lookupSymbol<tt::FuncOp>(call.getCallee());
      if (!callee)
        return;
      bytes = callee->getAttrOfType<IntegerAttr>(kSizeAttr).getInt();
      alignment = callee->getAttrOfType<IntegerAttr>(kAlignmentAttr).getInt();
    }
    if (bytes <= 0)
      return;
    alignment = std::max<int64_t>(alignment, 1);
    offset = llvm::alignTo(offset, alignment);
    op->setAttr(kOffsetAttr, builder.getI32IntegerAttr(offset));
    offset += bytes;
    largestAlignment = std::max(largestAlignment, alignment);
  });
  func->setAttr(kSizeAttr, builder.getI32IntegerAttr(
                               llvm::alignTo(offset, largestAlignment)));
  func->setAttr(kAlignmentAttr, builder.getI32IntegerAttr(largestAlignment));
  return success();
}

struct TTGGlobalScratchAllocationPass
    : public tile::impl::TTGGlobalScratchAllocationPassBase<
          TTGGlobalScratchAllocationPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::SetVector<Operation *> active;
    for (auto func : module.getOps<tt::FuncOp>()) {
      if (failed(allocateFunction(func, module, active)))
        return signalPassFailure();
      // The kernel's needs are the program's.
      if (func.isPublic()) {
        module->setAttr(kSizeAttr, func->getAttr(kSizeAttr));
        module->setAttr(kAlignmentAttr, func->getAttr(kAlignmentAttr));
      }
    }
  }
};
} // namespace
