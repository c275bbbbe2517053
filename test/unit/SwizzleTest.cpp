//===- SwizzleTest.cpp - Unit tests of the shared-memory swizzles ---------===//
//
// Each layout is checked against an independent formula for where element
// (row, col) is stored: the #ttg.swizzled_shared rule of triton.md section
// 2.3, and the PTX/CUTLASS byte-address swizzle for #ttg.nvmma_shared,
//   addr ^ (((addr >> 7) & (swizzleBytes / 16 - 1)) << 4).
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/layout/Swizzle.h"

#include "gtest/gtest.h"

using namespace mlir::tile::layout;

namespace {
/// The element stored at `offset`, in out-dim order.
std::vector<int32_t> elementAt(const LinearLayout &ll, int32_t offset) {
  std::string error;
  std::optional<std::vector<NamedValue>> out =
      ll.apply({{kOffset, offset}}, &error);
  EXPECT_TRUE(out.has_value()) << error;
  std::vector<int32_t> values;
  if (out)
    for (const NamedValue &v : *out)
      values.push_back(v.second);
  return values;
}

/// The swizzled_shared rule: the column's vector index is XORed with the
/// row's phase. The phase wraps at the number of vectors in a row.
int32_t swizzledColumn(int32_t row, int32_t col, int32_t vec, int32_t perPhase,
                       int32_t maxPhase, int32_t numCols) {
  int32_t vectorsPerRow = std::max(1, numCols / vec);
  int32_t phase = ((row / perPhase) % maxPhase) % vectorsPerRow;
  return ((col / vec) ^ phase) * vec + col % vec;
}

/// The PTX swizzle on byte addresses within a 1024-byte-aligned buffer.
int64_t swizzleBytes(int64_t addr, int32_t swizzleWidth) {
  int64_t mask = swizzleWidth / 16 - 1;
  return addr ^ (((addr >> 7) & mask) << 4);
}

void checkShapeAndDims(const LinearLayout &ll,
                       const std::vector<int32_t> &shape) {
  EXPECT_EQ(ll.getInDimNames(), (std::vector<std::string>{kOffset, kBlock}));
  EXPECT_EQ(ll.getInDimSize(kBlock), 1);
  std::vector<NamedSize> expected;
  for (size_t i = 0; i < shape.size(); ++i)
    expected.push_back({outDimName(i), shape[i]});
  EXPECT_EQ(ll.getOutDims(), expected);
  EXPECT_TRUE(ll.isInvertible()) << ll.toString();
}
} // namespace

//===----------------------------------------------------------------------===//
// #ttg.swizzled_shared
//===----------------------------------------------------------------------===//

TEST(SwizzledShared, MatchesXorRule) {
  struct Case {
    int32_t rows, cols, vec, perPhase, maxPhase;
  };
  // The first is the mma v2 f16 operand layout of section 2.7; the last wraps
  // the phase (8 phases but only 2 vectors per row).
  for (Case c :
       {Case{32, 64, 8, 1, 8}, Case{16, 32, 4, 2, 4}, Case{64, 16, 2, 4, 2},
        Case{8, 8, 1, 1, 1}, Case{16, 16, 8, 1, 8}}) {
    std::string error;
    std::optional<LinearLayout> ll = swizzledSharedToLinearLayout(
        {c.rows, c.cols}, c.vec, c.perPhase, c.maxPhase, {1, 0}, &error);
    ASSERT_TRUE(ll) << error;
    checkShapeAndDims(*ll, {c.rows, c.cols});
    for (int32_t r = 0; r < c.rows; ++r) {
      for (int32_t col = 0; col < c.cols; ++col) {
        int32_t offset = r * c.cols + swizzledColumn(r, col, c.vec, c.perPhase,
                                                     c.maxPhase, c.cols);
        ASSERT_EQ(elementAt(*ll, offset), (std::vector<int32_t>{r, col}))
            << "vec=" << c.vec << " perPhase=" << c.perPhase
            << " maxPhase=" << c.maxPhase << " offset=" << offset;
      }
    }
  }
}

