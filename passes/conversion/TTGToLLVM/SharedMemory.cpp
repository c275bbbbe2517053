//===- SharedMemory.cpp - Shared memory and warp data movement ------------===//

#include "passes/conversion/TTGToLLVM/SharedMemory.h"
#include "passes/analysis/Scratch.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
constexpr unsigned kSharedAddressSpace = 3;

LLVM::LLVMPointerType getSharedPointerType(MLIRContext *context) {
  return LLVM::LLVMPointerType::get(context, kSharedAddressSpace);
}
} // namespace

void mlir::tile::declareSharedMemory(ModuleOp module) {
  if (module.lookupSymbol(kGlobalSharedMemoryName))
    return;
  OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
  auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), 0);
  LLVM::GlobalOp::create(builder, module.getLoc(), type, /*isConstant=*/false,
                         LLVM::Linkage::External, kGlobalSharedMemoryName,
                         Attribute(), /*alignment=*/kScratchAlignment,
                         kSharedAddressSpace);
}

Value mlir::tile::getSharedMemoryPointer(OpBuilder &builder, Location loc,
                                         Value offset) {
  auto pointerType = getSharedPointerType(builder.getContext());
  Value base = LLVM::AddressOfOp::create(builder, loc, pointerType,
                                         kGlobalSharedMemoryName);
  return LLVM::GEPOp::create(builder, loc, pointerType, builder.getI8Type(),
                             base, ValueRange{offset});
}

Value mlir::tile::getAllocationPointer(OpBuilder &builder, Location loc,
                                       Operation *op) {
  auto offset = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttrName);
  if (!offset)
    return nullptr;
  return getSharedMemoryPointer(builder, loc,
                                i32Constant(builder, loc, offset.getInt()));
}

/// The LLVM type an element of `elementType` has in shared memory: i1 is
/// stored as a byte, and types LLVM IR has no name for (fp8) as integers of
/// their width, the type their values have once converted.
static Type getSharedStoredType(OpBuilder &builder, Type elementType) {
  if (elementType.isInteger(1))
    return builder.getI8Type();
  if (!LLVM::isCompatibleType(elementType) && elementType.isIntOrFloat())
    return builder.getIntegerType(elementType.getIntOrFloatBitWidth());
  return elementType;
}

Value mlir::tile::getSharedElementPointer(OpBuilder &builder, Location loc,
                                          Value base, Type elementType,
                                          Value index) {
  return LLVM::GEPOp::create(
      builder, loc, getSharedPointerType(builder.getContext()),
      getSharedStoredType(builder, elementType), base, ValueRange{index});
}

void mlir::tile::storeShared(OpBuilder &builder, Location loc, Value pointer,
                             Value value) {
  if (value.getType().isInteger(1))
    value = LLVM::ZExtOp::create(builder, loc, builder.getI8Type(), value);
  LLVM::StoreOp::create(builder, loc, value, pointer);
}

void mlir::tile::storeSharedIf(OpBuilder &builder, Location loc,
                               Value condition, Value pointer, Value value) {
  if (value.getType().isInteger(1))
    value = LLVM::ZExtOp::create(builder, loc, builder.getI8Type(), value);
  // Numbers: one predicated st.shared, as Triton stores them. A masked
  // store would do as well in the IR, but LLVM puts it under a branch, and
  // the blocks it splits keep the backend from sharing the address
  // arithmetic before and after it (a 1,024-column RMSNorm over 8 warps:
  // 16 more instructions than Triton's).
  if (isa<IntegerType, FloatType>(value.getType())) {
    nvidia::emitPredicatedSharedStore(builder, loc, pointer, value, condition);
    return;
  }
  // Anything else (pointers): a masked store of one element, which needs
  // no control flow in this IR and so may sit in the single block of an
  // scf.for body.
  auto vectorType = VectorType::get({1}, value.getType());
  Value vector = LLVM::UndefOp::create(builder, loc, vectorType);
  vector = LLVM::InsertElementOp::create(builder, loc, vector, value,
                                         i32Constant(builder, loc, 0));
  auto maskType = VectorType::get({1}, builder.getI1Type());
  Value mask = LLVM::UndefOp::create(builder, loc, maskType);
  mask = LLVM::InsertElementOp::create(builder, loc, mask, condition,
                                       i32Constant(builder, loc, 0));
  Type type = value.getType();
  int64_t bytes = isa<LLVM::LLVMPointerType>(type)
                      ? 8
                      : std::max(1u, type.getIntOrFloatBitWidth() / 8);
  LLVM::MaskedStoreOp::create(builder, loc, vector, pointer, mask,
                              builder.getI32IntegerAttr(bytes));
}

