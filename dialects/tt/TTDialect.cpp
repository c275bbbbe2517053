//===- TTDialect.cpp - The tt dialect -------------------------------------===//
//
// Registers tt's types, operations and inliner interface, and materializes
// folded constants.
//
//===----------------------------------------------------------------------===//

#include "dialects/tt/TTDialect.h"
#include "dialects/tt/TTLayoutInterface.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::tile::tt;

#include "dialects/tt/TTOpsDialect.cpp.inc"
#include "dialects/tt/TTOpsEnums.cpp.inc"

namespace {
/// Lets the `inline` pass inline `tt.call`s, as Triton's TTIR pipeline does
/// before anything else: every function is inlined except one marked
/// `noinline = true` (tl.jit(noinline=True)), which stays a call down to
/// LLVM.
struct TTInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const final {
    auto func = dyn_cast<FuncOp>(callable);
    if (!func)
      return true;
    auto noinline = func->getAttrOfType<BoolAttr>("noinline");
    return !noinline || !noinline.getValue();
  }

  bool isLegalToInline(Region *dest, Region *src, bool wouldBeCloned,
                       IRMapping &mapping) const final {
    return true;
  }

  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &mapping) const final {
    return true;
  }

  /// A `tt.return` of a callee with several blocks becomes a branch to the
  /// block after the call.
  void handleTerminator(Operation *op, Block *newDest) const final {
    auto ret = dyn_cast<ReturnOp>(op);
    if (!ret)
      return;
    OpBuilder builder(op);
    cf::BranchOp::create(builder, op->getLoc(), newDest, ret.getOperands());
    op->erase();
  }

  /// A single-block callee's `tt.return` hands its operands to the call's
  /// users.
  void handleTerminator(Operation *op, ValueRange valuesToReplace) const final {
    auto ret = cast<ReturnOp>(op);
    for (auto [result, value] : llvm::zip(valuesToReplace, ret.getOperands()))
      result.replaceAllUsesWith(value);
  }
};
} // namespace

void TTDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "dialects/tt/TTOps.cpp.inc"
      >();
  addInterfaces<TTInlinerInterface>();
}

Operation *TTDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                          Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

const LayoutInferenceInterface *
mlir::tile::tt::getLayoutInterface(Attribute encoding) {
  if (!encoding)
    return nullptr;
  return dyn_cast<LayoutInferenceInterface>(&encoding.getDialect());
}
