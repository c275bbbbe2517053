//===- WarpSpecializationMatch.cpp - The nest autoWS can split ------------===//
//
// What nvgpu-warp-specialization accepts: a K loop that accumulates one
// wgmma from two TMA loads (B possibly through a transposed view) and index
// arithmetic, and an epilogue of elementwise ops and descriptor stores on
// its result. The marked loop is either a tile loop at the kernel's top
// level holding the K loop and the epilogue (a persistent kernel), or the
// K loop itself at the top level, followed by the epilogue (one tile per
// program). A 128-row tile is split between two consumers when the A
// descriptor and the stored descriptors are used by nothing else.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/WarpSpecialization.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ws;

namespace {
bool isScalarType(Type type) { return type.isIntOrIndexOrFloat(); }

FailureOr<Operand> matchOperand(Value value, scf::ForOp k, std::string &why) {
  Operand operand;
  if (auto trans = value.getDefiningOp<ttg::MemDescTransOp>()) {
    operand.trans = trans;
    value = trans.getSrc();
  }
  auto alloc = value.getDefiningOp<ttg::LocalAllocOp>();
  if (!alloc || !alloc.getSrc() || alloc->getParentOp() != k) {
    why = "a wgmma operand is not a shared copy of a TMA load of the loop";
    return failure();
  }
  operand.load = alloc.getSrc().getDefiningOp<tt::DescriptorLoadOp>();
  if (!operand.load || operand.load->getParentOp() != k ||
      !operand.load->hasOneUse()) {
    why = "a wgmma operand is not a shared copy of a TMA load of the loop";
    return failure();
  }
  if (!alloc->hasOneUse() || (operand.trans && !operand.trans->hasOneUse())) {
    why = "a loaded wgmma operand has other uses";
    return failure();
  }
  return operand;
}

/// Whether `desc` (a kernel argument or a tt.make_tensor_descriptor from
/// outside the marked loop) is only used by `users`, so its block may be
/// split.
bool isSplittableDescriptor(Value desc, ArrayRef<Operation *> users,
                            scf::ForOp marked) {
  if (auto arg = dyn_cast<BlockArgument>(desc)) {
    if (!isa<tt::FuncOp>(arg.getOwner()->getParentOp()))
      return false;
  } else {
    auto make = desc.getDefiningOp<tt::MakeTensorDescOp>();
    if (!make || marked->isAncestor(make))
      return false;
  }
  return llvm::all_of(desc.getUsers(), [&](Operation *user) {
    return llvm::is_contained(users, user);
  });
}
} // namespace

bool ws::isReplicable(Operation *op) {
  if (op->getNumRegions() != 0 || !isMemoryEffectFree(op))
    return false;
  return llvm::all_of(op->getOperandTypes(), isScalarType) &&
         llvm::all_of(op->getResultTypes(), isScalarType);
}

