//===- DotPlan.cpp - What a tt.dot on registers lowers to -----------------===//
//
// Two plans, read off the layouts of A, B and the result:
//  * mma.sync (result #ttg.nvidia_mma version 2, operands #ttg.dot_op of it):
//    each instruction takes one 16xK fragment of A, one Kx8 fragment of B
//    and a 16x8 accumulator tile. Which registers of a thread form a
//    fragment is read off the layouts: the elements lane 0 of warp 0 holds
//    at the fragment's PTX positions. That is only right when the lanes and
//    warps hold what PTX says they hold, so the lane and warp bases of all
//    three layouts are checked against the fragment layout first.
//    f64 is not packed and has instructions of its own shapes (m8n8k4 on
//    cuda:80, m16n8kK from cuda:90) over the same 16x8 tiles. A result
//    smaller than the tile (a 2x4 dot) has layouts that hold the tile
//    broadcast; its fragments are read wrapped into the tensor.
//  * FMA (any other layouts): every thread must hold, for each of its result
//    elements (m, n), the whole row m of A and column n of B.
// A batched (rank-3) dot is the same with a batch b leading every
// coordinate: result element (b, m, n) needs A's (b, m, k) and B's (b, k, n)
// in the thread's own registers, so A's, B's and the result's lanes and
// warps must agree on their batch as they agree on M and N; mma.sync's
// fragments are 2-D, so its lanes must not step along the batch at all.
// The encoding is the decision here (which instruction family), so this
// file names the mma encoding; everything else comes from the algebra.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Dot/DotPlan.h"
#include "passes/conversion/TTGToLLVM/Dot/Fragments.h"

#include "dialects/ttg/MmaShapes.h"
#include "dialects/ttg/TTGDialect.h"

using namespace mlir;
using namespace mlir::tile;
using layout::LinearLayout;

namespace {
using namespace fragments;

/// Whether the `inDim` bases (lanes or warps) of A and B hold the batches,
/// rows and columns the same index of the result needs: A's bases are the
/// result's along the batch and M, B's along the batch and N.
bool operandsFollow(const LinearLayout &a, const LinearLayout &b,
                    const LinearLayout &c, const char *inDim) {
  int bits = c.hasInDim(inDim) ? c.getInDimSizeLog2(inDim) : 0;
  for (int bit = 0; bit < bits; ++bit) {
    Coord cb = basis(c, inDim, bit);
    if (basis(a, inDim, bit) != Coord{cb.batch, cb.row, 0} ||
        basis(b, inDim, bit) != Coord{cb.batch, 0, cb.col})
      return false;
  }
  return true;
}

bool warpsAgree(const LinearLayout &a, const LinearLayout &b,
                const LinearLayout &c) {
  return operandsFollow(a, b, c, layout::kWarp);
}

/// For lane 0 of warp 0, the register holding each element of a dot
/// operand or result; an instruction tile's element is looked up wrapped
/// into the tensor (see wrap), so a dot smaller than the tile reads its
/// broadcast copies.
struct RegisterTable {
  std::map<Coord, int> registers;
  Coord extent;

