//===- Prefetch.cpp - Read mma v2 operand slices one step ahead
//------------===//
//
// tritongpu-prefetch: an mma v2 dot in a loop reads its operands from shared
// memory (ldmatrix) right before the mma instructions that need them, so
// the warp waits for the reads each iteration. This pass splits the dot
// along K into slices of one ldmatrix width and loads the first slice of
// the next iteration's buffers at the end of the current iteration,
// carrying it in registers across the back edge; the remaining slices are
// loaded one slice ahead of the dot that consumes them. Triton 3.6's rules
// decide what qualifies: the loop has exactly one dot, its accumulator is
// #nvidia_mma version 2 (or AMD's #amd_mfma), and each operand is a local_load
// (optionally followed by single-use elementwise ops such as an fp8 upcast) of
// a shared buffer that the loop carries.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "tritongpu-prefetch"

namespace mlir::tile {
#define GEN_PASS_DEF_TTGPREFETCHPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// How one dot operand reaches the dot: `buffer` is the loop-carried shared
/// buffer, `load` the local_load of it, `chain` the single-use elementwise
/// ops from the load's result to the operand (in program order).
struct OperandSource {
  BlockArgument buffer;
  ttg::LocalLoadOp load;
  SmallVector<Operation *> chain;
  unsigned opIdx = 0;
};

/// Whether `op` keeps shape and layout from its only tensor operand to its
/// only result, so that it can be replayed on a K slice with the slice's
/// shape.
bool isSliceableElementwise(Operation *op) {
  if (op->getNumOperands() != 1 || op->getNumResults() != 1 ||
      op->getNumRegions() != 0 || !isMemoryEffectFree(op))
    return false;
  auto in = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto out = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  return in && out && in.getShape() == out.getShape() &&
         in.getEncoding() == out.getEncoding();
}

/// Walks from a dot operand back to the local_load that produced it.
std::optional<OperandSource> findOperandSource(Value operand, unsigned opIdx,
                                               scf::ForOp loop) {
  OperandSource source;
  source.opIdx = opIdx;
  Value current = operand;
  while (true) {
    Operation *def = current.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody() || !current.hasOneUse())
      return std::nullopt;
    if (auto load = dyn_cast<ttg::LocalLoadOp>(def)) {
      if (load.getToken() ||
          !isa<ttg::DotOperandEncodingAttr>(load.getType().getEncoding()))
        return std::nullopt;
      source.load = load;
      break;
    }
    if (!isSliceableElementwise(def))
      return std::nullopt;
    source.chain.push_back(def);
    current = def->getOperand(0);
  }
  std::reverse(source.chain.begin(), source.chain.end());
  auto buffer = dyn_cast<BlockArgument>(source.load.getSrc());
  if (!buffer || buffer.getOwner() != loop.getBody() ||
      buffer.getArgNumber() < loop.getNumInductionVars())
    return std::nullopt;
  source.buffer = buffer;
  return source;
}

class LoopPrefetcher {
public:
  explicit LoopPrefetcher(scf::ForOp loop) : loop(loop) {}

  /// Finds the one dot to split; false when the loop does not qualify.
  bool match();
  /// Replaces the loop by one that carries the prefetched first slices.
  void rewrite();

private:
  /// The K slice [offset, offset + width) of `buffer` (a view of the same
  /// kind as `source` reads), loaded and run through the operand's chain.
  Value loadSlice(OpBuilder &builder, const OperandSource &source, Value buffer,
                  int64_t offset, int64_t width);

  scf::ForOp loop;
  tt::DotOp dot;
  OperandSource sources[2];
  int64_t sliceWidth = 0;
  int64_t kSize = 0;
};

