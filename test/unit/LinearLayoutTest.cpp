//===- LinearLayoutTest.cpp - Unit tests of the linear layout algebra -----===//
//
// Layouts are written directly as bases, from the formulas in
// reference/triton.md (sections 6.1, 6.3), and checked element by element
// against those formulas, so the tests do not just re-run the implementation.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/layout/LinearLayout.h"

#include "gtest/gtest.h"

using namespace mlir::tile::layout;

namespace {
LinearLayout make(LinearLayout::BasesT bases, std::vector<NamedSize> outs) {
  std::string error;
  std::optional<LinearLayout> ll = LinearLayout::create(
      std::move(bases), std::move(outs), /*requireSurjective=*/false, &error);
  EXPECT_TRUE(ll.has_value()) << error;
  return ll.value_or(LinearLayout());
}

LinearLayout get(const std::optional<LinearLayout> &ll) {
  EXPECT_TRUE(ll.has_value());
  return ll.value_or(LinearLayout());
}

/// The output values of `ll` at `ins`, in out-dim order.
std::vector<int32_t> at(const LinearLayout &ll,
                        const std::vector<NamedValue> &ins) {
  std::string error;
  std::optional<std::vector<NamedValue>> out = ll.apply(ins, &error);
  EXPECT_TRUE(out.has_value()) << error;
  std::vector<int32_t> values;
  if (out)
    for (const NamedValue &v : *out)
      values.push_back(v.second);
  return values;
}

std::optional<LinearLayout> identity(const std::vector<NamedSize> &dims) {
  std::optional<LinearLayout> ll = LinearLayout();
  for (const auto &[name, size] : dims)
    ll *= LinearLayout::identity1D(size, name, name);
  return ll;
}

/// #blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4]}>
/// on 1024 elements: the 512-element CTA tile, repeated once in registers.
LinearLayout blocked1D() {
  return make({{kRegister, {{1}, {2}, {512}}},
               {kLane, {{4}, {8}, {16}, {32}, {64}}},
               {kWarp, {{128}, {256}}},
               {kBlock, {}}},
              {{outDimName(0), 1024}});
}

/// The worked example of triton.md section 6.1: tensor<32x32xf32,
/// #blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4],
/// warpsPerCTA = [4, 1], order = [1, 0]}>>.
LinearLayout blocked2D() {
  return make({{kRegister, {{0, 1}, {0, 2}, {0, 16}}},
               {kLane, {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}}},
               {kWarp, {{8, 0}, {16, 0}}},
               {kBlock, {}}},
              {{outDimName(0), 32}, {outDimName(1), 32}});
}

/// The lane bases shared by all mma.sync m16n8k16 fragments (section 6.3):
/// 4 lanes along the columns in steps of 2, then 8 lanes down the rows.
const std::vector<LinearLayout::Basis> kMmaLanes = {
    {0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};
} // namespace

//===----------------------------------------------------------------------===//
// Construction and validation
//===----------------------------------------------------------------------===//

