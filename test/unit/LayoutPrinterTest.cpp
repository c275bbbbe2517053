//===- LayoutPrinterTest.cpp - Unit tests of the layout printer -----------===//

#include "dialects/ttg/layout/LayoutPrinter.h"

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

size_t count(const std::string &haystack, const std::string &needle) {
  size_t n = 0;
  for (size_t pos = haystack.find(needle); pos != std::string::npos;
       pos = haystack.find(needle, pos + 1))
    ++n;
  return n;
}

/// 8 elements: 2 registers, 2 lanes, 2 warps.
LinearLayout small1D() {
  return make(
      {{kRegister, {{1}}}, {kLane, {{2}}}, {kWarp, {{4}}}, {kBlock, {}}},
      {{outDimName(0), 8}});
}

/// A 2x4 tile: 2 registers along the row, lanes 0..1 along it too, lane bit
/// 1 moves down a row; one warp.
LinearLayout small2D() {
  return make({{kRegister, {{0, 1}}}, {kLane, {{0, 2}, {1, 0}}}, {kWarp, {}}},
              {{outDimName(0), 2}, {outDimName(1), 4}});
}
} // namespace

TEST(LayoutPrinter, Text1D) {
  std::string error;
  std::optional<std::string> text = printLayoutTable(small1D(), {}, &error);
  ASSERT_TRUE(text) << error;
  EXPECT_EQ(*text, "# element: w=warp l=lane r=register\n"
                   "[0] w0:l0:r0\n"
                   "[1] w0:l0:r1\n"
                   "[2] w0:l1:r0\n"
                   "[3] w0:l1:r1\n"
                   "[4] w1:l0:r0\n"
                   "[5] w1:l0:r1\n"
                   "[6] w1:l1:r0\n"
                   "[7] w1:l1:r1\n");
}

TEST(LayoutPrinter, Text1DBroadcastAndUnheld) {
  // Lanes 2 and 3 repeat lanes 0 and 1; the shape is twice the layout.
  LinearLayout ll = make({{kRegister, {{1}}}, {kLane, {{2}, {0}}}, {kWarp, {}}},
                         {{outDimName(0), 4}});
  std::optional<std::string> text = printLayoutTable(ll, {6});
  ASSERT_TRUE(text);
  EXPECT_EQ(*text, "# element: w=warp l=lane r=register\n"
                   "[0] w0:l0:r0,w0:l2:r0\n"
                   "[1] w0:l0:r1,w0:l2:r1\n"
                   "[2] w0:l1:r0,w0:l3:r0\n"
                   "[3] w0:l1:r1,w0:l3:r1\n"
                   "[4] -\n"
                   "[5] -\n");
}

TEST(LayoutPrinter, Text2D) {
  std::optional<std::string> text = printLayoutTable(small2D());
  ASSERT_TRUE(text);
  EXPECT_EQ(*text, "# cell: w=warp l=lane r=register\n"
                   "   0         1         2         3\n"
                   "0  w0:l0:r0  w0:l0:r1  w0:l1:r0  w0:l1:r1\n"
                   "1  w0:l2:r0  w0:l2:r1  w0:l3:r0  w0:l3:r1\n");
}

