//===- Utility.cpp - Helpers of the TTGIR to LLVM lowering ----------------===//

#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/WarpSpecialize.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/bit.h"

#include <map>

using namespace mlir;
using namespace mlir::tile;
using layout::LinearLayout;

SmallVector<Value> mlir::tile::unpackElements(OpBuilder &builder, Location loc,
                                              Value packed) {
  auto structType = dyn_cast<LLVM::LLVMStructType>(packed.getType());
  if (!structType)
    return {packed};
  SmallVector<Value> elements;
  for (int64_t i = 0, e = structType.getBody().size(); i < e; ++i)
    elements.push_back(LLVM::ExtractValueOp::create(builder, loc, packed, i));
  return elements;
}

Value mlir::tile::packElements(OpBuilder &builder, Location loc,
                               const TypeConverter &converter,
                               ValueRange elements, Type tensorType) {
  Type structType = converter.convertType(tensorType);
  Value packed = LLVM::UndefOp::create(builder, loc, structType);
  for (auto [i, element] : llvm::enumerate(elements))
    packed = LLVM::InsertValueOp::create(builder, loc, packed, element, i);
  return packed;
}

Value mlir::tile::i32Constant(OpBuilder &builder, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                  builder.getI32IntegerAttr(value));
}

Value mlir::tile::emitXor(OpBuilder &builder, Location loc, Value a, Value b) {
  if (matchPattern(a, m_Zero()))
    return b;
  if (matchPattern(b, m_Zero()))
    return a;
  return LLVM::XOrOp::create(builder, loc, a, b);
}

Value mlir::tile::xorOfBits(OpBuilder &builder, Location loc, Value index,
                            ArrayRef<int32_t> images) {
  // Bit `i` of `index` lands on bit `j` of the result for every bit `j` of
  // images[i]. All (i, j) pairs at the same distance j - i move together, so
  // one mask and one shift per distance do what an extract, a multiply and
  // an xor per bit would. This is not only shorter: a field of consecutive
  // bits stays one value (`warp & 7`, `(lane & 7) << 3`) instead of a tree
  // of single-bit pieces that InstCombine turns into `or disjoint`s and
  // scalar evolution into sums of separate terms. On such sums, loop
  // strength reduction in llc cannot reuse the offsets computed before a
  // loop; it expands them afresh in the preheader next to their sign
  // extension, which instruction selection fuses into mul.wide, and ptxas
  // rematerializes that inside the loop.
  std::map<int, uint32_t> maskOfDistance;
  for (auto [bit, image] : llvm::enumerate(images))
    for (uint32_t rest = static_cast<uint32_t>(image); rest; rest &= rest - 1)
      maskOfDistance[llvm::countr_zero(rest) - static_cast<int>(bit)] |=
          uint32_t(1) << bit;

  // Constants are created in their own statements so that the IR does not
  // depend on the C++ compiler's argument evaluation order.
  Value result;
  for (auto [distance, mask] : maskOfDistance) {
    Value maskValue = i32Constant(builder, loc, static_cast<int32_t>(mask));
    Value term = LLVM::AndOp::create(builder, loc, index, maskValue);
    if (distance != 0) {
      Value amount = i32Constant(builder, loc, std::abs(distance));
      term = distance > 0
                 ? Value(LLVM::ShlOp::create(builder, loc, term, amount))
                 : Value(LLVM::LShrOp::create(builder, loc, term, amount));
    }
    // Terms of different distances may set the same result bit, so they
    // combine with xor, not or.
    result =
        result ? Value(LLVM::XOrOp::create(builder, loc, result, term)) : term;
  }
  return result ? result : i32Constant(builder, loc, 0);
}

Value mlir::tile::linearIndex(OpBuilder &builder, Location loc,
                              ArrayRef<Value> coords, ArrayRef<int64_t> shape) {
  Value index;
  for (auto [coord, size] : llvm::zip(coords, shape)) {
    if (!index) {
      index = coord;
      continue;
    }
    index = LLVM::MulOp::create(builder, loc, index,
                                i32Constant(builder, loc, size));
    index = LLVM::AddOp::create(builder, loc, index, coord);
  }
  return index ? index : i32Constant(builder, loc, 0);
}

Value mlir::tile::getGroupThreadId(OpBuilder &builder, Location loc,
                                   int threadsPerWarp) {
  Value tid = nvidia::getThreadId(builder, loc);
  std::optional<int> start =
      getPartitionStartThread(builder.getInsertionBlock(), threadsPerWarp);
  if (!start || *start == 0)
    return tid;
  return LLVM::SubOp::create(builder, loc, tid,
                             i32Constant(builder, loc, *start));
}