TEST(LinearLayout, CreateRejectsBadInput) {
  std::string error;
  EXPECT_FALSE(LinearLayout::create({{kRegister, {{1}}}}, {{outDimName(0), 6}},
                                    false, &error));
  EXPECT_NE(error.find("power"), std::string::npos) << error;

  error.clear();
  EXPECT_FALSE(LinearLayout::create({{kRegister, {{8}}}}, {{outDimName(0), 8}},
                                    false, &error));
  EXPECT_NE(error.find("outside"), std::string::npos) << error;

  error.clear();
  EXPECT_FALSE(LinearLayout::create({{kRegister, {{-1}}}}, {{outDimName(0), 8}},
                                    false, &error));
  EXPECT_FALSE(error.empty());

  error.clear();
  EXPECT_FALSE(LinearLayout::create({{kRegister, {{1, 0}}}},
                                    {{outDimName(0), 8}}, false, &error));
  EXPECT_NE(error.find("entries"), std::string::npos) << error;

  error.clear();
  EXPECT_FALSE(LinearLayout::create({{kLane, {{1}}}, {kLane, {{2}}}},
                                    {{outDimName(0), 8}}, false, &error));
  EXPECT_NE(error.find("duplicate"), std::string::npos) << error;

  EXPECT_FALSE(LinearLayout::create(
      {{kLane, {{1, 1}}}}, {{outDimName(0), 2}, {outDimName(0), 2}}, false));

  // Not surjective: only even elements are reached.
  error.clear();
  EXPECT_FALSE(LinearLayout::create({{kRegister, {{2}}}}, {{outDimName(0), 4}},
                                    true, &error));
  EXPECT_NE(error.find("surjective"), std::string::npos) << error;
  EXPECT_TRUE(
      LinearLayout::create({{kRegister, {{2}}}}, {{outDimName(0), 4}}, false));

  // Inferred out sizes: the smallest power of two above every basis.
  EXPECT_FALSE(
      LinearLayout::create({{kRegister, {{1}, {4}}}}, standardOutDimNames(1)));
  std::optional<LinearLayout> inferred = LinearLayout::create(
      {{kRegister, {{1}, {4}}}}, standardOutDimNames(1), nullptr, false);
  ASSERT_TRUE(inferred);
  EXPECT_EQ(inferred->getOutDimSize(outDimName(0)), 8);
  std::optional<LinearLayout> inferred2 =
      LinearLayout::create({{kRegister, {{1, 0}, {0, 2}}}, {kLane, {{0, 1}}}},
                           standardOutDimNames(2));
  ASSERT_TRUE(inferred2);
  EXPECT_EQ(inferred2->getOutDimSize(outDimName(0)), 2);
  EXPECT_EQ(inferred2->getOutDimSize(outDimName(1)), 4);

  // More than 64 input bits.
  error.clear();
  std::vector<LinearLayout::Basis> thirty(30, LinearLayout::Basis{0});
  EXPECT_FALSE(LinearLayout::create(
      {{"a", thirty}, {"b", thirty}, {"c", {{0}, {0}, {0}, {0}, {0}}}},
      {{outDimName(0), 1}}, false, &error));
  EXPECT_NE(error.find("too large"), std::string::npos) << error;

  error.clear();
  EXPECT_FALSE(LinearLayout::identity1D(3, kRegister, outDimName(0), &error));
  EXPECT_FALSE(error.empty());
  EXPECT_FALSE(LinearLayout::identity1D(0, kRegister, outDimName(0)));
  EXPECT_FALSE(LinearLayout::zeros1D(6, kWarp, outDimName(0)));
  EXPECT_FALSE(LinearLayout::strided1D(4, 3, kRegister, outDimName(0)));
  // A failure anywhere in a product chain propagates.
  EXPECT_FALSE(LinearLayout::identity1D(4, kRegister, outDimName(0)) *
               LinearLayout::identity1D(12, kLane, outDimName(0)));
}

TEST(LinearLayout, ApplyRejectsBadInput) {
  LinearLayout ll = blocked1D();
  std::string error;
  EXPECT_FALSE(ll.apply({{"thread", 1}}, &error));
  EXPECT_NE(error.find("thread"), std::string::npos) << error;
  EXPECT_FALSE(ll.apply({{kLane, 32}}));
  EXPECT_FALSE(ll.apply({{kLane, -1}}));
  // Omitted in-dims count as zero.
  EXPECT_EQ(at(ll, {{kLane, 1}}), std::vector<int32_t>{4});
}

TEST(LinearLayout, Factories) {
  LinearLayout id = get(LinearLayout::identity1D(8, kLane, outDimName(0)));
  EXPECT_EQ(id.getInDimSize(kLane), 8);
  EXPECT_EQ(id.getOutDimSize(outDimName(0)), 8);
  EXPECT_EQ(id.getBasis(kLane, 2, outDimName(0)), 4);
  EXPECT_EQ(at(id, {{kLane, 5}}), std::vector<int32_t>{5});
  EXPECT_TRUE(id.isInvertible());

  LinearLayout zeros = get(LinearLayout::zeros1D(4, kWarp, outDimName(0)));
  EXPECT_EQ(zeros.getInDimSize(kWarp), 4);
  EXPECT_EQ(zeros.getOutDimSize(outDimName(0)), 1);
  EXPECT_EQ(at(zeros, {{kWarp, 3}}), std::vector<int32_t>{0});
  EXPECT_TRUE(zeros.isSurjective());
  EXPECT_FALSE(zeros.isInjective());

  LinearLayout strided =
      get(LinearLayout::strided1D(4, 8, kRegister, outDimName(0)));
  EXPECT_EQ(strided.getOutDimSize(outDimName(0)), 32);
  EXPECT_EQ(at(strided, {{kRegister, 3}}), std::vector<int32_t>{24});
  EXPECT_TRUE(strided.isInjective());
  EXPECT_FALSE(strided.isSurjective());

  LinearLayout one = get(LinearLayout::identity1D(1, kBlock, outDimName(0)));
  EXPECT_TRUE(one.hasInDim(kBlock));
  EXPECT_EQ(one.getInDimSize(kBlock), 1);
  EXPECT_EQ(one.getOutDimSize(outDimName(0)), 1);

  // Absent dims behave like size-1 dims.
  EXPECT_FALSE(id.hasInDim(kWarp));
  EXPECT_EQ(id.getInDimSize(kWarp), 1);
  EXPECT_EQ(id.getOutDimSize(outDimName(7)), 1);
}

//===----------------------------------------------------------------------===//
// Known layouts
//===----------------------------------------------------------------------===//