TEST(SwizzledShared, KnownOffsets) {
  // vec = 8, perPhase = 1, maxPhase = 8 on 32x64: row 1's first vector is
  // stored second, row 3's third vector (cols 16..23) first.
  std::optional<LinearLayout> ll =
      swizzledSharedToLinearLayout({32, 64}, 8, 1, 8, {1, 0});
  ASSERT_TRUE(ll);
  EXPECT_EQ(elementAt(*ll, 0), (std::vector<int32_t>{0, 0}));
  EXPECT_EQ(elementAt(*ll, 5), (std::vector<int32_t>{0, 5}));
  EXPECT_EQ(elementAt(*ll, 64), (std::vector<int32_t>{1, 8}));
  EXPECT_EQ(elementAt(*ll, 64 + 8), (std::vector<int32_t>{1, 0}));
  EXPECT_EQ(elementAt(*ll, 3 * 64 + 1), (std::vector<int32_t>{3, 25}));
  EXPECT_EQ(elementAt(*ll, 8 * 64), (std::vector<int32_t>{8, 0}));
  EXPECT_EQ(ll->toString(),
            "{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], "
            "[1, 8], [2, 16], [4, 32], [8, 0], [16, 0]], block = []} -> "
            "{dim0 = 32, dim1 = 64}");
}

TEST(SwizzledShared, ColumnMajorAndRank3) {
  // order = [0, 1]: dim0 is contiguous, dim1 indexes the rows.
  std::optional<LinearLayout> ll =
      swizzledSharedToLinearLayout({64, 16}, 4, 2, 4, {0, 1});
  ASSERT_TRUE(ll);
  checkShapeAndDims(*ll, {64, 16});
  for (int32_t d1 = 0; d1 < 16; ++d1)
    for (int32_t d0 = 0; d0 < 64; ++d0)
      ASSERT_EQ(elementAt(*ll, d1 * 64 + swizzledColumn(d1, d0, 4, 2, 4, 64)),
                (std::vector<int32_t>{d0, d1}));

  // Unswizzled rank 3 with order [2, 1, 0] is plain row-major.
  std::optional<LinearLayout> r3 =
      swizzledSharedToLinearLayout({2, 4, 8}, 1, 1, 1, {2, 1, 0});
  ASSERT_TRUE(r3);
  checkShapeAndDims(*r3, {2, 4, 8});
  for (int32_t o = 0; o < 64; ++o)
    ASSERT_EQ(elementAt(*r3, o),
              (std::vector<int32_t>{o / 32, (o / 8) % 4, o % 8}));

  // Swizzled rank 3: each [4 x 8] matrix is swizzled the same way.
  std::optional<LinearLayout> s3 =
      swizzledSharedToLinearLayout({2, 4, 8}, 2, 1, 4, {2, 1, 0});
  ASSERT_TRUE(s3);
  for (int32_t b = 0; b < 2; ++b)
    for (int32_t r = 0; r < 4; ++r)
      for (int32_t c = 0; c < 8; ++c)
        ASSERT_EQ(
            elementAt(*s3, b * 32 + r * 8 + swizzledColumn(r, c, 2, 1, 4, 8)),
            (std::vector<int32_t>{b, r, c}));

  std::optional<LinearLayout> r1 =
      swizzledSharedToLinearLayout({16}, 4, 1, 4, {0});
  ASSERT_TRUE(r1);
  EXPECT_EQ(elementAt(*r1, 11), std::vector<int32_t>{11});
}

