//===- TTGDialect.cpp - The ttg dialect -----------------------------------===//
//
// Registration, module attribute checks, and the layout inference tt's
// shape-changing ops ask for (expand_dims, reduce, trans, join, split,
// reshape, cat, dot), answered through linear layouts.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/TTGDialect.h"
#include "dialects/tt/TTInliner.h"
#include "dialects/tt/TTLayoutInterface.h"
#include "dialects/ttg/TargetOptions.h"
#include "dialects/ttg/layout/RegisterConcatenation.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ttg;
using layout::kBlock;
using layout::kLane;
using layout::kRegister;
using layout::kWarp;
using layout::LinearLayout;

#include "dialects/ttg/TTGDialect.cpp.inc"

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

bool ttg::isDistributedEncoding(Attribute encoding) {
  return encoding && encoding.hasTrait<AttrTrait::DistributedEncodingTrait>();
}

bool ttg::isSharedEncoding(Attribute encoding) {
  return encoding && encoding.hasTrait<AttrTrait::SharedEncodingTrait>();
}

/// The nearest `name` integer attribute on `op` or its parents.
static std::optional<int64_t> lookUpIntAttr(Operation *op, StringRef name) {
  for (Operation *current = op; current; current = current->getParentOp())
    if (auto attr = current->getAttrOfType<IntegerAttr>(name))
      return attr.getInt();
  return std::nullopt;
}

std::optional<int> ttg::getComputeCapability(Operation *op) {
  auto module =
      isa<ModuleOp>(op) ? cast<ModuleOp>(op) : op->getParentOfType<ModuleOp>();
  auto target =
      module
          ? module->getAttrOfType<StringAttr>(TTGDialect::getTargetAttrName())
          : StringAttr();
  if (!target)
    return std::nullopt;
  StringRef text = target.getValue();
  int capability = 0;
  if (!text.consume_front("cuda:") || text.getAsInteger(10, capability))
    return std::nullopt;
  return capability;
}

std::optional<int> ttg::getNumWarps(Operation *op) {
  // A partition of ttg.warp_specialize runs on its own number of warps.
  for (Operation *current = op; current; current = current->getParentOp()) {
    if (auto attr = current->getAttrOfType<IntegerAttr>(
            TTGDialect::getNumWarpsAttrName()))
      return attr.getInt();
    auto partitions =
        dyn_cast_if_present<WarpSpecializePartitionsOp>(current->getParentOp());
    if (!partitions)
      continue;
    unsigned region = current->getParentRegion()->getRegionNumber();
    auto parent = dyn_cast<WarpSpecializeOp>(partitions->getParentOp());
    if (parent && region < parent.getPartitionNumWarps().size())
      return parent.getPartitionNumWarps()[region];
  }
  return std::nullopt;
}

int ttg::getThreadsPerWarp(Operation *op) {
  return lookUpIntAttr(op, TTGDialect::getThreadsPerWarpAttrName())
      .value_or(kDefaultThreadsPerWarp);
}

int ttg::getNumCTAs(Operation *op) {
  return lookUpIntAttr(op, TTGDialect::getNumCTAsAttrName())
      .value_or(kDefaultNumCTAs);
}

//===----------------------------------------------------------------------===//
// Layout inference for tt
//===----------------------------------------------------------------------===//

LinearEncodingAttr ttg::getLinearEncoding(MLIRContext *context,
                                          const LinearLayout &layout) {
  unsigned rank = layout.getNumOutDims();
  auto flatten = [&](const char *inDim) {
    SmallVector<int32_t> flat;
    if (!layout.hasInDim(inDim))
      return flat;
    for (const auto &[name, bases] : layout.getBases())
      if (name == inDim)
        for (const auto &basis : bases)
          flat.append(basis.begin(), basis.end());
    return flat;
  };
  return LinearEncodingAttr::get(context, std::max(rank, 1u),
                                 flatten(kRegister), flatten(kLane),
                                 flatten(kWarp), flatten(kBlock));
}