TEST(LinearLayout, Blocked1D) {
  LinearLayout ll = blocked1D();
  EXPECT_EQ(ll.getNumRegisters(), 8);
  EXPECT_EQ(ll.getInDimSize(kLane), 32);
  EXPECT_EQ(ll.getInDimSize(kWarp), 4);
  EXPECT_EQ(ll.getTotalInDimSize(), 1024);
  EXPECT_TRUE(ll.isInvertible());
  for (int32_t w = 0; w < 4; ++w)
    for (int32_t l = 0; l < 32; ++l)
      for (int32_t r = 0; r < 8; ++r)
        ASSERT_EQ(at(ll, {{kRegister, r}, {kLane, l}, {kWarp, w}}),
                  std::vector<int32_t>{r % 4 + 4 * l + 128 * w + 512 * (r / 4)})
            << "r=" << r << " l=" << l << " w=" << w;

  // The same layout built the way BlockedEncodingAttr::toLinearLayout does:
  // the 512-element tile, then registers repeat it to cover 1024.
  LinearLayout tile =
      get(LinearLayout::identity1D(4, kRegister, outDimName(0)) *
          LinearLayout::identity1D(32, kLane, outDimName(0)) *
          LinearLayout::identity1D(4, kWarp, outDimName(0)) *
          LinearLayout::identity1D(1, kBlock, outDimName(0)));
  EXPECT_EQ(tile.getOutDimSize(outDimName(0)), 512);
  EXPECT_EQ(get(ensureLayoutNotSmallerThan(tile, {{outDimName(0), 1024}})), ll);
  LinearLayout standard = get(identityStandardND(kRegister, {4}, {0}) *
                              identityStandardND(kLane, {32}, {0}) *
                              identityStandardND(kWarp, {4}, {0}) *
                              identityStandardND(kBlock, {1}, {0}));
  EXPECT_EQ(standard, tile);
  // Growing to a size it already has is a no-op.
  EXPECT_EQ(get(ensureLayoutNotSmallerThan(ll, {{outDimName(0), 256}})), ll);
  EXPECT_FALSE(ensureLayoutNotSmallerThan(ll, {{outDimName(1), 2}}));
}

TEST(LinearLayout, Blocked2DWorkedExample) {
  LinearLayout ll = blocked2D();
  EXPECT_TRUE(ll.isInvertible());
  EXPECT_EQ(ll.getNumRegisters(), 8);
  for (int32_t w = 0; w < 4; ++w) {
    for (int32_t l = 0; l < 32; ++l) {
      for (int32_t r = 0; r < 8; ++r) {
        std::vector<int32_t> ij =
            at(ll, {{kRegister, r}, {kLane, l}, {kWarp, w}});
        ASSERT_EQ(ij.size(), 2u);
        int32_t i = ij[0], j = ij[1];
        // triton.md 6.1: element (i, j) lives in warp i/8, lane
        // (j/4)%4 + 4(i%8), register j%4 + 4((j/16)%2).
        ASSERT_EQ(w, i / 8);
        ASSERT_EQ(l, (j / 4) % 4 + 4 * (i % 8));
        ASSERT_EQ(r, j % 4 + 4 * ((j / 16) % 2));
      }
    }
  }

  // Built from the encoding parameters: identityStandardND walks order[0]
  // (dim1) first, then the 32x16 tile repeats along dim1 in registers.
  std::vector<unsigned> order = {1, 0};
  std::optional<LinearLayout> cta =
      identityStandardND(kRegister, {1, 4}, order) *
      identityStandardND(kLane, {8, 4}, order) *
      identityStandardND(kWarp, {4, 1}, order) *
      identityStandardND(kBlock, {1, 1}, order);
  ASSERT_TRUE(cta);
  EXPECT_EQ(cta->getOutDimNames(),
            (std::vector<std::string>{outDimName(1), outDimName(0)}));
  std::optional<LinearLayout> full = ensureLayoutNotSmallerThan(
      *cta, {{outDimName(1), 32}, {outDimName(0), 32}});
  ASSERT_TRUE(full);
  EXPECT_EQ(get(full->transposeOuts({outDimName(0), outDimName(1)})), ll);
}

TEST(LinearLayout, MmaV2Accumulator) {
  // #nvidia_mma v2, one warp, 16x8 tile: registers [0,1], [8,0].
  LinearLayout acc =
      make({{kRegister, {{0, 1}, {8, 0}}}, {kLane, kMmaLanes}, {kWarp, {}}},
           {{outDimName(0), 16}, {outDimName(1), 8}});
  EXPECT_TRUE(acc.isInvertible());
  for (int32_t l = 0; l < 32; ++l) {
    for (int32_t r = 0; r < 4; ++r) {
      // PTX: c0,c1 at (g, 2t + {0,1}); c2,c3 at (g + 8, 2t + {0,1}).
      int32_t row = l / 4 + 8 * (r / 2);
      int32_t col = 2 * (l % 4) + r % 2;
      ASSERT_EQ(at(acc, {{kRegister, r}, {kLane, l}}),
                (std::vector<int32_t>{row, col}))
          << "lane " << l << " reg " << r;
    }
  }
  EXPECT_EQ(acc.getNumConsecutiveInOut(kRegister, outDimName(1)), 2);
}