TEST(SwizzledShared, RejectsBadInput) {
  std::string error;
  EXPECT_FALSE(swizzledSharedToLinearLayout({32, 64}, 3, 1, 8, {1, 0}, &error));
  EXPECT_NE(error.find("powers of two"), std::string::npos) << error;
  error.clear();
  EXPECT_FALSE(swizzledSharedToLinearLayout({32, 64}, 8, 1, 8, {1, 1}, &error));
  EXPECT_NE(error.find("permutation"), std::string::npos) << error;
  EXPECT_FALSE(swizzledSharedToLinearLayout({32, 48}, 8, 1, 8, {1, 0}));
  EXPECT_FALSE(swizzledSharedToLinearLayout({32, 64}, 8, 0, 8, {1, 0}));
  EXPECT_FALSE(swizzledSharedToLinearLayout({}, 1, 1, 1, {}));
  EXPECT_FALSE(swizzledSharedToLinearLayout({32, 64}, 8, 1, 8, {1, 0, 2}));
}

//===----------------------------------------------------------------------===//
// #ttg.nvmma_shared
//===----------------------------------------------------------------------===//

TEST(NVMMAShared, Parameters) {
  EXPECT_EQ(getNVMMAVec(128, 16), 8);
  EXPECT_EQ(getNVMMAVec(64, 8), 16);
  EXPECT_EQ(getNVMMAVec(0, 16), 1);
  EXPECT_EQ(getNVMMAPerPhase(128), 1);
  EXPECT_EQ(getNVMMAPerPhase(64), 2);
  EXPECT_EQ(getNVMMAPerPhase(32), 4);
  EXPECT_EQ(getNVMMAMaxPhase(128), 8);
  EXPECT_EQ(getNVMMAMaxPhase(64), 4);
  EXPECT_EQ(getNVMMAMaxPhase(32), 2);
  EXPECT_EQ(getNVMMAMaxPhase(0), 1);

  EXPECT_EQ(getNVMMABlockShape({128, 128}, 128, 16, false),
            (std::vector<int64_t>{128, 64}));
  EXPECT_EQ(getNVMMABlockShape({512, 64}, 128, 16, false),
            (std::vector<int64_t>{256, 64}));
  EXPECT_EQ(getNVMMABlockShape({64, 32}, 64, 16, true),
            (std::vector<int64_t>{32, 32}));
  EXPECT_EQ(getNVMMABlockShape({512, 512}, 0, 16, false),
            (std::vector<int64_t>{256, 256}));
}

TEST(NVMMAShared, Swizzle128BF16) {
  // f16, 64 columns = one 128-byte row per tile row.
  std::string error;
  std::optional<LinearLayout> ll =
      nvmmaSharedToLinearLayout({64, 64}, 128, false, 16, false, &error);
  ASSERT_TRUE(ll) << error;
  checkShapeAndDims(*ll, {64, 64});

  // A few offsets by hand: row r's 16-byte chunk k sits at chunk k ^ (r % 8).
  EXPECT_EQ(elementAt(*ll, 7), (std::vector<int32_t>{0, 7}));
  EXPECT_EQ(elementAt(*ll, 64), (std::vector<int32_t>{1, 8}));
  EXPECT_EQ(elementAt(*ll, 64 + 8), (std::vector<int32_t>{1, 0}));
  EXPECT_EQ(elementAt(*ll, 3 * 64 + 8), (std::vector<int32_t>{3, 16}));
  EXPECT_EQ(elementAt(*ll, 7 * 64 + 63), (std::vector<int32_t>{7, 7}));
  EXPECT_EQ(elementAt(*ll, 8 * 64), (std::vector<int32_t>{8, 0}));
  EXPECT_EQ(elementAt(*ll, 13 * 64 + 17), (std::vector<int32_t>{13, 57}));

  // Every element against the byte-address formula.
  for (int32_t r = 0; r < 64; ++r) {
    for (int32_t c = 0; c < 64; ++c) {
      int64_t addr = (int64_t{r} * 64 + c) * 2;
      int32_t offset = static_cast<int32_t>(swizzleBytes(addr, 128) / 2);
      ASSERT_EQ(elementAt(*ll, offset), (std::vector<int32_t>{r, c}))
          << "offset " << offset;
    }
  }
}