namespace {
/// The K loop: it accumulates one wgmma from two TMA loads and holds
/// nothing else but index arithmetic.
LogicalResult matchKLoop(LoopNest &nest, std::string &why) {
  scf::ForOp k = nest.k;
  if (k.getNumResults() != 1) {
    why = "no K loop carrying just the accumulator";
    return failure();
  }
  auto yield = cast<scf::YieldOp>(k.getBody()->getTerminator());
  nest.dot = yield.getOperand(0).getDefiningOp<ttng::WarpGroupDotOp>();
  if (!nest.dot || nest.dot->getParentOp() != k ||
      nest.dot.getC() != k.getRegionIterArg(0) || nest.dot.getUseC() ||
      !nest.dot->hasOneUse()) {
    why = "the K loop does not accumulate one wgmma";
    return failure();
  }
  FailureOr<Operand> a = matchOperand(nest.dot.getA(), k, why);
  if (failed(a))
    return failure();
  FailureOr<Operand> b = matchOperand(nest.dot.getB(), k, why);
  if (failed(b))
    return failure();
  nest.a = *a;
  nest.b = *b;
  if (nest.a.trans) {
    why = "the A operand is a transposed view";
    return failure();
  }
  SmallPtrSet<Operation *, 8> known = {
      nest.dot, nest.a.load, nest.b.load, nest.dot.getA().getDefiningOp(),
      nest.b.trans ? nest.b.trans.getSrc().getDefiningOp()
                   : nest.dot.getB().getDefiningOp()};
  if (nest.b.trans)
    known.insert(nest.b.trans);
  for (Operation &op : k.getBody()->without_terminator()) {
    if (isReplicable(&op) || known.contains(&op))
      continue;
    why = "the K loop holds an op other than index arithmetic, the loads "
          "and the wgmma: " +
          op.getName().getStringRef().str();
    return failure();
  }
  nest.accInit = k.getInitArgs()[0].getDefiningOp<arith::ConstantOp>();
  if (!nest.accInit || !isa<SplatElementsAttr>(nest.accInit.getValue())) {
    why = "the accumulator does not start from a constant";
    return failure();
  }
  return success();
}

/// The epilogue among `ops`: what reads the K loop's result, ending in TMA
/// stores. Index arithmetic is left to the partitions, which compute it
/// again; in a kernel of one tile per program, descriptors made after the
/// K loop stay above the warp_specialize too.
LogicalResult matchEpilogue(LoopNest &nest, iterator_range<Block::iterator> ops,
                            std::string &why) {
  scf::ForOp k = nest.k;
  auto accType = cast<RankedTensorType>(k.getResult(0).getType());
  for (Operation &op : ops) {
    if (&op == k.getOperation() || isReplicable(&op) ||
        op.hasTrait<OpTrait::IsTerminator>() ||
        (!nest.tiles && isa<tt::MakeTensorDescOp>(op)))
      continue;
    bool readsTile = llvm::any_of(op.getOperands(), [&](Value v) {
      return v == k.getResult(0) ||
             llvm::is_contained(nest.epilogue, v.getDefiningOp());
    });
    bool shapeOk = llvm::all_of(op.getResultTypes(), [&](Type t) {
      auto tensor = dyn_cast<RankedTensorType>(t);
      return tensor && tensor.getShape() == accType.getShape();
    });
    bool elementwise =
        op.hasTrait<OpTrait::Elementwise>() || isa<ttg::ConvertLayoutOp>(op);
    // Every tensor it reads is (derived from) the tile: a consumer has
    // only its rows of those.
    readsTile &= llvm::all_of(op.getOperands(), [&](Value v) {
      return !isa<RankedTensorType>(v.getType()) || v == k.getResult(0) ||
             llvm::is_contained(nest.epilogue, v.getDefiningOp());
    });
    if (readsTile && op.getNumResults() == 1 && elementwise && shapeOk &&
        isMemoryEffectFree(&op)) {
      nest.epilogue.push_back(&op);
      continue;
    }
    if (auto store = dyn_cast<tt::DescriptorStoreOp>(op)) {
      if (readsTile && store.getDesc().getType().getBlockType().getShape() ==
                           accType.getShape()) {
        nest.epilogue.push_back(&op);
        continue;
      }
    }
    why = std::string(nest.tiles ? "the tile loop"
                                 : "the kernel after the "
                                   "K loop") +
          " holds an op the partitions cannot share: " +
          op.getName().getStringRef().str();
    return failure();
  }
  if (!llvm::any_of(nest.epilogue, llvm::IsaPred<tt::DescriptorStoreOp>)) {
    why = "the tile is not stored through a descriptor";
    return failure();
  }
  return success();
}

/// One consumer per 64 rows of the tile; two when the A block and the
/// stored blocks can be split between them.
LogicalResult matchConsumers(LoopNest &nest, std::string &why) {
  auto accType = cast<RankedTensorType>(nest.k.getResult(0).getType());
  int64_t rows = accType.getShape()[0];
  if (rows % kRowsPerConsumer != 0 || rows / kRowsPerConsumer > 2) {
    why = "the tile has " + std::to_string(rows) +
          " rows; one or two consumers of 64 rows are supported";
    return failure();
  }
  nest.numConsumers = rows / kRowsPerConsumer;
  if (nest.numConsumers == 1)
    return success();
  scf::ForOp scope = nest.marked();
  SmallVector<Operation *> aUsers = {nest.a.load};
  if (nest.a.load.getDesc().getType().getBlockType().getShape()[0] != rows ||
      !isSplittableDescriptor(nest.a.load.getDesc(), aUsers, scope) ||
      nest.a.load.getDesc() == nest.b.load.getDesc()) {
    why = "the A descriptor cannot be split between the consumers";
    return failure();
  }
  SmallVector<Operation *> stores;
  for (Operation *op : nest.epilogue)
    if (isa<tt::DescriptorStoreOp>(op))
      stores.push_back(op);
  for (Operation *store : stores)
    if (!isSplittableDescriptor(cast<tt::DescriptorStoreOp>(store).getDesc(),
                                stores, scope)) {
      why = "a stored descriptor cannot be split between the consumers";
      return failure();
    }
  return success();
}
} // namespace

FailureOr<LoopNest> ws::matchLoopNest(scf::ForOp marked, std::string &why) {
  LoopNest nest;
  if (!isa<tt::FuncOp>(marked->getParentOp())) {
    why = "the loop is not at the top level of the kernel";
    return failure();
  }
  // A persistent kernel marks its tile loop, which holds the K loop; a
  // kernel of one tile per program marks the K loop.
  for (Operation &op : marked.getBody()->without_terminator()) {
    if (auto k = dyn_cast<scf::ForOp>(op)) {
      if (nest.k) {
        why = "the tile loop holds more than one loop";
        return failure();
      }
      nest.k = k;
    }
  }
  if (nest.k) {
    nest.tiles = marked;
    if (marked.getNumResults() != 0) {
      why = "the tile loop carries values";
      return failure();
    }
  } else {
    nest.k = marked;
  }
  if (failed(matchKLoop(nest, why)))
    return failure();
  Block *body = nest.tiles ? nest.tiles.getBody() : marked->getBlock();
  auto from = nest.tiles ? body->begin() : std::next(marked->getIterator());
  if (failed(matchEpilogue(nest, {from, body->end()}, why)) ||
      failed(matchConsumers(nest, why)))
    return failure();
  return nest;
}
