//===- RewriteTensorPointer.cpp - Block pointers to tensors of pointers ---===//
//
// triton-rewrite-tensor-pointer: a block pointer (tt.make_tensor_ptr, moved
// by tt.advance) is replaced by the values it stands for: the base pointer,
// the global tensor's i64 shape and strides, and the block's i64 offsets.
// Loads and stores through it become loads and stores through a tensor of
// pointers computed from those values, masked on the boundary-checked
// dimensions. One block pointer becomes several values, which a type
// converter cannot express, so the pass walks the IR in order, as Triton's
// does, and rebuilds the scf.for, scf.if and scf.while ops that carry block
// pointers with the values in their place. Everything it cannot rewrite is
// diagnosed before anything changes.
//
//===----------------------------------------------------------------------===//

#include "passes/tt/Passes.h"

#include "dialects/tt/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TRITONREWRITETENSORPOINTERPASS
#include "passes/tt/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Whether `type` is a block pointer, `!tt.ptr<tensor<...>>`.
bool isBlockPointer(Type type) {
  auto ptr = dyn_cast<tt::PointerType>(type);
  return ptr && isa<RankedTensorType>(ptr.getPointeeType());
}

/// The block a block pointer points to.
RankedTensorType getBlockType(Type blockPointer) {
  return cast<RankedTensorType>(
      cast<tt::PointerType>(blockPointer).getPointeeType());
}

bool hasBlockPointer(TypeRange types) {
  return llvm::any_of(types, isBlockPointer);
}

/// What the pass says about the block pointers it can follow.
constexpr llvm::StringLiteral kWhatIsRewritten =
    "triton-rewrite-tensor-pointer rewrites block pointers made by "
    "tt.make_tensor_ptr, moved by tt.advance, accessed by tt.load and "
    "tt.store, chosen by arith.select and carried by scf.for, scf.if and "
    "scf.while";

//===----------------------------------------------------------------------===//
// What the pass can rewrite
//===----------------------------------------------------------------------===//

/// Whether `op` may take a block pointer as operand `index`.
bool isRewrittenUse(Operation *op, unsigned index) {
  if (isa<tt::AdvanceOp, tt::LoadOp, tt::StoreOp>(op))
    return index == 0;
  if (auto forOp = dyn_cast<scf::ForOp>(op))
    return index >= forOp.getNumControlOperands();
  if (isa<scf::WhileOp>(op))
    return true;
  if (isa<scf::YieldOp>(op))
    return isa<scf::ForOp, scf::IfOp, scf::WhileOp>(op->getParentOp());
  if (isa<scf::ConditionOp, arith::SelectOp>(op))
    return index > 0;
  return false;
}

/// A block whose tensor of pointers, offsets and mask tt can hold: every
/// dimension a power of two (each becomes a tt.make_range) and not too many
/// elements.
LogicalResult checkBlockShape(tt::MakeTensorPtrOp op) {
  RankedTensorType block = getBlockType(op.getType());
  auto fail = [&]() {
    return op.emitOpError("block ")
           << block << " cannot become a tensor of pointers: ";
  };
  if (block.getRank() == 0)
    return fail() << "it has no dimensions";
  for (int64_t dim : block.getShape())
    if (dim <= 0 || !llvm::isPowerOf2_64(dim))
      return fail() << "each dimension must be a power of two";
  if (block.getNumElements() > tt::kMaxTensorNumElements)
    return fail() << "it has more than " << tt::kMaxTensorNumElements
                  << " elements";
  return success();
}

