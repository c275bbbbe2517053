//===- ConvertLayoutOpToLLVM.cpp - ttg.convert_layout to LLVM -------------===//
//
// A layout conversion is lowered from the two linear layouts alone, with no
// case per encoding. passes/analysis/Scratch.h decides the strategy and
// gives the map src^-1 o dst, which says, for every destination register,
// lane and warp bit, where the source holds the same element:
//  * register permutation: each result register is a source register of
//    the same thread;
//  * warp shuffle: each result register is read with shfl.sync.idx from the
//    source lane the map names. The register a lane offers in a round may
//    depend on the lane; the registers are then permuted per thread first,
//    with one layer of selects per distinct dependence. 16-bit elements go
//    two to a shuffle and 8-bit ones four where consecutive result
//    registers come from one source lane, as Triton packs them (a bf16
//    pair packed from f32 values is then one cvt.rn.bf16x2.f32);
//  * shared memory: every thread stores its elements into scratch laid out
//    by getConversionScratchLayout (vectorized, swizzled against bank
//    conflicts on both sides), the CTA synchronizes, and every thread loads
//    the elements of the result layout, with vector loads or ldmatrix.x4
//    (.trans where it transposes 16-bit elements);
//    in rounds when the scratch layout asks, each round reusing the
//    scratch after a barrier.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/Scratch.h"
#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/SharedMemory.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/TTGDialect.h"
#include "dialects/ttg/layout/PartialLinearMap.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"

#include <map>
#include <set>

using namespace mlir;
using namespace mlir::tile;
using layout::LinearLayout;