Value mlir::tile::loadShared(OpBuilder &builder, Location loc, Value pointer,
                             Type type) {
  if (!type.isInteger(1))
    return LLVM::LoadOp::create(builder, loc,
                                getSharedStoredType(builder, type), pointer);
  Value byte = LLVM::LoadOp::create(builder, loc, builder.getI8Type(), pointer);
  return LLVM::TruncOp::create(builder, loc, type, byte);
}

/// The type an element of `type` takes in a shared-memory vector: integers
/// narrower than a byte widen to i8, pointers become i64.
static Type getStorageType(Type type) {
  MLIRContext *context = type.getContext();
  if (isa<LLVM::LLVMPointerType>(type))
    return IntegerType::get(context, 64);
  if (type.isInteger() && type.getIntOrFloatBitWidth() < 8)
    return IntegerType::get(context, 8);
  return type;
}

static Value toStorage(OpBuilder &builder, Location loc, Value value) {
  Type storage = getStorageType(value.getType());
  if (storage == value.getType())
    return value;
  if (isa<LLVM::LLVMPointerType>(value.getType()))
    return LLVM::PtrToIntOp::create(builder, loc, storage, value);
  return LLVM::ZExtOp::create(builder, loc, storage, value);
}

static Value fromStorage(OpBuilder &builder, Location loc, Value value,
                         Type type) {
  if (value.getType() == type)
    return value;
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::IntToPtrOp::create(builder, loc, type, value);
  return LLVM::TruncOp::create(builder, loc, type, value);
}

/// The bytes one element of `storage` takes.
static unsigned getStorageBytes(Type storage) {
  return storage.getIntOrFloatBitWidth() / 8;
}

void mlir::tile::storeSharedVector(OpBuilder &builder, Location loc,
                                   Value pointer, ValueRange values) {
  Type storage = getStorageType(values.front().getType());
  unsigned alignment = getStorageBytes(storage) * values.size();
  if (values.size() == 1) {
    LLVM::StoreOp::create(builder, loc, toStorage(builder, loc, values[0]),
                          pointer, alignment);
    return;
  }
  auto vectorType = VectorType::get({int64_t(values.size())}, storage);
  Value vector = LLVM::UndefOp::create(builder, loc, vectorType);
  for (auto [i, value] : llvm::enumerate(values))
    vector = LLVM::InsertElementOp::create(builder, loc, vector,
                                           toStorage(builder, loc, value),
                                           i32Constant(builder, loc, i));
  LLVM::StoreOp::create(builder, loc, vector, pointer, alignment);
}

SmallVector<Value> mlir::tile::loadSharedVector(OpBuilder &builder,
                                                Location loc, Value pointer,
                                                Type type, unsigned count) {
  Type storage = getStorageType(type);
  unsigned alignment = getStorageBytes(storage) * count;
  if (count == 1) {
    Value loaded =
        LLVM::LoadOp::create(builder, loc, storage, pointer, alignment);
    return {fromStorage(builder, loc, loaded, type)};
  }
  auto vectorType = VectorType::get({int64_t(count)}, storage);
  Value vector =
      LLVM::LoadOp::create(builder, loc, vectorType, pointer, alignment);
  SmallVector<Value> values;
  for (unsigned i = 0; i < count; ++i)
    values.push_back(
        fromStorage(builder, loc,
                    LLVM::ExtractElementOp::create(
                        builder, loc, vector, i32Constant(builder, loc, i)),
                    type));
  return values;
}

