//===- Scratch.cpp - Shared memory an op needs while it runs --------------===//

#include "passes/analysis/Scratch.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"
#include "dialects/ttg/layout/PartialLinearMap.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using layout::kBlock;
using layout::kLane;
using layout::kRegister;
using layout::kWarp;
using layout::LinearLayout;

int64_t mlir::tile::getSharedElementBytes(Type type) {
  if (isa<tt::PointerType>(type))
    return 8;
  unsigned bits = type.getIntOrFloatBitWidth();
  return std::max<int64_t>(1, llvm::divideCeil(bits, 8));
}

namespace {
/// The tensor coordinates input `value` of `inDim` maps to (the other
/// inputs 0).
SmallVector<int32_t> coordsOf(const LinearLayout &layout,
                              const std::string &inDim, int32_t value) {
  SmallVector<int32_t> coords;
  // The optional must outlive the loop over it.
  if (auto applied = layout.apply({{inDim, value}}))
    for (const auto &[name, coord] : *applied)
      coords.push_back(coord);
  return coords;
}

/// The tensor coordinates basis `bit` of `inDim` maps to.
SmallVector<int32_t> basisCoords(const LinearLayout &layout,
                                 const std::string &inDim, int bit) {
  return coordsOf(layout, inDim, int32_t(1) << bit);
}

/// `coords` without dimension `axis`.
SmallVector<int32_t> dropAxis(ArrayRef<int32_t> coords, int axis) {
  SmallVector<int32_t> rest(coords);
  rest.erase(rest.begin() + axis);
  return rest;
}

bool isZero(ArrayRef<int32_t> coords) {
  return llvm::all_of(coords, [](int32_t c) { return c == 0; });
}

/// Whether every thread can take its result registers straight from its own
/// partials: each lane and warp holds, with the axis dropped, what it holds
/// in the result, and every result register has a partial.
bool resultFollowsOperand(const ReducePlan &plan) {
  const LinearLayout &src = plan.operandLayout;
  const LinearLayout &dst = *plan.resultLayout;
  for (const char *inDim : {kLane, kWarp, kBlock}) {
    int32_t bits =
        std::max(src.hasInDim(inDim) ? src.getInDimSizeLog2(inDim) : 0,
                 dst.hasInDim(inDim) ? dst.getInDimSizeLog2(inDim) : 0);
    for (int bit = 0; bit < bits; ++bit) {
      SmallVector<int32_t> srcCoords = basisCoords(src, inDim, bit);
      SmallVector<int32_t> dstCoords = basisCoords(dst, inDim, bit);
      if (srcCoords.empty())
        srcCoords.assign(src.getNumOutDims(), 0);
      if (dstCoords.empty())
        dstCoords.assign(dst.getNumOutDims(), 0);
      if (dropAxis(srcCoords, plan.axis) != dstCoords)
        return false;
    }
  }
  std::set<SmallVector<int32_t>> partials;
  for (int32_t r = 0; r < src.getNumRegisters(); ++r) {
    partials.insert(dropAxis(coordsOf(src, kRegister, r), plan.axis));
  }
  for (int32_t r = 0; r < dst.getNumRegisters(); ++r) {
    if (!partials.count(coordsOf(dst, kRegister, r)))
      return false;
  }
  return true;
}
} // namespace

/// Gives each of `operands` a part of a scratch buffer holding `elements`
/// of its element type, each part starting aligned; returns the total
/// bytes, up to the end of the last part (the allocator aligns the start of
/// the buffer, and Triton counts no padding after it either).
static int64_t layOutOperandScratch(ValueRange operands, int64_t elements,
                                    SmallVectorImpl<int64_t> &offsets) {
  int64_t offset = 0;
  for (Value operand : operands) {
    offset = llvm::alignTo(offset, kScratchAlignment);
    offsets.push_back(offset);
    Type element = cast<RankedTensorType>(operand.getType()).getElementType();
    offset += elements * getSharedElementBytes(element);
  }
  return offset;
}

