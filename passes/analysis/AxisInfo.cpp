//===- AxisInfo.cpp - Contiguity, divisibility, constancy ----------------===//
//
// The lattice, the dataflow analysis that propagates it (hints, control flow,
// the loop induction variable) and the queries coalescing and the load/store
// lowering make. What each op does to the facts is its rule, in
// AxisInfoRules.h and the files it names.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/AxisInfo.h"
#include "passes/analysis/AxisInfoRules.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <limits>
#include <numeric>

using namespace mlir;
using namespace mlir::tile;
using axisinfo::getAxisShape;
using axisinfo::getPointeeBytes;

//===----------------------------------------------------------------------===//
// AxisInfo
//===----------------------------------------------------------------------===//

int64_t tile::highestPowerOf2Divisor(int64_t value) {
  if (value == 0 || value == std::numeric_limits<int64_t>::min())
    return AxisInfo::kMaxDivisibility;
  uint64_t bits = static_cast<uint64_t>(value);
  return std::min<int64_t>(static_cast<int64_t>(bits & (~bits + 1)),
                           AxisInfo::kMaxDivisibility);
}

AxisInfo::AxisInfo(ArrayRef<int64_t> contiguity, ArrayRef<int64_t> divisibility,
                   ArrayRef<int64_t> constancy,
                   std::optional<int64_t> constantValue)
    : contiguity(contiguity), divisibility(divisibility), constancy(constancy),
      constantValue(constantValue) {}

AxisInfo AxisInfo::getPessimistic(unsigned rank) {
  DimVector ones(std::max(rank, 1u), 1);
  return AxisInfo(ones, ones, ones);
}

AxisInfo AxisInfo::getConstant(int64_t value, ArrayRef<int64_t> shape) {
  DimVector ones(shape.size(), 1);
  DimVector divisibility(shape.size(), highestPowerOf2Divisor(value));
  return AxisInfo(ones, divisibility, shape, value);
}

AxisInfo AxisInfo::join(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (!lhs.isInitialized())
    return rhs;
  if (!rhs.isInitialized())
    return lhs;
  // Values of different ranks never meet in valid IR; knowing nothing is
  // the safe answer if they do.
  if (lhs.getRank() != rhs.getRank())
    return getPessimistic(lhs.getRank());
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    contiguity.push_back(std::gcd(lhs.contiguity[d], rhs.contiguity[d]));
    divisibility.push_back(std::gcd(lhs.divisibility[d], rhs.divisibility[d]));
    constancy.push_back(std::gcd(lhs.constancy[d], rhs.constancy[d]));
  }
  std::optional<int64_t> constant;
  if (lhs.constantValue == rhs.constantValue)
    constant = lhs.constantValue;
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

void AxisInfo::print(raw_ostream &os) const {
  auto printList = [&](StringRef name, ArrayRef<int64_t> values) {
    os << name << " = [";
    llvm::interleaveComma(values, os);
    os << "]";
  };
  printList("contiguity", contiguity);
  os << ", ";
  printList("divisibility", divisibility);
  os << ", ";
  printList("constancy", constancy);
  os << ", constant_value = ";
  if (constantValue)
    os << *constantValue;
  else
    os << "<none>";
}

//===----------------------------------------------------------------------===//
// Hints
//===----------------------------------------------------------------------===//

namespace {
/// Reads a `tt.contiguity`-style hint: an integer for every dimension, or a
/// dense array / elements attr with one value per dimension. Returns nothing
/// for a malformed hint (wrong length, non-positive values).
std::optional<AxisInfo::DimVector> readHint(Attribute attr, unsigned rank) {
  if (!attr)
    return std::nullopt;
  AxisInfo::DimVector values;
  if (auto integer = dyn_cast<IntegerAttr>(attr)) {
    values.assign(rank, integer.getValue().getSExtValue());
  } else if (auto array = dyn_cast<DenseI32ArrayAttr>(attr)) {
    values.append(array.asArrayRef().begin(), array.asArrayRef().end());
  } else if (auto array = dyn_cast<DenseI64ArrayAttr>(attr)) {
    values.append(array.asArrayRef().begin(), array.asArrayRef().end());
  } else if (auto elements = dyn_cast<DenseIntElementsAttr>(attr)) {
    for (const APInt &value : elements)
      values.push_back(value.getSExtValue());
  } else {
    return std::nullopt;
  }
  if (values.size() != rank ||
      llvm::any_of(values, [](int64_t v) { return v < 1; }))
    return std::nullopt;
  return values;
}

constexpr StringLiteral kContiguityHint = "tt.contiguity";
constexpr StringLiteral kDivisibilityHint = "tt.divisibility";
constexpr StringLiteral kConstancyHint = "tt.constancy";

/// `info` with every quantity a well-formed hint in `getHint` names replaced.
AxisInfo applyHints(AxisInfo info, function_ref<Attribute(StringRef)> getHint) {
  unsigned rank = info.getRank();
  auto contiguity = readHint(getHint(kContiguityHint), rank);
  auto divisibility = readHint(getHint(kDivisibilityHint), rank);
  auto constancy = readHint(getHint(kConstancyHint), rank);
  if (!contiguity && !divisibility && !constancy)
    return info;
  return AxisInfo(
      contiguity.value_or(AxisInfo::DimVector(info.getContiguity())),
      divisibility.value_or(AxisInfo::DimVector(info.getDivisibility())),
      constancy.value_or(AxisInfo::DimVector(info.getConstancy())),
      info.getConstantValue());
}
} // namespace

