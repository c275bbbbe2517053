//===- TypeConverter.h - TTGIR types to LLVM types --------------*- C++ -*-===//
//
// A distributed tensor becomes the LLVM struct of the elements one thread
// holds, in the register order of its linear layout; `!tt.ptr<T, as>`
// becomes `!llvm.ptr<as>`. Scalars convert as upstream's converter does:
// float types LLVM lacks (f8E4M3FN, f8E5M2) become integers of their width,
// so an fp8 element is an i8 (tt.fp_to_fp's lowering reads its bits).
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