std::optional<ReducePlan> mlir::tile::getReducePlan(tt::ReduceOp op,
                                                    std::string &error) {
  auto operandType = cast<RankedTensorType>(op.getSrcs().front().getType());
  std::optional<LinearLayout> operandLayout =
      ttg::toLinearLayout(operandType, &error);
  if (!operandLayout)
    return std::nullopt;
  ReducePlan plan;
  plan.operandLayout = *operandLayout;
  plan.axis = op.getAxis();

  auto resultType =
      dyn_cast<RankedTensorType>(op.getResult().front().getType());
  if (resultType) {
    plan.resultLayout = ttg::toLinearLayout(resultType, &error);
    if (!plan.resultLayout)
      return std::nullopt;
    plan.outputElements = resultType.getNumElements();
  }

  // Lanes and warps either move along the axis only or not along it at all;
  // a basis mixing both would make threads that reduce together disagree
  // on which output element they reduce into.
  for (const char *inDim : {kLane, kWarp, kBlock}) {
    if (!operandLayout->hasInDim(inDim))
      continue;
    for (int bit = 0; bit < operandLayout->getInDimSizeLog2(inDim); ++bit) {
      SmallVector<int32_t> coords = basisCoords(*operandLayout, inDim, bit);
      if (coords.empty() || coords[plan.axis] == 0)
        continue;
      if (!isZero(dropAxis(coords, plan.axis))) {
        error = std::string("the ") + inDim + " basis " + std::to_string(bit) +
                " of the operand layout moves along the reduction axis and "
                "another dimension at once";
        return std::nullopt;
      }
      if (StringRef(inDim) == kLane)
        plan.laneMasks.push_back(int32_t(1) << bit);
      else if (StringRef(inDim) == kWarp)
        plan.warpBits.push_back(bit);
      else {
        error = "reductions across CTAs are not supported";
        return std::nullopt;
      }
    }
  }

  plan.usesScratch = plan.warpBits.size() > 0 ||
                     (plan.resultLayout && !resultFollowsOperand(plan));
  if (plan.usesScratch)
    plan.scratchBytes = layOutOperandScratch(
        op.getSrcs(), plan.warpsAlongAxis() * plan.outputElements,
        plan.operandOffsets);
  return plan;
}

