//===- Relabel.cpp - Ops that only rename registers -----------------------===//
//
// Two kinds of plan. Ops with a defined element order (expand_dims,
// broadcast, trans, join, split, reshape without allow_reorder) map each
// result coordinate to an operand coordinate; the result register then
// takes the operand register that holds that coordinate in the same thread
// (getRegisterPermutation). Ops that may reorder (cat, reshape with
// allow_reorder when the order cannot be kept) only promise the multiset of
// elements: the result's distinct registers are filled, in order, with the
// operands' distinct registers, one operand after the other, as Triton
// does. That is sound when threads that hold the same result elements hold
// the same operand elements and the counts add up, which is checked.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Relabel.h"
#include "passes/conversion/TTGToLLVM/Utility.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"
#include "dialects/ttg/layout/RegisterConcatenation.h"

using namespace mlir;
using namespace mlir::tile;
using layout::LinearLayout;

namespace {
using Coords = SmallVector<int32_t>;
using Projection = function_ref<Coords(ArrayRef<int32_t>)>;

std::optional<LinearLayout> layoutOf(Value value, std::string &error) {
  return ttg::toLinearLayout(cast<RankedTensorType>(value.getType()), &error);
}

/// Each register of `dst` from the register of operand `operand` (in layout
/// `src`) holding the element `project` maps it to.
FailureOr<SmallVector<RegisterSource>>
permute(const LinearLayout &src, const LinearLayout &dst, unsigned operand,
        Projection project, std::string &error, StringRef reason) {
  FailureOr<SmallVector<int>> registers =
      getRegisterPermutation(src, dst, project);
  if (failed(registers)) {
    error = reason.str();
    return failure();
  }
  return llvm::map_to_vector(
      *registers, [&](int reg) { return RegisterSource{operand, reg}; });
}

/// The row-major flat index of `coords` in `shape`.
int64_t flatten(ArrayRef<int32_t> coords, ArrayRef<int64_t> shape) {
  int64_t flat = 0;
  for (auto [c, size] : llvm::zip(coords, shape))
    flat = flat * size + c;
  return flat;
}

/// The coordinates of row-major flat index `flat` in `shape`.
Coords unflatten(int64_t flat, ArrayRef<int64_t> shape) {
  Coords coords(shape.size());
  for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
    coords[d] = static_cast<int32_t>(flat % shape[d]);
    flat /= shape[d];
  }
  return coords;
}

/// The registers of `dst` taken from the registers of `numOperands`
/// operands of layout `src`, one operand after the other
/// (layout::concatenateRegisters).
FailureOr<SmallVector<RegisterSource>> concatenate(const LinearLayout &src,
                                                   const LinearLayout &dst,
                                                   unsigned numOperands,
                                                   std::string &error) {
  std::optional<std::vector<layout::TensorRegister>> registers =
      layout::concatenateRegisters(src, dst, numOperands, &error);
  if (!registers)
    return failure();
  return llvm::map_to_vector(*registers, [](layout::TensorRegister source) {
    return RegisterSource{static_cast<unsigned>(source.tensor), source.reg};
  });
}

FailureOr<RelabelPlan> planReshape(tt::ReshapeOp op, const LinearLayout &src,
                                   const LinearLayout &dst,
                                   std::string &error) {
  ArrayRef<int64_t> srcShape = op.getSrc().getType().getShape();
  ArrayRef<int64_t> dstShape = op.getType().getShape();
  // Keep the row-major order whenever the layouts allow it, with or
  // without allow_reorder.
  FailureOr<SmallVector<RegisterSource>> kept = permute(
      src, dst, 0,
      [&](ArrayRef<int32_t> coords) {
        return unflatten(flatten(coords, dstShape), srcShape);
      },
      error,
      "without allow_reorder the result layout must keep every element in "
      "the thread that holds it (see the layout tt.reshape infers)");
  if (succeeded(kept))
    return RelabelPlan{*kept};
  if (!op.getAllowReorder())
    return failure();
  FailureOr<SmallVector<RegisterSource>> reordered =
      concatenate(src, dst, 1, error);
  if (failed(reordered)) {
    error = "with allow_reorder, " + error;
    return failure();
  }
  return RelabelPlan{*reordered};
}