/// A warp shuffle of any integer, float or pointer value up to 64 bits:
/// narrower values travel widened to 32 bits, 64-bit ones as two halves.
static Value shuffle(OpBuilder &builder, Location loc, Value value, Value lane,
                     nvidia::ShuffleMode mode, int threadsPerWarp) {
  auto shuffle32 = [&](Value word) {
    return nvidia::emitShuffle32(builder, loc, word, lane, mode,
                                 threadsPerWarp);
  };
  Type type = value.getType();
  Type i32 = builder.getI32Type();
  if (type.isF32() || type.isInteger(32))
    return shuffle32(value);
  if (isa<LLVM::LLVMPointerType>(type)) {
    Value bits =
        LLVM::PtrToIntOp::create(builder, loc, builder.getI64Type(), value);
    Value moved = shuffle(builder, loc, bits, lane, mode, threadsPerWarp);
    return LLVM::IntToPtrOp::create(builder, loc, type, moved);
  }
  unsigned width = type.getIntOrFloatBitWidth();
  Type bitsType = builder.getIntegerType(width);
  Value bits =
      type.isInteger(width)
          ? value
          : Value(LLVM::BitcastOp::create(builder, loc, bitsType, value));
  Value moved;
  if (width < 32) {
    Value wide = LLVM::ZExtOp::create(builder, loc, i32, bits);
    Value shuffled = shuffle32(wide);
    moved = LLVM::TruncOp::create(builder, loc, bitsType, shuffled);
  } else {
    // 64 bits: the two halves separately.
    Value low = LLVM::TruncOp::create(builder, loc, i32, bits);
    Value high = LLVM::TruncOp::create(
        builder, loc, i32,
        LLVM::LShrOp::create(
            builder, loc, bits,
            LLVM::ConstantOp::create(builder, loc, bitsType,
                                     builder.getIntegerAttr(bitsType, 32))));
    low = shuffle32(low);
    high = shuffle32(high);
    Value lowWide = LLVM::ZExtOp::create(builder, loc, bitsType, low);
    Value highWide = LLVM::ShlOp::create(
        builder, loc, LLVM::ZExtOp::create(builder, loc, bitsType, high),
        LLVM::ConstantOp::create(builder, loc, bitsType,
                                 builder.getIntegerAttr(bitsType, 32)));
    moved = LLVM::OrOp::create(builder, loc, lowWide, highWide);
  }
  return type.isInteger(width)
             ? moved
             : Value(LLVM::BitcastOp::create(builder, loc, type, moved));
}

namespace {
/// Where each register of a thread lives in a shared buffer: element
/// offsets (one per group of `vector` consecutive registers) and how many
/// consecutive registers one access moves.
struct SharedAccess {
  SmallVector<Value> offsets;
  int vector = 1;
};

/// (register, lane, warp, block) -> the element offset in the buffer of a
/// tensor laid out as `registers`, for a buffer laid out as `shared`.
std::optional<layout::LinearLayout>
getRegisterToOffset(const layout::LinearLayout &registers,
                    const layout::LinearLayout &shared) {
  std::optional<layout::LinearLayout> toBuffer =
      registers.invertAndCompose(shared);
  if (!toBuffer)
    return std::nullopt;
  return toBuffer->sublayout(toBuffer->getInDimNames(), {layout::kOffset});
}

SharedAccess planSharedAccess(OpBuilder &builder, Location loc,
                              Type elementType,
                              const layout::LinearLayout &toOffset,
                              int threadsPerWarp, int32_t xorOffset) {
  SharedAccess access;
  int64_t bytes = getSharedElementBytes(elementType);
  if (!elementType.isInteger(1)) {
    int32_t consecutive =
        toOffset.getNumConsecutiveInOut(layout::kRegister, layout::kOffset);
    access.vector =
        std::max<int64_t>(1, std::min<int64_t>(consecutive, 16 / bytes));
    // An offset bit inside a vector would reorder its elements.
    while (access.vector > 1 && xorOffset % access.vector != 0)
      access.vector /= 2;
  }
  SmallVector<SmallVector<Value>> indices =
      emitIndices(builder, loc, toOffset, threadsPerWarp);
  for (size_t r = 0; r < indices.size(); r += access.vector) {
    Value offset = indices[r].front();
    if (xorOffset != 0)
      offset = LLVM::XOrOp::create(builder, loc, offset,
                                   i32Constant(builder, loc, xorOffset));
    access.offsets.push_back(offset);
  }
  return access;
}
} // namespace