TEST(LinearLayout, MmaV2OperandA) {
  // #dot_op<{opIdx = 0, parent = #mma, kWidth = 2}> for f16: 16x16 (M x K).
  LinearLayout a =
      make({{kRegister, {{0, 1}, {8, 0}, {0, 8}}}, {kLane, kMmaLanes}},
           {{outDimName(0), 16}, {outDimName(1), 16}});
  EXPECT_TRUE(a.isInvertible());
  for (int32_t l = 0; l < 32; ++l) {
    for (int32_t r = 0; r < 8; ++r) {
      // PTX: a0,a1 (g, 2t+{0,1}); a2,a3 (g+8, ..); a4,a5 (g, 2t+8+{0,1});
      // a6,a7 (g+8, 2t+8+{0,1}).
      int32_t row = l / 4 + 8 * ((r / 2) % 2);
      int32_t col = 2 * (l % 4) + r % 2 + 8 * (r / 4);
      ASSERT_EQ(at(a, {{kRegister, r}, {kLane, l}}),
                (std::vector<int32_t>{row, col}))
          << "lane " << l << " reg " << r;
    }
  }

  // Operand B (K x N, K contiguous): b0,b1 at (k = 2t+{0,1}, n = g),
  // b2,b3 at (k = 2t+8+{0,1}, n = g).
  LinearLayout b = make({{kRegister, {{1, 0}, {8, 0}}},
                         {kLane, {{2, 0}, {4, 0}, {0, 1}, {0, 2}, {0, 4}}}},
                        {{outDimName(0), 16}, {outDimName(1), 8}});
  for (int32_t l = 0; l < 32; ++l)
    for (int32_t r = 0; r < 4; ++r)
      ASSERT_EQ(
          at(b, {{kRegister, r}, {kLane, l}}),
          (std::vector<int32_t>{2 * (l % 4) + r % 2 + 8 * (r / 2), l / 4}));
}

TEST(LinearLayout, MmaV2WarpsWorkedExample) {
  // triton.md 6.3: warpsPerCTA = [2, 2] on a 64x64 f32 accumulator.
  LinearLayout ll =
      make({{kRegister, {{0, 1}, {8, 0}, {0, 16}, {0, 32}, {32, 0}}},
            {kLane, kMmaLanes},
            {kWarp, {{0, 8}, {16, 0}}}},
           {{outDimName(0), 64}, {outDimName(1), 64}});
  EXPECT_EQ(ll.getNumRegisters(), 32);
  EXPECT_TRUE(ll.isInvertible());
  // Row-major warps: warp 1 is to the right of warp 0, warp 2 below it.
  EXPECT_EQ(at(ll, {{kWarp, 1}}), (std::vector<int32_t>{0, 8}));
  EXPECT_EQ(at(ll, {{kWarp, 2}}), (std::vector<int32_t>{16, 0}));
  EXPECT_EQ(at(ll, {{kRegister, 31}, {kLane, 31}, {kWarp, 3}}),
            (std::vector<int32_t>{7 + 8 + 16 + 32, 7 + 8 + 16 + 32}));
}

//===----------------------------------------------------------------------===//
// Algebra
//===----------------------------------------------------------------------===//

TEST(LinearLayout, Product) {
  LinearLayout p = get(LinearLayout::identity1D(4, kRegister, outDimName(0)) *
                       LinearLayout::identity1D(8, kLane, outDimName(0)));
  EXPECT_EQ(p, make({{kRegister, {{1}, {2}}}, {kLane, {{4}, {8}, {16}}}},
                    {{outDimName(0), 32}}));

  // Same in-dim, different out-dims: inner's bits come first.
  LinearLayout q = get(LinearLayout::identity1D(2, kRegister, outDimName(1)) *
                       LinearLayout::identity1D(4, kRegister, outDimName(0)));
  EXPECT_EQ(q, make({{kRegister, {{1, 0}, {0, 1}, {0, 2}}}},
                    {{outDimName(1), 2}, {outDimName(0), 4}}));

  // Same in-dim and out-dim: sizes multiply, outer shifted above inner.
  EXPECT_EQ(get(LinearLayout::identity1D(2, kRegister, outDimName(0)) *
                LinearLayout::identity1D(4, kRegister, outDimName(0))),
            get(LinearLayout::identity1D(8, kRegister, outDimName(0))));
  EXPECT_EQ(get(LinearLayout::identity1D(4, kLane, outDimName(0)) *
                LinearLayout::zeros1D(2, kLane, outDimName(0))),
            make({{kLane, {{1}, {2}, {0}}}}, {{outDimName(0), 4}}));

  // Disjoint dims: a block-diagonal layout.
  LinearLayout d = get(LinearLayout::identity1D(4, kLane, outDimName(1)) *
                       LinearLayout::identity1D(2, kWarp, outDimName(0)));
  EXPECT_EQ(d, make({{kLane, {{1, 0}, {2, 0}}}, {kWarp, {{0, 1}}}},
                    {{outDimName(1), 4}, {outDimName(0), 2}}));

  // The empty layout is the unit.
  EXPECT_EQ(get(LinearLayout() * blocked2D()), blocked2D());
  EXPECT_EQ(get(blocked2D() * LinearLayout()), blocked2D());

  std::optional<LinearLayout> acc = LinearLayout();
  acc *= LinearLayout::identity1D(4, kRegister, outDimName(0));
  acc *= LinearLayout::identity1D(32, kLane, outDimName(0));
  acc *= LinearLayout::identity1D(4, kWarp, outDimName(0));
  acc *= LinearLayout::identity1D(1, kBlock, outDimName(0));
  EXPECT_EQ(get(acc), make({{kRegister, {{1}, {2}}},
                            {kLane, {{4}, {8}, {16}, {32}, {64}}},
                            {kWarp, {{128}, {256}}},
                            {kBlock, {}}},
                           {{outDimName(0), 512}}));
}

