//===- OptimizeDescriptorEncoding.cpp - Shared layouts of descriptors -----===//
//
// triton-nvidia-optimize-descriptor-encoding: a descriptor's blocks land in
// shared memory as its type's encoding says, and the host encodes the box
// and swizzle of its CUtensorMap from the same encoding, so every descriptor
// value needs one. As in Triton, each function is solved as a small
// dataflow problem over its descriptor values:
//  - a TMA op seeds what its descriptor wants: a load whose block goes
//    straight into a non-transposed #ttg.nvmma_shared buffer wants that
//    buffer's encoding; every TMA op records the shape it moves (a gather's
//    rows, a rank-reducing load's block);
//  - loop-carried and if-yielded descriptors are tied together, and tied
//    values merge what they want (two different wishes, or a descriptor
//    that crosses a call or a non-kernel function boundary, fall back to
//    the default);
//  - each descriptor then takes the encoding it wants, or Triton's default
//    #ttg.nvmma_shared for the shape it moves.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/PriorityWorklist.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TTNGOPTIMIZEDESCRIPTORENCODINGPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// What the uses of a descriptor value ask of its encoding.
struct EncodingWish {
  /// The shared encoding a use needs; null when any will do.
  Attribute desired;
  /// The block shape the uses move; empty when none says.
  SmallVector<int64_t> shape;
  /// The default encoding is the only one every use can agree on.
  bool forcedToDefault = false;

  bool operator==(const EncodingWish &other) const {
    return desired == other.desired && shape == other.shape &&
           forcedToDefault == other.forcedToDefault;
  }
  bool operator!=(const EncodingWish &other) const { return !(*this == other); }
};

/// What two tied values want together.
EncodingWish merge(const EncodingWish &lhs, const EncodingWish &rhs) {
  EncodingWish result;
  result.forcedToDefault = lhs.forcedToDefault || rhs.forcedToDefault;
  if (result.forcedToDefault)
    return result;
  if (lhs.shape.empty() || lhs.shape == rhs.shape)
    result.shape = rhs.shape;
  else if (rhs.shape.empty())
    result.shape = lhs.shape;
  else
    for (auto [l, r] : llvm::zip(lhs.shape, rhs.shape))
      result.shape.push_back(std::min(l, r));
  if (lhs.desired && rhs.desired && lhs.desired != rhs.desired)
    result.forcedToDefault = true;
  else
    result.desired = lhs.desired ? lhs.desired : rhs.desired;
  return result;
}

/// An encoding a TMA copy can fill: a non-transposed #ttg.nvmma_shared.
bool isTMAFillable(Attribute encoding) {
  auto nvmma = dyn_cast_if_present<ttg::NVMMASharedEncodingAttr>(encoding);
  return nvmma && !nvmma.getTransposed();
}

/// The encoding of the first shared buffer `load`'s block is stored into
/// directly that a TMA copy can fill.
Attribute findBufferEncoding(Operation *load) {
  for (Operation *user : load->getUsers()) {
    Attribute encoding;
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(user))
      encoding = alloc.getType().getEncoding();
    else if (auto store = dyn_cast<ttg::LocalStoreOp>(user))
      encoding = store.getDst().getType().getEncoding();
    if (isTMAFillable(encoding))
      return encoding;
  }
  return {};
}

/// `shape` with leading 1s up to `rank` (a rank-reducing load's block).
SmallVector<int64_t> padToRank(ArrayRef<int64_t> shape, int64_t rank) {
  SmallVector<int64_t> padded(rank - std::min<int64_t>(rank, shape.size()), 1);
  llvm::append_range(padded, shape);
  return padded;
}

