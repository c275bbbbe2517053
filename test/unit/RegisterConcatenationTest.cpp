//===- RegisterConcatenationTest.cpp - Unit tests of concatenateRegisters -===//

#include "dialects/ttg/layout/RegisterConcatenation.h"

#include "gtest/gtest.h"

using namespace mlir::tile::layout;

namespace {
/// A 1-D layout of registers, lanes and warps (2 lanes, 2 warps keep the
/// tests small).
LinearLayout make1D(std::vector<LinearLayout::Basis> registers,
                    std::vector<LinearLayout::Basis> lanes,
                    std::vector<LinearLayout::Basis> warps) {
  std::string error;
  std::optional<LinearLayout> ll =
      LinearLayout::create({{kRegister, std::move(registers)},
                            {kLane, std::move(lanes)},
                            {kWarp, std::move(warps)}},
                           standardOutDimNames(1), &error);
  EXPECT_TRUE(ll.has_value()) << error;
  return ll ? *ll : LinearLayout();
}

std::vector<std::pair<int32_t, int32_t>>
pairs(const std::vector<TensorRegister> &plan) {
  std::vector<std::pair<int32_t, int32_t>> result;
  for (const TensorRegister &source : plan)
    result.emplace_back(source.tensor, source.reg);
  return result;
}

TEST(RegisterConcatenation, TwoTensorsFillTheRegistersInOrder) {
  // 4 elements over 2 lanes x 2 warps, one register each; the result of 8
  // has two registers per thread.
  LinearLayout src = make1D({}, {{1}}, {{2}});
  LinearLayout dst = make1D({{4}}, {{1}}, {{2}});
  std::string error;
  auto plan = concatenateRegisters(src, dst, 2, &error);
  ASSERT_TRUE(plan.has_value()) << error;
  EXPECT_EQ(pairs(*plan),
            (std::vector<std::pair<int32_t, int32_t>>{{0, 0}, {1, 0}}));
}

TEST(RegisterConcatenation, BroadcastRegistersAreSkippedAndRepeated) {
  // The operand repeats its element in registers 0 and 1 (a zero basis);
  // the result repeats each of its two elements twice (register bit 0).
  LinearLayout src = make1D({{0}}, {{1}}, {{2}});
  LinearLayout dst = make1D({{0}, {4}}, {{1}}, {{2}});
  std::string error;
  auto plan = concatenateRegisters(src, dst, 2, &error);
  ASSERT_TRUE(plan.has_value()) << error;
  EXPECT_EQ(pairs(*plan), (std::vector<std::pair<int32_t, int32_t>>{
                              {0, 0}, {0, 0}, {1, 0}, {1, 0}}));
}

TEST(RegisterConcatenation, OneTensorReordersItsRegisters) {
  // Registers hold elements 1 and 2 apart: any renaming keeps the multiset.
  LinearLayout src = make1D({{1}, {2}}, {{4}}, {{8}});
  LinearLayout dst = make1D({{2}, {1}}, {{4}}, {{8}});
  auto plan = concatenateRegisters(src, dst, 1);
  ASSERT_TRUE(plan.has_value());
  EXPECT_EQ(pairs(*plan), (std::vector<std::pair<int32_t, int32_t>>{
                              {0, 0}, {0, 1}, {0, 2}, {0, 3}}));
}

TEST(RegisterConcatenation, BroadcastWarpsMustAgree) {
  // The operand is broadcast over the warps, the result is not: the two
  // warps would put the same operand elements in different result slots.
  LinearLayout src = make1D({}, {{1}}, {{0}});
  LinearLayout dst = make1D({}, {{1}}, {{2}});
  std::string error;
  EXPECT_FALSE(concatenateRegisters(src, dst, 2, &error).has_value());
  EXPECT_EQ(error, "threads holding the same elements of the operand hold "
                   "different elements of the result");
  // And the other way round.
  EXPECT_FALSE(concatenateRegisters(dst, src, 1, &error).has_value());
  EXPECT_EQ(error, "threads holding the same elements of the result hold "
                   "different elements of the operand");
}

TEST(RegisterConcatenation, CountsMustAddUp) {
  // Two operands of 2 registers do not fill 2 registers.
  LinearLayout src = make1D({{4}}, {{1}}, {{2}});
  LinearLayout dst = make1D({{4}}, {{1}}, {{2}});
  std::string error;
  EXPECT_FALSE(concatenateRegisters(src, dst, 2, &error).has_value());
  EXPECT_EQ(error, "a thread holds 2 distinct elements of the result but 2 "
                   "of each of the 2 operands");
}

TEST(RegisterConcatenation, ElementsHeldInSeveralThreadPartsAreRejected) {
  // Lane 1 holds element 1, which register 1 of lane 0 holds too: a thread
  // part overlaps another's registers.
  LinearLayout src = make1D({{1}}, {{1}}, {{2}});
  LinearLayout dst = make1D({{1}, {4}}, {{1}}, {{2}});
  std::string error;
  EXPECT_FALSE(concatenateRegisters(src, dst, 2, &error).has_value());
  EXPECT_EQ(error, "a layout holds some elements in several registers of "
                   "different threads");
}
} // namespace
