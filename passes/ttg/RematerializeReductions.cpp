//===- RematerializeReductions.cpp - Reductions redone in another layout --===//
//
// After the hoists of tritongpu-remove-layout-conversions, a conversion may
// be left on the result of a reduction (through expand_dims, broadcasts
// and elementwise ops) whose operand was itself converted into the
// reduction's layout. Triton's backward rematerialization reduces in the
// target's layout instead, when the reduction is used once: the old chain,
// the earlier conversion with it, dies. A layer-norm backward that reduces
// `x * w` with `w` loaded in its own layout then converts only `w`.
//
// The rules are narrow: every value on the way is either computed again
// (cheap ops, the reduction itself), converted already to the layout it is
// needed in (a conversion before its uses), or the source of a conversion
// from that layout (free); and some such conversion must die, or nothing
// is gained.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Rematerializer.h"

#include "dialects/tt/TTDialect.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "tritongpu-remove-layout-conversions"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The values `convert`'s source is computed from, with the layouts they
/// are needed in.
struct ReductionSlice {
  /// Ops computed again in another layout.
  llvm::SetVector<Operation *> ops;
  /// Earlier conversions whose source is already in the needed layout.
  SmallVector<ttg::ConvertLayoutOp> skipped;
  /// Values converted already, and those conversions.
  SmallVector<std::tuple<Value, Attribute, Value>> converted;
  bool crossesReduction = false;
};

/// Whether a reduction in `encoding` (a slice of the layout to reduce in)
/// can replace `reduce`: one result, used once, along a blocked parent.
bool canReduceIn(tt::ReduceOp reduce, Attribute encoding) {
  return reduce->getNumResults() == 1 && reduce->getResult(0).hasOneUse() &&
         isa_and_present<ttg::BlockedEncodingAttr>(
             getOperandEncoding(reduce, 0, encoding));
}

/// The slice that computes `convert`'s source in its target layout, or
/// nothing when a value on the way can be had no cheap way.
std::optional<ReductionSlice> collectSlice(ttg::ConvertLayoutOp convert) {
  ReductionSlice slice;
  DenseSet<std::pair<Value, Attribute>> visited;
  SmallVector<std::pair<Value, Attribute>> worklist{
      {convert.getSrc(), getEncoding(convert.getResult())}};
  while (!worklist.empty()) {
    auto [value, encoding] = worklist.pop_back_val();
    if (!encoding || getEncoding(value) == encoding ||
        !visited.insert({value, encoding}).second)
      continue;
    Operation *def = value.getDefiningOp();
    if (!def)
      return std::nullopt;
    if (auto earlier = dyn_cast<ttg::ConvertLayoutOp>(def)) {
      if (getEncoding(earlier.getSrc()) != encoding)
        return std::nullopt;
      slice.skipped.push_back(earlier);
      continue;
    }
    auto reduce = dyn_cast<tt::ReduceOp>(def);
    if (reduce && canReduceIn(reduce, encoding)) {
      slice.crossesReduction = true;
    } else if (!isRematerializable(def) || !canComputeIn(def, encoding)) {
      // Something else must hold it in `encoding` already, before its
      // first use (where the ops computed again will be).
      Operation *first = nullptr;
      for (Operation *user : value.getUsers())
        if (user->getBlock() == def->getBlock() &&
            (!first || user->isBeforeInBlock(first)) &&
            !isa<ttg::ConvertLayoutOp>(user))
          first = user;
      Value existing =
          first ? findConversionBefore(value, encoding, first) : Value();
      if (!existing)
        return std::nullopt;
      slice.converted.emplace_back(value, encoding, existing);
      continue;
    }
    slice.ops.insert(def);
    if (!addOperandEncodings(def, encoding, worklist))
      return std::nullopt;
  }
  return slice;
}

/// Whether rewriting `convert` from `slice` leaves an earlier conversion
/// without users: every user of it is an op of the slice whose results
/// are used only by `convert` or by such ops.
bool killsAConversion(ttg::ConvertLayoutOp convert,
                      const ReductionSlice &slice) {
  DenseSet<Operation *> dead{convert};
  bool grew = true;
  while (grew) {
    grew = false;
    for (Operation *op : slice.ops)
      if (!dead.contains(op) &&
          llvm::all_of(op->getUsers(),
                       [&](Operation *user) { return dead.contains(user); })) {
        dead.insert(op);
        grew = true;
      }
  }
  return llvm::any_of(slice.skipped, [&](ttg::ConvertLayoutOp earlier) {
    return llvm::all_of(earlier->getUsers(),
                        [&](Operation *user) { return dead.contains(user); });
  });
}
} // namespace

bool mlir::tile::rematerializeThroughReductions(FunctionOpInterface func) {
  SmallVector<ttg::ConvertLayoutOp> converts;
  func.walk([&](ttg::ConvertLayoutOp op) { converts.push_back(op); });
  bool changed = false;
  for (ttg::ConvertLayoutOp convert : converts) {
    if (convert->use_empty() ||
        isa<ttg::DotOperandEncodingAttr>(getEncoding(convert.getResult())))
      continue;
    std::optional<ReductionSlice> slice = collectSlice(convert);
    if (!slice || !slice->crossesReduction ||
        !killsAConversion(convert, *slice))
      continue;
    LDBG() << "reducing again in the layout of " << convert;
    Rematerializer remat;
    for (auto [value, encoding, existing] : slice->converted)
      remat.provide(value, encoding, existing);
    convert.replaceAllUsesWith(remat.rematerialize(
        convert.getSrc(), getEncoding(convert.getResult())));
    changed = true;
  }
  return changed;
}
