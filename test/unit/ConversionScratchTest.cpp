//===- ConversionScratchTest.cpp - Unit tests of the conversion scratch ---===//
//
// The scratch layout of a conversion must be a bijection onto the tensor
// (so numel * bytes cover it), keep each side's vectors contiguous and
// aligned, and, for pairs where both sides can be served without bank
// conflicts, take the minimum number of wavefronts on both sides.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/layout/ConversionScratch.h"

#include "gtest/gtest.h"

#include <set>

using namespace mlir::tile::layout;

namespace {
using Bases = std::vector<LinearLayout::Basis>;

LinearLayout make(Bases reg, Bases lane, Bases warp,
                  std::vector<std::string> dims) {
  std::string error;
  std::optional<LinearLayout> ll = LinearLayout::create(
      {{kRegister, reg}, {kLane, lane}, {kWarp, warp}}, dims, &error);
  EXPECT_TRUE(ll.has_value()) << error;
  return *ll;
}

/// The wavefronts of one access of `layout` through `scratch`.
int32_t wavefronts(const ConversionScratchLayout &scratch,
                   const LinearLayout &layout, int32_t bytes, int32_t vec) {
  std::optional<LinearLayout> offsetOf = scratch.layout.invert();
  EXPECT_TRUE(offsetOf.has_value());
  std::optional<LinearLayout> offsets = offsetOf->compose(layout);
  EXPECT_TRUE(offsets.has_value());
  return getSharedAccessWavefronts(*offsets, bytes, vec);
}

/// The element of register `reg` (lane and warp 0) through `scratch`.
int32_t offsetOfRegister(const ConversionScratchLayout &scratch,
                         const LinearLayout &layout, int32_t reg) {
  auto offsets = scratch.layout.invert()->compose(layout);
  return (*offsets->apply({{kRegister, reg}}))[0].second;
}

// 1-D, one element per lane -> four consecutive elements per lane, across
// warps: the destination loads 16-byte vectors, both sides conflict-free.
TEST(ConversionScratch, OneToFourPerLane) {
  LinearLayout src = make({{128}, {256}}, {{1}, {2}, {4}, {8}, {16}},
                          {{32}, {64}}, {outDimName(0)});
  LinearLayout dst = make({{1}, {2}}, {{4}, {8}, {16}, {32}, {64}},
                          {{128}, {256}}, {outDimName(0)});
  std::string error;
  auto scratch = getConversionScratchLayout(src, dst, 4, &error);
  ASSERT_TRUE(scratch.has_value()) << error;
  EXPECT_TRUE(scratch->layout.isInvertible());
  EXPECT_EQ(scratch->layout.getInDimSize(kOffset), 512);
  EXPECT_EQ(scratch->srcVec, 1);
  EXPECT_EQ(scratch->dstVec, 4);
  EXPECT_EQ(wavefronts(*scratch, src, 4, 1), 1);
  EXPECT_EQ(wavefronts(*scratch, dst, 4, 4), 4);
  // The destination's four registers are consecutive and aligned.
  int32_t first = offsetOfRegister(*scratch, dst, 0);
  EXPECT_EQ(first % 4, 0);
  for (int32_t r = 1; r < 4; ++r)
    EXPECT_EQ(offsetOfRegister(*scratch, dst, r), first + r);
}

// A 32x32 transpose of f32 (lanes along columns -> lanes along rows), the
// classic 32-way bank conflict without a swizzle: one wavefront each.
TEST(ConversionScratch, TransposeIsConflictFree) {
  LinearLayout rows = make({{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}},
                           {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}}, {},
                           {outDimName(0), outDimName(1)});
  LinearLayout cols = make({{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}},
                           {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}}, {},
                           {outDimName(0), outDimName(1)});
  for (int32_t bytes : {1, 2, 4, 8}) {
    std::string error;
    auto scratch = getConversionScratchLayout(rows, cols, bytes, &error);
    ASSERT_TRUE(scratch.has_value()) << error;
    EXPECT_TRUE(scratch->layout.isInvertible());
    int32_t minimum = std::max(1, 32 * scratch->srcVec * bytes / 128);
    EXPECT_EQ(wavefronts(*scratch, rows, bytes, scratch->srcVec), minimum)
        << bytes << " bytes";
    minimum = std::max(1, 32 * scratch->dstVec * bytes / 128);
    EXPECT_EQ(wavefronts(*scratch, cols, bytes, scratch->dstVec), minimum)
        << bytes << " bytes";
  }
}

