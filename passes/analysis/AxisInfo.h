//===- AxisInfo.h - Contiguity, divisibility, constancy --------*- C++ -*-===//
//
// What the compiler knows about the integer (and pointer) values of a tensor
// along each dimension: how long the runs of consecutive integers are
// (contiguity), what power of two divides the first element of each such run
// (divisibility) and how long the runs of equal values are (constancy).
// Coalescing picks per-thread vector widths from it, and the load/store
// lowering proves vector accesses aligned with it.
//
// The analysis runs on MLIR's sparse forward dataflow framework and is
// interprocedural through tt.call. See reference/triton.md, section 6.2.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_ANALYSIS_AXISINFO_H
#define TILE_PASSES_ANALYSIS_AXISINFO_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::tile {
/// The per-dimension facts about one integer or pointer value (a scalar is a
/// rank-1 value of one element), plus its value when it is a known constant.
///
/// Along dimension d, split the tensor into aligned blocks of size s:
///  * `contiguity[d] = c`: in every block of c elements the values are
///    x, x+1, ..., x+c-1 (for pointers: consecutive elements, not bytes);
///  * `divisibility[d] = v`: the first value of every contiguity block is a
///    multiple of v (in bytes for pointers); when c is 1 that is every value;
///  * `constancy[d] = k`: in every block of k elements all values are equal.
/// All three are at least 1. Derived values are powers of two; hints may
/// carry any positive number and the gcd-based transfer functions keep the
/// facts sound either way.
///
/// Lattice: a default-constructed AxisInfo (rank 0) is "not yet known" and is
/// the bottom. Everything else is ordered by knowledge; `join` keeps what
/// both operands guarantee: the gcd of each quantity per dimension and the
/// constant value only when both agree. Since every quantity only shrinks to
/// a divisor, chains are finite and the analysis terminates.
class AxisInfo {
public:
  using DimVector = SmallVector<int64_t, 4>;

  /// The largest divisibility tracked: what `0` (divisible by everything),
  /// the most negative 64-bit integer and products that would overflow are
  /// clamped to. Triton's value (for every integer width), so printed
  /// results match its tests.
  static constexpr int64_t kMaxDivisibility = int64_t(1) << 62;

  /// The bottom of the lattice: nothing known yet.
  AxisInfo() = default;
  AxisInfo(ArrayRef<int64_t> contiguity, ArrayRef<int64_t> divisibility,
           ArrayRef<int64_t> constancy,
           std::optional<int64_t> constantValue = std::nullopt);

  /// Knows nothing beyond the shape: every quantity 1.
  static AxisInfo getPessimistic(unsigned rank);
  /// The state of a value with no known producer: the `tt.contiguity`,
  /// `tt.divisibility` and `tt.constancy` arg attrs for an entry-block
  /// argument of a function, pessimistic otherwise.
  static AxisInfo getPessimisticValueState(Value value);
  /// A value known to be `value` everywhere in a tensor of `shape` (rank 1
  /// with shape {1} for a scalar).
  static AxisInfo getConstant(int64_t value, ArrayRef<int64_t> shape);

  /// The lattice join: what both `lhs` and `rhs` guarantee.
  static AxisInfo join(const AxisInfo &lhs, const AxisInfo &rhs);

  /// Whether anything has been computed yet (rank > 0).
  bool isInitialized() const { return !contiguity.empty(); }
  unsigned getRank() const { return contiguity.size(); }

  int64_t getContiguity(unsigned dim) const { return contiguity[dim]; }
  int64_t getDivisibility(unsigned dim) const { return divisibility[dim]; }
  int64_t getConstancy(unsigned dim) const { return constancy[dim]; }
  ArrayRef<int64_t> getContiguity() const { return contiguity; }
  ArrayRef<int64_t> getDivisibility() const { return divisibility; }
  ArrayRef<int64_t> getConstancy() const { return constancy; }
  std::optional<int64_t> getConstantValue() const { return constantValue; }

  /// The power of two dividing *every* element along `dim`: the
  /// divisibility when runs have length 1, else 1 (x+1 is odd for even x).
  int64_t getElementDivisibility(unsigned dim) const {
    return contiguity[dim] > 1 ? 1 : divisibility[dim];
  }

  bool operator==(const AxisInfo &other) const {
    return contiguity == other.contiguity &&
           divisibility == other.divisibility && constancy == other.constancy &&
           constantValue == other.constantValue;
  }

  /// `contiguity = [..], divisibility = [..], constancy = [..],
  /// constant_value = <none>|N`.
  void print(raw_ostream &os) const;

private:
  DimVector contiguity;
  DimVector divisibility;
  DimVector constancy;
  std::optional<int64_t> constantValue;
};

/// The largest power of two dividing `value`; kMaxDivisibility for 0.
int64_t highestPowerOf2Divisor(int64_t value);

/// The dataflow lattice element of the analysis.
using AxisInfoLattice = dataflow::Lattice<AxisInfo>;

/// The transfer functions over tt, arith and scf (see AxisInfoRules.h for the
/// rule of each op). Load DeadCodeAnalysis and SparseConstantPropagation into
/// the same solver: the framework needs them for control flow.
class AxisInfoAnalysis
    : public dataflow::SparseForwardDataFlowAnalysis<AxisInfoLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const AxisInfoLattice *> operands,
                               ArrayRef<AxisInfoLattice *> results) override;

  void visitNonControlFlowArguments(Operation *op,
                                    const RegionSuccessor &successor,
                                    ArrayRef<AxisInfoLattice *> argLattices,
                                    unsigned firstIndex) override;

  /// A function some tt.call in its module calls starts from what its call
  /// sites pass (the join over them, under its own argument hints); one
  /// nobody calls, a kernel, from its hints alone.
  void visitCallableOperation(
      CallableOpInterface callable,
      ArrayRef<dataflow::AbstractSparseLattice *> argLattices) override;

protected:
  void setToEntryState(AxisInfoLattice *lattice) override;
};

/// Runs the analysis over `root` (normally the module) once and answers
/// queries, the way coalescing and load/store lowering ask them. Values the
/// analysis never reached (dead code, non-integer values) get the
/// pessimistic state.
class ModuleAxisInfoAnalysis {
public:
  /// Runs the solver on `root`. `failed()` tells whether it converged.
  explicit ModuleAxisInfoAnalysis(Operation *root);

  /// Whether the solver failed (the IR was not analysable).
  bool failed() const { return solverFailed; }

  /// The facts about `value` (never uninitialized).
  AxisInfo getAxisInfo(Value value) const;

  /// For a tensor of pointers with a layout: how many consecutive elements
  /// one thread may access as one vector, i.e. the pointer alignment capped
  /// by the number of consecutive elements the layout gives each thread
  /// along its fastest dimension. 1 for a scalar pointer.
  unsigned getPtrContiguity(Value ptr) const;
  /// For a tensor of pointers: along the layout's fastest dimension, the
  /// number of elements that are both contiguous and aligned to their
  /// combined size (min of contiguity and divisibility / element bytes).
  unsigned getPtrAlignment(Value ptr) const;
  /// For a tensor of i1: along the layout's fastest dimension, how many
  /// consecutive mask elements are known equal (1 for a scalar).
  unsigned getMaskAlignment(Value mask) const;

private:
  DataFlowSolver solver;
  bool solverFailed = false;
};
} // namespace mlir::tile

#endif // TILE_PASSES_ANALYSIS_AXISINFO_H