namespace {
/// The element offset basis `bit` of `inDim` maps to (0 past its size).
int32_t offsetBasis(const layout::LinearLayout &toOffset,
                    const std::string &inDim, int bit) {
  if (!toOffset.hasInDim(inDim) || bit >= toOffset.getInDimSizeLog2(inDim))
    return 0;
  return toOffset.getBasis(inDim, bit, layout::kOffset);
}

/// How a warp moves 16-bit elements between registers and 8x8 matrix
/// fragments of a shared buffer with ldmatrix.x4 / stmatrix.x4. Both give
/// lane t of a warp, for each of four 8x8 matrices, the pair at row t/4,
/// columns 2(t%4) and 2(t%4)+1, where each matrix row is 16 contiguous
/// bytes whose address some lane supplies (lanes 8i..8i+7 for the rows of
/// matrix i). So with T = (register, lane, warp) -> element offset:
///  * plain: register bit 0 and lane bits 0-1 step 1, 2, 4 within a row,
///    lane bits 2-4 pick the row;
///  * .trans (the pair runs down a column): lane bits 2-4 step 1, 2, 4
///    within a row, register bit 0 and lane bits 0-1 pick the row;
/// and register bits 1-2 pick the matrix. Every row start must stay 16-byte
/// aligned: all bases other than the in-row ones are multiples of 8.
struct MatrixFragments {
  bool transposed = false;
  /// The lane's row start, for the register group 0.
  Value rowStart;
  /// Offsets of register bits 3 and up: one group of 8 registers each.
  SmallVector<int32_t> groupBases;
  /// The offset bits lanes and warps may set.
  int32_t threadBits = 0;
  int32_t xorOffset = 0;

