//===- LayoutPropagation.cpp - Anchor layouts carried to their users ------===//
//
// Why forward from anchors: a dot's accumulator layout or a coalesced load's
// layout is chosen for a reason; everything computed from it (the softmax
// statistics of attention, a loop-carried accumulator, an epilogue) is
// cheapest in that same layout, with one conversion where a consumer truly
// needs another (a store, a dot operand). Local rewrites that look at one
// conversion at a time cannot see through loops and reductions; this walk
// does, as Triton's LayoutPropagation does.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/LayoutPropagation.h"
#include "passes/analysis/Scratch.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/tt/TTLayoutInterface.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "tritongpu-remove-layout-conversions"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Ops whose result layout is expensive to change: propagation starts there.
bool isLayoutAnchor(Operation *op) {
  if (auto load = dyn_cast<tt::LoadOp>(op))
    return isExpensiveLoad(load);
  if (auto gather = dyn_cast<tt::GatherOp>(op))
    return gather.getEfficientLayout();
  return isa<tt::DotOp, ttng::WarpGroupDotOp, tt::AtomicRMWOp, tt::AtomicCASOp>(
      op);
}

/// Whether `encoding` is a tensor-core accumulator layout or a slice of one
/// (the row statistics of a softmax over a dot's result).
bool isTensorCoreLayout(Attribute encoding) {
  while (auto slice = dyn_cast_if_present<ttg::SliceEncodingAttr>(encoding))
    encoding = slice.getParent();
  return isa_and_present<ttg::NvidiaMmaEncodingAttr>(encoding);
}

/// The layout inference of `encoding`'s dialect.
const tt::LayoutInferenceInterface *inferenceOf(Attribute encoding) {
  return encoding ? tt::getLayoutInterface(encoding) : nullptr;
}

/// `op`'s forward inference, without checking the way back.
Attribute inferForward(Operation *op, Attribute operandEncoding) {
  const tt::LayoutInferenceInterface *iface = inferenceOf(operandEncoding);
  if (!iface)
    return {};
  ArrayRef<int64_t> shape =
      cast<RankedTensorType>(op->getOperand(0).getType()).getShape();
  FailureOr<Attribute> result = failure();
  if (auto trans = dyn_cast<tt::TransOp>(op))
    result = iface->inferTransEncoding(operandEncoding, shape, trans.getOrder(),
                                       std::nullopt);
  else if (isa<tt::JoinOp>(op))
    result = iface->inferJoinEncoding(operandEncoding, shape, std::nullopt);
  else if (isa<tt::SplitOp>(op))
    result = iface->inferSplitEncoding(operandEncoding, shape, std::nullopt);
  else if (auto reshape = dyn_cast<tt::ReshapeOp>(op))
    result = iface->inferReshapeEncoding(
        operandEncoding, shape, reshape.getType().getShape(), std::nullopt);
  return succeeded(result) ? *result : Attribute();
}

/// `op`'s backward inference, without checking the way forward.
Attribute inferBackward(Operation *op, Attribute resultEncoding) {
  const tt::LayoutInferenceInterface *iface = inferenceOf(resultEncoding);
  if (!iface)
    return {};
  ArrayRef<int64_t> shape =
      cast<RankedTensorType>(op->getResult(0).getType()).getShape();
  FailureOr<Attribute> operand = failure();
  if (auto trans = dyn_cast<tt::TransOp>(op)) {
    // Operand dimension order[i] is result dimension i.
    SmallVector<int32_t> inverse(trans.getOrder().size());
    for (auto [i, d] : llvm::enumerate(trans.getOrder()))
      inverse[d] = static_cast<int32_t>(i);
    operand =
        iface->inferTransEncoding(resultEncoding, shape, inverse, std::nullopt);
  } else if (isa<tt::JoinOp>(op)) {
    operand = iface->inferSplitEncoding(resultEncoding, shape, std::nullopt);
  } else if (isa<tt::SplitOp>(op)) {
    operand = iface->inferJoinEncoding(resultEncoding, shape, std::nullopt);
  } else if (auto reshape = dyn_cast<tt::ReshapeOp>(op)) {
    operand = iface->inferReshapeEncoding(resultEncoding, shape,
                                          reshape.getSrc().getType().getShape(),
                                          std::nullopt);
  }
  return succeeded(operand) ? *operand : Attribute();
}

