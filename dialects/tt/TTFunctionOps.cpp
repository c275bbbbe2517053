//===- TTFunctionOps.cpp - tt.func, tt.return and tt.call -----------------===//
//
// tt.func's custom syntax (the form every FunctionOpInterface op prints), and
// the checks that tt.return matches its function's results and tt.call its
// callee's signature.
//
//===----------------------------------------------------------------------===//

#include "dialects/tt/TTDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tile::tt;

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   FunctionType type) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addRegion();
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType =
      [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
         function_interface_impl::VariadicFlag,
         std::string &) { return builder.getFunctionType(argTypes, results); };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(
      printer, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

LogicalResult ReturnOp::verify() {
  auto func = cast<FuncOp>((*this)->getParentOp());
  ArrayRef<Type> results = func.getFunctionType().getResults();
  if (getNumOperands() != results.size())
    return emitOpError("returns ")
           << getNumOperands() << " values but '" << func.getName()
           << "' declares " << results.size();
  for (auto [i, type] : llvm::enumerate(getOperandTypes()))
    if (type != results[i])
      return emitOpError("operand ")
             << i << " has type " << type << " but '" << func.getName()
             << "' returns " << results[i];
  return success();
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee = getCalleeAttr();
  auto func = symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, callee);
  if (!func)
    return emitOpError("'") << callee.getValue() << "' does not name a tt.func";
  FunctionType type = func.getFunctionType();
  if (type.getNumInputs() != getNumOperands())
    return emitOpError("passes ")
           << getNumOperands() << " arguments but '" << callee.getValue()
           << "' takes " << type.getNumInputs();
  for (auto [i, argType] : llvm::enumerate(getOperandTypes()))
    if (argType != type.getInput(i))
      return emitOpError("argument ")
             << i << " has type " << argType << " but '" << callee.getValue()
             << "' takes " << type.getInput(i);
  if (!llvm::equal(type.getResults(), getResultTypes()))
    return emitOpError("result types do not match '")
           << callee.getValue() << "', which returns " << type.getResults();
  return success();
}