  /// The element offset of the row the lane supplies for `group` (a
  /// multiple of 8: the first register of the group).
  Value groupOffset(OpBuilder &builder, Location loc, int32_t group) const {
    int32_t offset = xorOffset;
    for (auto [bit, basis] : llvm::enumerate(groupBases))
      if ((group >> (bit + 3)) & 1)
        offset ^= basis;
    if (offset == 0)
      return rowStart;
    // Bits the lanes and warps never set: adding keeps the group's offset
    // an immediate of the address.
    Value constant = i32Constant(builder, loc, offset);
    if ((offset & threadBits) == 0)
      return LLVM::AddOp::create(builder, loc, rowStart, constant);
    return LLVM::XOrOp::create(builder, loc, rowStart, constant);
  }
};

std::optional<MatrixFragments>
planMatrixFragments(OpBuilder &builder, Location loc, Type elementType,
                    const layout::LinearLayout &toOffset, int threadsPerWarp,
                    int32_t xorOffset) {
  // The offset of a sub-tile must keep every row start 16-byte aligned.
  if (elementType.getIntOrFloatBitWidth() != 16 || threadsPerWarp != 32 ||
      xorOffset % 8 != 0 || !toOffset.hasInDim(layout::kRegister) ||
      toOffset.getInDimSizeLog2(layout::kRegister) < 3 ||
      !toOffset.hasInDim(layout::kLane) ||
      toOffset.getInDimSizeLog2(layout::kLane) != 5)
    return std::nullopt;
  auto reg = [&](int bit) {
    return offsetBasis(toOffset, layout::kRegister, bit);
  };
  auto lane = [&](int bit) {
    return offsetBasis(toOffset, layout::kLane, bit);
  };
  bool plain = reg(0) == 1 && lane(0) == 2 && lane(1) == 4;
  bool trans = lane(2) == 1 && lane(3) == 2 && lane(4) == 4;
  if (plain == trans)
    return std::nullopt;
  SmallVector<int32_t> addressBases =
      plain ? SmallVector<int32_t>{lane(2), lane(3), lane(4)}
            : SmallVector<int32_t>{reg(0), lane(0), lane(1)};
  addressBases.append({reg(1), reg(2)}); // Lane bits 3-4: the matrix.
  MatrixFragments plan;
  plan.transposed = !plain;
  plan.xorOffset = xorOffset;
  for (int bit = 3; bit < toOffset.getInDimSizeLog2(layout::kRegister); ++bit)
    plan.groupBases.push_back(reg(bit));
  SmallVector<int32_t> warpBases;
  if (toOffset.hasInDim(layout::kWarp))
    for (int bit = 0; bit < toOffset.getInDimSizeLog2(layout::kWarp); ++bit)
      warpBases.push_back(offsetBasis(toOffset, layout::kWarp, bit));
  auto aligned = [](int32_t basis) { return basis % 8 == 0; };
  if (!llvm::all_of(addressBases, aligned) ||
      !llvm::all_of(plan.groupBases, aligned) ||
      !llvm::all_of(warpBases, aligned))
    return std::nullopt;

  for (int32_t basis : llvm::concat<int32_t>(addressBases, warpBases))
    plan.threadBits |= basis;
  ThreadIndex thread = getThreadIndex(builder, loc, threadsPerWarp);
  // One statement per emitted value: the IR must not depend on the C++
  // compiler's argument evaluation order.
  Value warpPart = xorOfBits(builder, loc, thread.warp, warpBases);
  Value lanePart = xorOfBits(builder, loc, thread.lane, addressBases);
  plan.rowStart = LLVM::XOrOp::create(builder, loc, lanePart, warpPart);
  return plan;
}

/// Loads 16-bit elements with ldmatrix.x4 when the registers are 8x8
/// matrix fragments of the buffer (see MatrixFragments).
std::optional<SmallVector<Value>>
loadWithLdmatrix(OpBuilder &builder, Location loc, Value base, Type elementType,
                 const layout::LinearLayout &toOffset, int threadsPerWarp,
                 int32_t xorOffset) {
  std::optional<MatrixFragments> plan = planMatrixFragments(
      builder, loc, elementType, toOffset, threadsPerWarp, xorOffset);
  if (!plan)
    return std::nullopt;
  auto pairType = VectorType::get({2}, elementType);
  SmallVector<Value> values;
  for (int32_t group = 0; group < toOffset.getNumRegisters(); group += 8) {
    Value pointer =
        getSharedElementPointer(builder, loc, base, elementType,
                                plan->groupOffset(builder, loc, group));
    for (Value word :
         nvidia::emitLoadMatrixX4(builder, loc, pointer, plan->transposed)) {
      Value pair = LLVM::BitcastOp::create(builder, loc, pairType, word);
      for (int j = 0; j < 2; ++j)
        values.push_back(LLVM::ExtractElementOp::create(
            builder, loc, pair, i32Constant(builder, loc, j)));
    }
  }
  return values;
}

/// Stores 16-bit elements with stmatrix.x4 (sm_90 on) when the registers
/// are 8x8 matrix fragments of the buffer: a quarter of the stores of
/// 32-bit st.shared, and one row address per lane instead of one per
/// register pair. Registers the layout broadcasts (the same element in
/// another lane or warp) are stored by each owner alike, as the plain path
/// does.
LogicalResult storeWithStmatrix(OpBuilder &builder, Location loc, Value base,
                                Type elementType,
                                const layout::LinearLayout &toOffset,
                                ArrayRef<Value> values, int threadsPerWarp,
                                int32_t xorOffset) {
  std::optional<MatrixFragments> plan = planMatrixFragments(
      builder, loc, elementType, toOffset, threadsPerWarp, xorOffset);
  if (!plan)
    return failure();
  Type i32 = builder.getI32Type();
  auto pairType = VectorType::get({2}, elementType);
  for (int32_t group = 0; group < toOffset.getNumRegisters(); group += 8) {
    SmallVector<Value> words;
    for (int32_t j = 0; j < 4; ++j) {
      Value pair = LLVM::UndefOp::create(builder, loc, pairType);
      for (int32_t e = 0; e < 2; ++e)
        pair = LLVM::InsertElementOp::create(builder, loc, pair,
                                             values[group + 2 * j + e],
                                             i32Constant(builder, loc, e));
      words.push_back(LLVM::BitcastOp::create(builder, loc, i32, pair));
    }
    Value pointer =
        getSharedElementPointer(builder, loc, base, elementType,
                                plan->groupOffset(builder, loc, group));
    nvidia::emitStoreMatrixX4(builder, loc, pointer, words, plan->transposed);
  }
  return success();
}
} // namespace