/// Whether `a` and `b` describe the same layout of `type`'s shape.
bool areEquivalent(Attribute a, Attribute b, Type type) {
  if (a == b)
    return true;
  const tt::LayoutInferenceInterface *iface = inferenceOf(a);
  return iface && b &&
         iface->areEquivalent(a, b, cast<RankedTensorType>(type).getShape());
}

/// Whether `op` computes each element from the same element of its
/// operands, in whatever layout they share.
bool computesInAnyLayout(Operation *op) {
  if (op->getNumResults() == 0 || !isMemoryEffectFree(op) ||
      !llvm::all_of(op->getResultTypes(), llvm::IsaPred<RankedTensorType>))
    return false;
  return op->hasTrait<OpTrait::Elementwise>() ||
         op->hasTrait<tt::OpTrait::SameOperandsAndResultEncoding>();
}
} // namespace

bool mlir::tile::carriesLayoutThroughShape(Operation *op) {
  if (auto reshape = dyn_cast<tt::ReshapeOp>(op))
    return !reshape.getAllowReorder() && !reshape.getEfficientLayout();
  return isa<tt::TransOp, tt::JoinOp, tt::SplitOp>(op);
}

Attribute mlir::tile::inferResultEncoding(Operation *op,
                                          Attribute operandEncoding) {
  if (!carriesLayoutThroughShape(op))
    return {};
  Attribute result = inferForward(op, operandEncoding);
  if (!result)
    return {};
  // Several operand layouts split into one result layout (the halves may be
  // any register basis of the operand's), and the split's verifier asks only
  // for the forward inference: a join of the result need not give this
  // operand layout back.
  if (isa<tt::SplitOp>(op))
    return result;
  Attribute back = inferBackward(op, result);
  if (!areEquivalent(back, operandEncoding, op->getOperand(0).getType()))
    return {};
  return result;
}

Attribute mlir::tile::inferOperandEncoding(Operation *op,
                                           Attribute resultEncoding) {
  if (!carriesLayoutThroughShape(op))
    return {};
  Attribute operand = inferBackward(op, resultEncoding);
  if (!operand)
    return {};
  // The verifiers of these ops check the result encoding against the one
  // inferred forward: it must come back equivalent.
  Attribute forward = inferForward(op, operand);
  if (!areEquivalent(forward, resultEncoding, op->getResult(0).getType()))
    return {};
  return operand;
}

namespace {
/// The candidate layouts reaching each value, in order of arrival.
class LayoutPropagation {
public:
  explicit LayoutPropagation(FunctionOpInterface func) : func(func) {}

  bool run() {
    seedAnchors();
    while (!worklist.empty())
      propagateToUsers(worklist.pop_back_val());
    return retype();
  }

private:
  void addCandidate(Value value, Attribute encoding) {
    if (!encoding || !isa<RankedTensorType>(value.getType()))
      return;
    if (candidates[value].insert(encoding))
      worklist.push_back(value);
  }

  void seedAnchor(Value value) {
    // A dot's accumulator layout spreads as any other anchor's, into an
    // epilogue too, as in Triton 3.6: a bias added to a bf16 matmul is then
    // converted to #mma and the bf16 sum back, narrow values, instead of
    // the f32 accumulator converted to the store's layout.
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || !type.getEncoding())
      return;
    addCandidate(value, type.getEncoding());
  }

  /// Kernel arguments are scalars; tensors arguments (in tests, or after
  /// inlining) take whatever layout reaches them, so only ops anchor. The
  /// worklist pops from the back: the last anchor spreads first, as in
  /// Triton, and where layouts conflict the first to arrive wins (decide).
  void seedAnchors() {
    func.walk([&](Operation *op) {
      if (isLayoutAnchor(op))
        for (Value result : op->getResults())
          seedAnchor(result);
    });
  }

  void propagateToUsers(Value value) {
    SmallVector<Attribute> encodings(candidates[value].begin(),
                                     candidates[value].end());
    for (OpOperand &use : value.getUses())
      for (Attribute encoding : encodings)
        propagateThroughUse(use, encoding);
  }