namespace {
/// Applies `transform` to every basis of `layout` and rebuilds it with
/// out-dims of `shape`.
std::optional<LinearLayout>
mapBases(const LinearLayout &layout, ArrayRef<int64_t> shape,
         function_ref<bool(const std::string &inDim,
                           std::vector<LinearLayout::Basis> &bases)>
             transform,
         std::string *error) {
  LinearLayout::BasesT bases = layout.getBases();
  for (auto &[inDim, vectors] : bases)
    if (!transform(inDim, vectors)) {
      if (error)
        *error = "the layout cannot express the result";
      return std::nullopt;
    }
  std::vector<layout::NamedSize> outDims;
  for (auto [d, size] : llvm::enumerate(shape))
    outDims.emplace_back(layout::outDimName(d), size);
  return LinearLayout::create(std::move(bases), std::move(outDims),
                              /*requireSurjective=*/true, error);
}

FailureOr<Attribute> emitFailure(std::optional<Location> loc,
                                 const Twine &message) {
  if (loc)
    emitError(*loc) << message;
  return failure();
}

/// Rewrites each basis of a flattened CGA layout of `rank` entries per basis.
SmallVector<unsigned>
mapCGABases(ArrayRef<unsigned> cgaLayout, unsigned rank,
            function_ref<SmallVector<unsigned>(ArrayRef<unsigned>)> map) {
  SmallVector<unsigned> result;
  for (size_t i = 0; i + rank <= cgaLayout.size(); i += rank)
    llvm::append_range(result, map(cgaLayout.slice(i, rank)));
  return result;
}

struct TTGLayoutInference : public tt::LayoutInferenceInterface {
  using LayoutInferenceInterface::LayoutInferenceInterface;

  FailureOr<Attribute>
  inferExpandDimsEncoding(Attribute srcEnc, unsigned axis,
                          std::optional<Location> loc) const override {
    auto slice = dyn_cast<SliceEncodingAttr>(srcEnc);
    if (!slice || slice.getDim() != axis)
      return emitFailure(loc, "expand_dims along axis " + Twine(axis) +
                                  " needs an operand in #ttg.slice<{dim = " +
                                  Twine(axis) + ", ...}>");
    return slice.getParent();
  }

  FailureOr<Attribute>
  inferReduceEncoding(Attribute srcEnc, unsigned axis,
                      std::optional<Location> loc) const override {
    if (!isDistributedEncoding(srcEnc))
      return emitFailure(loc, "reduce needs a distributed operand encoding");
    return Attribute(SliceEncodingAttr::get(srcEnc.getContext(), axis, srcEnc));
  }

  FailureOr<Attribute>
  inferTransEncoding(Attribute srcEnc, ArrayRef<int64_t> srcShape,
                     ArrayRef<int32_t> order,
                     std::optional<Location> loc) const override {
    // Result dimension i is source dimension order[i].
    SmallVector<unsigned> inverse(order.size());
    for (auto [i, d] : llvm::enumerate(order))
      inverse[d] = i;
    if (auto blocked = dyn_cast<BlockedEncodingAttr>(srcEnc)) {
      auto permute = [&](ArrayRef<unsigned> values) {
        return llvm::map_to_vector(order, [&](int32_t d) { return values[d]; });
      };
      SmallVector<unsigned> newOrder = llvm::map_to_vector(
          blocked.getOrder(), [&](unsigned d) { return inverse[d]; });
      return Attribute(BlockedEncodingAttr::get(
          srcEnc.getContext(), permute(blocked.getSizePerThread()),
          permute(blocked.getThreadsPerWarp()),
          permute(blocked.getWarpsPerCTA()), newOrder,
          mapCGABases(blocked.getCgaLayout(), blocked.getRank(), permute)));
    }
    std::string error;
    std::optional<LinearLayout> src = toLinearLayout(srcEnc, srcShape, &error);
    SmallVector<int64_t> dstShape =
        llvm::map_to_vector(order, [&](int32_t d) { return srcShape[d]; });
    std::optional<LinearLayout> dst;
    if (src)
      dst = mapBases(
          *src, dstShape,
          [&](const std::string &, std::vector<LinearLayout::Basis> &bases) {
            for (auto &basis : bases) {
              LinearLayout::Basis permuted(basis.size());
              for (auto [i, d] : llvm::enumerate(order))
                permuted[i] = basis[d];
              basis = std::move(permuted);
            }
            return true;
          },
          &error);
    if (!dst)
      return emitFailure(loc, "cannot transpose the operand layout: " + error);
    return Attribute(getLinearEncoding(srcEnc.getContext(), *dst));
  }