int mlir::tile::getGroupNumWarps(OpBuilder &builder, int moduleWarps) {
  Block *block = builder.getInsertionBlock();
  if (!block || !block->getParentOp())
    return moduleWarps;
  // Directly in a partition's body: the partition's warps (getNumWarps of
  // the partitions op itself would look past it).
  Operation *parent = block->getParentOp();
  if (auto partitions = dyn_cast<ttg::WarpSpecializePartitionsOp>(parent)) {
    auto op = cast<ttg::WarpSpecializeOp>(partitions->getParentOp());
    unsigned index = block->getParent()->getRegionNumber();
    if (index < op.getPartitionNumWarps().size())
      return op.getPartitionNumWarps()[index];
  }
  return ttg::getNumWarps(parent).value_or(moduleWarps);
}

Value mlir::tile::emitWarpId(OpBuilder &builder, Location loc, int moduleWarps,
                             int threadsPerWarp, bool uniformHint) {
  if (getGroupNumWarps(builder, moduleWarps) == 1)
    return i32Constant(builder, loc, 0);
  // One value per statement (Triton's order: the thread id, then the
  // width): the IR must not depend on the C++ compiler's order of
  // evaluating arguments.
  Value tid = getGroupThreadId(builder, loc, threadsPerWarp);
  Value width = i32Constant(builder, loc, threadsPerWarp);
  Value warp = LLVM::UDivOp::create(builder, loc, tid, width);
  if (!uniformHint)
    return warp;
  Value firstLane = i32Constant(builder, loc, 0);
  return nvidia::emitShuffle32(builder, loc, warp, firstLane,
                               nvidia::ShuffleMode::Index, threadsPerWarp);
}

ThreadIndex mlir::tile::getThreadIndex(OpBuilder &builder, Location loc,
                                       int threadsPerWarp) {
  Value tid = getGroupThreadId(builder, loc, threadsPerWarp);
  Value width = i32Constant(builder, loc, threadsPerWarp);
  Value lane = LLVM::URemOp::create(builder, loc, tid, width);
  Value warp = LLVM::UDivOp::create(builder, loc, tid, width);
  return {lane, warp};
}

/// The XOR of the bases of `inDim` selected by the bits of `index`, per out
/// dimension.
static SmallVector<Value> emitInDimPart(OpBuilder &builder, Location loc,
                                        const LinearLayout &layout,
                                        const std::string &inDim, Value index) {
  size_t rank = layout.getNumOutDims();
  if (!layout.hasInDim(inDim))
    return SmallVector<Value>(rank, i32Constant(builder, loc, 0));
  SmallVector<SmallVector<int32_t>> images(rank);
  for (const auto &[name, bases] : layout.getBases()) {
    if (name != inDim)
      continue;
    for (const auto &basis : bases)
      for (size_t d = 0; d < rank; ++d)
        images[d].push_back(basis[d]);
  }
  SmallVector<Value> part;
  for (size_t d = 0; d < rank; ++d)
    part.push_back(xorOfBits(builder, loc, index, images[d]));
  return part;
}

SmallVector<SmallVector<Value>>
mlir::tile::emitIndices(OpBuilder &builder, Location loc,
                        const LinearLayout &layout, int threadsPerWarp) {
  size_t rank = layout.getNumOutDims();
  ThreadIndex thread = getThreadIndex(builder, loc, threadsPerWarp);
  SmallVector<Value> lanePart =
      emitInDimPart(builder, loc, layout, layout::kLane, thread.lane);
  SmallVector<Value> warpPart =
      emitInDimPart(builder, loc, layout, layout::kWarp, thread.warp);
  SmallVector<Value> base;
  for (size_t d = 0; d < rank; ++d)
    base.push_back(LLVM::XOrOp::create(builder, loc, lanePart[d], warpPart[d]));

  // The bits the thread part can set, per dimension: the bits of a
  // register offset outside them are ORed in as disjoint bits (an add to
  // LLVM, which folds it into an address as an immediate); only the bits
  // inside are XORed, so registers that differ outside them share one XOR
  // (and one base register) of the thread part.
  SmallVector<int32_t> threadBits(rank, 0);
  for (const auto &[name, bases] : layout.getBases())
    if (name != layout::kRegister)
      for (const auto &basis : bases)
        for (size_t d = 0; d < rank; ++d)
          threadBits[d] |= basis[d];

  SmallVector<SmallVector<Value>> indices;
  int32_t numRegisters = layout.getNumRegisters();
  for (int32_t r = 0; r < numRegisters; ++r) {
    auto coords = layout.apply({{layout::kRegister, r}});
    SmallVector<Value> index;
    for (size_t d = 0; d < rank; ++d) {
      int32_t offset = coords ? (*coords)[d].second : 0;
      int32_t mixed = offset & threadBits[d];
      int32_t disjoint = offset & ~threadBits[d];
      Value value = base[d];
      if (mixed != 0)
        value = LLVM::XOrOp::create(builder, loc, value,
                                    i32Constant(builder, loc, mixed));
      if (disjoint != 0)
        value = LLVM::OrOp::create(builder, loc, value,
                                   i32Constant(builder, loc, disjoint),
                                   /*isDisjoint=*/true);
      index.push_back(value);
    }
    indices.push_back(std::move(index));
  }
  return indices;
}