  explicit RegisterTable(const LinearLayout &layout)
      : registers(registerTable(layout)), extent(extentOf(layout)) {}
  /// Whether `at` lies inside the tensor rather than on a broadcast copy.
  bool inside(Coord at) const { return wrap(at, extent) == at; }
  /// The register holding `at`, or -1 where the thread holds none.
  int lookup(Coord at) const {
    auto it = registers.find(wrap(at, extent));
    return it == registers.end() ? -1 : it->second;
  }
};

/// The register tables of A, B and the result; fails when a result
/// register repeats an element (a second copy would miss the instructions'
/// results). A dot smaller than the tile does not: its layouts drop the
/// registers a broadcast would repeat.
struct RegisterTables {
  RegisterTable a, b, d;
};
FailureOr<RegisterTables> getMmaRegisterTables(const LinearLayout &a,
                                               const LinearLayout &b,
                                               const LinearLayout &d,
                                               std::string &why) {
  RegisterTables tables{RegisterTable(a), RegisterTable(b), RegisterTable(d)};
  if (tables.d.registers.size() != size_t(d.getNumRegisters())) {
    why = "the result's registers hold an element twice";
    return failure();
  }
  return tables;
}

/// Whether A, B and the result hold mma.sync's fragments (A's and B's
/// lanes with `width` elements along K), broadcast where the tensor is
/// smaller than the tile.
bool holdMmaSyncFragments(const LinearLayout &a, const LinearLayout &b,
                          const LinearLayout &d, int32_t width) {
  return lanesHoldFragments(a, width, /*transposed=*/false,
                            /*broadcast=*/true) &&
         lanesHoldFragments(b, width, /*transposed=*/true,
                            /*broadcast=*/true) &&
         lanesHoldFragments(d, 2, /*transposed=*/false, /*broadcast=*/true);
}

/// Whether a result register at `origin` is where a 16x8 instruction tile
/// starts.
bool startsTile(Coord origin) {
  return origin.row % ttg::kMmaV2TileM == 0 &&
         origin.col % ttg::kMmaV2TileN == 0;
}

FailureOr<DotPlan> planFma(const LinearLayout &a, const LinearLayout &b,
                           const LinearLayout &d, int64_t kSize,
                           std::string &why) {
  // Lanes may step along the batch here: each thread runs its own chains.
  if (!operandsFollow(a, b, d, layout::kLane)) {
    why = "the lanes of A and B do not hold the batches, rows and columns of "
          "the result's lanes";
    return failure();
  }
  if (!warpsAgree(a, b, d)) {
    why = "the warps of A and B do not hold the batches, rows and columns of "
          "the result's warps";
    return failure();
  }
  std::map<Coord, int> aTable = registerTable(a), bTable = registerTable(b);
  FmaDotPlan plan;
  for (int32_t r = 0; r < d.getNumRegisters(); ++r) {
    Coord at = coordOf(d, layout::kRegister, r);
    SmallVector<std::pair<int, int>> terms;
    for (int32_t k = 0; k < kSize; ++k) {
      auto ai = aTable.find({at.batch, at.row, k});
      auto bi = bTable.find({at.batch, k, at.col});
      if (ai == aTable.end() || bi == bTable.end()) {
        why = "a thread does not hold the whole K extent of A and B";
        return failure();
      }
      terms.push_back({ai->second, bi->second});
    }
    plan.terms.push_back(std::move(terms));
  }
  return DotPlan(std::move(plan));
}

FailureOr<DotPlan> planMmaV2(const LinearLayout &a, const LinearLayout &b,
                             const LinearLayout &d, int64_t kSize,
                             int64_t instrK, int p, std::string &why) {
  // A's and B's 32-bit registers hold `p` elements along K, the
  // accumulator's a pair of columns. A thread may hold `width` = q * p
  // consecutive elements along K (kWidth, e.g. 4 for f16 upcast from fp8):
  // lane t then has K elements [t * width, (t + 1) * width) and the same 4 *
  // width further, which q instructions take one register at a time. Each
  // instruction then sums a permutation of K's elements, the same for A
  // and B, which leaves the product unchanged.
  int32_t width = basis(a, layout::kLane, 0).col;
  if (width < p || width % p != 0 || !llvm::isPowerOf2_32(width / p) ||
      !holdMmaSyncFragments(a, b, d, width)) {
    why = "the operand layouts are not mma.sync fragments (check kWidth)";
    return failure();
  }
  const int32_t q = width / p;
  if (!warpsAgree(a, b, d)) {
    why = "the warps of A and B do not hold the batches, rows and columns of "
          "the result's warps";
    return failure();
  }
  if (kSize % (q * instrK) != 0) {
    why = "K = " + std::to_string(kSize) + " is not a multiple of " +
          std::to_string(q * instrK) + " (the instruction's K";
    if (q > 1)
      why += ", times " + std::to_string(q) + " for kWidth " +
             std::to_string(width);
    why += ")";
    return failure();
  }
  FailureOr<RegisterTables> tables = getMmaRegisterTables(a, b, d, why);
  if (failed(tables))
    return failure();
  // The registers of one 32-bit operand: `p` elements along K.
  auto operand = [&](const RegisterTable &table, Coord at, bool kIsRow) {
    SmallVector<int> regs;
    for (int e = 0; e < p; ++e)
      regs.push_back(table.lookup(kIsRow
                                      ? Coord{at.batch, at.row + e, at.col}
                                      : Coord{at.batch, at.row, at.col + e}));
    return regs;
  };
  MmaV2DotPlan plan{p, {}};
  const int32_t halfM = ttg::kMmaV2TileM / 2, halfK = q * instrK / 2;
  for (int64_t chunk = 0; chunk < kSize; chunk += q * instrK) {
    for (int32_t j = 0; j < q; ++j) {
      int64_t k0 = chunk + j * p;
      for (int32_t r = 0; r < d.getNumRegisters(); ++r) {
        // One instruction per 16x8 tile of each batch the thread holds.
        Coord origin = coordOf(d, layout::kRegister, r);
        int32_t b0 = origin.batch, m0 = origin.row, n0 = origin.col;
        if (!startsTile(origin))
          continue;
        MmaV2Step step;
        step.c = {tables->d.lookup({b0, m0, n0}),
                  tables->d.lookup({b0, m0, n0 + 1}),
                  tables->d.lookup({b0, m0 + halfM, n0}),
                  tables->d.lookup({b0, m0 + halfM, n0 + 1})};
        int32_t k = k0;
        for (Coord at :
             {Coord{b0, m0, k}, Coord{b0, m0 + halfM, k},
              Coord{b0, m0, k + halfK}, Coord{b0, m0 + halfM, k + halfK}})
          step.a.push_back(operand(tables->a, at, /*kIsRow=*/false));
        for (Coord at : {Coord{b0, k, n0}, Coord{b0, k + halfK, n0}})
          step.b.push_back(operand(tables->b, at, /*kIsRow=*/true));
        auto missing = [](const SmallVector<int> &regs) {
          return llvm::is_contained(regs, -1);
        };
        if (missing(step.c) || llvm::any_of(step.a, missing) ||
            llvm::any_of(step.b, missing)) {
          why = "a fragment of the tile is not held by one thread";
          return failure();
        }
        plan.steps.push_back(std::move(step));
      }
    }
  }
  return DotPlan(std::move(plan));
}

/// The f64 instructions: f64 is not packed, so a fragment of the layout
/// (16 rows by 8 of K, see ttg::kMmaV2F64FragmentK) is one element per
/// register at rows r and r + 8 and K offsets k and k + 4. From cuda:90,
/// m16n8kK takes a whole 16x8 tile and K/4 such K steps at once (K = 16
/// where K allows, as Triton); on cuda:80, m8n8k4 takes one row half and
/// one K step. PTX orders an m16n8kK's A elements row half first, then K
/// step, its B elements by K step, and its accumulator as every mma.sync's.
FailureOr<DotPlan> planMmaV2F64(const LinearLayout &a, const LinearLayout &b,
                                const LinearLayout &d, int64_t kSize,
                                int capability, std::string &why) {
  if (!holdMmaSyncFragments(a, b, d, /*width=*/1)) {
    why = "the operand layouts are not f64 mma.sync fragments (check kWidth)";
    return failure();
  }
  if (!warpsAgree(a, b, d)) {
    why = "the warps of A and B do not hold the batches, rows and columns of "
          "the result's warps";
    return failure();
  }
  const int64_t fragmentK = ttg::kMmaV2F64FragmentK;
  if (kSize % fragmentK != 0) {
    why = "K = " + std::to_string(kSize) + " is not a multiple of " +
          std::to_string(fragmentK) + " (f64 fragments)";
    return failure();
  }
  FailureOr<RegisterTables> tables = getMmaRegisterTables(a, b, d, why);
  if (failed(tables))
    return failure();
  MmaV2DotPlan plan{1, {}};
  const bool wide = capability >= 90;
  plan.instrM = wide ? ttg::kMmaV2TileM : ttg::kMmaV2TileM / 2;
  plan.instrK = !wide ? 4 : kSize % 16 == 0 ? 16 : fragmentK;
  const int32_t half = ttg::kMmaV2TileM / 2, kStep = 4;
  auto word = [](const RegisterTable &table, Coord at) {
    return SmallVector<int>{table.lookup(at)};
  };
  for (int64_t k0 = 0; k0 < kSize; k0 += plan.instrK) {
    for (int32_t r = 0; r < d.getNumRegisters(); ++r) {
      Coord origin = coordOf(d, layout::kRegister, r);
      int32_t b0 = origin.batch, n0 = origin.col;
      if (!startsTile(origin))
        continue;
      for (int32_t m0 = origin.row; m0 < origin.row + ttg::kMmaV2TileM;
           m0 += plan.instrM) {
        // m8n8k4 takes one row half at a time: a half that only repeats
        // the tensor's rows (fewer than 8 of them) would add its products
        // into the same registers a second time.
        if (!tables->d.inside({b0, m0, n0}))
          continue;
        MmaV2Step step;
        for (int32_t m = m0; m < m0 + plan.instrM; m += half)
          for (int32_t n = n0; n < n0 + 2; ++n)
            step.c.push_back(tables->d.lookup({b0, m, n}));
        for (int32_t k = k0; k < k0 + plan.instrK; k += kStep) {
          for (int32_t m = m0; m < m0 + plan.instrM; m += half)
            step.a.push_back(word(tables->a, {b0, m, int32_t(k)}));
          step.b.push_back(word(tables->b, {b0, int32_t(k), n0}));
        }
        auto missing = [](const SmallVector<int> &regs) {
          return llvm::is_contained(regs, -1);
        };
        if (llvm::is_contained(step.c, -1) || llvm::any_of(step.a, missing) ||
            llvm::any_of(step.b, missing)) {
          why = "a fragment of the tile is not held by one thread";
          return failure();
        }
        plan.steps.push_back(std::move(step));
      }
    }
  }
  return DotPlan(std::move(plan));
}

/// Whether mma.sync multiplies `a` elements (with `precision` for f32)
/// into `d` elements: f16 into f16 or f32, bf16 and tf32 into f32, s8 into
/// s32 (f64 is planned by planMmaV2F64).
bool mmaV2Takes(Type a, Type d, tt::InputPrecision precision) {
  if (a.isF16())
    return d.isF16() || d.isF32();
  if (a.isBF16())
    return d.isF32();
  if (a.isF32())
    return precision == tt::InputPrecision::TF32 && d.isF32();
  return a.isInteger(8) && d.isInteger(32);
}
} // namespace