namespace {
/// Which hardware bit owns an axis bit.
struct AxisBitOwner {
  std::string inDim;
  int bit = -1;
};

/// Fills the axis part of `plan` from `plan.layout`, or returns false with
/// `error` set.
bool classifyScanAxis(ScanPlan &plan, std::string &error) {
  const LinearLayout &layout = plan.layout;
  int axisBits = layout.getOutDimSizeLog2(layout::outDimName(plan.axis));
  SmallVector<AxisBitOwner> owners(axisBits);
  for (const char *inDim : {kRegister, kLane, kWarp, kBlock}) {
    if (!layout.hasInDim(inDim))
      continue;
    for (int bit = 0; bit < layout.getInDimSizeLog2(inDim); ++bit) {
      SmallVector<int32_t> coords = basisCoords(layout, inDim, bit);
      if (coords.empty() || isZero(coords)) {
        if (StringRef(inDim) == kLane)
          plan.broadcastLaneMask |= int32_t(1) << bit;
        else if (StringRef(inDim) == kWarp)
          plan.broadcastWarpMask |= int32_t(1) << bit;
        continue;
      }
      int32_t alongAxis = coords[plan.axis];
      if (alongAxis == 0)
        continue;
      std::string basis = std::string("the ") + inDim + " basis " +
                          std::to_string(bit) + " of the operand layout";
      if (!isZero(dropAxis(coords, plan.axis))) {
        error = basis + " moves along the scan axis and another dimension "
                        "at once";
        return false;
      }
      if (!llvm::isPowerOf2_32(alongAxis) ||
          int(llvm::Log2_32(alongAxis)) >= axisBits) {
        error = basis + " moves along several bits of the scan axis at once";
        return false;
      }
      if (StringRef(inDim) == kBlock) {
        error = "scans across CTAs are not supported";
        return false;
      }
      AxisBitOwner &owner = owners[llvm::Log2_32(alongAxis)];
      if (owner.bit >= 0) {
        error = basis + " moves along the same axis bit as the " + owner.inDim +
                " basis " + std::to_string(owner.bit);
        return false;
      }
      owner = {inDim, bit};
    }
  }

  // Walk the axis bits from the lowest: the owners must come as registers
  // (chunk), lanes, warps, registers (blocks).
  enum Stage { Chunk, Lanes, Warps, Blocks };
  Stage stage = Chunk;
  for (auto [axisBit, owner] : llvm::enumerate(owners)) {
    if (owner.bit < 0) {
      error = "no register, lane or warp holds bit " + std::to_string(axisBit) +
              " of the scan axis";
      return false;
    }
    Stage wanted = owner.inDim == kLane   ? Lanes
                   : owner.inDim == kWarp ? Warps
                   : stage == Chunk       ? Chunk
                                          : Blocks;
    if (wanted < stage) {
      error = "the operand layout holds the scan axis in " + owner.inDim +
              "s above its " +
              (stage == Blocks ? "repeated registers" : "warps") +
              "; the lowering needs the axis held, from its first element "
              "up, by each thread's registers, then lanes, then warps, then "
              "repeated registers";
      return false;
    }
    stage = wanted;
    switch (stage) {
    case Chunk:
      plan.chunkRegisterBits.push_back(owner.bit);
      break;
    case Lanes:
      if (plan.laneBits == 0) {
        plan.laneShift = owner.bit;
      } else if (owner.bit != plan.laneShift + plan.laneBits) {
        error = "the lanes along the scan axis are not consecutive lane-id "
                "bits in axis order (lane basis " +
                std::to_string(owner.bit) + " follows lane basis " +
                std::to_string(plan.laneShift + plan.laneBits - 1) +
                "); the lane shuffles need that";
        return false;
      }
      ++plan.laneBits;
      break;
    case Warps:
      plan.warpBits.push_back(owner.bit);
      break;
    case Blocks:
      plan.blockRegisterBits.push_back(owner.bit);
      break;
    }
  }
  return true;
}
} // namespace

std::optional<ScanPlan> mlir::tile::getScanPlan(tt::ScanOp op,
                                                std::string &error) {
  auto type = cast<RankedTensorType>(op.getSrcs().front().getType());
  std::optional<LinearLayout> layout = ttg::toLinearLayout(type, &error);
  if (!layout)
    return std::nullopt;
  ScanPlan plan;
  plan.layout = *layout;
  plan.axis = op.getAxis();
  plan.reverse = op.getReverse();
  if (!classifyScanAxis(plan, error))
    return std::nullopt;
  plan.lineCount = type.getNumElements() / type.getDimSize(plan.axis);
  if (plan.usesScratch())
    plan.scratchBytes = layOutOperandScratch(
        op.getSrcs(),
        plan.blocksAlongAxis() * plan.warpsAlongAxis() * plan.lineCount,
        plan.operandOffsets);
  return plan;
}

bool mlir::tile::canScanInLayout(RankedTensorType type, int axis,
                                 std::string *error) {
  std::string message;
  std::optional<LinearLayout> layout = ttg::toLinearLayout(type, &message);
  ScanPlan plan;
  bool scannable = false;
  if (layout) {
    plan.layout = *layout;
    plan.axis = axis;
    scannable = classifyScanAxis(plan, message);
  }
  if (error)
    *error = message;
  return scannable;
}

