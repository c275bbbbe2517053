//===- AttachLoopAnnotations.cpp - Loop metadata onto LLVM branches -------===//
//
// tile-attach-loop-annotations: an `llvm.loop_annotation` that a loop's
// latch branch carries as a discardable attribute (where convert-scf-to-cf
// puts it) becomes the branch's own `loop_annotation`, the one the LLVM IR
// translation emits as !llvm.loop metadata.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_ATTACHLOOPANNOTATIONSPASS
#include "passes/conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;

namespace {
/// The discardable attribute convert-scf-to-cf copies from the loop.
constexpr StringLiteral kDiscardableName = "llvm.loop_annotation";

/// Moves `branch`'s discardable loop annotation into its own, unless it
/// has one already.
template <typename BranchOp>
void attach(BranchOp branch) {
  auto annotation = dyn_cast_if_present<LLVM::LoopAnnotationAttr>(
      branch->getDiscardableAttr(kDiscardableName));
  if (!annotation)
    return;
  branch->removeDiscardableAttr(kDiscardableName);
  if (!branch.getLoopAnnotationAttr())
    branch.setLoopAnnotationAttr(annotation);
}

struct AttachLoopAnnotationsPass
    : public tile::impl::AttachLoopAnnotationsPassBase<
          AttachLoopAnnotationsPass> {
  void runOnOperation() override {
    getOperation().walk([](Operation *op) {
      if (auto branch = dyn_cast<LLVM::BrOp>(op))
        attach(branch);
      else if (auto branch = dyn_cast<LLVM::CondBrOp>(op))
        attach(branch);
    });
  }
};
} // namespace