/// The descriptor a TMA op uses and what it wants of it.
std::optional<std::pair<Value, EncodingWish>> getTMAUse(Operation *op) {
  Value desc;
  RankedTensorType moved;
  bool isLoad = false;
  if (auto load = dyn_cast<tt::DescriptorLoadOp>(op)) {
    desc = load.getDesc();
    moved = load.getType();
    isLoad = true;
  } else if (auto gather = dyn_cast<tt::DescriptorGatherOp>(op)) {
    desc = gather.getDesc();
    moved = gather.getType();
    isLoad = true;
  } else if (auto store = dyn_cast<tt::DescriptorStoreOp>(op)) {
    desc = store.getDesc();
    moved = store.getSrc().getType();
  } else if (auto reduce = dyn_cast<tt::DescriptorReduceOp>(op)) {
    desc = reduce.getDesc();
    moved = reduce.getSrc().getType();
  } else if (auto scatter = dyn_cast<tt::DescriptorScatterOp>(op)) {
    desc = scatter.getDesc();
    moved = scatter.getSrc().getType();
  } else {
    return std::nullopt;
  }
  EncodingWish wish;
  if (isLoad)
    wish.desired = findBufferEncoding(op);
  int64_t rank =
      cast<tt::TensorDescType>(desc.getType()).getBlockType().getRank();
  wish.shape = padToRank(moved.getShape(), rank);
  return std::make_pair(desc, wish);
}

/// The descriptor values whose encodings must agree with operand or result
/// `index` of `op` (a loop's or an if's iteration values), none for others.
SmallVector<Value> getTiedValues(Operation *op, unsigned index) {
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return {loop.getRegionIterArg(index), loop.getResult(index),
            loop.getBody()->getTerminator()->getOperand(index),
            loop.getInitArgs()[index]};
  if (auto loop = dyn_cast<scf::WhileOp>(op))
    return {loop.getBeforeArguments()[index], loop.getResult(index),
            loop.getConditionOp().getArgs()[index], loop.getInits()[index],
            loop.getAfterArguments()[index]};
  if (auto branch = dyn_cast<scf::IfOp>(op)) {
    SmallVector<Value> values;
    for (Region *region : {&branch.getThenRegion(), &branch.getElseRegion()})
      for (Block &block : *region)
        if (auto yield = dyn_cast<scf::YieldOp>(block.getTerminator()))
          values.push_back(yield.getOperand(index));
    values.push_back(branch.getResult(index));
    return values;
  }
  return {};
}

/// Triton's default encoding for a descriptor of `block` that moves blocks
/// of `shape` (the block's own when empty): row-major #ttg.nvmma_shared.
Attribute getDefaultEncoding(RankedTensorType block, ArrayRef<int64_t> shape) {
  SmallVector<unsigned> order;
  for (int64_t d = block.getRank() - 1; d >= 0; --d)
    order.push_back(unsigned(d));
  return ttg::getNVMMASharedEncoding(block.getContext(),
                                     shape.empty() ? block.getShape() : shape,
                                     order, block.getElementType());
}

class DescriptorEncodingSolver {
public:
  explicit DescriptorEncodingSolver(tt::FuncOp func) : func(func) {}

  LogicalResult run() {
    seed();
    propagate();
    return apply();
  }

private:
  /// Merges `wish` into what each of `values` wants; a value whose wish
  /// changed is visited again.
  void want(ArrayRef<Value> values, EncodingWish wish) {
    for (Value value : values)
      if (auto it = wishes.find(value); it != wishes.end())
        wish = merge(it->second, wish);
    for (Value value : values) {
      auto [it, inserted] = wishes.try_emplace(value, wish);
      if (inserted || it->second != wish) {
        it->second = wish;
        worklist.insert(value);
      }
    }
  }

  /// What the function boundary and the TMA ops want; every other op's
  /// descriptors start out wanting nothing (or the default, across calls).
  void seed() {
    // A kernel's descriptors are built by the host from their types; a
    // device function's come from callers that expect the default.
    for (BlockArgument arg : func.getBody().front().getArguments())
      if (isa<tt::TensorDescType>(arg.getType())) {
        EncodingWish wish;
        wish.forcedToDefault = !func.isPublic();
        want(arg, wish);
      }
    func.walk([&](Operation *op) {
      if (auto use = getTMAUse(op)) {
        want(use->first, use->second);
        return;
      }
      EncodingWish wish;
      wish.forcedToDefault = isa<tt::CallOp, tt::ReturnOp>(op);
      auto note = [&](Value value) {
        if (!isa<tt::TensorDescType>(value.getType()))
          return;
        wishes.try_emplace(value, wish);
        if (wish.forcedToDefault)
          worklist.insert(value);
      };
      for (Value result : op->getResults())
        note(result);
      for (Value operand : op->getOperands())
        note(operand);
    });
  }