  FailureOr<Attribute>
  inferJoinEncoding(Attribute srcEnc, ArrayRef<int64_t> srcShape,
                    std::optional<Location> loc) const override {
    if (auto blocked = dyn_cast<BlockedEncodingAttr>(srcEnc)) {
      // The new minor dimension lives in registers, fastest of all.
      unsigned rank = blocked.getRank();
      auto append = [](ArrayRef<unsigned> values, unsigned v) {
        SmallVector<unsigned> result(values);
        result.push_back(v);
        return result;
      };
      SmallVector<unsigned> order{rank};
      order.append(blocked.getOrder().begin(), blocked.getOrder().end());
      return Attribute(BlockedEncodingAttr::get(
          srcEnc.getContext(), append(blocked.getSizePerThread(), 2),
          append(blocked.getThreadsPerWarp(), 1),
          append(blocked.getWarpsPerCTA(), 1), order,
          mapCGABases(
              blocked.getCgaLayout(), rank,
              [&](ArrayRef<unsigned> basis) { return append(basis, 0); })));
    }
    std::string error;
    std::optional<LinearLayout> src = toLinearLayout(srcEnc, srcShape, &error);
    SmallVector<int64_t> dstShape(srcShape);
    dstShape.push_back(2);
    std::optional<LinearLayout> dst;
    if (src)
      dst = mapBases(
          *src, dstShape,
          [&](const std::string &inDim,
              std::vector<LinearLayout::Basis> &bases) {
            for (auto &basis : bases)
              basis.push_back(0);
            if (inDim == kRegister) {
              LinearLayout::Basis unit(dstShape.size(), 0);
              unit.back() = 1;
              bases.insert(bases.begin(), unit);
            }
            return true;
          },
          &error);
    if (!dst)
      return emitFailure(loc, "cannot join in the operand layout: " + error);
    return Attribute(getLinearEncoding(srcEnc.getContext(), *dst));
  }

  FailureOr<Attribute>
  inferSplitEncoding(Attribute srcEnc, ArrayRef<int64_t> srcShape,
                     std::optional<Location> loc) const override {
    std::string error;
    std::optional<LinearLayout> src = toLinearLayout(srcEnc, srcShape, &error);
    SmallVector<int64_t> dstShape(srcShape.drop_back());
    std::optional<LinearLayout> dst;
    if (src)
      dst = mapBases(
          *src, dstShape,
          [&](const std::string &inDim,
              std::vector<LinearLayout::Basis> &bases) {
            // Exactly one register basis may touch the split dimension, and
            // only it: the two halves must sit in the same thread.
            bool removed = false;
            for (auto it = bases.begin(); it != bases.end();) {
              if (it->back() == 0) {
                it->pop_back();
                ++it;
                continue;
              }
              bool unit = llvm::all_of(llvm::drop_end(*it),
                                       [](int32_t v) { return v == 0; });
              if (inDim != kRegister || !unit || removed)
                return false;
              it = bases.erase(it);
              removed = true;
            }
            return inDim != kRegister || removed;
          },
          &error);
    if (!dst)
      return emitFailure(loc, "split needs the last dimension (size 2) held "
                              "within each thread: " +
                                  error);
    if (auto blocked = dyn_cast<BlockedEncodingAttr>(srcEnc)) {
      // Keep a blocked result blocked when the split dimension was the
      // fastest and only in registers.
      unsigned last = blocked.getRank() - 1;
      if (blocked.getOrder().front() == last &&
          blocked.getSizePerThread()[last] == 2) {
        auto drop = [](ArrayRef<unsigned> values) {
          return SmallVector<unsigned>(values.drop_back());
        };
        return Attribute(BlockedEncodingAttr::get(
            srcEnc.getContext(), drop(blocked.getSizePerThread()),
            drop(blocked.getThreadsPerWarp()), drop(blocked.getWarpsPerCTA()),
            SmallVector<unsigned>(blocked.getOrder().drop_front()),
            mapCGABases(blocked.getCgaLayout(), blocked.getRank(), drop)));
      }
    }
    return Attribute(getLinearEncoding(srcEnc.getContext(), *dst));
  }