TEST(LinearLayout, ComposeAndInvert) {
  LinearLayout ll = blocked2D();
  std::string error;
  std::optional<LinearLayout> inv = ll.invert(&error);
  ASSERT_TRUE(inv) << error;
  EXPECT_EQ(inv->getInDimNames(), standardOutDimNames(2));
  EXPECT_EQ(inv->getOutDimNames(),
            (std::vector<std::string>{kRegister, kLane, kWarp, kBlock}));
  // Element (9, 21): warp 1, lane (21/4)%4 + 4(9%8) = 5, register
  // 21%4 + 4((21/16)%2) = 5.
  EXPECT_EQ(at(*inv, {{outDimName(0), 9}, {outDimName(1), 21}}),
            (std::vector<int32_t>{5, 5, 1, 0}));

  // L^-1 o L is the identity on hardware indices, L o L^-1 on elements.
  EXPECT_EQ(
      get(inv->compose(ll)),
      get(identity({{kRegister, 8}, {kLane, 32}, {kWarp, 4}, {kBlock, 1}})));
  EXPECT_EQ(get(ll.compose(*inv)),
            get(identity({{outDimName(0), 32}, {outDimName(1), 32}})));

  // compose is f o g: register r -> element r -> address 2r.
  LinearLayout inner =
      get(LinearLayout::identity1D(4, kRegister, outDimName(0)));
  LinearLayout outer =
      get(LinearLayout::strided1D(8, 2, outDimName(0), "addr"));
  LinearLayout composed = get(outer.compose(inner));
  EXPECT_EQ(composed.getInDimNames(), std::vector<std::string>{kRegister});
  EXPECT_EQ(composed.getOutDimSize("addr"), 16);
  EXPECT_EQ(at(composed, {{kRegister, 3}}), std::vector<int32_t>{6});

  // Mismatched dims and non-invertible layouts are reported, not fatal.
  error.clear();
  EXPECT_FALSE(inner.compose(outer, &error));
  EXPECT_FALSE(error.empty());
  error.clear();
  EXPECT_FALSE(
      get(LinearLayout::zeros1D(4, kWarp, outDimName(0))).invert(&error));
  EXPECT_NE(error.find("bijective"), std::string::npos) << error;
  EXPECT_FALSE(get(LinearLayout::strided1D(4, 2, "r", "d")).invert());
  // A layout whose out-dim is too small for the inner's output.
  EXPECT_FALSE(
      get(LinearLayout::identity1D(4, outDimName(0), "x"))
          .compose(get(LinearLayout::identity1D(8, "r", outDimName(0)))));
}

TEST(LinearLayout, InvertAndComposeIdentities) {
  // Bijective: L^-1 o L is the identity.
  LinearLayout ll = blocked2D();
  EXPECT_EQ(
      get(ll.invertAndCompose(ll)),
      get(identity({{kRegister, 8}, {kLane, 32}, {kWarp, 4}, {kBlock, 1}})));

  // Broadcast: 16 elements, lanes 16..31 repeat lanes 0..15 and all 4 warps
  // hold the same data. The conversion to itself still moves nothing.
  LinearLayout bcast = make({{kRegister, {{1}}},
                             {kLane, {{2}, {4}, {8}, {0}, {0}}},
                             {kWarp, {{0}, {0}}}},
                            {{outDimName(0), 16}});
  LinearLayout self = get(bcast.invertAndCompose(bcast));
  EXPECT_EQ(self, get(identity({{kRegister, 2}, {kLane, 32}, {kWarp, 4}})));
  EXPECT_TRUE(self.isTrivialOver({kRegister, kLane, kWarp}));
}

