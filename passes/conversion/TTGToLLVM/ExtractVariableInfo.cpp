//===- ExtractVariableInfo.cpp - Source variables for the debugger --------===//
//
// extract-variable-info: an op whose location names the value it defines
// (a NameLoc, as Triton's front end gives the values of named Python
// variables) gets an llvm.intr.dbg.value right after it, describing its
// first result as a local variable of that name in its function's
// DISubprogram (enable-line-info makes those). The variable's type is a
// basic DWARF type for the result's LLVM type.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/BinaryFormat/Dwarf.h"

namespace mlir::tile {
#define GEN_PASS_DEF_EXTRACTVARIABLEINFOPASS
#include "passes/conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;

namespace {
/// The DWARF basic type of a value of `type`, as Triton names them:
/// bool, int, half, float, double, a vector's total bits as "vector", and
/// "unknown_type" of no size for the rest.
LLVM::DITypeAttr getDebugType(MLIRContext *context, Type type) {
  auto basic = [&](StringRef name, uint64_t bits, unsigned encoding) {
    return LLVM::DIBasicTypeAttr::get(context, llvm::dwarf::DW_TAG_base_type,
                                      name, bits, encoding);
  };
  if (type.isInteger(1))
    return basic("bool", 1, llvm::dwarf::DW_ATE_boolean);
  if (type.isInteger())
    return basic("int", type.getIntOrFloatBitWidth(),
                 llvm::dwarf::DW_ATE_signed);
  if (type.isF16())
    return basic("half", 16, llvm::dwarf::DW_ATE_float);
  if (type.isF32())
    return basic("float", 32, llvm::dwarf::DW_ATE_float);
  if (type.isF64())
    return basic("double", 64, llvm::dwarf::DW_ATE_float);
  if (auto vector = dyn_cast<VectorType>(type);
      vector && vector.getElementType().isIntOrFloat())
    return basic("vector",
                 vector.getNumElements() *
                     vector.getElementType().getIntOrFloatBitWidth(),
                 llvm::dwarf::DW_ATE_float);
  return basic("unknown_type", 0, llvm::dwarf::DW_ATE_signed);
}

/// The name `loc` gives its op's value and where the value is defined:
/// a NameLoc, bare or as the one location a scope (enable-line-info's
/// lexical block) wraps; the defining location keeps the scope.
std::optional<std::pair<StringAttr, Location>> getNamedValue(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return std::make_pair(name.getName(), name.getChildLoc());
  auto fused = dyn_cast<FusedLoc>(loc);
  if (!fused || fused.getLocations().size() != 1)
    return std::nullopt;
  auto name = dyn_cast<NameLoc>(fused.getLocations().front());
  if (!name)
    return std::nullopt;
  return std::make_pair(name.getName(),
                        FusedLoc::get(loc.getContext(), {name.getChildLoc()},
                                      fused.getMetadata()));
}

struct ExtractVariableInfoPass
    : public tile::impl::ExtractVariableInfoPassBase<ExtractVariableInfoPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    auto unknownFile = LLVM::DIFileAttr::get(context, "<unknown>", "<unknown>");
    auto noExpression = LLVM::DIExpressionAttr::get(context);
    WalkResult result = getOperation().walk([&](LLVM::LLVMFuncOp func) {
      // The ops defining a named value (their first result).
      SmallVector<std::pair<Operation *, std::pair<StringAttr, Location>>>
          named;
      func.walk([&](Operation *op) {
        if (op == func || op->getNumResults() == 0 ||
            isa<LLVM::LLVMVoidType>(op->getResult(0).getType()))
          return;
        if (auto value = getNamedValue(op->getLoc()))
          named.push_back({op, *value});
      });
      if (named.empty())
        return WalkResult::advance();
      auto scoped =
          func.getLoc()->findInstanceOf<FusedLocWith<LLVM::DISubprogramAttr>>();
      if (!scoped) {
        func.emitOpError("has named values but no debug-info scope: run "
                         "enable-line-info before extract-variable-info");
        return WalkResult::interrupt();
      }
      OpBuilder builder(context);
      for (auto [op, value] : named) {
        auto variable = LLVM::DILocalVariableAttr::get(
            context, scoped.getMetadata(), value.first, unknownFile,
            /*line=*/0, /*arg=*/0, /*alignInBits=*/0,
            getDebugType(context, op->getResult(0).getType()),
            LLVM::DIFlags::Zero);
        builder.setInsertionPointAfter(op);
        LLVM::DbgValueOp::create(builder, value.second, op->getResult(0),
                                 variable, noExpression);
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