AxisInfo AxisInfo::getPessimisticValueState(Value value) {
  AxisInfo info = getPessimistic(getAxisShape(value.getType()).size());
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || !arg.getOwner()->isEntryBlock())
    return info;
  auto func =
      dyn_cast_or_null<FunctionOpInterface>(arg.getOwner()->getParentOp());
  if (!func || arg.getArgNumber() >= func.getNumArguments())
    return info;
  unsigned index = arg.getArgNumber();
  return applyHints(
      info, [&](StringRef name) { return func.getArgAttr(index, name); });
}

//===----------------------------------------------------------------------===//
// AxisInfoAnalysis
//===----------------------------------------------------------------------===//

void AxisInfoAnalysis::setToEntryState(AxisInfoLattice *lattice) {
  propagateIfChanged(lattice, lattice->join(AxisInfo::getPessimisticValueState(
                                  lattice->getAnchor())));
}

LogicalResult
AxisInfoAnalysis::visitOperation(Operation *op,
                                 ArrayRef<const AxisInfoLattice *> operands,
                                 ArrayRef<AxisInfoLattice *> results) {
  // Wait until every operand is known; the solver revisits the op then.
  SmallVector<AxisInfo> operandInfos;
  for (const AxisInfoLattice *operand : operands) {
    if (!operand->getValue().isInitialized())
      return success();
    operandInfos.push_back(operand->getValue());
  }

  std::optional<AxisInfo> computed =
      axisinfo::computeAxisInfo(op, operandInfos);
  for (AxisInfoLattice *result : results) {
    Value value = result->getAnchor();
    unsigned rank = getAxisShape(value.getType()).size();
    bool fits = computed && (computed->getRank() == rank ||
                             !axisinfo::hasAxisShape(value.getType()));
    AxisInfo info = fits ? *computed : AxisInfo::getPessimistic(rank);
    // Hints on the op say more than the rules can prove.
    info = applyHints(
        info, [&](StringRef name) { return op->getDiscardableAttr(name); });
    propagateIfChanged(result, result->join(info));
  }
  return success();
}

void AxisInfoAnalysis::visitNonControlFlowArguments(
    Operation *op, const RegionSuccessor &successor,
    ArrayRef<AxisInfoLattice *> argLattices, unsigned firstIndex) {
  // A warp_specialize partition receives the explicit captures.
  if (isa<ttg::WarpSpecializePartitionsOp>(op) && successor.getSuccessor() &&
      !successor.getSuccessor()->empty()) {
    auto warpSpecialize = cast<ttg::WarpSpecializeOp>(op->getParentOp());
    ProgramPoint *point =
        getProgramPointBefore(&successor.getSuccessor()->front());
    OperandRange captures = warpSpecialize.getExplicitCaptures();
    for (auto [index, lattice] : llvm::enumerate(argLattices)) {
      if (firstIndex + index >= captures.size()) {
        setToEntryState(lattice);
        continue;
      }
      const AxisInfoLattice *captured =
          getLatticeElementFor(point, captures[firstIndex + index]);
      propagateIfChanged(lattice, lattice->join(captured->getValue()));
    }
    return;
  }
  auto forOp = dyn_cast<scf::ForOp>(op);
  // The body's arguments are the induction variable then the iter_args.
  // (A loop without iter_args reports firstIndex 0: the induction variable
  // is still argument 0.)
  if (!forOp || successor.getSuccessor() != &forOp.getRegion() ||
      argLattices.empty()) {
    SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
        op, successor, argLattices, firstIndex);
    return;
  }
  // The induction variable lb + i * step: every value is a multiple of what
  // divides both.
  const AxisInfoLattice *lb =
      getLatticeElementFor(getProgramPointAfter(op), forOp.getLowerBound());
  const AxisInfoLattice *step =
      getLatticeElementFor(getProgramPointAfter(op), forOp.getStep());
  if (lb->getValue().isInitialized() && step->getValue().isInitialized()) {
    int64_t div = std::gcd(lb->getValue().getElementDivisibility(0),
                           step->getValue().getElementDivisibility(0));
    AxisInfo iv({1}, {div}, {1});
    propagateIfChanged(argLattices[0], argLattices[0]->join(iv));
  }
  setAllToEntryStates(
      argLattices.drop_front(1 + successor.getSuccessorInputs().size()));
}