TEST(NVMMAShared, SwizzleWidthsAndTypes) {
  struct Case {
    int32_t swizzle, bits, rows, cols;
  };
  for (Case c :
       {Case{64, 16, 32, 32}, Case{32, 16, 16, 16}, Case{128, 8, 16, 128},
        Case{128, 32, 32, 32}, Case{64, 8, 16, 64}}) {
    std::string error;
    std::optional<LinearLayout> ll = nvmmaSharedToLinearLayout(
        {c.rows, c.cols}, c.swizzle, false, c.bits, false, &error);
    ASSERT_TRUE(ll) << error;
    checkShapeAndDims(*ll, {c.rows, c.cols});
    int32_t bytes = c.bits / 8;
    for (int32_t r = 0; r < c.rows; ++r) {
      for (int32_t col = 0; col < c.cols; ++col) {
        int64_t addr = (int64_t{r} * c.cols + col) * bytes;
        int32_t offset =
            static_cast<int32_t>(swizzleBytes(addr, c.swizzle) / bytes);
        ASSERT_EQ(elementAt(*ll, offset), (std::vector<int32_t>{r, col}))
            << "swizzle " << c.swizzle << " bits " << c.bits;
      }
    }
  }
}

TEST(NVMMAShared, WideTileRepeatsTheBox) {
  // 128 f16 columns are two 64-column boxes stored one after the other.
  std::optional<LinearLayout> ll =
      nvmmaSharedToLinearLayout({64, 128}, 128, false, 16);
  ASSERT_TRUE(ll);
  checkShapeAndDims(*ll, {64, 128});
  for (int32_t r = 0; r < 64; ++r) {
    for (int32_t c = 0; c < 128; ++c) {
      int64_t addr = (int64_t{r} * 64 + c % 64) * 2;
      int32_t offset = static_cast<int32_t>(swizzleBytes(addr, 128) / 2) +
                       (c / 64) * 64 * 64;
      ASSERT_EQ(elementAt(*ll, offset), (std::vector<int32_t>{r, c}));
    }
  }
}

TEST(NVMMAShared, TransposedAndRank3) {
  // transposed: dim0 is contiguous, so dim1 indexes the 128-byte rows.
  std::optional<LinearLayout> t =
      nvmmaSharedToLinearLayout({64, 32}, 128, true, 16);
  ASSERT_TRUE(t);
  checkShapeAndDims(*t, {64, 32});
  for (int32_t d1 = 0; d1 < 32; ++d1) {
    for (int32_t d0 = 0; d0 < 64; ++d0) {
      int64_t addr = (int64_t{d1} * 64 + d0) * 2;
      int32_t offset = static_cast<int32_t>(swizzleBytes(addr, 128) / 2);
      ASSERT_EQ(elementAt(*t, offset), (std::vector<int32_t>{d0, d1}));
    }
  }

  // Rank 3: the outer dims are collapsed into rows, row = d0 * 8 + d1.
  std::optional<LinearLayout> r3 =
      nvmmaSharedToLinearLayout({2, 8, 64}, 128, false, 16);
  ASSERT_TRUE(r3);
  checkShapeAndDims(*r3, {2, 8, 64});
  for (int32_t d0 = 0; d0 < 2; ++d0) {
    for (int32_t d1 = 0; d1 < 8; ++d1) {
      for (int32_t c = 0; c < 64; ++c) {
        int64_t addr = ((int64_t{d0} * 8 + d1) * 64 + c) * 2;
        int32_t offset = static_cast<int32_t>(swizzleBytes(addr, 128) / 2);
        ASSERT_EQ(elementAt(*r3, offset), (std::vector<int32_t>{d0, d1, c}));
      }
    }
  }
}

TEST(NVMMAShared, UnswizzledAndDisabled) {
  std::optional<LinearLayout> plain =
      nvmmaSharedToLinearLayout({16, 32}, 0, false, 16);
  ASSERT_TRUE(plain);
  checkShapeAndDims(*plain, {16, 32});
  for (int32_t o = 0; o < 512; ++o)
    ASSERT_EQ(elementAt(*plain, o), (std::vector<int32_t>{o / 32, o % 32}));

  // disableSwizzle keeps the 64-column tiling but drops the XOR.
  std::optional<LinearLayout> noXor =
      nvmmaSharedToLinearLayout({8, 128}, 128, false, 16, true);
  ASSERT_TRUE(noXor);
  EXPECT_EQ(elementAt(*noXor, 64), (std::vector<int32_t>{1, 0}));
  EXPECT_EQ(elementAt(*noXor, 8 * 64), (std::vector<int32_t>{0, 64}));
}