TEST(LinearLayout, InvertAndComposeConversion) {
  // src: 2 consecutive elements per thread; dst: 1 per thread, lanes first.
  LinearLayout src =
      make({{kRegister, {{1}}}, {kLane, {{2}, {4}, {8}, {16}, {32}}}},
           {{outDimName(0), 64}});
  LinearLayout dst =
      make({{kRegister, {{32}}}, {kLane, {{1}, {2}, {4}, {8}, {16}}}},
           {{outDimName(0), 64}});
  LinearLayout cvt = get(src.invertAndCompose(dst));
  EXPECT_EQ(cvt.getOutDimNames(), (std::vector<std::string>{kRegister, kLane}));
  // src register 1 holds element 1, which is dst lane 1, register 0.
  EXPECT_EQ(at(cvt, {{kRegister, 1}}), (std::vector<int32_t>{0, 1}));
  // src lane 16 holds element 32, dst register 1 of lane 0.
  EXPECT_EQ(at(cvt, {{kLane, 16}}), (std::vector<int32_t>{1, 0}));
  // dst(cvt(x)) == src(x) everywhere.
  for (int32_t l = 0; l < 32; ++l) {
    for (int32_t r = 0; r < 2; ++r) {
      std::vector<int32_t> y = at(cvt, {{kRegister, r}, {kLane, l}});
      ASSERT_EQ(at(dst, {{kRegister, y[0]}, {kLane, y[1]}}),
                at(src, {{kRegister, r}, {kLane, l}}));
    }
  }
  EXPECT_FALSE(cvt.isTrivialOver({kRegister}));
  EXPECT_FALSE(cvt.isTrivialOver({kLane}));
}

TEST(LinearLayout, InvertAndComposeBroadcastRules) {
  // dst holds element 1 both in register 1 and in lane 1 (non-injective).
  LinearLayout dst =
      make({{kRegister, {{1}}}, {kLane, {{1}, {2}}}}, {{outDimName(0), 4}});
  EXPECT_EQ(dst.getFreeVariableMasks(),
            (std::vector<NamedValue>{{kRegister, 0}, {kLane, 1}}));

  // Rule 1: src's lane bits match dst's lane bits, so lanes map to lanes
  // even though registers would also do.
  LinearLayout srcLanes = make({{kLane, {{1}, {2}}}}, {{outDimName(0), 4}});
  EXPECT_EQ(get(srcLanes.invertAndCompose(dst)),
            make({{kLane, {{0, 1}, {0, 2}}}}, {{kRegister, 2}, {kLane, 4}}));

  // Rule 2: a dim dst lacks takes the canonical preimage, which prefers the
  // earliest bits (register over lane) and maps broadcast bits to zero.
  LinearLayout srcWarps =
      make({{kWarp, {{1}, {0}, {2}}}}, {{outDimName(0), 4}});
  EXPECT_EQ(
      get(srcWarps.invertAndCompose(dst)),
      make({{kWarp, {{1, 0}, {0, 0}, {0, 2}}}}, {{kRegister, 2}, {kLane, 4}}));

  // Elements missing from dst, or foreign out-dims, are errors.
  std::string error;
  LinearLayout evens =
      get(LinearLayout::strided1D(4, 2, kRegister, outDimName(0)));
  LinearLayout all8 =
      get(LinearLayout::identity1D(8, kRegister, outDimName(0)));
  EXPECT_FALSE(all8.invertAndCompose(evens, &error));
  EXPECT_NE(error.find("not held"), std::string::npos) << error;
  error.clear();
  EXPECT_FALSE(get(LinearLayout::identity1D(4, kRegister, outDimName(1)))
                   .invertAndCompose(dst, &error));
  EXPECT_FALSE(error.empty());
}

TEST(LinearLayout, FreeVariableMasks) {
  // register bit 1 and warp bit 0 broadcast; lane bit 4 repeats lane bit 0.
  LinearLayout ll = make({{kRegister, {{1}, {0}}},
                          {kLane, {{2}, {4}, {0}, {8}, {2}}},
                          {kWarp, {{0}, {16}}}},
                         {{outDimName(0), 32}});
  EXPECT_EQ(ll.getFreeVariableMasks(),
            (std::vector<NamedValue>{
                {kRegister, 0b10}, {kLane, 0b10100}, {kWarp, 0b01}}));
  EXPECT_TRUE(ll.isSurjective());
  EXPECT_FALSE(ll.isInjective());
  EXPECT_FALSE(ll.isInvertible());

  // An injective layout has no free variables.
  for (const NamedValue &mask : blocked2D().getFreeVariableMasks())
    EXPECT_EQ(mask.second, 0) << mask.first;
}