  FailureOr<Attribute>
  inferReshapeEncoding(Attribute srcEnc, ArrayRef<int64_t> srcShape,
                       ArrayRef<int64_t> dstShape,
                       std::optional<Location> loc) const override {
    std::string error;
    std::optional<LinearLayout> src = toLinearLayout(srcEnc, srcShape, &error);
    std::optional<LinearLayout> dst;
    if (src)
      dst = layout::reshapeLayoutRowMajor(
          *src, std::vector<int32_t>(dstShape.begin(), dstShape.end()), &error);
    if (!dst)
      return emitFailure(loc, "cannot reshape the operand layout: " + error);
    // Like Triton, keep a blocked layout blocked where one describes the
    // result. For power-of-two shapes the default layouts of all shapes fill
    // the row-major index the same way (lanes, then warps, then registers),
    // so the reshape of a default layout is the default one (checked rather
    // than assumed).
    MLIRContext *context = srcEnc.getContext();
    if (auto blocked = dyn_cast<BlockedEncodingAttr>(srcEnc)) {
      int lanes = src->getInDimSize(kLane), warps = src->getInDimSize(kWarp);
      if (blocked == getDefaultBlockedEncoding(context, srcShape, warps, lanes))
        if (BlockedEncodingAttr dstDefault =
                getDefaultBlockedEncoding(context, dstShape, warps, lanes);
            dstDefault && toLinearLayout(dstDefault, dstShape) == *dst)
          return Attribute(dstDefault);
      if (BlockedEncodingAttr found =
              findBlockedEncoding(context, *dst, dstShape))
        return Attribute(found);
    }
    return Attribute(getLinearEncoding(context, *dst));
  }

  FailureOr<Attribute>
  inferCatEncoding(Attribute srcEnc, ArrayRef<int64_t> srcShape,
                   Attribute dstEnc, ArrayRef<int64_t> dstShape,
                   std::optional<Location> loc) const override {
    MLIRContext *context = srcEnc.getContext();
    std::string error;
    std::optional<LinearLayout> src = toLinearLayout(srcEnc, srcShape, &error);
    if (!src)
      return emitFailure(loc,
                         "cannot concatenate in the operand layout: " + error);
    if (auto blocked = dyn_cast<BlockedEncodingAttr>(dstEnc))
      if (std::optional<LinearLayout> dst =
              toLinearLayout(blocked, dstShape, &error)) {
        int64_t wanted = 2 * int64_t(src->getNumRegisters());
        SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
        if (wanted > dst->getNumRegisters())
          sizePerThread[blocked.getOrder().front()] *=
              wanted / dst->getNumRegisters();
        auto grown = BlockedEncodingAttr::get(
            context, sizePerThread, blocked.getThreadsPerWarp(),
            blocked.getWarpsPerCTA(), blocked.getOrder(),
            blocked.getCgaLayout());
        if (std::optional<LinearLayout> grownLayout =
                toLinearLayout(grown, dstShape))
          if (layout::concatenateRegisters(*src, *grownLayout, 2))
            return Attribute(grown);
      }
    LinearLayout::BasesT bases = src->getBases();
    for (auto &[inDim, vectors] : bases)
      if (inDim == kRegister) {
        LinearLayout::Basis secondHalf(srcShape.size(), 0);
        secondHalf[0] = static_cast<int32_t>(srcShape[0]);
        vectors.push_back(std::move(secondHalf));
      }
    std::vector<layout::NamedSize> outDims;
    for (auto [d, size] : llvm::enumerate(dstShape))
      outDims.emplace_back(layout::outDimName(d), size);
    std::optional<LinearLayout> concatenated =
        LinearLayout::create(std::move(bases), std::move(outDims),
                             /*requireSurjective=*/true, &error);
    if (!concatenated)
      return emitFailure(loc,
                         "cannot concatenate in the operand layout: " + error);
    return Attribute(getLinearEncoding(context, *concatenated));
  }

  LogicalResult
  verifyReshapeEncoding(Attribute srcEnc, ArrayRef<int64_t> srcShape,
                        Attribute dstEnc, ArrayRef<int64_t> dstShape,
                        bool allowReorder, Location loc) const override {
    // With allow_reorder any element order is fine.
    if (allowReorder)
      return success();
    std::string error;
    std::optional<LinearLayout> src = toLinearLayout(srcEnc, srcShape, &error);
    std::optional<LinearLayout> expected;
    if (src)
      expected = layout::reshapeLayoutRowMajor(
          *src, std::vector<int32_t>(dstShape.begin(), dstShape.end()), &error);
    std::optional<LinearLayout> dst;
    if (expected)
      dst = toLinearLayout(dstEnc, dstShape, &error);
    if (!dst)
      return emitError(loc) << "tt.reshape: " << error;
    if (*dst != *expected)
      return emitError(loc)
             << "tt.reshape without allow_reorder must keep every element in "
                "its thread; the result encoding "
             << dstEnc << " moves data (expected "
             << getLinearEncoding(srcEnc.getContext(), *expected) << ")";
    return success();
  }