/// The padding of a block pointer load must have a value of its element type.
LogicalResult checkPadding(tt::LoadOp load) {
  std::optional<tt::PaddingOption> padding = load.getPadding();
  if (!padding || !isBlockPointer(load.getPtr().getType()))
    return success();
  Type element = getBlockType(load.getPtr().getType()).getElementType();
  if (*padding == tt::PaddingOption::PAD_NAN) {
    // Triton's front end rejects nan padding of integer block pointers.
    auto floatType = dyn_cast<FloatType>(element);
    if (!floatType ||
        !llvm::APFloat::semanticsHasNaN(floatType.getFloatSemantics()))
      return load.emitOpError("padding nan needs a floating-point element "
                              "type that has a NaN, got ")
             << element;
    return success();
  }
  if (!load.getBoundaryCheck().empty() && !isa<IntegerType, FloatType>(element))
    return load.emitOpError("padding zero needs an integer or floating-point "
                            "element type, got ")
           << element;
  return success();
}

/// Diagnoses every block pointer the pass cannot follow and every access it
/// cannot rewrite, so that a failure leaves the IR unchanged.
LogicalResult checkSupported(ModuleOp module) {
  bool ok = true;
  module.walk([&](Operation *op) {
    for (OpResult result : op->getResults())
      if (isBlockPointer(result.getType()) &&
          !isa<tt::MakeTensorPtrOp, tt::AdvanceOp, arith::SelectOp, scf::ForOp,
               scf::IfOp, scf::WhileOp>(op)) {
        op->emitOpError("result #")
            << result.getResultNumber()
            << " is a block pointer, which this pass cannot follow: "
            << kWhatIsRewritten;
        ok = false;
      }
    for (OpOperand &operand : op->getOpOperands())
      if (isBlockPointer(operand.get().getType()) &&
          !isRewrittenUse(op, operand.getOperandNumber())) {
        op->emitOpError("operand #")
            << operand.getOperandNumber()
            << " is a block pointer, which this pass cannot rewrite here: "
            << kWhatIsRewritten;
        ok = false;
      }
    // Block arguments of scf.for and scf.while are carried values; any
    // other (a function's) has no tt.make_tensor_ptr to come from.
    if (!isa<scf::ForOp, scf::WhileOp>(op))
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            if (isBlockPointer(arg.getType())) {
              bool isFunctionArg =
                  isa<FunctionOpInterface>(op) && block.isEntryBlock();
              op->emitOpError(isFunctionArg ? "argument #" : "block argument #")
                  << arg.getArgNumber()
                  << " is a block pointer, which this pass cannot follow: "
                     "block pointers must be made in the kernel by "
                     "tt.make_tensor_ptr (a function taking one must be "
                     "inlined first)";
              ok = false;
            }
    if (auto make = dyn_cast<tt::MakeTensorPtrOp>(op))
      ok &= succeeded(checkBlockShape(make));
    if (auto load = dyn_cast<tt::LoadOp>(op))
      ok &= succeeded(checkPadding(load));
  });
  return success(ok);
}

//===----------------------------------------------------------------------===//
// What control flow carries
//===----------------------------------------------------------------------===//

/// One place where control flow passes block pointers on: an iter_arg of
/// scf.for, a result of scf.if, an argument of scf.while's before region, a
/// value scf.condition passes to the after region and the results, or the
/// result of an arith.select (canonicalize, which the inliner runs, turns an
/// scf.if choosing between block pointers into one).
struct Slot {
  Operation *owner;
  /// The block pointers flowing in.
  SmallVector<Value, 2> incoming;
  /// The values the slot defines (block arguments, results).
  SmallVector<Value, 2> outgoing;
  /// The value whose base, shape and strides every incoming block pointer
  /// shares: a tt.make_tensor_ptr result, or a value of a slot that carries
  /// all parts. Null while unknown.
  Value origin;
  /// Whether base, shape and strides are carried too, not just the offsets.
  bool carriesAll = false;

  int64_t getRank() const {
    return getBlockType(outgoing.front().getType()).getRank();
  }
  /// How many values the slot carries in place of one block pointer.
  int64_t getWidth() const {
    return carriesAll ? 1 + 3 * getRank() : getRank();
  }
};