SmallVector<int32_t>
mlir::tile::getCoordinates(const LinearLayout &layout,
                           ArrayRef<std::pair<const char *, int32_t>> ins) {
  std::vector<layout::NamedValue> named;
  for (auto [inDim, value] : ins) {
    // A dim the layout lacks has size 1: only index 0 exists.
    if (!layout.hasInDim(inDim) && value == 0)
      continue;
    named.emplace_back(inDim, value);
  }
  SmallVector<int32_t> coords;
  if (auto applied = layout.apply(named))
    for (const auto &[name, v] : *applied)
      coords.push_back(v);
  return coords;
}

FailureOr<SmallVector<int>> mlir::tile::getRegisterPermutation(
    const LinearLayout &src, const LinearLayout &dst,
    function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)> project) {
  auto coordsOf = [](const LinearLayout &layout, const char *inDim,
                     int32_t value) {
    return getCoordinates(layout, {{inDim, value}});
  };
  // Lanes and warps must hold the same (projected) elements in both. For an
  // affine `project` the thread bases compare through its linear part,
  // project(x) ^ project(0): the constant cancels out between two threads.
  SmallVector<int32_t> origin = project(coordsOf(dst, layout::kRegister, 0));
  auto linearPart = [&](ArrayRef<int32_t> coords) {
    SmallVector<int32_t> image = project(coords);
    for (auto [value, constant] : llvm::zip(image, origin))
      value ^= constant;
    return image;
  };
  for (const char *inDim : {layout::kLane, layout::kWarp, layout::kBlock}) {
    int32_t size = src.getInDimSize(inDim);
    if (size != dst.getInDimSize(inDim))
      return failure();
    for (int32_t bit = 1; bit < size; bit <<= 1)
      if (linearPart(coordsOf(dst, inDim, bit)) != coordsOf(src, inDim, bit))
        return failure();
  }
  std::map<SmallVector<int32_t>, int> srcRegister;
  for (int32_t r = 0; r < src.getNumRegisters(); ++r)
    srcRegister.emplace(coordsOf(src, layout::kRegister, r), r);
  SmallVector<int> permutation;
  for (int32_t r = 0; r < dst.getNumRegisters(); ++r) {
    auto it = srcRegister.find(project(coordsOf(dst, layout::kRegister, r)));
    if (it == srcRegister.end())
      return failure();
    permutation.push_back(it->second);
  }
  return permutation;
}

SmallVector<int>
mlir::tile::getConstantBlockRepresentatives(RankedTensorType type,
                                            ArrayRef<int64_t> constancy) {
  std::optional<LinearLayout> layout = ttg::toLinearLayout(type);
  if (!layout || constancy.size() != layout->getNumOutDims())
    return {};
  // A block of k elements holds aligned blocks of the largest power of two
  // dividing k.
  int32_t inBlockBits = 0;
  for (int bit = 0; bit < layout->getInDimSizeLog2(layout::kRegister); ++bit) {
    auto image = layout->apply({{layout::kRegister, int32_t(1) << bit}});
    if (!image)
      return {};
    bool inside = true;
    for (auto [d, coordinate] : llvm::enumerate(*image))
      inside &= coordinate.second < (constancy[d] & -constancy[d]);
    if (inside)
      inBlockBits |= int32_t(1) << bit;
  }
  SmallVector<int> representatives;
  for (int32_t r = 0; r < layout->getNumRegisters(); ++r)
    representatives.push_back(r & ~inBlockBits);
  return representatives;
}

