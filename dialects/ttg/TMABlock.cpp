//===- TMABlock.cpp - How TMA moves a descriptor block --------------------===//

#include "dialects/ttg/TMABlock.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ttg;
using layout::LinearLayout;

namespace {
/// TMA's limits (PTX ISA, cp.async.bulk.tensor; CUDA's cuTensorMapEncodeTiled).
constexpr int64_t kMaxBoxDim = 256;
constexpr size_t kMaxRank = 5;
constexpr int64_t kBoxRowAlignment = 16;

/// The map from a buffer's coordinates (dim0, ...) to its element offset.
std::optional<LinearLayout>
toOffsetMap(Attribute encoding, ArrayRef<int64_t> shape, std::string &why) {
  std::optional<LinearLayout> layout = toLinearLayout(encoding, shape, &why);
  std::optional<LinearLayout> inverse =
      layout ? layout->invert(&why) : std::nullopt;
  if (!inverse)
    return std::nullopt;
  std::vector<std::string> dims;
  for (size_t d = 0; d < shape.size(); ++d)
    dims.push_back(layout::outDimName(d));
  return inverse->sublayout(dims, {layout::kOffset});
}
} // namespace

FailureOr<TMABlockPlan> ttg::planTMABlock(ArrayRef<int64_t> shape,
                                          Type elementType, Attribute encoding,
                                          std::string &why) {
  auto nvmma = dyn_cast_or_null<NVMMASharedEncodingAttr>(encoding);
  if (!nvmma) {
    why = "TMA moves blocks only into #ttg.nvmma_shared buffers";
    return failure();
  }
  // A single dimension is both the first and the last: Triton's default
  // encoding marks 1-D buffers transposed, and they are laid out as the
  // untransposed ones are.
  if (nvmma.getTransposed() && shape.size() > 1) {
    why = "TMA writes the block's last dimension contiguously; a transposed "
          "#ttg.nvmma_shared buffer holds the first one contiguously";
    return failure();
  }
  if (shape.empty() || shape.size() > kMaxRank) {
    why = "TMA moves blocks of 1 to 5 dimensions";
    return failure();
  }
  if (nvmma.getFp4Padded()) {
    why = "a #ttg.nvmma_shared buffer with fp4Padded needs TMA's padded "
          "4-bit element type (.b4x16_p64), which sm_90 lacks";
    return failure();
  }
  if (getTMAElementTypeCode(elementType) < 0) {
    std::string type;
    llvm::raw_string_ostream os(type);
    os << elementType;
    why = "TMA has no element type for " + type +
          ": it moves 8-, 16-, 32- and 64-bit integers and floats";
    return failure();
  }
  if (nvmma.getElementBitWidth() != elementType.getIntOrFloatBitWidth()) {
    std::string type;
    llvm::raw_string_ostream os(type);
    os << elementType;
    why = "the #ttg.nvmma_shared buffer is laid out for " +
          std::to_string(nvmma.getElementBitWidth()) +
          "-bit elements, the block's are " + type;
    return failure();
  }
  TMABlockPlan plan;
  plan.elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  plan.swizzleBytes = nvmma.getSwizzlingByteWidth();
  plan.blockBytes = plan.elementBytes;
  for (int64_t size : shape) {
    plan.box.push_back(std::min(size, kMaxBoxDim));
    plan.blockBytes *= size;
  }
  if (plan.swizzleBytes != 0) {
    int64_t swizzleElements = plan.swizzleBytes / plan.elementBytes;
    if (shape.back() < swizzleElements) {
      why = "the block's rows (" + std::to_string(shape.back()) +
            " elements) are narrower than the buffer's " +
            std::to_string(plan.swizzleBytes) + "-byte swizzle";
      return failure();
    }
    plan.box.back() = swizzleElements;
  }
  if (plan.box.back() * plan.elementBytes % kBoxRowAlignment != 0) {
    why = "a TMA box row must span a multiple of 16 bytes, got " +
          std::to_string(plan.box.back()) + " elements of " +
          std::to_string(plan.elementBytes) + " bytes";
    return failure();
  }

  std::optional<LinearLayout> block = toOffsetMap(encoding, shape, why);
  std::optional<LinearLayout> box = toOffsetMap(encoding, plan.box, why);
  if (!block || !box)
    return failure();
  // Each box must land as the buffer's layout would place a box-sized
  // buffer: the same offsets for every coordinate bit inside the box.
  for (size_t d = 0; d < shape.size(); ++d) {
    std::string dim = layout::outDimName(d);
    for (int bit = 0; (int64_t(1) << bit) < plan.box[d]; ++bit)
      if (block->getBasis(dim, bit, layout::kOffset) !=
          box->getBasis(dim, bit, layout::kOffset)) {
        why = "the buffer's layout does not keep each TMA box together";
        return failure();
      }
  }
  // Every box of the block, outermost dimension slowest.
  SmallVector<int64_t> origin(shape.size(), 0);
  while (true) {
    std::vector<layout::NamedValue> coords;
    for (size_t d = 0; d < shape.size(); ++d)
      coords.emplace_back(layout::outDimName(d), int32_t(origin[d]));
    auto offset = block->apply(coords, &why);
    if (!offset)
      return failure();
    plan.copies.push_back(
        {origin, int64_t(offset->front().second) * plan.elementBytes});
    int d = int(shape.size()) - 1;
    for (; d >= 0; --d) {
      origin[d] += plan.box[d];
      if (origin[d] < shape[d])
        break;
      origin[d] = 0;
    }
    if (d < 0)
      break;
  }
  return plan;
}