/// Decides for each slot whether the offsets alone can be carried (as Triton
/// does): they can when every block pointer reaching the slot has the same
/// base, shape and strides, defined before the slot's op. Otherwise (say an
/// scf.if choosing between two tt.make_tensor_ptr) all parts are carried.
class BlockPointerFlow {
public:
  explicit BlockPointerFlow(ModuleOp module) : dominance(module) {
    module.walk<WalkOrder::PreOrder>([&](Operation *op) { collect(op); });
    solve();
  }

  /// The slot that defines `outgoing`, or null.
  const Slot *getSlot(Value outgoing) const {
    auto it = slotOf.find(outgoing);
    return it == slotOf.end() ? nullptr : &slots[it->second];
  }

private:
  void addSlot(Operation *owner, ArrayRef<Value> incoming,
               ArrayRef<Value> outgoing) {
    for (Value value : outgoing)
      slotOf[value] = slots.size();
    Slot &slot = slots.emplace_back();
    slot.owner = owner;
    slot.incoming.assign(incoming.begin(), incoming.end());
    slot.outgoing.assign(outgoing.begin(), outgoing.end());
  }

  void collect(Operation *op) {
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
      for (auto [i, init] : llvm::enumerate(forOp.getInitArgs()))
        if (isBlockPointer(init.getType()))
          addSlot(op, {init, yield.getOperand(i)},
                  {forOp.getRegionIterArg(i), forOp.getResult(i)});
    } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      for (OpResult result : ifOp.getResults())
        if (isBlockPointer(result.getType())) {
          unsigned i = result.getResultNumber();
          addSlot(
              op,
              {ifOp.thenYield().getOperand(i), ifOp.elseYield().getOperand(i)},
              {result});
        }
    } else if (auto select = dyn_cast<arith::SelectOp>(op)) {
      if (isBlockPointer(select.getType()))
        addSlot(op, {select.getTrueValue(), select.getFalseValue()},
                {select.getResult()});
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      scf::YieldOp yield = whileOp.getYieldOp();
      for (auto [i, init] : llvm::enumerate(whileOp.getInits()))
        if (isBlockPointer(init.getType()))
          addSlot(op, {init, yield.getOperand(i)},
                  {whileOp.getBeforeArguments()[i]});
      scf::ConditionOp condition = whileOp.getConditionOp();
      for (auto [i, arg] : llvm::enumerate(condition.getArgs()))
        if (isBlockPointer(arg.getType()))
          addSlot(op, {arg},
                  {whileOp.getAfterArguments()[i], whileOp.getResult(i)});
    }
  }

  /// The value whose base, shape and strides `value` has, or null while
  /// unknown.
  Value getOrigin(Value value) const {
    while (auto advance = value.getDefiningOp<tt::AdvanceOp>())
      value = advance.getPtr();
    const Slot *slot = getSlot(value);
    if (!slot)
      return value; // a tt.make_tensor_ptr
    return slot->carriesAll ? value : slot->origin;
  }

  /// Whether the base, shape and strides of `origin` are defined before
  /// `op`, so that `op`'s regions and results can use them directly.
  bool definedBefore(Value origin, Operation *op) const {
    auto make = origin.getDefiningOp<tt::MakeTensorPtrOp>();
    if (!make)
      return dominance.properlyDominates(origin, op);
    auto before = [&](Value v) { return dominance.properlyDominates(v, op); };
    return before(make.getBase()) && llvm::all_of(make.getShape(), before) &&
           llvm::all_of(make.getStrides(), before);
  }

  /// Iterates to a fixed point. A slot goes from unknown to one origin, and
  /// to carrying all parts when its incoming origins disagree; a slot whose
  /// origin would change carries all parts too, so that this ends.
  void solve() {
    bool changed = true;
    while (changed) {
      changed = false;
      for (Slot &slot : slots) {
        if (slot.carriesAll)
          continue;
        Value joined;
        bool disagree = false;
        for (Value in : slot.incoming) {
          Value origin = getOrigin(in);
          if (!origin)
            continue;
          disagree |= joined && joined != origin;
          joined = joined ? joined : origin;
        }
        if (!joined)
          continue;
        if (disagree || (slot.origin && slot.origin != joined) ||
            !definedBefore(joined, slot.owner)) {
          slot.carriesAll = true;
          changed = true;
        } else if (slot.origin != joined) {
          slot.origin = joined;
          changed = true;
        }
      }
    }
    // Every block pointer comes from a tt.make_tensor_ptr (checkSupported),
    // so each slot has an origin now; a slot without one would carry all
    // parts, which is always correct.
    for (Slot &slot : slots)
      slot.carriesAll |= !slot.origin;
  }

  DominanceInfo dominance;
  SmallVector<Slot> slots;
  DenseMap<Value, unsigned> slotOf;
};