namespace {
/// The hardware dims a thread is identified by.
constexpr const char *kThreadDims[] = {kLane, kWarp, kBlock};

/// Whether every bit of `inDim` in `layout` maps to the zero coordinates,
/// i.e. the layout holds the same elements for every value of that bit.
bool isBroadcastBit(const LinearLayout &layout, const std::string &inDim,
                    int bit) {
  return isZero(basisCoords(layout, inDim, bit));
}

/// Rewrites `map` (destination hardware -> source hardware) so that, where
/// the source broadcasts over a thread bit, the source location keeps the
/// destination's value of that bit. invertAndCompose picks the canonical
/// preimage, which prefers registers; for a source that holds an element
/// in every warp, say, that would fetch it from warp 0 when the executing
/// warp has it too.
LinearLayout alignThreadBits(const LinearLayout &map, const LinearLayout &src) {
  LinearLayout::BasesT bases = map.getBases();
  for (auto &[inDim, inBases] : bases) {
    for (auto [bit, basis] : llvm::enumerate(inBases)) {
      for (const char *threadDim : kThreadDims) {
        int out = map.getOutDimIndex(threadDim);
        if (out < 0)
          continue;
        int32_t wanted = inDim == threadDim ? int32_t(1) << bit : 0;
        int32_t delta = basis[out] ^ wanted;
        for (int j = 0; delta >> j; ++j)
          if ((delta >> j & 1) && isBroadcastBit(src, threadDim, j))
            basis[out] ^= int32_t(1) << j;
      }
    }
  }
  return *LinearLayout::create(bases, map.getOutDims(),
                               /*requireSurjective=*/false);
}

/// Whether `map` sends every destination bit of a thread dim to the same
/// bit of that dim in the source, and no other destination bit into it.
bool keepsThreadDim(const LinearLayout &map, const char *threadDim) {
  int out = map.getOutDimIndex(threadDim);
  for (const auto &[inDim, inBases] : map.getBases())
    for (auto [bit, basis] : llvm::enumerate(inBases)) {
      int32_t wanted = inDim == threadDim ? int32_t(1) << bit : 0;
      if ((out < 0 ? 0 : basis[out]) != wanted)
        return false;
    }
  return true;
}

/// The part of `map`'s basis (inDim, bit) along source dim `outDim`.
int32_t part(const LinearLayout &map, const std::string &inDim, int bit,
             const char *outDim) {
  int out = map.getOutDimIndex(outDim);
  return out < 0 ? 0
                 : map.getBases()[map.getInDimIndex(inDim)].second[bit][out];
}

/// Whether the bits of the thread dims map to no source register: which
/// source register holds a destination register is then known at compile
/// time.
bool registersIndependentOfThread(const LinearLayout &map) {
  for (const char *threadDim : kThreadDims)
    for (int bit = 0; bit < map.getInDimSizeLog2(threadDim); ++bit)
      if (part(map, threadDim, bit, kRegister) != 0)
        return false;
  return true;
}

/// For a warp shuffle: in each round a lane offers one register to every
/// lane reading from it, so lanes that read the same source lane must want
/// the same source register. Lanes reading the same lane differ by a
/// kernel element of the lane -> source lane map; where its source register
/// part does not vanish, those lanes receive their registers in another
/// order: lane l takes, in round k, destination register k ^ rotation(l).
/// This returns rotation's image of each lane bit (all zero when no lane
/// needs it), chosen so that no two lanes of a warp read one lane in a
/// round, or std::nullopt when the destination's registers do not spread
/// over enough source lanes for that.
std::optional<SmallVector<int32_t>> getLaneRotation(const LinearLayout &map) {
  int laneBits = map.getInDimSizeLog2(kLane);
  // The lanes' source lanes, with the kernel of that map.
  layout::PartialLinearMap sourceLanes;
  SmallVector<uint64_t> kernel;
  for (int bit = 0; bit < laneBits; ++bit) {
    uint64_t lane = part(map, kLane, bit, kLane);
    if (!sourceLanes.add(lane, uint64_t(1) << bit))
      kernel.push_back((uint64_t(1) << bit) ^ sourceLanes.imageOf(lane));
  }
  auto registerPart = [&](uint64_t lanes) {
    int32_t reg = 0;
    for (int bit = 0; bit < laneBits; ++bit)
      if (lanes >> bit & 1)
        reg ^= part(map, kLane, bit, kRegister);
    return reg;
  };

  // Each troublesome kernel element gets a destination register bit whose
  // source lane is new to the span, which makes the rotated lane map
  // injective on it.
  layout::PartialLinearMap rotationOnBasis;
  for (uint64_t lanes : kernel) {
    int32_t chosen = 0;
    if (registerPart(lanes) != 0) {
      for (int bit = 0; bit < map.getInDimSizeLog2(kRegister); ++bit) {
        uint64_t lane = part(map, kRegister, bit, kLane);
        if (lane != 0 && !sourceLanes.contains(lane)) {
          sourceLanes.add(lane, 0);
          chosen = int32_t(1) << bit;
          break;
        }
      }
      if (chosen == 0)
        return std::nullopt;
    }
    rotationOnBasis.add(lanes, chosen);
  }
  // Lane bits outside the kernel rotate by nothing: complete the basis.
  for (int bit = 0; bit < laneBits; ++bit)
    rotationOnBasis.add(uint64_t(1) << bit, 0);
  SmallVector<int32_t> images;
  for (int bit = 0; bit < laneBits; ++bit)
    images.push_back(int32_t(rotationOnBasis.imageOf(uint64_t(1) << bit)));
  return images;
}

/// Block bits would need the CTA's index in the cluster in a shuffle; only
/// block bits that stay put are handled.
bool blocksStayPut(const LinearLayout &map) {
  for (int bit = 0; bit < map.getInDimSizeLog2(kBlock); ++bit)
    if (part(map, kBlock, bit, kRegister) || part(map, kBlock, bit, kLane))
      return false;
  return true;
}
} // namespace

