//===- TaskIdPropagate.cpp - nvgpu-test-taskid-propagate ------------------===//
//
// Triton's Hopper warp specialization partitions a kernel by async task:
// the front end marks a few anchor ops with `async_task_id` (the tasks that
// run them) and this pass extends the marking to everything the anchors
// need. It is a sparse backward data-flow analysis over SSA values: a value
// is needed by the tasks of every op that uses it, so an op's operands get
// the union of the tasks of its results (or its own tasks when it is an
// anchor). Loops and branches hand their results' tasks to their yields and
// the tasks of every op inside them to their bounds or condition. Each op
// then takes the union of its results' tasks (of its operands' for an op
// without results), and every op around it takes its tasks too.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/AsyncTasks.h"
#include "passes/ttg/Passes.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_NVGPUTESTWSTASKIDPROPAGATEPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The async tasks that need a value: unset until some use is seen, then a
/// sorted set of task ids.
class TaskSet {
public:
  TaskSet() = default;
  explicit TaskSet(ArrayRef<int32_t> ids)
      : ids(SmallVector<int32_t>(ids.begin(), ids.end())) {
    llvm::sort(*this->ids);
    this->ids->erase(llvm::unique(*this->ids), this->ids->end());
  }

  bool isSet() const { return ids.has_value(); }
  ArrayRef<int32_t> getIds() const { return *ids; }

  /// Tasks flow backwards, from uses to definitions: a value is needed by
  /// the union of what its uses need.
  static TaskSet meet(const TaskSet &lhs, const TaskSet &rhs) {
    if (!lhs.isSet())
      return rhs;
    if (!rhs.isSet())
      return lhs;
    SmallVector<int32_t> ids(lhs.getIds());
    llvm::append_range(ids, rhs.getIds());
    return TaskSet(ids);
  }
  /// The forward direction is unused; a union all the same.
  static TaskSet join(const TaskSet &lhs, const TaskSet &rhs) {
    return meet(lhs, rhs);
  }

  bool operator==(const TaskSet &other) const { return ids == other.ids; }
  void print(raw_ostream &os) const {
    if (!isSet()) {
      os << "<unset>";
      return;
    }
    os << "[";
    llvm::interleaveComma(getIds(), os);
    os << "]";
  }

private:
  std::optional<SmallVector<int32_t>> ids;
};

using TaskLattice = dataflow::Lattice<TaskSet>;

/// The tasks an op is marked with, if any.
TaskSet getMarkedTasks(Operation *op) {
  if (auto attr = op->getAttrOfType<DenseI32ArrayAttr>(kAsyncTaskIdAttrName))
    return TaskSet(attr.asArrayRef());
  return TaskSet();
}

/// Marks `op` with the tasks of `tasks` (set).
void setMarkedTasks(Operation *op, const TaskSet &tasks) {
  setAsyncTaskIds(op, tasks.getIds());
}

class TaskIdBackwardAnalysis
    : public dataflow::SparseBackwardDataFlowAnalysis<TaskLattice> {
public:
  using SparseBackwardDataFlowAnalysis::SparseBackwardDataFlowAnalysis;

  LogicalResult visitOperation(Operation *op, ArrayRef<TaskLattice *> operands,
                               ArrayRef<const TaskLattice *> results) override {
    // An anchor's operands are needed by its own tasks, whatever its
    // results feed; any other op's by the tasks of its results.
    TaskSet marked = getMarkedTasks(op);
    if (marked.isSet()) {
      for (TaskLattice *operand : operands)
        propagateIfChanged(operand, operand->meet(marked));
      markEnclosingControl(op, marked);
    } else {
      for (const TaskLattice *result : results) {
        for (TaskLattice *operand : operands)
          propagateIfChanged(operand, operand->meet(result->getValue()));
        markEnclosingControl(op, result->getValue());
      }
    }
    // A reduction's combiner yields what its results carry.
    if (auto reduce = dyn_cast<tt::ReduceOp>(op)) {
      Operation *terminator = reduce.getCombineOp().front().getTerminator();
      for (auto [operand, result] :
           llvm::zip_equal(terminator->getOperands(), results)) {
        TaskLattice *lattice = getLatticeElement(operand);
        propagateIfChanged(lattice, lattice->meet(result->getValue()));
      }
    }
    return success();
  }

  /// A loop's bounds and step, or a branch's condition: once every result
  /// of the op is needed somewhere, its yields are needed as its results.
  void visitBranchOperand(OpOperand &operand) override {
    Operation *branch = operand.getOwner();
    SmallVector<TaskSet> needed;
    for (Value result : branch->getResults()) {
      const TaskSet &tasks = getLatticeElement(result)->getValue();
      if (!tasks.isSet())
        return;
      needed.push_back(tasks);
    }
    auto toYield = [&](scf::YieldOp yield) {
      for (auto [value, tasks] : llvm::zip_equal(yield.getOperands(), needed)) {
        TaskLattice *lattice = getLatticeElement(value);
        propagateIfChanged(lattice, lattice->meet(tasks));
      }
    };
    if (auto forOp = dyn_cast<scf::ForOp>(branch)) {
      toYield(cast<scf::YieldOp>(forOp.getBody()->getTerminator()));
    } else if (auto ifOp = dyn_cast<scf::IfOp>(branch)) {
      toYield(ifOp.thenYield());
      if (!ifOp.getElseRegion().empty())
        toYield(ifOp.elseYield());
    }
  }

  // Induction variables and calls carry nothing back (calls are refused
  // before the analysis runs).
  void visitNonControlFlowArguments(RegionSuccessor &,
                                    ArrayRef<BlockArgument>) override {}
  void visitCallOperand(OpOperand &) override {}
  void setToExitState(TaskLattice *) override {}

private:
  /// The ops around `op` run whenever it does: a loop's bounds and step,
  /// a branch's condition are needed by `tasks` too.
  void markEnclosingControl(Operation *op, const TaskSet &tasks) {
    for (Operation *parent = op->getParentOp();
         parent && !isa<tt::FuncOp>(parent); parent = parent->getParentOp()) {
      SmallVector<Value> control;
      if (auto forOp = dyn_cast<scf::ForOp>(parent))
        control = {forOp.getLowerBound(), forOp.getUpperBound(),
                   forOp.getStep()};
      else if (auto ifOp = dyn_cast<scf::IfOp>(parent))
        control = {ifOp.getCondition()};
      for (Value value : control) {
        TaskLattice *lattice = getLatticeElement(value);
        propagateIfChanged(lattice, lattice->meet(tasks));
      }
    }
  }
};