TEST(LinearLayout, SublayoutAndTranspose) {
  LinearLayout ll = blocked2D();
  EXPECT_EQ(get(ll.sublayout({kRegister}, {outDimName(1)})),
            make({{kRegister, {{1}, {2}, {16}}}}, {{outDimName(1), 32}}));
  // The result keeps the layout's order, not the order asked for.
  EXPECT_EQ(get(ll.sublayout({kWarp, kLane}, {outDimName(0)})),
            make({{kLane, {{0}, {0}, {1}, {2}, {4}}}, {kWarp, {{8}, {16}}}},
                 {{outDimName(0), 32}}));
  std::string error;
  EXPECT_FALSE(ll.sublayout({"thread"}, {outDimName(0)}, &error));
  EXPECT_NE(error.find("thread"), std::string::npos) << error;
  EXPECT_FALSE(ll.sublayout({kLane}, {outDimName(2)}));

  LinearLayout t = get(ll.transposeOuts({outDimName(1), outDimName(0)}));
  EXPECT_EQ(t.getBasis(kLane, 2, outDimName(0)), 1);
  EXPECT_EQ(t.getBases()[1].second[2], (LinearLayout::Basis{0, 1}));
  EXPECT_EQ(get(t.transposeOuts({outDimName(0), outDimName(1)})), ll);
  EXPECT_FALSE(ll.transposeOuts({outDimName(0)}));
  EXPECT_FALSE(ll.transposeOuts({outDimName(0), outDimName(0)}));

  LinearLayout ti = get(ll.transposeIns({kWarp, kBlock, kRegister, kLane}));
  EXPECT_EQ(ti.getInDimNames(),
            (std::vector<std::string>{kWarp, kBlock, kRegister, kLane}));
  EXPECT_EQ(at(ti, {{kRegister, 3}, {kLane, 9}, {kWarp, 2}}),
            at(ll, {{kRegister, 3}, {kLane, 9}, {kWarp, 2}}));
  EXPECT_FALSE(ll.transposeIns({kWarp, kLane}));
}

TEST(LinearLayout, ReshapeRoundTrips) {
  LinearLayout ll = blocked2D();

  // Triton's convention: the first listed dim is the least significant.
  LinearLayout flatOut = ll.flattenOuts();
  EXPECT_EQ(flatOut.getOutDims(),
            (std::vector<NamedSize>{{outDimName(0), 1024}}));
  // (dim0, dim1) = (1, 0) flattens to 1 + 0 * 32, (0, 1) to 32.
  EXPECT_EQ(flatOut.getBasis(kLane, 2, outDimName(0)), 1);
  EXPECT_EQ(flatOut.getBasis(kRegister, 0, outDimName(0)), 32);
  EXPECT_EQ(
      get(flatOut.reshapeOuts({{outDimName(0), 32}, {outDimName(1), 32}})), ll);

  LinearLayout flatIn = ll.flattenIns();
  EXPECT_EQ(flatIn.getInDimNames(), std::vector<std::string>{kRegister});
  EXPECT_EQ(flatIn.getInDimSize(kRegister), 1024);
  // Flat index 8 is lane 1 (registers are the low 3 bits).
  EXPECT_EQ(at(flatIn, {{kRegister, 8}}), at(ll, {{kLane, 1}}));
  EXPECT_EQ(get(flatIn.reshapeIns(
                {{kRegister, 8}, {kLane, 32}, {kWarp, 4}, {kBlock, 1}})),
            ll);

  LinearLayout x = get(LinearLayout::identity1D(32, "in", "x"));
  LinearLayout ab = get(x.reshapeOuts({{"a", 4}, {"b", 8}}));
  EXPECT_EQ(at(ab, {{"in", 5}}), (std::vector<int32_t>{1, 1}));
  EXPECT_EQ(at(ab, {{"in", 30}}), (std::vector<int32_t>{2, 7}));

  std::string error;
  EXPECT_FALSE(ll.reshapeIns({{kRegister, 8}}, &error));
  EXPECT_NE(error.find("total size"), std::string::npos) << error;
  EXPECT_FALSE(ll.reshapeOuts({{outDimName(0), 24}, {outDimName(1), 32}}));

  // Row-major reshape, as tt.reshape sees it: element e of the 1-D layout
  // becomes (e / 128, e % 128).
  LinearLayout oneD = blocked1D();
  LinearLayout twoD = get(reshapeLayoutRowMajor(oneD, {8, 128}));
  EXPECT_EQ(twoD.getOutDims(),
            (std::vector<NamedSize>{{outDimName(0), 8}, {outDimName(1), 128}}));
  for (int32_t w = 0; w < 4; ++w)
    for (int32_t l = 0; l < 32; l += 3)
      for (int32_t r = 0; r < 8; ++r) {
        int32_t e = r % 4 + 4 * l + 128 * w + 512 * (r / 4);
        ASSERT_EQ(at(twoD, {{kRegister, r}, {kLane, l}, {kWarp, w}}),
                  (std::vector<int32_t>{e / 128, e % 128}));
      }
  EXPECT_EQ(get(reshapeLayoutRowMajor(twoD, {1024})), oneD);
  EXPECT_EQ(get(reshapeLayoutRowMajor(
                get(reshapeLayoutRowMajor(ll, {4, 8, 32})), {32, 32})),
            ll);
}