  void propagateThroughUse(OpOperand &use, Attribute encoding) {
    Operation *user = use.getOwner();
    unsigned index = use.getOperandNumber();
    if (auto loop = dyn_cast<scf::ForOp>(user)) {
      if (OpResult result = loop.getTiedLoopResult(&use)) {
        addCandidate(loop.getTiedLoopRegionIterArg(&use), encoding);
        addCandidate(result, encoding);
      }
      return;
    }
    if (auto yield = dyn_cast<scf::YieldOp>(user)) {
      Operation *parent = yield->getParentOp();
      if (auto loop = dyn_cast<scf::ForOp>(parent)) {
        addCandidate(loop.getRegionIterArg(index), encoding);
        addCandidate(loop->getResult(index), encoding);
      } else if (isa<scf::IfOp>(parent)) {
        addCandidate(parent->getResult(index), encoding);
      }
      return;
    }
    // A conversion whose result takes its source's layout disappears.
    if (isa<ttg::ConvertLayoutOp>(user))
      return addCandidate(user->getResult(0), encoding);
    if (auto reduce = dyn_cast<tt::ReduceOp>(user)) {
      // A rank-1 reduction has scalar results, and no slice of a 1-D layout.
      for (Value result : reduce->getResults())
        if (isa<RankedTensorType>(result.getType()))
          addCandidate(result,
                       ttg::SliceEncodingAttr::get(user->getContext(),
                                                   reduce.getAxis(), encoding));
      return;
    }
    if (auto expand = dyn_cast<tt::ExpandDimsOp>(user)) {
      auto slice = dyn_cast<ttg::SliceEncodingAttr>(encoding);
      if (slice && slice.getDim() == expand.getAxis())
        addCandidate(expand.getResult(), slice.getParent());
      return;
    }
    if (auto wait = dyn_cast<ttng::WarpGroupDotWaitOp>(user))
      return addCandidate(wait->getResult(index), encoding);
    if (carriesLayoutThroughShape(user)) {
      if (Attribute resultEncoding = inferResultEncoding(user, encoding))
        for (Value result : user->getResults())
          addCandidate(result, resultEncoding);
      return;
    }
    if (computesInAnyLayout(user) && canComputeIn(user, encoding))
      for (Value result : user->getResults())
        addCandidate(result, encoding);
  }

  /// The value whose candidates decide `value`'s layout: a loop result is
  /// carried in its iteration argument's layout.
  Value getDecidingValue(Value value) {
    if (auto result = dyn_cast<OpResult>(value))
      if (auto loop = dyn_cast<scf::ForOp>(result.getOwner()))
        return loop.getRegionIterArg(result.getResultNumber());
    return value;
  }

  /// Where several layouts reach a value the first tensor-core one wins
  /// (Triton's resolution); otherwise the first to arrive.
  Attribute decide(Value value) {
    auto it = candidates.find(getDecidingValue(value));
    if (it == candidates.end() || it->second.empty())
      return getEncoding(value);
    for (Attribute encoding : it->second)
      if (isTensorCoreLayout(encoding))
        return encoding;
    return it->second.front();
  }

  /// The type the operand `use` must have after retyping; null when any
  /// layout will do (a conversion's source).
  Type getExpectedType(OpOperand &use) {
    Value value = use.get();
    Operation *user = use.getOwner();
    if (!isa<RankedTensorType>(value.getType()))
      return {};
    if (auto yield = dyn_cast<scf::YieldOp>(user)) {
      Operation *parent = yield->getParentOp();
      if (isa<scf::ForOp, scf::IfOp>(parent))
        return parent->getResult(use.getOperandNumber()).getType();
    }
    if (auto loop = dyn_cast<scf::ForOp>(user))
      if (OpResult result = loop.getTiedLoopResult(&use))
        return result.getType();
    // A conversion reads any layout, and so does an unsplat: its one
    // element is in every register of every thread.
    if (isa<ttg::ConvertLayoutOp, tt::UnsplatOp>(user))
      return {};
    // An assert checks each element wherever it lives: its condition is
    // read in the layout it was given (Triton's rewrite of tt.assert).
    if (isa<tt::AssertOp>(user) && use.getOperandNumber() == 0)
      return {};
    if (isa<ttng::WarpGroupDotWaitOp>(user))
      return user->getResult(use.getOperandNumber()).getType();
    if (carriesLayoutThroughShape(user)) {
      Value result = user->getResult(0);
      if (!candidates.count(result))
        return oldTypeOf(value);
      // An operand already in a layout the op maps to the result's needs no
      // conversion, even if it is not the one inferred backward.
      Attribute resultEncoding = getEncoding(result);
      if (areEquivalent(inferResultEncoding(user, getEncoding(value)),
                        resultEncoding, result.getType()))
        return value.getType();
      // Candidates reach the result only where this exists.
      Attribute operandEncoding = inferOperandEncoding(user, resultEncoding);
      if (!operandEncoding)
        return oldTypeOf(value);
      return withEncoding(value.getType(), operandEncoding);
    }
    if (computesInAnyLayout(user) ||
        isa<tt::ReduceOp, tt::ExpandDimsOp>(user)) {
      // Retyped with its results; ops no candidate reached keep theirs.
      if (!candidates.count(user->getResult(0)))
        return oldTypeOf(value);
      Attribute resultEncoding = getEncoding(user->getResult(0));
      if (auto reduce = dyn_cast<tt::ReduceOp>(user))
        return withEncoding(
            value.getType(),
            cast<ttg::SliceEncodingAttr>(resultEncoding).getParent());
      if (auto expand = dyn_cast<tt::ExpandDimsOp>(user))
        return withEncoding(value.getType(),
                            ttg::SliceEncodingAttr::get(user->getContext(),
                                                        expand.getAxis(),
                                                        resultEncoding));
      return withEncoding(value.getType(), resultEncoding);
    }
    return oldTypeOf(value);
  }