std::optional<ConversionPlan>
mlir::tile::getConversionPlan(const LinearLayout &src, const LinearLayout &dst,
                              std::string &error) {
  std::optional<LinearLayout> map = dst.invertAndCompose(src, &error);
  if (!map)
    return std::nullopt;
  ConversionPlan plan;
  // A thread is "the same" in both layouts only if they count threads alike.
  bool sameThreads = llvm::all_of(kThreadDims, [&](const char *threadDim) {
    return src.getInDimSize(threadDim) == dst.getInDimSize(threadDim);
  });
  if (!sameThreads) {
    plan.srcOfDst = *map;
    return plan;
  }
  plan.srcOfDst = alignThreadBits(*map, src);
  const LinearLayout &aligned = plan.srcOfDst;
  bool sameWarps =
      keepsThreadDim(aligned, kWarp) && keepsThreadDim(aligned, kBlock);
  if (sameWarps && keepsThreadDim(aligned, kLane) &&
      registersIndependentOfThread(aligned))
    plan.strategy = ConversionStrategy::RegisterPermutation;
  else if (sameWarps && blocksStayPut(aligned))
    if (std::optional<SmallVector<int32_t>> rotation =
            getLaneRotation(aligned)) {
      plan.strategy = ConversionStrategy::WarpShuffle;
      plan.laneRotation = std::move(*rotation);
    }
  return plan;
}

int mlir::tile::getShuffleSelectLayers(const ConversionPlan &plan) {
  const LinearLayout &map = plan.srcOfDst;
  SmallVector<uint64_t> vectors;
  for (const char *dim : {kLane, kWarp})
    for (int bit = 0; bit < map.getInDimSizeLog2(dim); ++bit)
      vectors.push_back(uint64_t(part(map, dim, bit, kRegister)));
  // Gaussian elimination over GF(2): the pivots have distinct leading
  // bits and are kept largest first, so reducing a vector by each in turn
  // clears its bits from the top; what is left is a new pivot.
  SmallVector<uint64_t> pivots;
  for (uint64_t v : vectors) {
    for (uint64_t pivot : pivots)
      v = std::min(v, v ^ pivot);
    if (v)
      pivots.insert(llvm::upper_bound(pivots, v, std::greater<uint64_t>()), v);
  }
  return int(pivots.size());
}

ConversionStrategy mlir::tile::getConversionStrategy(const LinearLayout &src,
                                                     const LinearLayout &dst) {
  std::string error;
  std::optional<ConversionPlan> plan = getConversionPlan(src, dst, error);
  return plan ? plan->strategy : ConversionStrategy::SharedMemory;
}