  bool areEquivalent(Attribute a, Attribute b,
                     ArrayRef<int64_t> shape) const override {
    std::optional<LinearLayout> la = toLinearLayout(a, shape);
    std::optional<LinearLayout> lb = toLinearLayout(b, shape);
    return la && lb && *la == *lb;
  }

  LogicalResult verifyTensorEncoding(RankedTensorType type,
                                     Operation *op) const override {
    Attribute encoding = type.getEncoding();
    if (!isDistributedEncoding(encoding))
      return op->emitOpError("layout of ")
             << type << ": Non-distributed layout is not allowed in tensor "
             << "type.";
    // The messages say what Triton's say (its tests match on them).
    unsigned rank = cast<LayoutEncodingAttrInterface>(encoding).getRank();
    if (rank != type.getRank())
      return op->emitOpError("layout of ")
             << type << ": Layout has rank " << rank
             << ", but the tensor it's attached to has rank " << type.getRank()
             << ".";
    // Encodings tile only reads have no layout to check against the module.
    if (isParseOnlyEncoding(encoding))
      return success();
    std::string error;
    std::optional<LinearLayout> layout = toLinearLayout(type, &error);
    if (!layout)
      return op->emitOpError("layout of ") << type << ": " << error;
    int lanes = layout->getInDimSize(kLane);
    int threadsPerWarp = getThreadsPerWarp(op);
    if (lanes != threadsPerWarp)
      return op->emitOpError("layout of ")
             << type << ": Layout has " << lanes
             << " threads per warp, but the module specifies " << threadsPerWarp
             << " threads per warp.";
    if (std::optional<int> numWarps = getNumWarps(op))
      if (layout->getInDimSize(kWarp) != *numWarps)
        return op->emitOpError("layout of ")
               << type << ": Layout has " << layout->getInDimSize(kWarp)
               << " warps per CTA, but the context requires " << *numWarps
               << " warps per CTA.";
    if (layout->getInDimSize(kBlock) != getNumCTAs(op))
      return op->emitOpError("layout of ")
             << type << ": Layout has " << layout->getInDimSize(kBlock)
             << " CTAs per CGA, but the context requires " << getNumCTAs(op)
             << " CTAs per CGA.";
    return success();
  }

  LogicalResult verifyDotEncodings(Operation *dot, Attribute aEnc,
                                   Attribute bEnc,
                                   Attribute cEnc) const override {
    // Triton's checks first, in its order and words.
    auto aDot = dyn_cast<DotOperandEncodingAttr>(aEnc);
    auto bDot = dyn_cast<DotOperandEncodingAttr>(bEnc);
    if ((aDot || bDot) && (!aDot || !bDot))
      return dot->emitOpError("mismatching encoding between A and B operands");
    if (aDot && aDot.getKWidth() != bDot.getKWidth())
      return dot->emitOpError("mismatching kWidth between A and B operands, "
                              "got ")
             << aDot.getKWidth() << " and " << bDot.getKWidth();
    auto check = [&](Attribute enc, unsigned opIdx) -> LogicalResult {
      auto dotOp = dyn_cast<DotOperandEncodingAttr>(enc);
      if (!dotOp || dotOp.getOpIdx() != opIdx || dotOp.getParent() != cEnc)
        return dot->emitOpError("operand ")
               << (opIdx ? "b" : "a")
               << " must have encoding #ttg.dot_op<{opIdx = " << opIdx
               << ", parent = " << cEnc << "}>, got " << enc;
      return success();
    };
    if (failed(check(aEnc, 0)) || failed(check(bEnc, 1)))
      return failure();
    if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(cEnc))
      if (!mmaSupportsDot(cast<tt::DotOp>(dot), mma.getVersionMajor()))
        return dot->emitOpError("unsupported MMA version: #ttg.nvidia_mma v")
               << mma.getVersionMajor() << " cannot multiply "
               << cast<tt::DotOp>(dot).getA().getType().getElementType()
               << " operands with input precision "
               << tt::stringifyInputPrecision(
                      cast<tt::DotOp>(dot).getInputPrecision());
    return success();
  }

private:
  /// The operand types mma.sync (v2) and wgmma (v3) multiply, as Triton's
  /// supportMMA: fp8, f16, bf16, i8, f64 (v2) and f32 only as tf32.
  static bool mmaSupportsDot(tt::DotOp dot, unsigned version) {
    Type a = dot.getA().getType().getElementType();
    Type b = dot.getB().getType().getElementType();
    if (a.isF32() && b.isF32())
      return dot.getInputPrecision() == tt::InputPrecision::TF32;
    auto supported = [&](Type type) {
      return isa<Float8E5M2Type, Float8E4M3FNType, Float8E5M2FNUZType,
                 Float8E4M3FNUZType>(type) ||
             type.isF16() || type.isBF16() || type.isF32() || type.isF64() ||
             type.isInteger(8);
    };
    return version >= 2 && supported(a) && supported(b);
  }
};
} // namespace