  /// Ties loop-carried and yielded descriptors together until nothing
  /// changes.
  void propagate() {
    while (!worklist.empty()) {
      Value desc = worklist.pop_back_val();
      for (OpOperand &use : desc.getUses()) {
        Operation *user = use.getOwner();
        if (auto loop = dyn_cast<scf::ForOp>(user)) {
          if (use.getOperandNumber() >= loop.getNumControlOperands())
            want(getTiedValues(user, use.getOperandNumber() -
                                         loop.getNumControlOperands()),
                 {});
        } else if (isa<scf::WhileOp>(user)) {
          want(getTiedValues(user, use.getOperandNumber()), {});
        } else if (isa<scf::YieldOp>(user)) {
          want(getTiedValues(user->getParentOp(), use.getOperandNumber()), {});
        }
      }
      if (auto result = dyn_cast<OpResult>(desc)) {
        Operation *owner = result.getOwner();
        if (isa<scf::ForOp, scf::WhileOp, scf::IfOp>(owner))
          want(getTiedValues(owner, result.getResultNumber()), {});
      } else if (auto arg = dyn_cast<BlockArgument>(desc)) {
        Operation *owner = arg.getOwner()->getParentOp();
        if (isa<scf::ForOp>(owner) && arg.getArgNumber() > 0)
          want(getTiedValues(owner, arg.getArgNumber() - 1), {});
        else if (isa<scf::WhileOp>(owner))
          want(getTiedValues(owner, arg.getArgNumber()), {});
      }
    }
  }

  /// Gives every descriptor value its encoding, and the function its type.
  LogicalResult apply() {
    MLIRContext *context = func.getContext();
    for (auto &[value, wish] : wishes) {
      RankedTensorType block =
          cast<tt::TensorDescType>(value.getType()).getBlockType();
      Attribute encoding = wish.desired;
      if (!encoding)
        encoding = getDefaultEncoding(
            block, wish.forcedToDefault ? ArrayRef<int64_t>() : wish.shape);
      if (!encoding)
        return mlir::emitError(value.getLoc())
               << "triton-nvidia-optimize-descriptor-encoding: no shared "
                  "encoding for a descriptor of "
               << block;
      value.setType(tt::TensorDescType::get(
          context, RankedTensorType::get(block.getShape(),
                                         block.getElementType(), encoding)));
    }
    SmallVector<Type> results(func.getFunctionType().getResults());
    for (Type &result : results)
      if (auto desc = dyn_cast<tt::TensorDescType>(result)) {
        RankedTensorType block = desc.getBlockType();
        if (Attribute encoding = getDefaultEncoding(block, {}))
          result = tt::TensorDescType::get(
              context, RankedTensorType::get(block.getShape(),
                                             block.getElementType(), encoding));
      }
    func.setFunctionTypeAttr(TypeAttr::get(FunctionType::get(
        context, func.getBody().front().getArgumentTypes(), results)));
    return success();
  }

  tt::FuncOp func;
  llvm::MapVector<Value, EncodingWish> wishes;
  llvm::PriorityWorklist<Value> worklist;
};

struct TTNGOptimizeDescriptorEncodingPass
    : public tile::impl::TTNGOptimizeDescriptorEncodingPassBase<
          TTNGOptimizeDescriptorEncodingPass> {
  using Base::Base;

  void runOnOperation() override {
    for (auto func : getOperation().getOps<tt::FuncOp>()) {
      if (func.isExternal())
        continue;
      if (failed(DescriptorEncodingSolver(func).run()))
        return signalPassFailure();
    }
  }
};
} // namespace
