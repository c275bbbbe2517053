//===- LayoutOrderTest.cpp - Unit tests of the layout order heuristics ----===//

#include "dialects/ttg/layout/LayoutOrder.h"

#include "gtest/gtest.h"

using namespace mlir::tile::layout;

namespace {
/// A 2-D register layout from its register and lane bases (no warps).
LinearLayout make2D(std::vector<LinearLayout::Basis> registers,
                    std::vector<LinearLayout::Basis> lanes) {
  std::string error;
  std::optional<LinearLayout> ll = LinearLayout::create(
      {{kRegister, std::move(registers)}, {kLane, std::move(lanes)}},
      standardOutDimNames(2), &error);
  EXPECT_TRUE(ll.has_value()) << error;
  return ll ? *ll : LinearLayout();
}

TEST(LayoutOrder, RegistersDecide) {
  // Two registers along dim1, then lanes along dim1 and dim0: row-major.
  LinearLayout ll = make2D({{0, 1}}, {{0, 2}, {1, 0}});
  EXPECT_EQ(getRegisterOrder(ll), (std::vector<unsigned>{1, 0}));
  EXPECT_EQ(getLaneOrder(ll), (std::vector<unsigned>{1, 0}));
  EXPECT_EQ(getOrderForMemory(ll), (std::vector<unsigned>{1, 0}));
}

TEST(LayoutOrder, LanesDecideWhenAThreadHoldsOneElementAlongThem) {
  // Registers along dim0, lanes along dim1, one element per thread along
  // dim1: the lanes' order wins.
  LinearLayout ll = make2D({{1, 0}}, {{0, 1}, {0, 2}});
  EXPECT_EQ(getRegisterOrder(ll), (std::vector<unsigned>{0, 1}));
  EXPECT_EQ(getLaneOrder(ll), (std::vector<unsigned>{1, 0}));
  EXPECT_EQ(getElementsPerThreadPerDim(ll), (std::vector<unsigned>{2, 1}));
  EXPECT_EQ(getOrderForMemory(ll), (std::vector<unsigned>{1, 0}));
}

TEST(LayoutOrder, RegistersWinWhenThreadsHoldSeveralAlongBoth) {
  LinearLayout ll = make2D({{1, 0}, {0, 1}}, {{0, 2}, {2, 0}});
  EXPECT_EQ(getRegisterOrder(ll), (std::vector<unsigned>{0, 1}));
  EXPECT_EQ(getLaneOrder(ll), (std::vector<unsigned>{1, 0}));
  EXPECT_EQ(getOrderForMemory(ll), (std::vector<unsigned>{0, 1}));
}

TEST(LayoutOrder, BroadcastBasesAreSkipped) {
  // A broadcast register basis moves along no dim; it counts towards the
  // previous dim's elements, as Triton counts.
  LinearLayout ll = make2D({{0, 1}, {0, 0}}, {{1, 0}});
  EXPECT_EQ(getRegisterOrder(ll), (std::vector<unsigned>{1, 0}));
  EXPECT_EQ(getElementsPerThreadPerDim(ll), (std::vector<unsigned>{1, 4}));
}
} // namespace
