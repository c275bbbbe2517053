//===- TypeConverter.cpp - TTGIR types to LLVM types ----------------------===//

#include "passes/conversion/TTGToLLVM/TypeConverter.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"

using namespace mlir;
using namespace mlir::tile;

TileLLVMTypeConverter::TileLLVMTypeConverter(MLIRContext *context,
                                             const LowerToLLVMOptions &options)
    : LLVMTypeConverter(context, options) {
  addConversion([context](tt::PointerType type) -> std::optional<Type> {
    // Block pointers have no LLVM form; leaving them unconverted makes the
    // ops that use them fail to legalize with their name.
    if (isa<RankedTensorType>(type.getPointeeType()))
      return std::nullopt;
    return LLVM::LLVMPointerType::get(context, type.getAddressSpace());
  });
  // A tensor descriptor is the generic address of its CUtensorMap (a kernel
  // parameter, or a map written to global memory).
  addConversion([context](tt::TensorDescType type) -> std::optional<Type> {
    return LLVM::LLVMPointerType::get(context, /*addressSpace=*/0);
  });
  // Async tokens only order ops in the IR; they lower to a dummy i32.
  addConversion([context](ttg::AsyncTokenType type) -> std::optional<Type> {
    return IntegerType::get(context, 32);
  });
  // A shared-memory view is the pointer to its first element.
  addConversion([context](ttg::MemDescType type) -> std::optional<Type> {
    return LLVM::LLVMPointerType::get(context, /*addressSpace=*/3);
  });
  addConversion([this](RankedTensorType type) -> std::optional<Type> {
    if (!ttg::isDistributedEncoding(type.getEncoding()))
      return std::nullopt;
    std::optional<layout::LinearLayout> layout = ttg::toLinearLayout(type);
    Type element = convertType(type.getElementType());
    if (!layout || !element)
      return std::nullopt;
    SmallVector<Type> fields(layout->getNumRegisters(), element);
    return LLVM::LLVMStructType::getLiteral(&getContext(), fields);
  });
}
