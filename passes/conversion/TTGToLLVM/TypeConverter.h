//===- TypeConverter.h - TTGIR types to LLVM types --------------*- C++ -*-===//
//
// A distributed tensor becomes the LLVM struct of the elements one thread
// holds, in the register order of its linear layout; `!tt.ptr<T, as>`
// becomes `!llvm.ptr<as>`.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_CONVERSION_TTGTOLLVM_TYPECONVERTER_H
#define TILE_PASSES_CONVERSION_TTGTOLLVM_TYPECONVERTER_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"

namespace mlir::tile {
class TileLLVMTypeConverter : public LLVMTypeConverter {
public:
  TileLLVMTypeConverter(MLIRContext *context,
                        const LowerToLLVMOptions &options);
};
} // namespace mlir::tile

#endif // TILE_PASSES_CONVERSION_TTGTOLLVM_TYPECONVERTER_H
