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
} // namespace