bool mlir::tile::atomicResultNeedsBroadcast(Operation *op) {
  if (!isa<tt::AtomicRMWOp, tt::AtomicCASOp>(op) || op->getNumResults() != 1 ||
      op->getResult(0).use_empty())
    return false;
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type)
    return true;
  std::optional<LinearLayout> layout = ttg::toLinearLayout(type);
  if (!layout)
    return false;
  for (const auto &[inDim, mask] : layout->getFreeVariableMasks())
    if ((inDim == kLane || inDim == kWarp) && mask != 0)
      return true;
  return false;
}

namespace {
/// The register, lane, warp and block of `place` (srcPlace applied), each 0
/// where absent.
struct Place {
  int32_t reg = 0, lane = 0, warp = 0, block = 0;
};

Place placeOf(const LinearLayout &srcPlace, ArrayRef<int32_t> coords) {
  std::vector<std::pair<std::string, int32_t>> ins;
  for (auto [d, c] : llvm::enumerate(coords))
    ins.emplace_back(layout::outDimName(d), c);
  Place place;
  if (auto out = srcPlace.apply(ins))
    for (const auto &[name, value] : *out) {
      if (name == kRegister)
        place.reg = value;
      else if (name == kLane)
        place.lane = value;
      else if (name == kWarp)
        place.warp = value;
      else if (name == kBlock)
        place.block = value;
    }
  return place;
}
} // namespace

std::optional<GatherShufflePlan>
mlir::tile::getGatherShufflePlan(const LinearLayout &src,
                                 const LinearLayout &dst, int axis) {
  std::string error;
  std::optional<LinearLayout> srcPlace = src.invert(&error);
  if (!srcPlace || src.getNumOutDims() != dst.getNumOutDims())
    return std::nullopt;
  int rank = src.getNumOutDims();
  // The source registers an index can select: the span of the register
  // parts of the axis bits; the axis must not leave the warp.
  SmallVector<int32_t> axisRegisters;
  int axisBits = src.getOutDimSizeLog2(layout::outDimName(axis));
  for (int bit = 0; bit < axisBits; ++bit) {
    SmallVector<int32_t> coords(rank, 0);
    coords[axis] = int32_t(1) << bit;
    Place place = placeOf(*srcPlace, coords);
    if (place.warp != 0 || place.block != 0)
      return std::nullopt;
    axisRegisters.push_back(place.reg);
  }
  // A result element off the axis: its coordinates with the axis zeroed.
  auto offAxis = [&](const char *inDim, int32_t value) {
    SmallVector<int32_t> coords = coordsOf(dst, inDim, value);
    if (coords.empty())
      coords.assign(rank, 0);
    coords[axis] = 0;
    return placeOf(*srcPlace, coords);
  };
  // Result lanes and warps must not change the source register (it would
  // differ between the lanes of one shuffle), and result warp k must find
  // its elements in source warp k.
  for (int bit = 0; bit < dst.getInDimSizeLog2(kLane); ++bit) {
    Place place = offAxis(kLane, int32_t(1) << bit);
    if (place.reg != 0 || place.warp != 0 || place.block != 0)
      return std::nullopt;
  }
  for (int bit = 0; bit < dst.getInDimSizeLog2(kWarp); ++bit) {
    Place place = offAxis(kWarp, int32_t(1) << bit);
    if (place.reg != 0 || place.warp != (int32_t(1) << bit) || place.block != 0)
      return std::nullopt;
  }
  if (dst.getInDimSize(kBlock) > 1 || src.getInDimSize(kBlock) > 1)
    return std::nullopt;

  GatherShufflePlan plan;
  for (int32_t r = 0; r < dst.getNumRegisters(); ++r) {
    Place place = offAxis(kRegister, r);
    if (place.warp != 0 || place.block != 0)
      return std::nullopt;
    // Every XOR of axis register parts, from the register off the axis.
    std::set<int32_t> reachable = {place.reg};
    for (int32_t image : axisRegisters) {
      std::set<int32_t> more;
      for (int32_t reg : reachable)
        more.insert(reg ^ image);
      reachable.insert(more.begin(), more.end());
    }
    plan.candidates.emplace_back(reachable.begin(), reachable.end());
  }
  plan.srcPlace = std::move(*srcPlace);
  return plan;
}