TEST(NVMMAShared, RejectsBadInput) {
  std::string error;
  EXPECT_FALSE(
      nvmmaSharedToLinearLayout({64, 64}, 48, false, 16, false, &error));
  EXPECT_NE(error.find("swizzlingByteWidth"), std::string::npos) << error;
  error.clear();
  EXPECT_FALSE(
      nvmmaSharedToLinearLayout({64, 32}, 128, false, 16, false, &error));
  EXPECT_NE(error.find("shorter"), std::string::npos) << error;
  EXPECT_FALSE(nvmmaSharedToLinearLayout({64}, 128, false, 16));
  EXPECT_FALSE(nvmmaSharedToLinearLayout({64, 64}, 128, false, 12));
  EXPECT_FALSE(nvmmaSharedToLinearLayout({4, 64}, 128, false, 16));
  EXPECT_FALSE(nvmmaSharedToLinearLayout({64, 96}, 128, false, 16));
}

//===----------------------------------------------------------------------===//
// The dot operand swizzle rule
//===----------------------------------------------------------------------===//

static bool sameSwizzle(SwizzleParams s, int32_t vec, int32_t perPhase,
                        int32_t maxPhase) {
  return s.vec == vec && s.perPhase == perPhase && s.maxPhase == maxPhase;
}

TEST(MmaOperandSwizzle, MatchesTritonDumps) {
  // matmul_f16_nopipe.sm80.ttgir: A 128x32 and B 32x128, both row-major.
  EXPECT_TRUE(
      sameSwizzle(getMmaOperandSwizzle(0, 2, {128, 32}, {1, 0}, 16), 8, 2, 4));
  EXPECT_TRUE(
      sameSwizzle(getMmaOperandSwizzle(1, 2, {32, 128}, {1, 0}, 16), 8, 1, 8));
  // attn_fwd_f16_d64.sm80.ttgir: K^T stored K-contiguous.
  EXPECT_TRUE(
      sameSwizzle(getMmaOperandSwizzle(1, 2, {64, 64}, {0, 1}, 16), 8, 1, 8));
}

TEST(MmaOperandSwizzle, ScalesWithElementWidth) {
  EXPECT_TRUE(
      sameSwizzle(getMmaOperandSwizzle(0, 4, {64, 64}, {1, 0}, 8), 16, 2, 4));
  EXPECT_TRUE(
      sameSwizzle(getMmaOperandSwizzle(0, 1, {64, 32}, {1, 0}, 32), 4, 1, 8));
  // A short row shares its phase with the rows in the same 128-byte line.
  EXPECT_TRUE(
      sameSwizzle(getMmaOperandSwizzle(0, 2, {64, 16}, {1, 0}, 16), 8, 4, 2));
  // Transposed i8 A (M contiguous): vec (16) and the 8-row stride swap, so
  // 8-element vectors and up to 16 phases, halved by the row packing.
  EXPECT_TRUE(
      sameSwizzle(getMmaOperandSwizzle(0, 4, {64, 64}, {0, 1}, 8), 8, 2, 8));
}

TEST(MmaOperandSwizzle, DegenerateInputIsUnswizzled) {
  EXPECT_TRUE(sameSwizzle(getMmaOperandSwizzle(0, 2, {}, {}, 16), 1, 1, 1));
  EXPECT_TRUE(
      sameSwizzle(getMmaOperandSwizzle(0, 2, {64, 64}, {1}, 16), 1, 1, 1));
  EXPECT_TRUE(
      sameSwizzle(getMmaOperandSwizzle(0, 2, {64, 64}, {1, 0}, 0), 1, 1, 1));
}