void AxisInfoAnalysis::visitCallableOperation(
    CallableOpInterface callable,
    ArrayRef<dataflow::AbstractSparseLattice *> argLattices) {
  auto func = dyn_cast<tt::FuncOp>(callable.getOperation());
  Operation *symbolTable =
      func ? SymbolTable::getNearestSymbolTable(func->getParentOp()) : nullptr;
  SmallVector<tt::CallOp> calls;
  if (symbolTable)
    symbolTable->walk([&](tt::CallOp call) {
      if (call.getCallee() == func.getSymName())
        calls.push_back(call);
    });
  Region *body = callable.getCallableRegion();
  if (calls.empty() || !body || body->empty()) {
    SparseForwardDataFlowAnalysis::visitCallableOperation(callable,
                                                          argLattices);
    return;
  }
  ProgramPoint *point = getProgramPointBefore(&body->front());
  for (auto [index, abstractLattice] : llvm::enumerate(argLattices)) {
    auto *lattice = static_cast<AxisInfoLattice *>(abstractLattice);
    AxisInfo joined;
    for (tt::CallOp call : calls)
      if (index < call.getNumOperands())
        joined = AxisInfo::join(
            joined,
            getLatticeElementFor(point, call.getOperand(index))->getValue());
    if (!joined.isInitialized())
      continue; // The call sites are not known yet; they will be.
    // A lambda may not capture a structured binding before C++20.
    unsigned argIndex = index;
    joined = applyHints(joined, [&](StringRef name) {
      return func.getArgAttr(argIndex, name);
    });
    propagateIfChanged(lattice, lattice->join(joined));
  }
}

//===----------------------------------------------------------------------===//
// ModuleAxisInfoAnalysis
//===----------------------------------------------------------------------===//

ModuleAxisInfoAnalysis::ModuleAxisInfoAnalysis(Operation *root) {
  solver.load<dataflow::DeadCodeAnalysis>();
  solver.load<dataflow::SparseConstantPropagation>();
  solver.load<AxisInfoAnalysis>();
  // warp_specialize's partitions run, but no region branch leads to the
  // region holding them: make it live so that the dead code analysis
  // enters them (their arguments are then the captures).
  root->walk([&](ttg::WarpSpecializeOp warpSpecialize) {
    for (Block &block : warpSpecialize.getPartitionOpHolder())
      (void)solver
          .getOrCreateState<dataflow::Executable>(
              solver.getProgramPointBefore(&block))
          ->setToLive();
  });
  solverFailed = mlir::failed(solver.initializeAndRun(root));
}

AxisInfo ModuleAxisInfoAnalysis::getAxisInfo(Value value) const {
  unsigned rank = getAxisShape(value.getType()).size();
  if (const auto *lattice = solver.lookupState<AxisInfoLattice>(value))
    if (lattice->getValue().getRank() == rank ||
        (lattice->getValue().isInitialized() &&
         !axisinfo::hasAxisShape(value.getType())))
      return lattice->getValue();
  return AxisInfo::getPessimisticValueState(value);
}

namespace {
/// The tensor dim a layout walks first (the dim of the first non-zero basis
/// of register, then lane, then warp), and how many consecutive elements of
/// it a thread holds. Without an encoding: the last dim, unbounded.
std::pair<unsigned, int64_t> getFastestDim(RankedTensorType type) {
  unsigned rank = std::max<int64_t>(type.getRank(), 1);
  if (!type.getEncoding())
    return {rank - 1, std::numeric_limits<int64_t>::max()};
  std::optional<layout::LinearLayout> layout = ttg::toLinearLayout(type);
  if (!layout)
    return {rank - 1, 1};
  for (const char *inDim :
       {layout::kRegister, layout::kLane, layout::kWarp, layout::kBlock}) {
    if (!layout->hasInDim(inDim))
      continue;
    for (int bit = 0; bit < layout->getInDimSizeLog2(inDim); ++bit)
      for (unsigned d = 0; d < rank; ++d)
        if (layout->getBasis(inDim, bit, layout::outDimName(d)) != 0)
          return {d, layout->getNumConsecutiveInOut(layout::kRegister,
                                                    layout::outDimName(d))};
  }
  return {rank - 1, 1};
}
} // namespace

unsigned ModuleAxisInfoAnalysis::getPtrAlignment(Value ptr) const {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type)
    return 1;
  AxisInfo info = getAxisInfo(ptr);
  unsigned dim = getFastestDim(type).first;
  if (dim >= info.getRank())
    return 1;
  int64_t bytes = getPointeeBytes(type);
  int64_t multiple = std::max<int64_t>(info.getDivisibility(dim) / bytes, 1);
  return std::min(multiple, info.getContiguity(dim));
}

unsigned ModuleAxisInfoAnalysis::getPtrContiguity(Value ptr) const {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type)
    return 1;
  int64_t perThread = getFastestDim(type).second;
  return std::min<int64_t>(getPtrAlignment(ptr), perThread);
}

unsigned ModuleAxisInfoAnalysis::getMaskAlignment(Value mask) const {
  auto type = dyn_cast<RankedTensorType>(mask.getType());
  if (!type)
    return 1;
  AxisInfo info = getAxisInfo(mask);
  unsigned dim = getFastestDim(type).first;
  if (dim >= info.getRank())
    return 1;
  return std::max<int64_t>(info.getConstancy(dim), 1);
}
