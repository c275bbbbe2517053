//===- TTNGDialect.cpp - The ttng dialect and its attributes --------------===//
//
// Registration of ttng's attributes and ops, the `#tmem` aliases Triton
// prints, and the checks on TMEM encodings.
//
//===----------------------------------------------------------------------===//

#include "dialects/tt/TTInliner.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ttng;

#include "dialects/ttg/TTNGDialect.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "dialects/ttg/TTNGAttrs.cpp.inc"
#define GET_OP_CLASSES
#include "dialects/ttg/TTNGClusterOps.cpp.inc"

LogicalResult
TensorMemoryEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 unsigned blockM, unsigned blockN,
                                 unsigned colStride, unsigned ctaSplitM,
                                 unsigned ctaSplitN, bool twoCTAs) {
  if (ctaSplitM < 1 || ctaSplitN < 1 || !llvm::isPowerOf2_32(ctaSplitM) ||
      !llvm::isPowerOf2_32(ctaSplitN))
    return emitError()
           << "CTASplitM and CTASplitN must be greater than 0 and a power of 2";
  // A warpgroup's four warps each reach 32 TMEM lanes: a block spans either
  // all 128 lanes or 16 of each warp's lanes (64 rows).
  if (blockM != 64 && blockM != 128)
    return emitError() << "blockM must be 64 or 128 but got " << blockM;
  if (!llvm::isPowerOf2_32(blockN))
    return emitError() << "blockN must be a power of 2 but got " << blockN;
  // TMEM has 512 columns.
  if (blockN > 512)
    return emitError() << "blockN must be less than or equal to 512 but got "
                       << blockN;
  if (colStride != 1 && colStride != 2 && colStride != 4)
    return emitError() << "colStride must be 1, 2, or 4 but got " << colStride;
  return success();
}

/// The rows x columns a TMEM buffer of `allocShape` covers in the encoding's
/// layout: whole blocks, repeated a power-of-two number of times along each
/// dimension.
static std::pair<int64_t, int64_t>
tensorMemoryCoverage(TensorMemoryEncodingAttr encoding,
                     ArrayRef<int64_t> allocShape) {
  int64_t splitM = encoding.getCTASplitM(), splitN = encoding.getCTASplitN();
  int64_t rows = allocShape[0] / splitM, cols = allocShape[1] / splitN;
  int64_t blockRows = encoding.getBlockM();
  int64_t blockCols = std::min<int64_t>(encoding.getBlockN(), cols);
  // blockM = 64 interleaves two blocks of 64 rows into the 128 lanes.
  if (encoding.getBlockM() == 64 && rows > 64 &&
      !(encoding.getTwoCTAs() && splitM > 1))
    blockRows = 128;
  int64_t repsM = int64_t(
      llvm::bit_floor(uint64_t(std::max<int64_t>(rows / blockRows, 1))));
  int64_t repsN = int64_t(
      llvm::bit_floor(uint64_t(std::max<int64_t>(cols / blockCols, 1))));
  return {blockRows * repsM * splitM, blockCols * repsN * splitN};
}

LogicalResult
ttng::verifyTensorMemoryDesc(function_ref<InFlightDiagnostic()> emitError,
                             ArrayRef<int64_t> shape, Type elementType,
                             Attribute encoding, Attribute memorySpace,
                             ArrayRef<int64_t> allocShape) {
  if (!isa<TensorMemorySpaceAttr>(memorySpace))
    return emitError() << "memorySpace must be TensorMemorySpace";
  unsigned bitWidth =
      elementType.isIntOrFloat() ? elementType.getIntOrFloatBitWidth() : 0;
  if (auto scales = dyn_cast<TensorMemoryScalesEncodingAttr>(encoding)) {
    if (allocShape.size() != 2)
      return emitError() << "Scales don't currently support multibuffering";
    if (bitWidth != 8)
      return emitError() << "bitwidth must be 8";
    return success();
  }
  auto tmem = cast<TensorMemoryEncodingAttr>(encoding);
  if (shape.size() != 2 && shape.size() != 3)
    return emitError() << "rank must be 2 or 3";
  // Each TMEM column is 32 bits wide.
  if (bitWidth * tmem.getColStride() > 32)
    return emitError()
           << "bitwidth * colStride must be less than or equal to 32. Got "
           << bitWidth << " and " << tmem.getColStride();
  ArrayRef<int64_t> alloc = allocShape.take_back(2);
  int64_t minRows = tmem.getBlockM() * tmem.getCTASplitM();
  int64_t minCols = tmem.getBlockN() * tmem.getCTASplitN();
  if (alloc[0] < minRows || alloc[1] < minCols)
    return emitError() << "the allocation shape must be at least " << minRows
                       << "x" << minCols << ". Got " << allocShape;
  auto [rows, cols] = tensorMemoryCoverage(tmem, alloc);
  if (rows != alloc[0] || cols != alloc[1])
    return emitError() << "allocation shape must be equal to " << rows << "x"
                       << cols;
  return success();
}

bool ttng::isTensorMemoryEncoding(Attribute encoding) {
  return isa_and_nonnull<TensorMemoryEncodingAttr,
                         TensorMemoryScalesEncodingAttr>(encoding);
}

namespace {
/// Triton names TMEM encodings `#tmem` and `#tmem_scales` in its output.
struct TTNGOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<TensorMemoryEncodingAttr>(attr))
      os << "tmem";
    else if (isa<TensorMemoryScalesEncodingAttr>(attr))
      os << "tmem_scales";
    else
      return AliasResult::NoAlias;
    return AliasResult::FinalAlias;
  }
};
} // namespace

void TTNGDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/ttg/TTNGAttrs.cpp.inc"
      >();
}

void TTNGDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "dialects/ttg/TTNGOps.cpp.inc"
      ,
#define GET_OP_LIST
#include "dialects/ttg/TTNGTensorMemoryOps.cpp.inc"
      ,
#define GET_OP_LIST
#include "dialects/ttg/TTNGTmaOps.cpp.inc"
      ,
#define GET_OP_LIST
#include "dialects/ttg/TTNGClusterOps.cpp.inc"
      >();
  addInterfaces<TTNGOpAsmInterface, tt::OpsInlinerInterface>();
}