//===----------------------------------------------------------------------===//
// The rewrite
//===----------------------------------------------------------------------===//

/// The values one block pointer stands for.
struct BlockPointerParts {
  Value base;
  SmallVector<Value> shape;   // i64
  SmallVector<Value> strides; // i64
  SmallVector<Value> offsets; // i64: Triton extends the i32 offsets once
};

/// Builds the tensor of pointers, mask and padding of one access through a
/// block pointer, at the access.
class BlockAccessBuilder {
public:
  BlockAccessBuilder(OpBuilder &builder, Location loc,
                     const BlockPointerParts &parts, RankedTensorType block)
      : builder(builder), loc(loc), parts(parts), block(block),
        indices(block.getRank()) {}

  /// base + Σ_d (offset_d + i_d) * stride_d for each element (i0, i1, ...).
  Value buildPointers() {
    auto ptrs = RankedTensorType::get(block.getShape(), parts.base.getType());
    auto i64s = RankedTensorType::get(block.getShape(), builder.getI64Type());
    Value result = tt::SplatOp::create(builder, loc, ptrs, parts.base);
    for (int64_t dim = 0; dim < block.getRank(); ++dim) {
      Value index = getIndices(dim);
      // The stride is splat to the expanded shape, not to a row, so that
      // its divisibility reaches the offsets (as in Triton).
      Value stride = tt::SplatOp::create(builder, loc, index.getType(),
                                         parts.strides[dim]);
      Value scaled = arith::MulIOp::create(builder, loc, index, stride);
      result = tt::AddPtrOp::create(builder, loc, ptrs, result,
                                    broadcast(scaled, i64s));
    }
    return result;
  }

  /// 0 <= offset_d + i_d < shape_d for each dimension d in `dims`.
  Value buildMask(ArrayRef<int32_t> dims) {
    auto i1s = RankedTensorType::get(block.getShape(), builder.getI1Type());
    Value mask;
    for (int32_t dim : dims) {
      Value index = getIndices(dim);
      Value zero =
          arith::ConstantIntOp::create(builder, loc, builder.getI64Type(), 0);
      Value lower = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::sge, index,
          tt::SplatOp::create(builder, loc, index.getType(), zero));
      Value upper = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::slt, index,
          tt::SplatOp::create(builder, loc, index.getType(), parts.shape[dim]));
      Value inBounds =
          broadcast(arith::AndIOp::create(builder, loc, lower, upper), i1s);
      mask =
          mask ? arith::AndIOp::create(builder, loc, mask, inBounds) : inBounds;
    }
    return mask;
  }

  /// The value masked-off lanes of a load read.
  Value buildPadding(tt::PaddingOption padding) {
    Type element = block.getElementType();
    TypedAttr value = builder.getZeroAttr(element);
    if (padding == tt::PaddingOption::PAD_NAN)
      value = builder.getFloatAttr(
          element,
          llvm::APFloat::getNaN(cast<FloatType>(element).getFloatSemantics()));
    Value scalar = arith::ConstantOp::create(builder, loc, value);
    return tt::SplatOp::create(builder, loc, block, scalar);
  }