ElementOwners mlir::tile::getElementOwners(const LinearLayout &layout) {
  ElementOwners owners;
  int32_t freeRegisterMask = 0;
  for (const auto &[inDim, mask] : layout.getFreeVariableMasks()) {
    if (inDim == layout::kRegister)
      freeRegisterMask = mask;
    else if (inDim == layout::kLane)
      owners.freeLaneMask = mask;
    else if (inDim == layout::kWarp)
      owners.freeWarpMask = mask;
  }
  // The copies of an element within a thread differ in free register bits
  // only (lane and warp bits come later in the order that decides which
  // bits are free), and exactly one of them has those bits clear.
  std::map<std::vector<layout::NamedValue>, int> ownerOfCoords;
  SmallVector<std::vector<layout::NamedValue>> coords;
  for (int32_t r = 0; r < layout.getNumRegisters(); ++r) {
    std::optional<std::vector<layout::NamedValue>> applied =
        layout.apply({{layout::kRegister, r}});
    coords.push_back(applied ? *applied : std::vector<layout::NamedValue>());
    if ((r & freeRegisterMask) == 0)
      ownerOfCoords.emplace(coords.back(), r);
  }
  for (int32_t r = 0; r < layout.getNumRegisters(); ++r) {
    auto it = ownerOfCoords.find(coords[r]);
    owners.ownerRegister.push_back(it == ownerOfCoords.end() ? r : it->second);
  }
  return owners;
}

ElementOwners mlir::tile::getScalarOwners() {
  ElementOwners owners;
  owners.onlyFirstThread = true;
  owners.ownerRegister.push_back(0);
  return owners;
}

Value mlir::tile::andPredicates(OpBuilder &builder, Location loc, Value a,
                                Value b) {
  if (!a)
    return b;
  if (!b)
    return a;
  return LLVM::AndOp::create(builder, loc, a, b);
}

Value mlir::tile::emitOwnerPredicate(OpBuilder &builder, Location loc,
                                     const ElementOwners &owners,
                                     int threadsPerWarp) {
  if (!owners.spansThreads())
    return nullptr;
  Value zero = i32Constant(builder, loc, 0);
  if (owners.onlyFirstThread)
    return LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq,
                                getGroupThreadId(builder, loc, threadsPerWarp),
                                zero);
  // The thread owns its elements when its free lane and warp bits are clear.
  ThreadIndex thread = getThreadIndex(builder, loc, threadsPerWarp);
  Value pred;
  for (auto [index, mask] : {std::pair(thread.lane, owners.freeLaneMask),
                             std::pair(thread.warp, owners.freeWarpMask)}) {
    if (mask == 0)
      continue;
    Value bits = LLVM::AndOp::create(builder, loc, index,
                                     i32Constant(builder, loc, mask));
    pred =
        andPredicates(builder, loc, pred,
                      LLVM::ICmpOp::create(
                          builder, loc, LLVM::ICmpPredicate::eq, bits, zero));
  }
  return pred;
}

namespace {
/// The module enclosing the builder's insertion point.
ModuleOp getEnclosingModule(OpBuilder &builder) {
  Operation *parent = builder.getInsertionBlock()->getParentOp();
  if (auto module = dyn_cast<ModuleOp>(parent))
    return module;
  return parent->getParentOfType<ModuleOp>();
}
} // namespace

LLVM::GlobalOp mlir::tile::getOrCreateConstantGlobal(
    OpBuilder &builder, Location loc, StringRef prefix, Type type,
    Attribute value, uint64_t alignment, unsigned addressSpace) {
  ModuleOp module = getEnclosingModule(builder);
  for (auto global : module.getOps<LLVM::GlobalOp>())
    if (global.getConstant() && global.getGlobalType() == type &&
        global.getValueAttr() == value)
      return global;
  std::string name;
  for (unsigned i = 0;; ++i) {
    name = (prefix + Twine(i)).str();
    if (!module.lookupSymbol(name))
      break;
  }
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  return LLVM::GlobalOp::create(builder, loc, type, /*isConstant=*/true,
                                LLVM::Linkage::Internal, name, value, alignment,
                                addressSpace);
}

LLVM::LLVMFuncOp mlir::tile::getOrDeclareFunction(OpBuilder &builder,
                                                  Location loc, StringRef name,
                                                  LLVM::LLVMFunctionType type) {
  ModuleOp module = getEnclosingModule(builder);
  if (auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return func;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(builder, loc, name, type);
}