Attribute ttg::inferFp4ToFpEncoding(Attribute srcEncoding,
                                    ArrayRef<int64_t> srcShape, unsigned axis,
                                    std::string *error) {
  MLIRContext *context = srcEncoding.getContext();
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(srcEncoding);
      blocked && !blocked.getOrder().empty() &&
      blocked.getOrder().front() == axis) {
    SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
    sizePerThread[axis] *= 2;
    return BlockedEncodingAttr::get(
        context, sizePerThread, blocked.getThreadsPerWarp(),
        blocked.getWarpsPerCTA(), blocked.getOrder(), blocked.getCgaLayout());
  }
  std::optional<LinearLayout> src =
      toLinearLayout(srcEncoding, srcShape, error);
  if (!src)
    return {};
  LinearLayout::BasesT bases = src->getBases();
  for (auto &[inDim, vectors] : bases) {
    for (auto &basis : vectors)
      basis[axis] *= 2;
    if (inDim == kRegister) {
      LinearLayout::Basis unit(srcShape.size(), 0);
      unit[axis] = 1;
      vectors.insert(vectors.begin(), unit);
    }
  }
  std::vector<layout::NamedSize> outDims;
  for (auto [d, size] : llvm::enumerate(srcShape))
    outDims.emplace_back(layout::outDimName(d), d == axis ? 2 * size : size);
  std::optional<LinearLayout> dst = LinearLayout::create(
      std::move(bases), std::move(outDims), /*requireSurjective=*/true, error);
  if (!dst)
    return {};
  return getLinearEncoding(context, *dst);
}

//===----------------------------------------------------------------------===//
// Printing aliases
//===----------------------------------------------------------------------===//

namespace {
/// The aliases Triton's dumps use (#blocked, #mma, #shared, #smem,
/// #linear); slice and dot_op encodings print inline, as in Triton.
struct TTGOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<BlockedEncodingAttr>(attr))
      os << "blocked";
    else if (isa<NvidiaMmaEncodingAttr, AMDMfmaEncodingAttr,
                 AMDWmmaEncodingAttr>(attr))
      os << "mma";
    else if (isSharedEncoding(attr))
      os << "shared";
    else if (isa<SharedMemorySpaceAttr>(attr))
      os << "smem";
    else if (isa<LinearEncodingAttr>(attr))
      os << "linear";
    else
      return AliasResult::NoAlias;
    return AliasResult::FinalAlias;
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Dialects
//===----------------------------------------------------------------------===//

void TTGDialect::initialize() {
  layoutCache = detail::createLinearLayoutCache();
  registerAttributes();
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "dialects/ttg/TTGOps.cpp.inc"
      >();
  addInterfaces<TTGLayoutInference, TTGOpAsmInterface,
                tt::OpsInlinerInterface>();
}

LogicalResult TTGDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  StringRef name = attr.getName().strref();
  auto positiveInt = [&]() -> LogicalResult {
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!value || value.getInt() <= 0)
      return op->emitError()
             << "'" << name << "' must be a positive integer, got "
             << attr.getValue();
    return success();
  };
  if (name == getNumWarpsAttrName() || name == getNumCTAsAttrName() ||
      name == getThreadsPerWarpAttrName())
    return positiveInt();
  if (name == getTargetAttrName() && !isa<StringAttr>(attr.getValue()))
    return op->emitError() << "'" << name << "' must be a string such as "
                           << "\"cuda:90\", got " << attr.getValue();
  if (name == getSharedAttrName()) {
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!value || value.getInt() < 0)
      return op->emitError()
             << "'" << name << "' must be a non-negative integer";
  }
  return success();
}
