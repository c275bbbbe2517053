//===- KernelMetadata.cpp - Triton's launch metadata of a kernel ----------===//

#include "plugin/compiler/KernelMetadata.h"

#include "dialects/tt/TTDialect.h"
#include "passes/conversion/TTGToLLVM/Patterns.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::compiler;

namespace {
/// An integer module attribute, or `fallback` when it is absent.
int64_t getModuleInt(ModuleOp module, llvm::StringRef name, int64_t fallback) {
  if (auto attr = module->getAttrOfType<IntegerAttr>(name))
    return attr.getInt();
  return fallback;
}

/// One `tensordesc_meta` entry as JSON: integers, booleans and i32 arrays,
/// the only kinds of value it holds.
FailureOr<llvm::json::Object> toJSON(DictionaryAttr entry) {
  llvm::json::Object object;
  for (NamedAttribute field : entry) {
    llvm::StringRef key = field.getName().getValue();
    Attribute value = field.getValue();
    if (auto boolean = dyn_cast<BoolAttr>(value))
      object[key] = boolean.getValue();
    else if (auto integer = dyn_cast<IntegerAttr>(value))
      object[key] = integer.getInt();
    else if (auto array = dyn_cast<DenseI32ArrayAttr>(value))
      object[key] = llvm::json::Array(array.asArrayRef());
    else
      return failure();
  }
  return object;
}

LLVM::LLVMFuncOp findKernel(ModuleOp module) {
  for (auto function : module.getOps<LLVM::LLVMFuncOp>())
    if (function->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      return function;
  return {};
}
} // namespace

std::string mlir::tile::compiler::findKernelName(ModuleOp module) {
  for (auto function : module.getOps<tt::FuncOp>())
    if (function.isPublic() && !function.isExternal())
      return function.getName().str();
  if (LLVM::LLVMFuncOp kernel = findKernel(module))
    return kernel.getName().str();
  return "";
}

FailureOr<std::string> mlir::tile::compiler::buildKernelMetadata(
    ModuleOp module, const ttg::TargetOptions &options, int ptxVersion) {
  LLVM::LLVMFuncOp kernel = findKernel(module);
  if (!kernel)
    return module.emitError("the module has no kernel (a public tt.func)"),
           failure();

  llvm::json::Array descriptors;
  if (auto entries =
          kernel->getAttrOfType<ArrayAttr>(kTensorDescMetadataAttrName)) {
    for (Attribute entry : entries) {
      auto dictionary = dyn_cast<DictionaryAttr>(entry);
      FailureOr<llvm::json::Object> object = failure();
      if (dictionary)
        object = toJSON(dictionary);
      if (failed(object))
        return kernel.emitError("malformed ")
                   << kTensorDescMetadataAttrName << " entry " << entry,
               failure();
      descriptors.push_back(std::move(*object));
    }
  }

  // A warp-specialized kernel launches its partitions' warps too.
  int64_t numWarps =
      getModuleInt(module, "ttg.total-num-warps", options.numWarps);
  llvm::json::Object metadata{
      {"name", kernel.getName()},
      {"num_warps", numWarps},
      {"num_ctas", options.numCTAs},
      {"num_stages", options.numStages},
      {"shared", getModuleInt(module, "ttg.shared", 0)},
      {"tmem_size", getModuleInt(module, "ttg.tensor_memory_size", 0)},
      {"global_scratch_size",
       getModuleInt(module, "ttg.global_scratch_memory_size", 0)},
      {"global_scratch_align",
       getModuleInt(module, "ttg.global_scratch_memory_alignment", 1)},
      {"profile_scratch_size",
       getModuleInt(module, "ttg.profile_scratch_memory_size", 0)},
      {"profile_scratch_align",
       getModuleInt(module, "ttg.profile_scratch_memory_alignment", 1)},
      {"tensordesc_meta", std::move(descriptors)},
      {"target", options.target},
      {"ptx_version", ptxVersion},
  };
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::json::Value(std::move(metadata));
  return text;
}