FailureOr<RelabelPlan> planJoin(tt::JoinOp op, const LinearLayout &src,
                                const LinearLayout &dst, std::string &error) {
  // Lanes, warps and blocks must not move along the new dimension: a
  // thread holds both halves of what it holds.
  unsigned last = dst.getNumOutDims() - 1;
  for (const char *inDim : {layout::kLane, layout::kWarp, layout::kBlock})
    for (int32_t bit = 1; bit < dst.getInDimSize(inDim); bit <<= 1)
      if (getCoordinates(dst, {{inDim, bit}})[last] != 0) {
        error = "the result layout does not hold the joined dimension "
                "within each thread";
        return failure();
      }
  FailureOr<SmallVector<RegisterSource>> plan = permute(
      src, dst, 0,
      [](ArrayRef<int32_t> coords) { return Coords(coords.drop_back()); },
      error, "the result layout moves operand elements to other threads");
  if (failed(plan))
    return failure();
  // The last coordinate picks the operand.
  for (auto [r, source] : llvm::enumerate(*plan))
    source.operand = getCoordinates(
        dst, {{layout::kRegister, static_cast<int32_t>(r)}})[last];
  return RelabelPlan{*plan};
}

FailureOr<RelabelPlan> planSplit(const LinearLayout &src,
                                 const LinearLayout &dst, std::string &error) {
  RelabelPlan plan;
  for (int32_t half : {0, 1}) {
    FailureOr<SmallVector<RegisterSource>> registers = permute(
        src, dst, 0,
        [half](ArrayRef<int32_t> coords) {
          Coords result(coords);
          result.push_back(half);
          return result;
        },
        error,
        "the operand layout does not hold the split dimension within each "
        "thread, or the result layout moves elements to other threads");
    if (failed(registers))
      return failure();
    plan.push_back(std::move(*registers));
  }
  return plan;
}
} // namespace

bool mlir::tile::isRelabelOp(Operation *op) {
  return isa<tt::ExpandDimsOp, tt::BroadcastOp, tt::TransOp, tt::ReshapeOp,
             tt::JoinOp, tt::SplitOp, tt::CatOp, tt::UnsplatOp>(op);
}

FailureOr<RelabelPlan> mlir::tile::planRelabel(Operation *op,
                                               std::string &error) {
  // A tensor of one element holds it in every register of every thread.
  if (isa<tt::UnsplatOp>(op))
    return RelabelPlan{{RegisterSource{0, 0}}};
  std::optional<LinearLayout> src = layoutOf(op->getOperand(0), error);
  if (!src)
    return failure();
  std::optional<LinearLayout> dst = layoutOf(op->getResult(0), error);
  if (!dst)
    return failure();
  const char *moves = "the result layout moves elements to other threads";
  if (auto expand = dyn_cast<tt::ExpandDimsOp>(op)) {
    unsigned axis = expand.getAxis();
    auto plan = permute(
        *src, *dst, 0,
        [axis](ArrayRef<int32_t> coords) {
          Coords result(coords);
          result.erase(result.begin() + axis);
          return result;
        },
        error, moves);
    return failed(plan) ? FailureOr<RelabelPlan>() : RelabelPlan{*plan};
  }
  if (auto broadcast = dyn_cast<tt::BroadcastOp>(op)) {
    ArrayRef<int64_t> srcShape = broadcast.getSrc().getType().getShape();
    auto plan = permute(
        *src, *dst, 0,
        [srcShape](ArrayRef<int32_t> coords) {
          // Broadcast dimensions have size 1 in the operand.
          Coords result(coords);
          for (auto [d, size] : llvm::enumerate(srcShape))
            if (size == 1)
              result[d] = 0;
          return result;
        },
        error, moves);
    return failed(plan) ? FailureOr<RelabelPlan>() : RelabelPlan{*plan};
  }
  if (auto trans = dyn_cast<tt::TransOp>(op)) {
    ArrayRef<int32_t> order = trans.getOrder();
    auto plan = permute(
        *src, *dst, 0,
        [order](ArrayRef<int32_t> coords) {
          // Result dimension i is source dimension order[i].
          Coords result(coords.size());
          for (auto [i, d] : llvm::enumerate(order))
            result[d] = coords[i];
          return result;
        },
        error, moves);
    return failed(plan) ? FailureOr<RelabelPlan>() : RelabelPlan{*plan};
  }
  if (auto reshape = dyn_cast<tt::ReshapeOp>(op))
    return planReshape(reshape, *src, *dst, error);
  if (auto join = dyn_cast<tt::JoinOp>(op))
    return planJoin(join, *src, *dst, error);
  if (isa<tt::SplitOp>(op))
    return planSplit(*src, *dst, error);
  if (isa<tt::CatOp>(op)) {
    auto plan = concatenate(*src, *dst, 2, error);
    return failed(plan) ? FailureOr<RelabelPlan>() : RelabelPlan{*plan};
  }
  error = "not a relabelling op";
  return failure();
}