private:
  /// offset_d + i_d as i64, with size-1 dimensions for all other dimensions
  /// (built once per access and dimension).
  Value getIndices(int64_t dim) {
    if (indices[dim])
      return indices[dim];
    int64_t size = block.getDimSize(dim);
    auto row = RankedTensorType::get({size}, builder.getI64Type());
    Value offset = tt::SplatOp::create(builder, loc, row, parts.offsets[dim]);
    Value range = tt::MakeRangeOp::create(
        builder, loc, RankedTensorType::get({size}, builder.getI32Type()),
        uint32_t{0}, static_cast<uint32_t>(size));
    Value index = arith::AddIOp::create(
        builder, loc, offset, arith::ExtSIOp::create(builder, loc, row, range));
    SmallVector<int64_t> shape = {size};
    for (int64_t other = 0; other < block.getRank(); ++other) {
      if (other == dim)
        continue;
      shape.insert(shape.begin() + other, 1);
      index = tt::ExpandDimsOp::create(
          builder, loc, RankedTensorType::get(shape, builder.getI64Type()),
          index, other);
    }
    return indices[dim] = index;
  }

  Value broadcast(Value value, RankedTensorType type) {
    if (value.getType() == type)
      return value;
    return tt::BroadcastOp::create(builder, loc, type, value);
  }

  OpBuilder &builder;
  Location loc;
  const BlockPointerParts &parts;
  RankedTensorType block;
  SmallVector<Value> indices;
};

/// Walks the IR in order, giving each block pointer its parts and rewriting
/// the ops that make, move, access and carry block pointers. Replaced ops
/// are erased at the end, users before producers.
class BlockPointerRewriter {
public:
  explicit BlockPointerRewriter(const BlockPointerFlow &flow) : flow(flow) {}