bool LoopPrefetcher::match() {
  SmallVector<tt::DotOp> dots;
  for (Operation &op : loop.getBody()->without_terminator()) {
    auto candidate = dyn_cast<tt::DotOp>(op);
    if (!candidate)
      continue;
    Attribute encoding = candidate.getType().getEncoding();
    auto mma = dyn_cast<ttg::NvidiaMmaEncodingAttr>(encoding);
    // Any other dot in the loop and nothing is prefetched: its operands
    // would compete for the same registers. AMD's mfma dots qualify too, as
    // in Triton (the rewrite only moves shared-memory reads).
    if (!isa<ttg::AMDMfmaEncodingAttr>(encoding) && (!mma || !mma.isAmpere()))
      return false;
    dots.push_back(candidate);
  }
  if (dots.size() != 1)
    return false;
  dot = dots.front();
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto aEncoding = dyn_cast<ttg::DotOperandEncodingAttr>(aType.getEncoding());
  if (!aEncoding)
    return false;
  // One ldmatrix (16 bytes per row of 8 lanes) worth of K per slice.
  unsigned kWidth = aEncoding.getKWidth();
  sliceWidth = kWidth == 0 ? 256 / aType.getElementTypeBitWidth() : 8 * kWidth;
  kSize = aType.getShape().back();
  if (sliceWidth <= 0 || kSize < sliceWidth || kSize % sliceWidth != 0)
    return false;
  std::optional<OperandSource> a = findOperandSource(dot.getA(), 0, loop);
  std::optional<OperandSource> b = findOperandSource(dot.getB(), 1, loop);
  if (!a || !b)
    return false;
  sources[0] = std::move(*a);
  sources[1] = std::move(*b);
  return true;
}

Value LoopPrefetcher::loadSlice(OpBuilder &builder, const OperandSource &source,
                                Value buffer, int64_t offset, int64_t width) {
  auto type = cast<ttg::MemDescType>(buffer.getType());
  SmallVector<int64_t> shape(type.getShape());
  size_t rank = shape.size();
  // K is the last dim of A and the one before it of B.
  size_t kDim = source.opIdx == 0 ? rank - 1 : rank - 2;
  SmallVector<int32_t> offsets(rank, 0);
  offsets[kDim] = static_cast<int32_t>(offset);
  shape[kDim] = width;
  auto sliceType = ttg::MemDescType::get(
      type.getContext(), shape, type.getElementType(), type.getEncoding(),
      type.getMemorySpace(), type.getMutableMemory(), type.getAllocShape());
  ttg::LocalLoadOp original = source.load;
  Location loc = original.getLoc();
  Value view =
      ttg::MemDescSubsliceOp::create(builder, loc, sliceType, buffer, offsets);
  RankedTensorType loadType = original.getType();
  SmallVector<int64_t> valueShape(loadType.getShape());
  valueShape[kDim] = width;
  Value value = ttg::LocalLoadOp::create(
      builder, loc, loadType.clone(valueShape), view, /*token=*/Value());
  for (Operation *op : source.chain) {
    IRMapping mapping;
    mapping.map(op->getOperand(0), value);
    Operation *copy = builder.clone(*op, mapping);
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    copy->getResult(0).setType(resultType.clone(valueShape));
    value = copy->getResult(0);
  }
  return value;
}