TEST(LayoutPrinter, Text2DMmaAccumulator) {
  // mma.sync m16n8k16 accumulator: row 8, column 3 is c3 of lane 1.
  LinearLayout acc = make({{kRegister, {{0, 1}, {8, 0}}},
                           {kLane, {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
                           {kWarp, {}}},
                          {{outDimName(0), 16}, {outDimName(1), 8}});
  std::optional<std::string> text = printLayoutTable(acc);
  ASSERT_TRUE(text);
  // Legend, header, then 16 rows.
  EXPECT_EQ(count(*text, "\n"), 18u);
  // Columns are 9 wide ("w0:l28:r0"), so short cells get a padding space.
  EXPECT_NE(text->find("\n8   w0:l0:r2   w0:l0:r3   w0:l1:r2   w0:l1:r3   "
                       "w0:l2:r2   w0:l2:r3   w0:l3:r2   w0:l3:r3\n"),
            std::string::npos)
      << *text;
  EXPECT_NE(text->find("\n15  w0:l28:r2  w0:l28:r3  w0:l29:r2"),
            std::string::npos)
      << *text;

  std::optional<std::vector<ElementHolders>> holders =
      getElementHolders(acc, {});
  ASSERT_TRUE(holders);
  ASSERT_EQ(holders->size(), 128u);
  // Element (8, 3): register 3 of lane 1, in in-dim order.
  EXPECT_EQ((*holders)[8 * 8 + 3],
            (ElementHolders{std::vector<int32_t>{3, 1, 0}}));
  EXPECT_EQ(formatHolder(acc, {3, 1, 0}), "w0:l1:r3");
}

TEST(LayoutPrinter, BlockShownWhenLarger) {
  LinearLayout ll =
      make({{kRegister, {}}, {kBlock, {{1}}}}, {{outDimName(0), 2}});
  EXPECT_EQ(formatHolder(ll, {0, 1}), "b1:r0");
  LinearLayout shared = make({{kOffset, {{1}, {2}}}}, {{outDimName(0), 4}});
  std::optional<std::string> text = printLayoutTable(shared);
  ASSERT_TRUE(text);
  EXPECT_EQ(*text, "# element: o=offset\n[0] o0\n[1] o1\n[2] o2\n[3] o3\n");
}

TEST(LayoutPrinter, SVG) {
  std::string error;
  std::optional<std::string> svg = printLayoutSVG(small2D(), {}, &error);
  ASSERT_TRUE(svg) << error;
  EXPECT_EQ(svg->rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(svg->find("</svg>\n"), std::string::npos);
  EXPECT_EQ(count(*svg, "<rect "), 8u);
  EXPECT_NE(svg->find(">l3</text>"), std::string::npos);
  EXPECT_NE(svg->find(">r1</text>"), std::string::npos);

  // 64 elements over 2 warps wrap into two rows of 32 cells; each warp has
  // its own colour.
  LinearLayout ll = make(
      {{kRegister, {{1}}}, {kLane, {{2}, {4}, {8}, {16}}}, {kWarp, {{32}}}},
      {{outDimName(0), 64}});
  svg = printLayoutSVG(ll);
  ASSERT_TRUE(svg);
  EXPECT_EQ(count(*svg, "<rect "), 64u);
  EXPECT_EQ(count(*svg, "fill=\"#8dd3c7\""), 32u);
  EXPECT_EQ(count(*svg, "fill=\"#ffffb3\""), 32u);
  EXPECT_NE(svg->find("height=\"112\""), std::string::npos) << *svg;

  // Broadcast cells carry a "+n" marker; unheld cells are white.
  LinearLayout bcast =
      make({{kRegister, {{1}}}, {kLane, {{0}}}}, {{outDimName(0), 2}});
  svg = printLayoutSVG(bcast, {4});
  ASSERT_TRUE(svg);
  EXPECT_EQ(count(*svg, "<rect "), 4u);
  EXPECT_EQ(count(*svg, ">+1</text>"), 2u);
  EXPECT_EQ(count(*svg, "fill=\"#ffffff\""), 2u);
}

TEST(LayoutPrinter, RejectsBadInput) {
  std::string error;
  EXPECT_FALSE(printLayoutTable(small2D(), {2, 2, 2}, &error));
  EXPECT_FALSE(error.empty());
  EXPECT_FALSE(printLayoutTable(small2D(), {8}));
  LinearLayout odd = make({{kLane, {{1}}}}, {{"x", 2}});
  error.clear();
  EXPECT_FALSE(printLayoutSVG(odd, {}, &error));
  EXPECT_NE(error.find(outDimName(0)), std::string::npos) << error;
  EXPECT_FALSE(printLayoutTable(small1D(), {0}));
}