LogicalResult mlir::tile::storeDistributedToShared(
    OpBuilder &builder, Location loc, Value base, Type elementType,
    const layout::LinearLayout &registers, const layout::LinearLayout &shared,
    ArrayRef<Value> values, int threadsPerWarp, int32_t xorOffset,
    bool allowStmatrix) {
  std::optional<layout::LinearLayout> toOffset =
      getRegisterToOffset(registers, shared);
  if (!toOffset)
    return failure();
  if (allowStmatrix &&
      succeeded(storeWithStmatrix(builder, loc, base, elementType, *toOffset,
                                  values, threadsPerWarp, xorOffset)))
    return success();
  SharedAccess access = planSharedAccess(builder, loc, elementType, *toOffset,
                                         threadsPerWarp, xorOffset);
  int v = access.vector;
  for (auto [group, offset] : llvm::enumerate(access.offsets)) {
    Value pointer =
        getSharedElementPointer(builder, loc, base, elementType, offset);
    if (v == 1) {
      storeShared(builder, loc, pointer, values[group]);
      continue;
    }
    // A vector of what shared memory holds: a vector of i1 would pack bits.
    Type stored = getSharedStoredType(builder, elementType);
    auto vectorType = VectorType::get({v}, stored);
    Value vector = LLVM::UndefOp::create(builder, loc, vectorType);
    for (int i = 0; i < v; ++i) {
      Value value = values[group * v + i];
      if (value.getType() != stored)
        value = LLVM::ZExtOp::create(builder, loc, stored, value);
      vector = LLVM::InsertElementOp::create(builder, loc, vector, value,
                                             i32Constant(builder, loc, i));
    }
    LLVM::StoreOp::create(builder, loc, vector, pointer,
                          v * getSharedElementBytes(elementType));
  }
  return success();
}

FailureOr<SmallVector<Value>> mlir::tile::loadDistributedFromShared(
    OpBuilder &builder, Location loc, Value base, Type elementType,
    const layout::LinearLayout &registers, const layout::LinearLayout &shared,
    int threadsPerWarp, int32_t xorOffset) {
  std::optional<layout::LinearLayout> toOffset =
      getRegisterToOffset(registers, shared);
  if (!toOffset)
    return failure();
  if (std::optional<SmallVector<Value>> values =
          loadWithLdmatrix(builder, loc, base, elementType, *toOffset,
                           threadsPerWarp, xorOffset))
    return *values;
  SharedAccess access = planSharedAccess(builder, loc, elementType, *toOffset,
                                         threadsPerWarp, xorOffset);
  int v = access.vector;
  SmallVector<Value> values;
  for (Value offset : access.offsets) {
    Value pointer =
        getSharedElementPointer(builder, loc, base, elementType, offset);
    if (v == 1) {
      values.push_back(loadShared(builder, loc, pointer, elementType));
      continue;
    }
    Type stored = getSharedStoredType(builder, elementType);
    auto vectorType = VectorType::get({v}, stored);
    Value vector = LLVM::LoadOp::create(builder, loc, vectorType, pointer,
                                        v * getSharedElementBytes(elementType));
    for (int i = 0; i < v; ++i) {
      Value value = LLVM::ExtractElementOp::create(
          builder, loc, vector, i32Constant(builder, loc, i));
      if (elementType.isInteger(1))
        value = LLVM::TruncOp::create(builder, loc, elementType, value);
      values.push_back(value);
    }
  }
  return values;
}

Value mlir::tile::shuffleXor(OpBuilder &builder, Location loc, Value value,
                             int32_t laneMask, int threadsPerWarp) {
  return shuffle(builder, loc, value, i32Constant(builder, loc, laneMask),
                 nvidia::ShuffleMode::Xor, threadsPerWarp);
}

Value mlir::tile::shuffleUp(OpBuilder &builder, Location loc, Value value,
                            int32_t delta, int threadsPerWarp) {
  return shuffle(builder, loc, value, i32Constant(builder, loc, delta),
                 nvidia::ShuffleMode::Up, threadsPerWarp);
}

Value mlir::tile::shuffleDown(OpBuilder &builder, Location loc, Value value,
                              int32_t delta, int threadsPerWarp) {
  return shuffle(builder, loc, value, i32Constant(builder, loc, delta),
                 nvidia::ShuffleMode::Down, threadsPerWarp);
}

Value mlir::tile::shuffleIdx(OpBuilder &builder, Location loc, Value value,
                             Value lane, int threadsPerWarp) {
  return shuffle(builder, loc, value, lane, nvidia::ShuffleMode::Index,
                 threadsPerWarp);
}