void LoopPrefetcher::rewrite() {
  OpBuilder builder(loop);
  // Before the loop: the first slice of the buffers the first iteration
  // reads.
  SmallVector<Value> inits(loop.getInitArgs());
  for (const OperandSource &source : sources)
    inits.push_back(loadSlice(builder, source,
                              loop.getTiedLoopInit(source.buffer)->get(), 0,
                              sliceWidth));
  auto newLoop =
      scf::ForOp::create(builder, loop.getLoc(), loop.getLowerBound(),
                         loop.getUpperBound(), loop.getStep(), inits);
  newLoop->setAttrs(loop->getAttrs());
  Block *body = newLoop.getBody();
  if (!body->empty() && body->back().hasTrait<OpTrait::IsTerminator>())
    body->back().erase();
  builder.setInsertionPointToEnd(body);

  IRMapping mapping;
  mapping.map(loop.getInductionVar(), newLoop.getInductionVar());
  for (auto [oldArg, newArg] :
       llvm::zip(loop.getRegionIterArgs(), newLoop.getRegionIterArgs()))
    mapping.map(oldArg, newArg);
  unsigned numOldArgs = loop.getRegionIterArgs().size();
  Value prefetchedA = newLoop.getRegionIterArgs()[numOldArgs];
  Value prefetchedB = newLoop.getRegionIterArgs()[numOldArgs + 1];

  // The ops that only feed the dot's operands are replaced by slices.
  DenseSet<Operation *> replaced;
  for (const OperandSource &source : sources) {
    replaced.insert(source.load);
    replaced.insert(source.chain.begin(), source.chain.end());
  }

  auto toEnd = [&] { builder.setInsertionPointToEnd(body); };
  Operation *lastDot = nullptr;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (replaced.contains(&op))
      continue;
    // The last slice's dot is sunk as far as possible, so the next
    // iteration's prefetch is issued before it; anything that uses the dot
    // or has regions stops the sinking.
    if (lastDot &&
        (op.getNumRegions() > 0 || llvm::any_of(op.getOperands(), [&](Value v) {
           return v.getDefiningOp() == dot.getOperation();
         })))
      toEnd();
    if (&op != dot.getOperation()) {
      builder.clone(op, mapping);
      continue;
    }
    // The first slice comes from the iteration arguments; each following
    // slice is loaded just before the dot of the slice before it.
    IRMapping firstMapping = mapping;
    firstMapping.map(dot.getA(), prefetchedA);
    firstMapping.map(dot.getB(), prefetchedB);
    Operation *current = builder.clone(*dot, firstMapping);
    for (int64_t offset = sliceWidth; offset < kSize; offset += sliceWidth) {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPoint(current);
      Value a =
          loadSlice(builder, sources[0], mapping.lookup(sources[0].buffer),
                    offset, sliceWidth);
      Value b =
          loadSlice(builder, sources[1], mapping.lookup(sources[1].buffer),
                    offset, sliceWidth);
      builder.setInsertionPointAfter(current);
      IRMapping sliceMapping = mapping;
      sliceMapping.map(dot.getA(), a);
      sliceMapping.map(dot.getB(), b);
      sliceMapping.map(dot.getC(), current->getResult(0));
      current = builder.clone(*dot, sliceMapping);
    }
    mapping.map(dot.getResult(), current->getResult(0));
    lastDot = current;
    builder.setInsertionPoint(current);
  }

  // The next iteration's first slices, from the buffers it will read.
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  SmallVector<Value> yielded;
  for (Value value : yield.getOperands())
    yielded.push_back(mapping.lookupOrDefault(value));
  for (const OperandSource &source : sources) {
    Value next = yield.getOperand(source.buffer.getArgNumber() -
                                  loop.getNumInductionVars());
    yielded.push_back(loadSlice(builder, source, mapping.lookupOrDefault(next),
                                0, sliceWidth));
  }
  toEnd();
  scf::YieldOp::create(builder, yield.getLoc(), yielded);

  for (auto [oldResult, newResult] :
       llvm::zip(loop.getResults(), newLoop.getResults()))
    oldResult.replaceAllUsesWith(newResult);
  LDBG() << "prefetched " << newLoop;
  loop.erase();
}
} // namespace

namespace {
struct TTGPrefetchPass
    : public tile::impl::TTGPrefetchPassBase<TTGPrefetchPass> {
  void runOnOperation() override {
    // Inner loops first: rewriting an outer loop clones its body.
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      LoopPrefetcher prefetcher(loop);
      if (!prefetcher.match())
        continue;
      prefetcher.rewrite();
      ++numPrefetchedLoops;
    }
  }
};
} // namespace