  void run(ModuleOp module) {
    visitRegions(module);
    parts.clear();
    for (Operation *op : llvm::reverse(replaced))
      op->erase();
  }

private:
  void visitRegions(Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : llvm::make_early_inc_range(block))
          if (Operation *next = rewrite(&nested))
            visitRegions(next);
  }

  /// Rewrites `op` if it involves block pointers; returns the op whose
  /// regions to visit next (null when it has none left to visit).
  Operation *rewrite(Operation *op) {
    if (auto make = dyn_cast<tt::MakeTensorPtrOp>(op))
      return rewriteMakeTensorPtr(make), nullptr;
    if (auto advance = dyn_cast<tt::AdvanceOp>(op))
      return rewriteAdvance(advance), nullptr;
    if (auto load = dyn_cast<tt::LoadOp>(op)) {
      if (isBlockPointer(load.getPtr().getType()))
        return rewriteLoad(load), nullptr;
      return nullptr;
    }
    if (auto store = dyn_cast<tt::StoreOp>(op)) {
      if (isBlockPointer(store.getPtr().getType()))
        return rewriteStore(store), nullptr;
      return nullptr;
    }
    if (auto forOp = dyn_cast<scf::ForOp>(op);
        forOp && hasBlockPointer(forOp.getInitArgs().getTypes()))
      return rebuildFor(forOp);
    if (auto ifOp = dyn_cast<scf::IfOp>(op);
        ifOp && hasBlockPointer(ifOp.getResultTypes()))
      return rebuildIf(ifOp);
    if (auto whileOp = dyn_cast<scf::WhileOp>(op);
        whileOp && (hasBlockPointer(whileOp.getInits().getTypes()) ||
                    hasBlockPointer(whileOp.getResultTypes())))
      return rebuildWhile(whileOp);
    if (auto yield = dyn_cast<scf::YieldOp>(op);
        yield && hasBlockPointer(yield.getOperandTypes())) {
      yield->setOperands(
          expand(yield.getOperands(), yieldSlots.at(yield->getParentOp())));
      return nullptr;
    }
    if (auto select = dyn_cast<arith::SelectOp>(op);
        select && isBlockPointer(select.getType()))
      return rewriteSelect(select), nullptr;
    if (auto condition = dyn_cast<scf::ConditionOp>(op);
        condition && hasBlockPointer(condition.getArgs().getTypes())) {
      condition.getArgsMutable().assign(expand(
          condition.getArgs(), conditionSlots.at(condition->getParentOp())));
      return nullptr;
    }
    return op;
  }

  void rewriteMakeTensorPtr(tt::MakeTensorPtrOp make) {
    OpBuilder builder(make);
    BlockPointerParts &made = parts[make.getResult()];
    made.base = make.getBase();
    made.shape = llvm::to_vector(make.getShape());
    made.strides = llvm::to_vector(make.getStrides());
    for (Value offset : make.getOffsets())
      made.offsets.push_back(arith::ExtSIOp::create(
          builder, make.getLoc(), builder.getI64Type(), offset));
    replaced.push_back(make);
  }

  void rewriteAdvance(tt::AdvanceOp advance) {
    OpBuilder builder(advance);
    BlockPointerParts moved = parts.at(advance.getPtr());
    for (auto [offset, delta] : llvm::zip(moved.offsets, advance.getOffsets()))
      offset = arith::AddIOp::create(
          builder, advance.getLoc(), offset,
          arith::ExtSIOp::create(builder, advance.getLoc(),
                                 builder.getI64Type(), delta));
    parts[advance.getResult()] = std::move(moved);
    replaced.push_back(advance);
  }

  void rewriteLoad(tt::LoadOp load) {
    OpBuilder builder(load);
    BlockAccessBuilder access(builder, load.getLoc(), parts.at(load.getPtr()),
                              getBlockType(load.getPtr().getType()));
    Value ptrs = access.buildPointers();
    Value mask, other;
    if (!load.getBoundaryCheck().empty()) {
      mask = access.buildMask(load.getBoundaryCheck());
      if (std::optional<tt::PaddingOption> padding = load.getPadding())
        other = access.buildPadding(*padding);
    }
    auto newLoad = tt::LoadOp::create(
        builder, load.getLoc(), load.getType(), ptrs, mask, other,
        /*boundaryCheck=*/ArrayRef<int32_t>{}, tt::PaddingOptionAttr(),
        load.getCache(), load.getEvict(), load.getIsVolatile());
    newLoad->setDiscardableAttrs(load->getDiscardableAttrDictionary());
    load.getResult().replaceAllUsesWith(newLoad.getResult());
    replaced.push_back(load);
  }

  void rewriteStore(tt::StoreOp store) {
    OpBuilder builder(store);
    BlockAccessBuilder access(builder, store.getLoc(), parts.at(store.getPtr()),
                              getBlockType(store.getPtr().getType()));
    Value ptrs = access.buildPointers();
    Value mask;
    if (!store.getBoundaryCheck().empty())
      mask = access.buildMask(store.getBoundaryCheck());
    auto newStore = tt::StoreOp::create(builder, store.getLoc(), ptrs,
                                        store.getValue(), mask,
                                        /*boundaryCheck=*/ArrayRef<int32_t>{},
                                        store.getCache(), store.getEvict());
    newStore->setDiscardableAttrs(store->getDiscardableAttrDictionary());
    replaced.push_back(store);
  }

  /// Chooses each part that the two block pointers do not share.
  void rewriteSelect(arith::SelectOp select) {
    OpBuilder builder(select);
    const Slot *slot = flow.getSlot(select.getResult());
    SmallVector<Value> chosen;
    for (auto [onTrue, onFalse] :
         llvm::zip_equal(expand(select.getTrueValue(), slot),
                         expand(select.getFalseValue(), slot)))
      chosen.push_back(onTrue == onFalse
                           ? onTrue
                           : arith::SelectOp::create(builder, select.getLoc(),
                                                     select.getCondition(),
                                                     onTrue, onFalse));
    replaceOrSplit(select.getResult(), chosen, slot);
    replaced.push_back(select);
  }

  /// The slot of each value in `outgoing` (null for a value that is not a
  /// block pointer).
  SmallVector<const Slot *> getSlots(ValueRange outgoing) const {
    return llvm::map_to_vector(outgoing, [&](Value value) -> const Slot * {
      return isBlockPointer(value.getType()) ? flow.getSlot(value) : nullptr;
    });
  }

  /// `values` with each block pointer replaced by what its slot carries.
  SmallVector<Value> expand(ValueRange values,
                            ArrayRef<const Slot *> slots) const {
    SmallVector<Value> result;
    for (auto [value, slot] : llvm::zip_equal(values, slots)) {
      if (!slot) {
        result.push_back(value);
        continue;
      }
      const BlockPointerParts &carried = parts.at(value);
      if (slot->carriesAll) {
        result.push_back(carried.base);
        llvm::append_range(result, carried.shape);
        llvm::append_range(result, carried.strides);
      }
      llvm::append_range(result, carried.offsets);
    }
    return result;
  }

  /// The types of expand(values of `types`, slots).
  SmallVector<Type> expandTypes(TypeRange types,
                                ArrayRef<const Slot *> slots) const {
    SmallVector<Type> result;
    for (auto [type, slot] : llvm::zip_equal(types, slots)) {
      if (!slot) {
        result.push_back(type);
        continue;
      }
      Type i64 = IntegerType::get(type.getContext(), 64);
      if (slot->carriesAll)
        result.push_back(tt::getBlockElementPointer(type));
      result.append(slot->getWidth() - (slot->carriesAll ? 1 : 0), i64);
    }
    return result;
  }

  /// Replaces each old value by its counterpart among `newValues`; a block
  /// pointer gets its parts from the values its slot carries.
  void replaceOrSplit(ValueRange oldValues, ValueRange newValues,
                      ArrayRef<const Slot *> slots) {
    unsigned next = 0;
    for (auto [old, slot] : llvm::zip_equal(oldValues, slots)) {
      if (!slot) {
        old.replaceAllUsesWith(newValues[next++]);
        continue;
      }
      ValueRange carried = newValues.slice(next, slot->getWidth());
      next += slot->getWidth();
      int64_t rank = slot->getRank();
      BlockPointerParts split;
      if (slot->carriesAll) {
        split.base = carried.front();
        split.shape = llvm::to_vector(carried.slice(1, rank));
        split.strides = llvm::to_vector(carried.slice(1 + rank, rank));
      } else {
        const BlockPointerParts &origin = parts.at(slot->origin);
        split.base = origin.base;
        split.shape = origin.shape;
        split.strides = origin.strides;
      }
      split.offsets = llvm::to_vector(carried.take_back(rank));
      parts[old] = std::move(split);
    }
  }

  /// Moves the operations of `from` to the end of `to`, whose arguments
  /// replace those of `from`.
  void moveBlock(Block *from, Block *to, ArrayRef<const Slot *> slots,
                 unsigned leadingArgs = 0) {
    for (unsigned i = 0; i < leadingArgs; ++i)
      from->getArgument(i).replaceAllUsesWith(to->getArgument(i));
    replaceOrSplit(from->getArguments().drop_front(leadingArgs),
                   to->getArguments().drop_front(leadingArgs), slots);
    to->getOperations().splice(to->end(), from->getOperations());
  }

  Operation *rebuildFor(scf::ForOp forOp) {
    OpBuilder builder(forOp);
    SmallVector<const Slot *> slots = getSlots(forOp.getRegionIterArgs());
    auto newFor = scf::ForOp::create(
        builder, forOp.getLoc(), forOp.getLowerBound(), forOp.getUpperBound(),
        forOp.getStep(), expand(forOp.getInitArgs(), slots),
        /*bodyBuilder=*/nullptr, forOp.getUnsignedCmp());
    newFor->setDiscardableAttrs(forOp->getDiscardableAttrDictionary());
    moveBlock(forOp.getBody(), newFor.getBody(), slots, /*leadingArgs=*/1);
    replaceOrSplit(forOp.getResults(), newFor.getResults(), slots);
    yieldSlots[newFor] = std::move(slots);
    replaced.push_back(forOp);
    return newFor;
  }

  Operation *rebuildIf(scf::IfOp ifOp) {
    OpBuilder builder(ifOp);
    SmallVector<const Slot *> slots = getSlots(ifOp.getResults());
    auto newIf = scf::IfOp::create(
        builder, ifOp.getLoc(), expandTypes(ifOp.getResultTypes(), slots),
        ifOp.getCondition(), /*addThenBlock=*/false, /*addElseBlock=*/false);
    newIf->setDiscardableAttrs(ifOp->getDiscardableAttrDictionary());
    newIf.getThenRegion().takeBody(ifOp.getThenRegion());
    newIf.getElseRegion().takeBody(ifOp.getElseRegion());
    replaceOrSplit(ifOp.getResults(), newIf.getResults(), slots);
    yieldSlots[newIf] = std::move(slots);
    replaced.push_back(ifOp);
    return newIf;
  }

  Operation *rebuildWhile(scf::WhileOp whileOp) {
    OpBuilder builder(whileOp);
    SmallVector<const Slot *> beforeSlots =
        getSlots(whileOp.getBeforeArguments());
    SmallVector<const Slot *> afterSlots = getSlots(whileOp.getResults());
    auto newWhile = scf::WhileOp::create(
        builder, whileOp.getLoc(),
        expandTypes(whileOp.getResultTypes(), afterSlots),
        expand(whileOp.getInits(), beforeSlots), /*beforeBuilder=*/nullptr,
        /*afterBuilder=*/nullptr);
    newWhile->setDiscardableAttrs(whileOp->getDiscardableAttrDictionary());
    moveBlock(whileOp.getBeforeBody(), newWhile.getBeforeBody(), beforeSlots);
    moveBlock(whileOp.getAfterBody(), newWhile.getAfterBody(), afterSlots);
    replaceOrSplit(whileOp.getResults(), newWhile.getResults(), afterSlots);
    yieldSlots[newWhile] = std::move(beforeSlots);
    conditionSlots[newWhile] = std::move(afterSlots);
    replaced.push_back(whileOp);
    return newWhile;
  }

  const BlockPointerFlow &flow;
  /// The parts of each (old) block pointer value seen so far.
  DenseMap<Value, BlockPointerParts> parts;
  /// For each rebuilt op, the slot of each operand of the scf.yield ops in
  /// its regions (for scf.while, of the after region's yield).
  DenseMap<Operation *, SmallVector<const Slot *>> yieldSlots;
  /// For each rebuilt scf.while, the slot of each argument of its
  /// scf.condition.
  DenseMap<Operation *, SmallVector<const Slot *>> conditionSlots;
  /// The ops replaced, in the order they were visited.
  SmallVector<Operation *> replaced;
};

struct TritonRewriteTensorPointerPass
    : public tile::impl::TritonRewriteTensorPointerPassBase<
          TritonRewriteTensorPointerPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool hasBlockPointers = false;
    module.walk([&](tt::MakeTensorPtrOp) {
      hasBlockPointers = true;
      return WalkResult::interrupt();
    });
    // Block pointers that no tt.make_tensor_ptr makes are diagnosed below.
    if (failed(checkSupported(module)))
      return signalPassFailure();
    if (!hasBlockPointers)
      return markAllAnalysesPreserved();
    BlockPointerFlow flow(module);
    BlockPointerRewriter(flow).run(module);
  }
};
} // namespace