LogicalResult ttg::checkTMAReduce(tt::DescriptorReduceKind kind,
                                  Type elementType, std::string &why) {
  // PTX ISA, cp.reduce.async.bulk.tensor: the element types of the tensor
  // map (bits numbered as getTMAElementTypeCode) each reduction takes.
  constexpr unsigned U32 = 1 << 2, S32 = 1 << 3, U64 = 1 << 4, S64 = 1 << 5,
                     F16 = 1 << 6, F32 = 1 << 7, BF16 = 1 << 10;
  unsigned allowed = 0;
  const char *spelled = "";
  switch (kind) {
  case tt::DescriptorReduceKind::ADD:
    allowed = U32 | S32 | U64 | F32 | F16 | BF16;
    spelled = "32-bit integers, unsigned 64-bit integers (i64, ui64), f32, "
              "f16 and bf16";
    break;
  case tt::DescriptorReduceKind::MIN:
  case tt::DescriptorReduceKind::MAX:
    allowed = U32 | S32 | U64 | S64 | F16 | BF16;
    spelled = "32- and 64-bit integers, f16 and bf16";
    break;
  case tt::DescriptorReduceKind::INC:
  case tt::DescriptorReduceKind::DEC:
    allowed = U32;
    spelled = "unsigned 32-bit integers (i32, ui32)";
    break;
  case tt::DescriptorReduceKind::AND:
  case tt::DescriptorReduceKind::OR:
  case tt::DescriptorReduceKind::XOR:
    allowed = U32 | S32 | U64 | S64;
    spelled = "32- and 64-bit integers";
    break;
  }
  int code = getTMAElementTypeCode(elementType);
  if (code >= 0 && (allowed >> code & 1))
    return success();
  std::string type;
  llvm::raw_string_ostream os(type);
  os << elementType;
  std::string name = tt::stringifyDescriptorReduceKind(kind).str();
  why = "TMA cannot reduce " + type + " elements with " + name +
        ": cp.reduce.async.bulk.tensor's " + name + " takes " + spelled;
  return failure();
}

int ttg::getTMAElementTypeCode(Type type) {
  // CUtensorMapDataType: UINT8 0, UINT16 1, UINT32 2, INT32 3, UINT64 4,
  // INT64 5, FLOAT16 6, FLOAT32 7, FLOAT64 8, BFLOAT16 9; Triton's metadata
  // writes FLOAT64 as 9 and BFLOAT16 as 10.
  if (type.isF16())
    return 6;
  if (type.isBF16())
    return 10;
  if (type.isF32())
    return 7;
  if (type.isF64())
    return 9;
  if (auto integer = dyn_cast<IntegerType>(type)) {
    switch (integer.getWidth()) {
    case 8:
      return 0;
    case 16:
      return 1;
    // As Triton: only a signed (si32, si64) block is a signed tensor map;
    // the sign decides what a TMA reduction's min and max compare.
    case 32:
      return integer.isSigned() ? 3 : 2;
    case 64:
      return integer.isSigned() ? 5 : 4;
    default:
      return -1;
    }
  }
  if (isa<FloatType>(type) && type.getIntOrFloatBitWidth() == 8)
    return 0; // fp8 moves as bytes
  return -1;
}