namespace {
/// The coordinate along out-dim `outDim` of `layout` applied to `value` of
/// `inDim`; 0 where either dim is absent.
int32_t applyPart(const LinearLayout &layout, const std::string &inDim,
                  int32_t value, StringRef outDim) {
  if (!layout.hasInDim(inDim))
    return 0;
  if (auto out = layout.apply({{inDim, value}}))
    for (const auto &[name, coord] : *out)
      if (name == outDim)
        return coord;
  return 0;
}

/// The tensor coordinates register `reg` holds (in a thread whose lane and
/// warp are 0); registers of one thread with equal keys hold one element.
SmallVector<int32_t> registerKey(const LinearLayout &layout, int32_t reg) {
  SmallVector<int32_t> coords;
  if (auto out = layout.apply({{layout::kRegister, reg}}))
    for (const auto &[name, coord] : *out)
      coords.push_back(coord);
  return coords;
}

/// The parity of the bits of `index` selected by `mask`, as 0 or 1 (i32).
Value parityOf(OpBuilder &builder, Location loc, Value index, int32_t mask) {
  SmallVector<int32_t> images;
  for (int bit = 0; mask >> bit; ++bit)
    images.push_back(mask >> bit & 1);
  return xorOfBits(builder, loc, index, images);
}

struct ConvertLayoutOpConversion
    : public ConvertOpToLLVMPattern<ttg::ConvertLayoutOp> {
  ConvertLayoutOpConversion(LLVMTypeConverter &converter,
                            const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(ttg::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string error;
    std::optional<LinearLayout> src =
        ttg::toLinearLayout(op.getSrc().getType(), &error);
    std::optional<LinearLayout> dst = ttg::toLinearLayout(op.getType(), &error);
    std::optional<ConversionPlan> plan;
    if (src && dst)
      plan = getConversionPlan(*src, *dst, error);
    if (!plan)
      return op.emitOpError("cannot be lowered: ") << error;

    Location loc = op.getLoc();
    SmallVector<Value> elements =
        unpackElements(rewriter, loc, adaptor.getSrc());
    FailureOr<SmallVector<Value>> result;
    switch (plan->strategy) {
    case ConversionStrategy::RegisterPermutation:
      result = permuteRegisters(*plan, *dst, elements);
      break;
    case ConversionStrategy::WarpShuffle:
      result = shuffleWithinWarps(rewriter, loc, *plan, *dst, elements);
      break;
    case ConversionStrategy::SharedMemory:
      result = passThroughSharedMemory(rewriter, op, *src, *dst, elements);
      break;
    }
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, packElements(rewriter, loc, *getTypeConverter(),
                                        *result, op.getType()));
    return success();
  }

private:
  /// Each result register is the source register the plan names.
  static SmallVector<Value> permuteRegisters(const ConversionPlan &plan,
                                             const LinearLayout &dst,
                                             ArrayRef<Value> elements) {
    SmallVector<Value> result;
    for (int32_t r = 0; r < dst.getNumRegisters(); ++r)
      result.push_back(elements[applyPart(plan.srcOfDst, layout::kRegister, r,
                                          layout::kRegister)]);
    return result;
  }

  /// In round k, lane l of warp w receives destination register
  /// r = k ^ rot(l) (rot being the plan's lane rotation, usually 0), which
  /// the map places at source lane and register
  ///   lane: a_k ^ L(l) ^ Wl(w),   register: b_k ^ R(l) ^ Rw(w),
  /// each term the map's image of k, l or w, with L and R including the
  /// rotation's share. The lane s read from must offer that register
  /// without knowing its reader; with P a linear section of L
  /// (L(P(y)) = y on L's image) and G = R o P, it is
  ///   (b_k ^ G(a_k)) ^ G(s) ^ (Rw(w) ^ G(Wl(w))),
  /// correct because readers of one lane differ by a kernel element of L,
  /// on which R vanishes (the plan chose the rotation for that). The last
  /// two terms depend only on the thread: the registers are permuted by them
  /// once, each round then offers a fixed register, and the received
  /// registers are permuted back by rot(l) at the end.
  FailureOr<SmallVector<Value>>
  shuffleWithinWarps(ConversionPatternRewriter &rewriter, Location loc,
                     const ConversionPlan &plan, const LinearLayout &dst,
                     ArrayRef<Value> elements) const {
    const LinearLayout &map = plan.srcOfDst;
    int laneBits = dst.getInDimSizeLog2(layout::kLane);
    int warpBits = dst.getInDimSizeLog2(layout::kWarp);
    auto image = [&](const char *inDim, int32_t value, StringRef outDim) {
      return applyPart(map, inDim, value, outDim);
    };

    // L and R per lane bit, rotation included; P and G.
    SmallVector<int32_t> readLaneOfLane, registerOfLane;
    for (int bit = 0; bit < laneBits; ++bit) {
      int32_t rotation = plan.laneRotation[bit];
      readLaneOfLane.push_back(
          image(layout::kLane, 1 << bit, layout::kLane) ^
          image(layout::kRegister, rotation, layout::kLane));
      registerOfLane.push_back(
          image(layout::kLane, 1 << bit, layout::kRegister) ^
          image(layout::kRegister, rotation, layout::kRegister));
    }
    layout::PartialLinearMap section;
    for (int bit = 0; bit < laneBits; ++bit)
      section.add(uint64_t(readLaneOfLane[bit]), uint64_t(1) << bit);
    auto g = [&](int32_t srcLane) {
      uint64_t lanes = section.imageOf(uint64_t(srcLane));
      int32_t reg = 0;
      for (int bit = 0; bit < laneBits; ++bit)
        if (lanes >> bit & 1)
          reg ^= registerOfLane[bit];
      return reg;
    };

    SmallVector<int32_t> readLaneOfWarp, offerOfLane, offerOfWarp;
    bool readsOwnLane = true;
    for (int bit = 0; bit < laneBits; ++bit) {
      offerOfLane.push_back(g(1 << bit));
      readsOwnLane &= readLaneOfLane[bit] == (1 << bit);
    }
    for (int bit = 0; bit < warpBits; ++bit) {
      readLaneOfWarp.push_back(image(layout::kWarp, 1 << bit, layout::kLane));
      offerOfWarp.push_back(image(layout::kWarp, 1 << bit, layout::kRegister) ^
                            g(readLaneOfWarp.back()));
      readsOwnLane &= readLaneOfWarp.back() == 0;
    }

    ThreadIndex thread = getThreadIndex(rewriter, loc, lowering.threadsPerWarp);
    // One statement per emitted value: the IR must not depend on the C++
    // compiler's argument evaluation order.
    Value readLaneOfWarpPart =
        xorOfBits(rewriter, loc, thread.warp, readLaneOfWarp);
    Value readLaneOfLanePart =
        xorOfBits(rewriter, loc, thread.lane, readLaneOfLane);
    Value readLaneBase =
        emitXor(rewriter, loc, readLaneOfLanePart, readLaneOfWarpPart);

    // Narrow elements travel in 32-bit words; the words are permuted per
    // thread and shuffled as the elements would be (offsets within a word
    // are the same in every thread).
    ShufflePacking packing =
        getShufflePacking(map, elements.front().getType(),
                          dst.getNumRegisters(), offerOfLane, offerOfWarp);
    SmallVector<Value> words = packWords(rewriter, loc, packing, elements);
    SmallVector<Value> offered =
        permuteByThread(rewriter, loc, thread, packing.compress(offerOfLane),
                        packing.compress(offerOfWarp), words);

    // One shuffle per distinct (source lane offset, offered word); a round
    // gives `packing.size` consecutive result registers, in the word's
    // positions XOR `position`.
    std::map<std::pair<int32_t, int32_t>, Value> rounds;
    SmallVector<Value> receivedWords;
    SmallVector<int32_t> positions;
    for (int32_t k = 0; k < dst.getNumRegisters(); k += packing.size) {
      int32_t laneOffset = image(layout::kRegister, k, layout::kLane);
      int32_t offer =
          image(layout::kRegister, k, layout::kRegister) ^ g(laneOffset);
      auto [first, position] = packing.split(offer);
      Value &word = rounds[{laneOffset, first}];
      if (!word) {
        word = offered[packing.wordOf(first)];
        if (!readsOwnLane || laneOffset != 0) {
          Value lane = emitXor(rewriter, loc, readLaneBase,
                               i32Constant(rewriter, loc, laneOffset));
          word = shuffleIdx(rewriter, loc, word, lane, lowering.threadsPerWarp);
        }
      }
      receivedWords.push_back(word);
      positions.push_back(position);
    }

    // The words are rotated back whole where every word holds its registers
    // in order and the rotation keeps them together; else the elements.
    Type element = elements.front().getType();
    bool rotateWords =
        llvm::all_of(positions, [](int32_t p) { return p == 0; }) &&
        llvm::all_of(plan.laneRotation,
                     [&](int32_t r) { return r % packing.size == 0; });
    if (rotateWords) {
      SmallVector<int32_t> wordRotation = llvm::map_to_vector(
          plan.laneRotation, [&](int32_t r) { return r / packing.size; });
      receivedWords = permuteByThread(rewriter, loc, thread, wordRotation, {},
                                      receivedWords);
    }
    SmallVector<Value> received;
    for (auto [word, position] : llvm::zip(receivedWords, positions)) {
      SmallVector<Value> values =
          unpackWord(rewriter, loc, packing, word, element);
      for (int32_t j = 0; j < packing.size; ++j)
        received.push_back(values[j ^ position]);
    }
    if (rotateWords)
      return received;
    return permuteByThread(rewriter, loc, thread, plan.laneRotation, {},
                           received);
  }

  /// How narrow elements are packed for shuffles: `size` consecutive
  /// result registers (two 16-bit or four 8-bit elements) come from one
  /// source lane, from the source registers `first ^ offsets[j]`; a word
  /// holds the elements of one such group, in position j. `first` has no
  /// bit at a pivot of the group's reduced basis, so the words of a thread
  /// are indexed by the other bits.
  struct ShufflePacking {
    int32_t size = 1;
    SmallVector<int32_t> offsets{0};
    /// The reduced basis: (register offset, positions it stands for); each
    /// offset's lowest bit is its pivot, zero in the others.
    SmallVector<std::pair<int32_t, int32_t>> basis;

    /// `reg` as (first register of its group, position in the group).
    std::pair<int32_t, int32_t> split(int32_t reg) const {
      int32_t position = 0;
      for (auto [offset, positions] : basis)
        if (reg & offset & -offset) {
          reg ^= offset;
          position ^= positions;
        }
      return {reg, position};
    }
    /// The index of the word whose group starts at register `first`: its
    /// bits with the pivots taken out.
    int32_t wordOf(int32_t first) const {
      SmallVector<int32_t> pivots = llvm::map_to_vector(
          basis, [](auto entry) { return entry.first & -entry.first; });
      llvm::sort(pivots, std::greater<int32_t>());
      for (int32_t pivot : pivots)
        first = (first & (pivot - 1)) | ((first >> 1) & ~(pivot - 1));
      return first;
    }
    /// Register offsets as word offsets (none has a pivot bit).
    SmallVector<int32_t> compress(ArrayRef<int32_t> registerOffsets) const {
      return llvm::map_to_vector(registerOffsets,
                                 [&](int32_t d) { return wordOf(d); });
    }
  };

  /// The packing of `element`s for a conversion whose result has
  /// `numRegisters` registers: none unless two 16-bit or four 8-bit
  /// elements come from distinct registers of one source lane, and every
  /// thread-dependent register offset (`offerOfLane`, `offerOfWarp`) keeps
  /// groups whole (has no pivot bit), so that words permute as elements do.
  static ShufflePacking getShufflePacking(const LinearLayout &srcOfDst,
                                          Type element, int32_t numRegisters,
                                          ArrayRef<int32_t> offerOfLane,
                                          ArrayRef<int32_t> offerOfWarp) {
    unsigned width = isa<IntegerType, FloatType>(element)
                         ? element.getIntOrFloatBitWidth()
                         : 0;
    int32_t size = width == 16 ? 2 : width == 8 ? 4 : 1;
    if (size == 1 || size > numRegisters)
      return {};
    ShufflePacking packing;
    for (int32_t bit = 1; bit < size; bit <<= 1) {
      if (applyPart(srcOfDst, layout::kRegister, bit, layout::kLane) != 0)
        return {};
      // The bit's source offset reduced by the basis so far.
      auto [offset, reducedPositions] = packing.split(
          applyPart(srcOfDst, layout::kRegister, bit, layout::kRegister));
      int32_t positions = bit ^ reducedPositions;
      if (offset == 0)
        return {};
      for (auto &[other, otherPositions] : packing.basis)
        if (other & offset & -offset) {
          other ^= offset;
          otherPositions ^= positions;
        }
      packing.basis.emplace_back(offset, positions);
    }
    // An offset with a pivot bit is the one that split() changes.
    for (int32_t d : llvm::concat<const int32_t>(offerOfLane, offerOfWarp))
      if (packing.split(d).first != d)
        return {};
    packing.size = size;
    packing.offsets.clear();
    for (int32_t j = 0; j < size; ++j)
      packing.offsets.push_back(
          applyPart(srcOfDst, layout::kRegister, j, layout::kRegister));
    return packing;
  }

  /// The thread's elements as `packing`'s words (the elements themselves
  /// when it packs nothing).
  static SmallVector<Value> packWords(OpBuilder &builder, Location loc,
                                      const ShufflePacking &packing,
                                      ArrayRef<Value> elements) {
    if (packing.size == 1)
      return SmallVector<Value>(elements);
    auto vectorType = VectorType::get(packing.size, elements.front().getType());
    SmallVector<Value> words(elements.size() / packing.size);
    for (int32_t first = 0; first < int32_t(elements.size()); ++first) {
      if (packing.split(first).first != first)
        continue;
      Value vector = LLVM::PoisonOp::create(builder, loc, vectorType);
      for (auto [j, offset] : llvm::enumerate(packing.offsets))
        vector = LLVM::InsertElementOp::create(builder, loc, vector,
                                               elements[first ^ offset],
                                               i32Constant(builder, loc, j));
      words[packing.wordOf(first)] =
          LLVM::BitcastOp::create(builder, loc, builder.getI32Type(), vector);
    }
    return words;
  }

  /// The elements of `word`, by position.
  static SmallVector<Value> unpackWord(OpBuilder &builder, Location loc,
                                       const ShufflePacking &packing,
                                       Value word, Type element) {
    if (packing.size == 1)
      return {word};
    auto vectorType = VectorType::get(packing.size, element);
    Value vector = LLVM::BitcastOp::create(builder, loc, vectorType, word);
    SmallVector<Value> values;
    for (int32_t j = 0; j < packing.size; ++j)
      values.push_back(LLVM::ExtractElementOp::create(
          builder, loc, vector, i32Constant(builder, loc, j)));
    return values;
  }

  /// Returns x with x[k] = elements[k ^ d], where d is the XOR of
  /// `ofLane[bit]` over the set bits of the lane and of `ofWarp[bit]` over
  /// those of the warp. Thread bits with the same image share one layer of
  /// selects, conditioned on the parity of those bits.
  static SmallVector<Value> permuteByThread(OpBuilder &builder, Location loc,
                                            ThreadIndex thread,
                                            ArrayRef<int32_t> ofLane,
                                            ArrayRef<int32_t> ofWarp,
                                            ArrayRef<Value> elements) {
    std::map<int32_t, std::pair<int32_t, int32_t>> masksOfImage;
    for (auto [bit, d] : llvm::enumerate(ofLane))
      if (d)
        masksOfImage[d].first |= int32_t(1) << bit;
    for (auto [bit, d] : llvm::enumerate(ofWarp))
      if (d)
        masksOfImage[d].second |= int32_t(1) << bit;

    SmallVector<Value> x(elements);
    for (const auto &[d, masks] : masksOfImage) {
      Value warpParity = parityOf(builder, loc, thread.warp, masks.second);
      Value laneParity = parityOf(builder, loc, thread.lane, masks.first);
      Value condition =
          LLVM::TruncOp::create(builder, loc, builder.getI1Type(),
                                emitXor(builder, loc, laneParity, warpParity));
      SmallVector<Value> next;
      for (size_t k = 0; k < x.size(); ++k)
        next.push_back(
            LLVM::SelectOp::create(builder, loc, condition, x[k ^ d], x[k]));
      x = std::move(next);
    }
    return x;
  }

  /// Stores every element the thread holds in `src`, synchronizes, and
  /// loads every element it holds in `dst`, through the op's scratch, in
  /// as many rounds as the scratch layout asks.
  FailureOr<SmallVector<Value>>
  passThroughSharedMemory(ConversionPatternRewriter &rewriter,
                          ttg::ConvertLayoutOp op, const LinearLayout &src,
                          const LinearLayout &dst,
                          ArrayRef<Value> elements) const {
    Location loc = op.getLoc();
    if (src.getInDimSize(layout::kBlock) > 1 ||
        dst.getInDimSize(layout::kBlock) > 1)
      return op.emitOpError("cannot be lowered: layouts spanning several "
                            "CTAs do not convert through shared memory yet");
    Value scratch = getAllocationPointer(rewriter, loc, op);
    if (!scratch)
      return op.emitOpError("needs scratch shared memory but has no ")
             << kAllocationOffsetAttrName;

    Type elementType =
        getTypeConverter()->convertType(op.getType().getElementType());
    std::string error;
    std::optional<layout::ConversionScratchLayout> scratchLayout =
        getConvertLayoutScratch(op, error);
    std::optional<LinearLayout> offsetOf;
    if (scratchLayout)
      offsetOf = scratchLayout->layout.invert(&error);
    std::optional<SplitOffsets> srcOffsets, dstOffsets;
    if (offsetOf) {
      int64_t roundElements = scratchLayout->getScratchElements();
      srcOffsets = splitRounds(*offsetOf, src, roundElements, error);
      dstOffsets = splitRounds(*offsetOf, dst, roundElements, error);
    }
    if (!srcOffsets || !dstOffsets)
      return op.emitOpError("cannot be lowered: ") << error;

    SmallVector<SmallVector<Value>> srcIndices = emitIndices(
        rewriter, loc, srcOffsets->offsets, lowering.threadsPerWarp);
    SmallVector<SmallVector<Value>> dstIndices;
    if (scratchLayout->dstLoadMatrix)
      dstIndices = emitIndices(
          rewriter, loc,
          getMatrixRowAddresses(dstOffsets->offsets,
                                scratchLayout->dstLoadMatrixTransposed),
          lowering.threadsPerWarp);
    else
      dstIndices = emitIndices(rewriter, loc, dstOffsets->offsets,
                               lowering.threadsPerWarp);

    // Elements of one vector: the access's register XOR these.
    auto vectorMembers = [](ArrayRef<int> bits) {
      SmallVector<int32_t> members;
      for (int32_t i = 0; i < (int32_t(1) << bits.size()); ++i) {
        int32_t reg = 0;
        for (auto [b, bit] : llvm::enumerate(bits))
          if (i >> b & 1)
            reg |= int32_t(1) << bit;
        members.push_back(reg);
      }
      return members;
    };
    auto inVector = [](int32_t reg, ArrayRef<int> bits) {
      return llvm::any_of(bits, [&](int bit) { return reg >> bit & 1; });
    };
    SmallVector<int32_t> storeMembers =
        vectorMembers(scratchLayout->srcVectorRegisters);
    SmallVector<int32_t> loadMembers =
        vectorMembers(scratchLayout->dstVectorRegisters);
    std::vector<int> loadMatrixBits = {0, 1, 2};

    std::set<SmallVector<int32_t>> stored;
    std::map<SmallVector<int32_t>, int32_t> loadedAt;
    SmallVector<Value> result(dst.getNumRegisters());
    for (int32_t round = 0; round < scratchLayout->rounds; ++round) {
      if (round > 0)
        nvidia::emitCTABarrier(rewriter, loc);
      // Store: one vector per access, once per element.
      for (int32_t r = 0; r < src.getNumRegisters(); ++r) {
        if (srcOffsets->roundOf[r] != round ||
            inVector(r, scratchLayout->srcVectorRegisters) ||
            !stored.insert(registerKey(src, r)).second)
          continue;
        SmallVector<Value> values;
        for (int32_t member : storeMembers)
          values.push_back(elements[r ^ member]);
        Value pointer = getSharedElementPointer(rewriter, loc, scratch,
                                                elementType, srcIndices[r][0]);
        storeSharedVector(rewriter, loc, pointer, values);
      }
      nvidia::emitCTABarrier(rewriter, loc);

      // Load: registers holding an element already loaded reuse it.
      ArrayRef<int> loadBits =
          scratchLayout->dstLoadMatrix
              ? ArrayRef<int>(loadMatrixBits)
              : ArrayRef<int>(scratchLayout->dstVectorRegisters);
      for (int32_t r = 0; r < dst.getNumRegisters(); ++r) {
        if (dstOffsets->roundOf[r] != round || inVector(r, loadBits))
          continue;
        auto [it, inserted] = loadedAt.emplace(registerKey(dst, r), r);
        if (!inserted) {
          for (int32_t member : vectorMembers(loadBits))
            result[r ^ member] = result[it->second ^ member];
          continue;
        }
        Value pointer = getSharedElementPointer(rewriter, loc, scratch,
                                                elementType, dstIndices[r][0]);
        if (scratchLayout->dstLoadMatrix) {
          // Word w of the lane holds registers 2w and 2w + 1.
          SmallVector<Value> words = nvidia::emitLoadMatrixX4(
              rewriter, loc, pointer, scratchLayout->dstLoadMatrixTransposed);
          auto pairType = VectorType::get({2}, elementType);
          for (auto [w, word] : llvm::enumerate(words)) {
            Value pair = LLVM::BitcastOp::create(rewriter, loc, pairType, word);
            for (int32_t h = 0; h < 2; ++h)
              result[r + 2 * int32_t(w) + h] = LLVM::ExtractElementOp::create(
                  rewriter, loc, pair, i32Constant(rewriter, loc, h));
          }
          continue;
        }
        SmallVector<Value> loaded = loadSharedVector(
            rewriter, loc, pointer, elementType, loadMembers.size());
        for (auto [member, value] : llvm::zip(loadMembers, loaded))
          result[r ^ member] = value;
      }
    }
    return result;
  }

  /// One side's accesses of a conversion run in rounds: the offsets within
  /// one round's scratch (register, lane, warp -> "offset"), and the round
  /// of each register.
  struct SplitOffsets {
    LinearLayout offsets;
    SmallVector<int32_t> roundOf;
  };

  /// `offsetOf` o `side`, split into rounds of `roundElements`: the offset
  /// bits above them are reached from registers alone (the scratch layout
  /// was built so), and name the round.
  static std::optional<SplitOffsets> splitRounds(const LinearLayout &offsetOf,
                                                 const LinearLayout &side,
                                                 int64_t roundElements,
                                                 std::string &error) {
    std::optional<LinearLayout> full = offsetOf.compose(side, &error);
    if (!full)
      return std::nullopt;
    int32_t mask = int32_t(roundElements - 1);
    LinearLayout::BasesT bases;
    for (const auto &[inDim, vectors] : full->getBases()) {
      std::vector<LinearLayout::Basis> masked;
      for (const LinearLayout::Basis &basis : vectors) {
        if (inDim != layout::kRegister && (basis[0] & ~mask)) {
          error = "a lane or warp reaches beyond one round of the scratch";
          return std::nullopt;
        }
        masked.push_back({basis[0] & mask});
      }
      bases.emplace_back(inDim, std::move(masked));
    }
    std::optional<LinearLayout> offsets = LinearLayout::create(
        std::move(bases), {{layout::kOffset, int32_t(roundElements)}},
        /*requireSurjective=*/false, &error);
    if (!offsets)
      return std::nullopt;
    SplitOffsets split{*offsets, {}};
    for (int32_t r = 0; r < side.getNumRegisters(); ++r)
      split.roundOf.push_back(
          int32_t(applyPart(*full, layout::kRegister, r, layout::kOffset) /
                  roundElements));
    return split;
  }

  /// The row address each lane gives ldmatrix.x4 for the access of register
  /// r (r's bits 0 to 2 clear) of a destination whose offsets are
  /// `offsets`: lane l names row l % 8 of matrix l / 8. Without .trans, the
  /// row destination lanes 4 (l % 8) .. 4 (l % 8) + 3 receive as registers
  /// 2 (l / 8) and 2 (l / 8) + 1; with .trans (`transposed`), the row is
  /// the half l % 2 of registers 2 (l / 8) + 0/1 that lanes with bits 0 and
  /// 1 equal to (l / 2) % 4 receive, one element per lane.
  static LinearLayout getMatrixRowAddresses(const LinearLayout &offsets,
                                            bool transposed) {
    auto basis = [&](const char *inDim, int bit) {
      return LinearLayout::Basis{offsets.getBasis(inDim, bit, layout::kOffset)};
    };
    LinearLayout::BasesT bases;
    std::vector<LinearLayout::Basis> registers, lanes, warps;
    for (int bit = 0; bit < offsets.getInDimSizeLog2(layout::kRegister); ++bit)
      registers.push_back(bit < 3 ? LinearLayout::Basis{0}
                                  : basis(layout::kRegister, bit));
    if (transposed) {
      lanes.push_back(basis(layout::kRegister, 0));
      for (int bit : {0, 1})
        lanes.push_back(basis(layout::kLane, bit));
    } else {
      for (int bit : {2, 3, 4})
        lanes.push_back(basis(layout::kLane, bit));
    }
    for (int bit : {1, 2})
      lanes.push_back(basis(layout::kRegister, bit));
    for (int bit = 0; bit < offsets.getInDimSizeLog2(layout::kWarp); ++bit)
      warps.push_back(basis(layout::kWarp, bit));
    bases.emplace_back(layout::kRegister, std::move(registers));
    bases.emplace_back(layout::kLane, std::move(lanes));
    bases.emplace_back(layout::kWarp, std::move(warps));
    return *LinearLayout::create(std::move(bases), offsets.getOutDims(),
                                 /*requireSurjective=*/false);
  }

  const LoweringContext &lowering;
};
} // namespace

void mlir::tile::populateConvertLayoutOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<ConvertLayoutOpConversion>(converter, lowering);
}