// Both sides hold the same pairs of columns: both use 2-element vectors.
TEST(ConversionScratch, SharedVectors) {
  LinearLayout src =
      make({{0, 1}, {8, 0}}, {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
           {{0, 8}, {16, 0}}, {outDimName(0), outDimName(1)});
  LinearLayout dst =
      make({{0, 1}, {0, 8}}, {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
           {{8, 0}, {16, 0}}, {outDimName(0), outDimName(1)});
  auto scratch = getConversionScratchLayout(src, dst, 4);
  ASSERT_TRUE(scratch.has_value());
  EXPECT_EQ(scratch->srcVec, 2);
  EXPECT_EQ(scratch->dstVec, 2);
  EXPECT_EQ(wavefronts(*scratch, src, 4, 2), 2);
  EXPECT_EQ(wavefronts(*scratch, dst, 4, 2), 2);
}

// Layouts of different tensors are refused with a message.
TEST(ConversionScratch, DifferentShapes) {
  LinearLayout a = make({{1}}, {}, {}, {outDimName(0)});
  LinearLayout b = make({{1}, {2}}, {}, {}, {outDimName(0)});
  std::string error;
  EXPECT_FALSE(getConversionScratchLayout(a, b, 4, &error).has_value());
  EXPECT_NE(error.find("different tensor shapes"), std::string::npos);
}
/// The wgmma accumulator of a 128x256 f16 tile on 8 warps (pairs of
/// columns; rows 8 apart and columns 8 .. 128 apart in registers) and the
/// blocked layout a matmul epilogue stores (8 consecutive columns per
/// thread, lanes along columns, warps and registers along rows).
LinearLayout wgmmaAccumulator() {
  return make({{0, 1}, {8, 0}, {0, 8}, {0, 16}, {0, 32}, {0, 64}, {0, 128}},
              {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
              {{16, 0}, {32, 0}, {64, 0}}, {outDimName(0), outDimName(1)});
}
LinearLayout epilogueRows() {
  return make({{0, 1}, {0, 2}, {0, 4}, {8, 0}, {16, 0}, {32, 0}, {64, 0}},
              {{0, 8}, {0, 16}, {0, 32}, {0, 64}, {0, 128}},
              {{1, 0}, {2, 0}, {4, 0}}, {outDimName(0), outDimName(1)});
}

/// Whether every phase of one ldmatrix.x4 (the 8 rows of one matrix) hits
/// 8 distinct 16-byte groups of banks.
bool loadMatrixConflictFree(const ConversionScratchLayout &scratch,
                            const LinearLayout &dst) {
  auto offsets = scratch.layout.invert()->compose(dst);
  for (int32_t matrix = 0; matrix < 4; ++matrix) {
    std::set<int32_t> groups;
    for (int32_t row = 0; row < 8; ++row) {
      auto out = offsets->apply({{kRegister, matrix << 1}, {kLane, row << 2}});
      groups.insert((out->front().second / 8) % 8);
    }
    if (groups.size() != 8)
      return false;
  }
  return true;
}

// With ldmatrix, the epilogue conversion stores the source's 16-byte
// vectors {column 1, column 8, column 16} (its registers 0, 2, 3: the
// destination's register 0 and lanes 0 and 1) and loads with ldmatrix.x4,
// both sides conflict-free, in 2 rounds over rows 8 apart (a register
// basis of both), as Triton 3.6 does.
TEST(ConversionScratch, WgmmaEpilogueUsesLoadMatrix) {
  LinearLayout src = wgmmaAccumulator(), dst = epilogueRows();
  ConversionScratchOptions options;
  options.loadMatrix = true;
  std::string error;
  auto scratch = getConversionScratchLayout(src, dst, 2, &error, options);
  ASSERT_TRUE(scratch.has_value()) << error;
  EXPECT_TRUE(scratch->layout.isInvertible());
  EXPECT_TRUE(scratch->dstLoadMatrix);
  EXPECT_EQ(scratch->srcVec, 8);
  EXPECT_EQ(scratch->srcVectorRegisters, (std::vector<int>{0, 2, 3}));
  EXPECT_EQ(scratch->rounds, 2);
  EXPECT_EQ(scratch->getScratchElements(), 128 * 256 / 2);
  // 16-byte stores: 4 wavefronts per warp-wide access, no conflicts.
  EXPECT_EQ(wavefronts(*scratch, src, 2, 8), 4);
  EXPECT_TRUE(loadMatrixConflictFree(*scratch, dst));
  // Rows 8 apart (source register 1, destination register 3) are the top
  // offset bit: the round.
  int32_t top = scratch->layout.getInDimSize(kOffset) / 2;
  EXPECT_EQ(offsetOfRegister(*scratch, src, 2), top);
  EXPECT_EQ(offsetOfRegister(*scratch, dst, 8), top);
}

// Without ldmatrix (before sm_75) the same pair moves plain vectors, each
// side conflict-free at its width, and at least the halves both hold in
// registers (columns 1 apart, rows 8 apart) as one vector.
TEST(ConversionScratch, WithoutLoadMatrixPlainVectors) {
  LinearLayout src = wgmmaAccumulator(), dst = epilogueRows();
  auto scratch = getConversionScratchLayout(src, dst, 2);
  ASSERT_TRUE(scratch.has_value());
  EXPECT_FALSE(scratch->dstLoadMatrix);
  EXPECT_GE(scratch->srcVec, 4);
  EXPECT_EQ(scratch->srcVec, 1 << scratch->srcVectorRegisters.size());
  EXPECT_EQ(scratch->dstVec, 1 << scratch->dstVectorRegisters.size());
  EXPECT_EQ(wavefronts(*scratch, src, 2, scratch->srcVec),
            32 * scratch->srcVec * 2 / 128);
  EXPECT_EQ(wavefronts(*scratch, dst, 2, scratch->dstVec),
            std::max(1, 32 * scratch->dstVec * 2 / 128));
}

// ldmatrix needs the destination's lanes 0 and 1 in the source's
// registers; f32 elements never use it.
TEST(ConversionScratch, LoadMatrixOnlyWhereItFits) {
  ConversionScratchOptions options;
  options.loadMatrix = true;
  LinearLayout rows =
      make({{0, 1}, {0, 2}, {0, 4}}, {{0, 8}, {0, 16}, {1, 0}, {2, 0}, {4, 0}},
           {{8, 0}, {16, 0}}, {outDimName(0), outDimName(1)});
  LinearLayout cols =
      make({{1, 0}, {2, 0}, {4, 0}}, {{8, 0}, {16, 0}, {0, 1}, {0, 2}, {0, 4}},
           {{0, 8}, {0, 16}}, {outDimName(0), outDimName(1)});
  auto scratch = getConversionScratchLayout(rows, cols, 2, nullptr, options);
  ASSERT_TRUE(scratch.has_value());
  EXPECT_FALSE(scratch->dstLoadMatrix);
  EXPECT_EQ(scratch->rounds, 1);
  auto f32 = getConversionScratchLayout(wgmmaAccumulator(), epilogueRows(), 4,
                                        nullptr, options);
  ASSERT_TRUE(f32.has_value());
  EXPECT_FALSE(f32->dstLoadMatrix);
}
/// Inductor's transposing copy of a 64x64 bf16 tile, 4 warps: rows of 8
/// along dim 1 per thread -> columns of 8 along dim 0 per thread.
LinearLayout rowsOfEight() {
  return make({{0, 1}, {0, 2}, {0, 4}, {16, 0}, {32, 0}},
              {{0, 8}, {0, 16}, {0, 32}, {1, 0}, {2, 0}}, {{4, 0}, {8, 0}},
              {outDimName(0), outDimName(1)});
}
LinearLayout columnsOfEight() {
  return make({{1, 0}, {2, 0}, {4, 0}, {0, 16}, {0, 32}},
              {{8, 0}, {16, 0}, {32, 0}, {0, 1}, {0, 2}}, {{0, 4}, {0, 8}},
              {outDimName(0), outDimName(1)});
}

// A 16-bit transpose between blocked layouts: the source stores 16-byte
// vectors of the three registers that hold the destination's lanes 2 to 4
// (rows 32 apart, columns 1 and 2 apart, as Triton packs them), and the
// destination loads with ldmatrix.x4.trans. Every lane of every warp gets
// the elements its layout holds, following ldmatrix.trans: lane t's word j
// holds, in its halves h, column t / 4 of rows 2 (t % 4) + h of matrix j,
// whose row addresses lanes 8 j .. 8 j + 7 give (the lowering's addresses:
// lane bit 0 the row's register 0, lane bits 1 and 2 its lanes 0 and 1,
// lane bits 3 and 4 its registers 1 and 2).
TEST(ConversionScratch, TransposeUsesLoadMatrixTrans) {
  LinearLayout src = rowsOfEight(), dst = columnsOfEight();
  ConversionScratchOptions options;
  options.loadMatrixTransposed = true;
  std::string error;
  auto scratch = getConversionScratchLayout(src, dst, 2, &error, options);
  ASSERT_TRUE(scratch.has_value()) << error;
  EXPECT_TRUE(scratch->layout.isInvertible());
  EXPECT_TRUE(scratch->dstLoadMatrix);
  EXPECT_TRUE(scratch->dstLoadMatrixTransposed);
  EXPECT_EQ(scratch->srcVec, 8);
  EXPECT_EQ(scratch->srcVectorRegisters, (std::vector<int>{4, 0, 1}));
  EXPECT_EQ(wavefronts(*scratch, src, 2, 8), 4);

  auto offsets = scratch->layout.invert()->compose(dst);
  auto at = [&](int32_t offset) {
    return *scratch->layout.apply({{kOffset, offset}});
  };
  for (int32_t warp = 0; warp < 4; ++warp)
    for (int32_t base = 0; base < 32; base += 8) {
      auto rowAddress = [&](int32_t lane) {
        int32_t reg = base | (lane & 1) | (lane >> 3) << 1;
        auto out = offsets->apply(
            {{kRegister, reg}, {kLane, (lane >> 1) & 3}, {kWarp, warp}});
        return out->front().second;
      };
      for (int32_t lane = 0; lane < 32; ++lane)
        for (int32_t j = 0; j < 4; ++j)
          for (int32_t h = 0; h < 2; ++h) {
            int32_t row = 2 * (lane % 4) + h;
            int32_t offset = rowAddress(8 * j + row) + lane / 4;
            auto expected = dst.apply(
                {{kRegister, base + 2 * j + h}, {kLane, lane}, {kWarp, warp}});
            EXPECT_EQ(at(offset), *expected)
                << "warp " << warp << " lane " << lane << " register "
                << base + 2 * j + h;
          }
    }
  // Each matrix's 8 rows fall in 8 distinct 16-byte bank groups.
  for (int32_t matrix = 0; matrix < 4; ++matrix) {
    std::set<int32_t> groups;
    for (int32_t row = 0; row < 8; ++row) {
      auto out = offsets->apply(
          {{kRegister, matrix << 1 | (row & 1)}, {kLane, row >> 1}});
      groups.insert((out->front().second / 8) % 8);
    }
    EXPECT_EQ(groups.size(), 8u);
  }
  // Without ldmatrix.trans the destination loads plain vectors.
  auto plain = getConversionScratchLayout(src, dst, 2);
  ASSERT_TRUE(plain.has_value());
  EXPECT_FALSE(plain->dstLoadMatrix);
}
} // namespace