  /// The type `value` had before retyping; null when it kept it.
  Type oldTypeOf(Value value) {
    auto old = oldTypes.find(value);
    return old == oldTypes.end() ? Type() : old->second;
  }

  /// `value` converted to `type` right before `user`, where Triton's
  /// rewrite puts it: a conversion of a loop-carried value stays after what
  /// the body does first (a wgmma wait that the carried value is threaded
  /// through, for one).
  Value convert(Value value, Type type, Operation *user) {
    OpBuilder builder(user);
    return ttg::ConvertLayoutOp::create(builder, value.getLoc(), type, value);
  }

  bool retype() {
    for (auto &[value, encodings] : candidates) {
      Attribute chosen = decide(value);
      if (chosen == getEncoding(value))
        continue;
      oldTypes[value] = value.getType();
      value.setType(withEncoding(value.getType(), chosen));
      LDBG() << "carrying " << value << " in " << chosen;
    }
    if (oldTypes.empty())
      return false;
    SmallVector<Operation *> ops;
    func.walk([&](Operation *op) { ops.push_back(op); });
    for (Operation *op : ops)
      for (OpOperand &use : op->getOpOperands())
        if (Type expected = getExpectedType(use);
            expected && use.get().getType() != expected)
          use.set(convert(use.get(), expected, op));
    return true;
  }

  FunctionOpInterface func;
  llvm::MapVector<Value, llvm::SmallSetVector<Attribute, 2>> candidates;
  SmallVector<Value> worklist;
  DenseMap<Value, Type> oldTypes;
};
} // namespace

bool mlir::tile::isExpensiveLoad(tt::LoadOp load) {
  auto type = dyn_cast<RankedTensorType>(load.getPtr().getType());
  if (!type)
    return isa<tt::PointerType>(load.getPtr().getType()) &&
           isa<RankedTensorType>(
               cast<tt::PointerType>(load.getPtr().getType()).getPointeeType());
  std::optional<int> numWarps = ttg::getNumWarps(load);
  int64_t threads =
      int64_t(numWarps.value_or(1)) * ttg::getThreadsPerWarp(load);
  return type.getNumElements() > 1 && type.getNumElements() >= threads;
}

bool mlir::tile::canComputeIn(Operation *op, Attribute encoding) {
  // A map's packs must divide each thread's registers in the new layout.
  if (auto map = dyn_cast<tt::MapElementwiseOp>(op)) {
    auto type = cast<RankedTensorType>(map.getSrcs().front().getType());
    std::optional<layout::LinearLayout> layout =
        ttg::toLinearLayout(type.cloneWithEncoding(encoding));
    return layout && layout->getNumRegisters() % map.getPack() == 0;
  }
  auto scan = dyn_cast<tt::ScanOp>(op);
  if (!scan)
    return true;
  auto type = cast<RankedTensorType>(scan.getSrcs().front().getType());
  return canScanInLayout(type.cloneWithEncoding(encoding), scan.getAxis());
}

bool mlir::tile::propagateAnchorLayouts(FunctionOpInterface func) {
  return LayoutPropagation(func).run();
}