FailureOr<DotPlan> mlir::tile::planDot(tt::DotOp op, int capability,
                                       std::string &why) {
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  auto dType = cast<RankedTensorType>(op.getD().getType());
  std::optional<LinearLayout> a = ttg::toLinearLayout(aType, &why);
  std::optional<LinearLayout> b =
      a ? ttg::toLinearLayout(bType, &why) : std::nullopt;
  std::optional<LinearLayout> d =
      b ? ttg::toLinearLayout(dType, &why) : std::nullopt;
  if (!d)
    return failure();
  // tt.dot's verifier allows ranks 2 and 3 only; Coord names no other.
  if (!hasDotRank(*a) || !hasDotRank(*b) || !hasDotRank(*d)) {
    why = "only rank-2 and rank-3 (batched) dots are planned";
    return failure();
  }
  int64_t kSize = aType.getShape().back();
  if (!isa<ttg::NvidiaMmaEncodingAttr>(dType.getEncoding()))
    return planFma(*a, *b, *d, kSize, why);
  Type aElement = aType.getElementType();
  if (aElement.isF64() && dType.getElementType().isF64()) {
    if (capability < 80) {
      why = "f64 mma.sync needs cuda:80 or higher";
      return failure();
    }
    return planMmaV2F64(*a, *b, *d, kSize, capability, why);
  }
  if (!mmaV2Takes(aElement, dType.getElementType(), op.getInputPrecision())) {
    why = "mma.sync has no instruction for these element types and input "
          "precision";
    return failure();
  }
  return planMmaV2(*a, *b, *d, kSize, ttg::getMmaV2K(aElement),
                   ttg::getMmaElementsPerRegister(aElement), why);
}