std::optional<int64_t> mlir::tile::getCaptureBytes(TypeRange captureTypes) {
  int64_t bytes = 0;
  for (Type type : captureTypes) {
    if (type.isIntOrFloat())
      bytes += llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
    else if (isa<tt::PointerType, tt::TensorDescType>(type))
      bytes += 8;
    else if (auto view = dyn_cast<ttg::MemDescType>(type))
      bytes += 8 + 4 * view.getRank();
    else
      return std::nullopt;
  }
  return bytes;
}

int64_t mlir::tile::getWarpStateBytes(Operation *func) {
  int64_t bytes = 0;
  func->walk([&](ttg::WarpSpecializeOp op) {
    int64_t warps = 0;
    for (int32_t numWarps : op.getPartitionNumWarps())
      warps += numWarps;
    bytes = std::max(bytes, warps);
  });
  return bytes;
}

namespace {
/// What a conversion's scratch layouts are chosen from: its two layouts, its
/// element size and what its target offers.
struct ConversionScratchQuery {
  LinearLayout src, dst;
  int32_t elementBytes;
  layout::ConversionScratchOptions options;
};

/// Whether the function holding `op` issues wgmma.
bool issuesWarpGroupDots(Operation *op) {
  Operation *func = op->getParentOfType<FunctionOpInterface>();
  if (!func)
    return false;
  WalkResult found =
      func->walk([](ttng::WarpGroupDotOp) { return WalkResult::interrupt(); });
  return found.wasInterrupted();
}

std::optional<ConversionScratchQuery>
getConversionScratchQuery(ttg::ConvertLayoutOp op, std::string &error) {
  std::optional<LinearLayout> src =
      ttg::toLinearLayout(op.getSrc().getType(), &error);
  std::optional<LinearLayout> dst = ttg::toLinearLayout(op.getType(), &error);
  if (!src || !dst)
    return std::nullopt;
  ConversionScratchQuery query{
      *src,
      *dst,
      int32_t(getSharedElementBytes(op.getType().getElementType())),
      {}};
  // ldmatrix on sm_80/sm_89 only: on sm_90 the ldmatrix epilogue of the
  // 8-warp d128 attention makes ptxas serialize its wgmmas (C7515; 0.84x
  // Triton on the H100, against 1.02x with 16-byte loads), so sm_90 loads
  // the conversion's 16-byte vectors directly.
  int cc = ttg::getComputeCapability(op).value_or(0);
  query.options.loadMatrix = cc >= 75 && cc < 90;
  // ldmatrix.trans serves 16-bit transposes between blocked layouts (as in
  // Triton's lowering), on sm_90 too where the kernel issues no wgmma.
  query.options.loadMatrixTransposed =
      cc >= 75 && (cc < 90 || !issuesWarpGroupDots(op));
  return query;
}
} // namespace

std::optional<layout::ConversionScratchLayout>
mlir::tile::getConvertLayoutScratch(ttg::ConvertLayoutOp op,
                                    std::string &error) {
  std::optional<ConversionScratchQuery> query =
      getConversionScratchQuery(op, error);
  if (!query)
    return std::nullopt;
  if (auto bytes = op->getAttrOfType<IntegerAttr>(kScratchBytesAttrName))
    query->options.maxScratchElements = bytes.getInt() / query->elementBytes;
  return layout::getConversionScratchLayout(
      query->src, query->dst, query->elementBytes, &error, query->options);
}