/// Emits an error unless every op of `func` with regions is one the
/// analysis follows (scf.for, scf.if, tt.reduce) and nothing is called.
LogicalResult checkSupported(tt::FuncOp func) {
  WalkResult result = func.walk([](Operation *op) {
    if (isa<tt::CallOp>(op)) {
      op->emitOpError("is not supported by nvgpu-test-taskid-propagate: "
                      "calls must be inlined first");
      return WalkResult::interrupt();
    }
    if (op->getNumRegions() != 0 &&
        !isa<tt::FuncOp, scf::ForOp, scf::IfOp, tt::ReduceOp>(op)) {
      op->emitOpError("is not supported by nvgpu-test-taskid-propagate: it "
                      "follows only scf.for, scf.if and tt.reduce regions");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Adds `tasks` to the marks of every op around `op` (within its function).
void markEnclosingOps(Operation *op, const TaskSet &tasks) {
  for (Operation *parent = op->getParentOp();
       parent && !isa<tt::FuncOp>(parent); parent = parent->getParentOp())
    setMarkedTasks(parent, TaskSet::meet(getMarkedTasks(parent), tasks));
}

struct NVGPUTestWSTaskIdPropagatePass
    : public tile::impl::NVGPUTestWSTaskIdPropagatePassBase<
          NVGPUTestWSTaskIdPropagatePass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<tt::FuncOp> funcs(getOperation().getOps<tt::FuncOp>());
    for (tt::FuncOp func : funcs)
      if (failed(propagate(func)))
        return signalPassFailure();
  }

  LogicalResult propagate(tt::FuncOp func) {
    // The marks as given, sorted; constants do not anchor anything.
    bool hasAnchor = false;
    func.walk([&](Operation *op) {
      TaskSet marked = getMarkedTasks(op);
      if (!marked.isSet())
        return;
      if (numWarpGroups == 0) {
        op->removeAttr(kAsyncTaskIdAttrName);
        return;
      }
      setMarkedTasks(op, marked);
      hasAnchor |= !isa<arith::ConstantOp>(op);
    });
    if (numWarpGroups == 0 || !hasAnchor)
      return success();
    if (failed(checkSupported(func)))
      return failure();

    DataFlowSolver solver;
    SymbolTableCollection symbols;
    solver.load<dataflow::DeadCodeAnalysis>();
    solver.load<dataflow::SparseConstantPropagation>();
    solver.load<TaskIdBackwardAnalysis>(symbols);
    if (failed(solver.initializeAndRun(func)))
      return func.emitOpError("nvgpu-test-taskid-propagate: the analysis "
                              "failed");

    auto tasksOf = [&](Value value) {
      if (const auto *lattice = solver.lookupState<TaskLattice>(value))
        return lattice->getValue();
      return TaskSet();
    };
    func.walk([&](Operation *op) {
      if (op == func.getOperation())
        return;
      TaskSet tasks;
      for (Value result : op->getResults())
        tasks = TaskSet::meet(tasks, tasksOf(result));
      if (op->getNumResults() == 0)
        for (Value operand : op->getOperands())
          tasks = TaskSet::meet(tasks, tasksOf(operand));
      // Anchors keep their marks; constants, which anchor nothing, take
      // what their users need.
      if (!tasks.isSet() ||
          (op->hasAttr(kAsyncTaskIdAttrName) && !isa<arith::ConstantOp>(op)))
        return;
      setMarkedTasks(op, tasks);
      markEnclosingOps(op, tasks);
    });
    return success();
  }
};
} // namespace
