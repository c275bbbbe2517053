//===- TTLayoutInterface.h - Layout inference hooks for tt ------*- C++ -*-===//
//
// tt ops that change a tensor's shape (expand_dims, reduce, trans, reshape,
// join, split, cat) must also get the tensor's layout encoding right once the
// tensor carries one. tt does not know any encoding; the dialect that defines
// encodings (ttg) implements this interface, and tt's verifiers and the
// layout passes ask it.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TT_TTLAYOUTINTERFACE_H
#define TILE_DIALECTS_TT_TTLAYOUTINTERFACE_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectInterface.h"
#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"

namespace mlir::tile::tt {
/// Computes result encodings of shape-changing tt ops. Every method returns
/// failure (after emitting at `loc` when given) for an encoding it cannot
/// express the result in.
class LayoutInferenceInterface
    : public DialectInterface::Base<LayoutInferenceInterface> {
public:
  LayoutInferenceInterface(Dialect *dialect) : Base(dialect) {}

  /// Encoding of tt.expand_dims's result given the source's.
  virtual FailureOr<Attribute>
  inferExpandDimsEncoding(Attribute srcEnc, unsigned axis,
                          std::optional<Location> loc) const = 0;
  /// Encoding of a tt.reduce result given the source's.
  virtual FailureOr<Attribute>
  inferReduceEncoding(Attribute srcEnc, unsigned axis,
                      std::optional<Location> loc) const = 0;
  /// Encoding of tt.trans's result.
  virtual FailureOr<Attribute>
  inferTransEncoding(Attribute srcEnc, ArrayRef<int64_t> srcShape,
                     ArrayRef<int32_t> order,
                     std::optional<Location> loc) const = 0;
  /// Encoding of tt.join's result.
  virtual FailureOr<Attribute>
  inferJoinEncoding(Attribute srcEnc, ArrayRef<int64_t> srcShape,
                    std::optional<Location> loc) const = 0;
  /// Encoding of tt.split's results.
  virtual FailureOr<Attribute>
  inferSplitEncoding(Attribute srcEnc, ArrayRef<int64_t> srcShape,
                     std::optional<Location> loc) const = 0;
  /// Encoding of tt.reshape's result that keeps every element in its
  /// thread (Triton's inferReshapeOpEncoding): the operand layout with its
  /// row-major index regrouped into `dstShape`.
  virtual FailureOr<Attribute>
  inferReshapeEncoding(Attribute srcEnc, ArrayRef<int64_t> srcShape,
                       ArrayRef<int64_t> dstShape,
                       std::optional<Location> loc) const = 0;
  /// Encoding of tt.cat's result, whose registers the lowering takes from
  /// the two operands' registers, one operand after the other: Triton's
  /// choice, `dstEnc` (the result's default layout) holding more elements
  /// per thread along its fastest dimension, where that pairs the registers
  /// soundly; otherwise the operand layout extended to the second half of
  /// dimension 0 by one more register.
  virtual FailureOr<Attribute>
  inferCatEncoding(Attribute srcEnc, ArrayRef<int64_t> srcShape,
                   Attribute dstEnc, ArrayRef<int64_t> dstShape,
                   std::optional<Location> loc) const = 0;
  /// Whether `dstEnc` is a valid encoding for a tt.reshape of a tensor of
  /// `srcShape` in `srcEnc` to `dstShape`.
  virtual LogicalResult
  verifyReshapeEncoding(Attribute srcEnc, ArrayRef<int64_t> srcShape,
                        Attribute dstEnc, ArrayRef<int64_t> dstShape,
                        bool allowReorder, Location loc) const = 0;
  /// Whether `a` and `b` mean the same layout for a tensor of `shape`.
  virtual bool areEquivalent(Attribute a, Attribute b,
                             ArrayRef<int64_t> shape) const = 0;
  /// Checks a tensor's encoding against the hardware `op`'s module targets
  /// (threads per warp, warps). Runs for every tensor of every tt/ttg op.
  virtual LogicalResult verifyTensorEncoding(RankedTensorType type,
                                             Operation *op) const = 0;
  /// Whether the encodings of tt.dot `dot`'s operands and accumulator fit
  /// together (and, for an mma accumulator, whether that mma can compute it).
  virtual LogicalResult verifyDotEncodings(Operation *dot, Attribute aEnc,
                                           Attribute bEnc,
                                           Attribute cEnc) const = 0;
};

/// The interface of the dialect that defines `encoding`, or null when there
/// is no encoding or that dialect does not implement it.
const LayoutInferenceInterface *getLayoutInterface(Attribute encoding);

/// Checks `op`'s result encoding against the one the encoding's dialect
/// infers (`infer`) from the source encoding. Without an encoding dialect
/// there is nothing to infer, so only "both or neither" is checked.
LogicalResult verifyInferredEncoding(
    Operation *op, Attribute srcEnc, Attribute resultEnc,
    ArrayRef<int64_t> resultShape,
    function_ref<FailureOr<Attribute>(const LayoutInferenceInterface &)> infer);

/// Adds "failed to infer returned types" to `op`, the note MLIR's type
/// inference ends an inference error with (Triton's tests expect it).
LogicalResult reportFailedInference(Operation *op);
} // namespace mlir::tile::tt

#endif // TILE_DIALECTS_TT_TTLAYOUTINTERFACE_H