TEST(LinearLayout, NumConsecutiveInOut) {
  EXPECT_EQ(blocked1D().getNumConsecutiveInOut(), 4);

  LinearLayout onePerThread =
      make({{kRegister, {}}, {kLane, {{1}, {2}}}}, {{outDimName(0), 4}});
  EXPECT_EQ(onePerThread.getNumConsecutiveInOut(), 1);

  // The first out-dim of the worked example is dim0, which registers do not
  // walk; along dim1 each thread holds 4-wide vectors.
  LinearLayout ll = blocked2D();
  EXPECT_EQ(ll.getNumConsecutiveInOut(), 1);
  EXPECT_EQ(ll.getNumConsecutiveInOut(kRegister, outDimName(1)), 4);
  EXPECT_EQ(get(ll.transposeOuts({outDimName(1), outDimName(0)}))
                .getNumConsecutiveInOut(),
            4);

  // Registers walk 0..7, but a lane also lands on element 2, so only the
  // first two registers form a run no other location interleaves with.
  LinearLayout clash = make({{kRegister, {{1}, {2}, {4}}}, {kLane, {{2}, {8}}}},
                            {{outDimName(0), 16}});
  EXPECT_EQ(clash.getNumConsecutiveInOut(), 2);

  // Registers out of order.
  EXPECT_EQ(make({{kRegister, {{2}, {1}}}}, {{outDimName(0), 4}})
                .getNumConsecutiveInOut(),
            1);
  // A 2-D register basis is not a step along the first dim alone.
  EXPECT_EQ(
      make({{kRegister, {{1, 1}}}}, {{outDimName(0), 2}, {outDimName(1), 2}})
          .getNumConsecutiveInOut(),
      1);
  EXPECT_EQ(LinearLayout().getNumConsecutiveInOut(), 1);
  EXPECT_EQ(ll.getNumConsecutiveInOut("thread", outDimName(1)), 1);
}

TEST(LinearLayout, IsTrivialOverAndQuotient) {
  LinearLayout id = get(identity({{kRegister, 4}, {kLane, 32}, {kWarp, 4}}));
  EXPECT_TRUE(id.isTrivialOver({kWarp}));
  EXPECT_TRUE(id.isTrivialOver({kRegister, kLane, kWarp}));
  EXPECT_TRUE(id.isTrivialOver({}));
  EXPECT_FALSE(id.isTrivialOver({kBlock}));

  // A register permutation that leaves lanes and warps alone.
  LinearLayout cvt = make({{kRegister, {{2, 0, 0}, {1, 0, 0}}},
                           {kLane, {{0, 1, 0}, {0, 2, 0}}},
                           {kWarp, {{0, 0, 1}}}},
                          {{kRegister, 4}, {kLane, 4}, {kWarp, 2}});
  EXPECT_FALSE(cvt.isTrivialOver({kRegister}));
  EXPECT_TRUE(cvt.isTrivialOver({kLane, kWarp}));
  EXPECT_EQ(get(cvt.quotient({kLane, kWarp})),
            make({{kRegister, {{2}, {1}}}}, {{kRegister, 4}}));
  EXPECT_FALSE(cvt.quotient({kRegister}));

  // A lane bit that also moves registers is not trivial over lanes.
  LinearLayout mixed = make({{kRegister, {{1, 0}}}, {kLane, {{1, 1}}}},
                            {{kRegister, 2}, {kLane, 2}});
  EXPECT_FALSE(mixed.isTrivialOver({kLane}));
  // Nor is a dim whose in and out sizes differ.
  LinearLayout grown = make({{kWarp, {{1}}}}, {{kWarp, 4}});
  EXPECT_FALSE(grown.isTrivialOver({kWarp}));
}

TEST(LinearLayout, ToString) {
  LinearLayout ll = get(LinearLayout::identity1D(4, kRegister, outDimName(0)) *
                        LinearLayout::identity1D(2, kLane, outDimName(0)) *
                        LinearLayout::identity1D(1, kWarp, outDimName(0)));
  EXPECT_EQ(ll.toString(),
            "{register = [[1], [2]], lane = [[4]], warp = []} -> {dim0 = 8}");
  EXPECT_EQ(make({{kOffset, {{0, 1}, {1, 8}}}},
                 {{outDimName(0), 2}, {outDimName(1), 16}})
                .toString(),
            "{offset = [[0, 1], [1, 8]]} -> {dim0 = 2, dim1 = 16}");
  EXPECT_EQ(LinearLayout().toString(), "{} -> {}");
}