SmallVector<int64_t>
mlir::tile::getConvertLayoutScratchSizes(ttg::ConvertLayoutOp op) {
  RankedTensorType srcType = op.getSrc().getType();
  int64_t elementBytes = getSharedElementBytes(srcType.getElementType());
  std::string error;
  std::optional<ConversionScratchQuery> query =
      getConversionScratchQuery(op, error);
  if (!query || getConversionStrategy(query->src, query->dst) !=
                    ConversionStrategy::SharedMemory)
    return {};
  // The scratch layout is a swizzled bijection onto the tensor; with
  // rounds, the scratch holds one round's part of it.
  SmallVector<int64_t> sizes;
  for (const layout::ConversionScratchLayout &scratch :
       layout::getConversionScratchLayouts(
           query->src, query->dst, query->elementBytes, &error, query->options))
    sizes.push_back(scratch.getScratchElements() * elementBytes);
  if (sizes.empty())
    sizes.push_back(srcType.getNumElements() * elementBytes);
  return sizes;
}

namespace {
/// A tensor map (CUtensorMap): 128 bytes, built 128-byte aligned.
constexpr int64_t kTensorMapBytes = 128;
} // namespace

int64_t mlir::tile::getScratchAlignment(Operation *op) {
  if (isa<ttng::TensormapCreateOp>(op))
    return kTensorMapBytes;
  return kScratchAlignment;
}

int64_t mlir::tile::getScratchSizeInBytes(Operation *op) {
  if (isa<ttng::TensormapCreateOp>(op))
    return kTensorMapBytes;
  if (auto ws = dyn_cast<ttg::WarpSpecializeOp>(op))
    return getCaptureBytes(ws.getExplicitCaptures().getTypes()).value_or(0);
  if (atomicResultNeedsBroadcast(op)) {
    Type type = op->getResult(0).getType();
    int64_t elements = 1;
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      elements = tensor.getNumElements();
    return elements * getSharedElementBytes(getElementTypeOrSelf(type));
  }
  if (auto reduce = dyn_cast<tt::ReduceOp>(op)) {
    std::string error;
    std::optional<ReducePlan> plan = getReducePlan(reduce, error);
    return plan ? plan->scratchBytes : 0;
  }
  if (auto scan = dyn_cast<tt::ScanOp>(op)) {
    std::string error;
    std::optional<ScanPlan> plan = getScanPlan(scan, error);
    return plan ? plan->scratchBytes : 0;
  }
  if (auto histogram = dyn_cast<tt::HistogramOp>(op)) {
    // One i32 count per bin, which every warp adds its counts into.
    return llvm::alignTo(histogram.getType().getNumElements() * 4,
                         kScratchAlignment);
  }
  if (auto gather = dyn_cast<tt::GatherOp>(op)) {
    std::optional<LinearLayout> src =
        ttg::toLinearLayout(gather.getSrc().getType());
    std::optional<LinearLayout> dst = ttg::toLinearLayout(gather.getType());
    if (src && dst && getGatherShufflePlan(*src, *dst, gather.getAxis()))
      return 0;
    // The whole source is staged, each element once, row-major, so that
    // any index can reach any element.
    RankedTensorType srcType = gather.getSrc().getType();
    return llvm::alignTo(srcType.getNumElements() *
                             getSharedElementBytes(srcType.getElementType()),
                         kScratchAlignment);
  }
  if (auto convert = dyn_cast<ttg::ConvertLayoutOp>(op)) {
    SmallVector<int64_t> sizes = getConvertLayoutScratchSizes(convert);
    if (sizes.empty())
      return 0;
    // The fastest way within the bytes the allocator recorded.
    auto recorded = op->getAttrOfType<IntegerAttr>(kScratchBytesAttrName);
    for (int64_t bytes : sizes)
      if (!recorded || bytes <= recorded.getInt())
        return bytes;
    return sizes.back();
  }
  return 0;
}

int64_t mlir::tile::getExplicitAllocationSizeInBytes(Operation *op) {
  auto alloc = dyn_cast<ttg::LocalAllocOp>(op);
  if (!alloc)
    return 0;
  ttg::MemDescType type = alloc.getType();
  int64_t elements = 1;
  for (int64_t size : type.getAllocShape())
    elements *= size;
  return elements * getSharedElementBytes(type.getElementType());
}
