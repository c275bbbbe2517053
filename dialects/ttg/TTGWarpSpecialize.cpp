//===- TTGWarpSpecialize.cpp - ttg.warp_specialize and its terminators ----===//
//
// The custom syntax of ttg.warp_specialize, which prints the regions of its
// hidden ttg.warp_specialize.partitions op as `partitionN(...)
// num_warps(K)`, and the verifiers that Triton 3.6 applies.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ttg;

/// The partitions op of `op`, or null when the second region holds
/// something else (the generic form can build anything there).
static WarpSpecializePartitionsOp getPartitionsOp(WarpSpecializeOp op) {
  Block &holder = op.getPartitionOpHolder().front();
  if (holder.empty())
    return {};
  return dyn_cast<WarpSpecializePartitionsOp>(holder.front());
}

RegionRange WarpSpecializeOp::getPartitionRegions() {
  if (WarpSpecializePartitionsOp partitions = getPartitionsOp(*this))
    return partitions.getPartitionRegions();
  return RegionRange();
}

void WarpSpecializeOp::getSuccessorRegions(
    RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &successors) {
  // Control enters the default region and leaves it back to the op; the
  // partitions run concurrently and are no successors of this warp group.
  if (point.isParent()) {
    successors.emplace_back(&getDefaultRegion());
    return;
  }
  successors.emplace_back(getOperation(), getResults());
}

ParseResult WarpSpecializeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> captures;
  SMLoc capturesLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(captures, AsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseKeyword("default") || parser.parseRegion(*result.addRegion()))
    return failure();

  // The partition regions go into the holder op, built once all are parsed.
  OperationState partitions(
      parser.getEncodedSourceLoc(parser.getCurrentLocation()),
      WarpSpecializePartitionsOp::getOperationName());
  SmallVector<int32_t> numWarps;
  while (succeeded(parser.parseOptionalKeyword(
      ("partition" + Twine(numWarps.size())).str()))) {
    SmallVector<OpAsmParser::Argument> arguments;
    if (parser.parseArgumentList(arguments, AsmParser::Delimiter::Paren,
                                 /*allowType=*/true) ||
        parser.parseKeyword("num_warps") || parser.parseLParen() ||
        parser.parseInteger(numWarps.emplace_back()) || parser.parseRParen() ||
        parser.parseRegion(*partitions.addRegion(), arguments))
      return failure();
  }

  FunctionType type;
  if (parser.parseColon() || parser.parseType(type) ||
      parser.resolveOperands(captures, type.getInputs(), capturesLoc,
                             result.operands))
    return failure();
  result.addTypes(type.getResults());
  result.addAttribute(getPartitionNumWarpsAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(numWarps));

  Block &holder = result.addRegion()->emplaceBlock();
  OpBuilder builder(parser.getContext());
  builder.setInsertionPointToStart(&holder);
  builder.create(partitions);
  return success();
}

void WarpSpecializeOp::print(OpAsmPrinter &printer) {
  printer << '(';
  printer.printOperands(getExplicitCaptures());
  printer << ')';
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                           {getPartitionNumWarpsAttrName()});
  printer.printNewline();
  printer << "default ";
  printer.printRegion(getDefaultRegion(), /*printEntryBlockArgs=*/false);
  for (auto [i, region, numWarps] :
       llvm::enumerate(getPartitionRegions(), getPartitionNumWarps())) {
    printer.printNewline();
    printer << "partition" << i << '(';
    llvm::interleaveComma(
        region->getArguments(), printer,
        [&](BlockArgument argument) { printer.printRegionArgument(argument); });
    printer << ") num_warps(" << numWarps << ") ";
    printer.printRegion(*region, /*printEntryBlockArgs=*/false);
  }
  printer << " : ";
  printer.printFunctionalType(*this);
}

LogicalResult WarpSpecializeOp::canonicalize(WarpSpecializeOp op,
                                             PatternRewriter &rewriter) {
  // Captures no partition reads, and second captures of one value (whose
  // uses move to the first), go; so do results nobody reads.
  llvm::BitVector deadCaptures(op.getNumOperands());
  llvm::BitVector deadResults(op.getNumResults());
  for (OpResult result : op->getResults())
    if (result.use_empty())
      deadResults.set(result.getResultNumber());
  DenseMap<Value, unsigned> firstCapture;
  for (auto [i, capture] : llvm::enumerate(op.getExplicitCaptures())) {
    if (llvm::all_of(op.getPartitionRegions(), [i = i](Region *region) {
          return region->getArgument(i).use_empty();
        })) {
      deadCaptures.set(i);
      continue;
    }
    auto [it, inserted] = firstCapture.try_emplace(capture, i);
    if (inserted)
      continue;
    // The first capture's index is named before the lambda: capturing the
    // structured binding itself is C++20.
    unsigned first = it->second;
    rewriter.modifyOpInPlace(op, [&, i = i] {
      for (Region *region : op.getPartitionRegions())
        rewriter.replaceAllUsesWith(region->getArgument(i),
                                    region->getArgument(first));
    });
    deadCaptures.set(i);
  }
  if (deadCaptures.none() && deadResults.none())
    return failure();

  if (deadCaptures.any())
    rewriter.modifyOpInPlace(op, [&] {
      for (Region *region : op.getPartitionRegions())
        region->front().eraseArguments(deadCaptures);
      op->eraseOperands(deadCaptures);
    });
  if (deadResults.none())
    return success();

  for (Block &block : op.getDefaultRegion())
    if (auto yield = dyn_cast<WarpYieldOp>(block.getTerminator()))
      rewriter.modifyOpInPlace(yield,
                               [&] { yield->eraseOperands(deadResults); });
  SmallVector<Type> types;
  for (OpResult result : op->getResults())
    if (!deadResults.test(result.getResultNumber()))
      types.push_back(result.getType());
  OperationState state(op.getLoc(), op->getName(), op->getOperands(), types,
                       op->getAttrs());
  state.addRegion()->takeBody(op.getDefaultRegion());
  state.addRegion()->takeBody(op.getPartitionOpHolder());
  Operation *replacement = rewriter.create(state);
  unsigned next = 0;
  for (OpResult result : op->getResults())
    if (!deadResults.test(result.getResultNumber()))
      rewriter.replaceAllUsesWith(result, replacement->getResult(next++));
  rewriter.eraseOp(op);
  return success();
}

LogicalResult WarpSpecializeOp::verify() {
  if (!getPartitionsOp(*this))
    return emitOpError("expected to find only a "
                       "`ttg.warp_specialize.partitions` op inside its second "
                       "region");
  RegionRange regions = getPartitionRegions();
  ArrayRef<int32_t> numWarps = getPartitionNumWarps();
  if (regions.size() != numWarps.size())
    return emitOpError("has ")
           << regions.size() << " partitions but `partitionNumWarps` has "
           << numWarps.size() << " elements";
  for (auto [i, warps] : llvm::enumerate(numWarps))
    if (warps <= 0 || !llvm::isPowerOf2_32(warps))
      return emitOpError("partition #")
             << i << " number of warps (" << warps << ") must be a power of 2";
  if (std::optional<ArrayRef<int32_t>> startIds = getWarpGroupStartIds())
    if (startIds->size() != numWarps.size())
      return emitOpError("has ")
             << startIds->size() << " warp group start IDs but expected "
             << numWarps.size();
  for (auto [i, region] : llvm::enumerate(regions)) {
    if (region->getNumArguments() != getNumOperands())
      return emitOpError("partition region #")
             << i << " has " << region->getNumArguments()
             << " arguments but expected " << getNumOperands();
    for (auto [index, argumentType, captureType] :
         llvm::enumerate(region->getArgumentTypes(), getOperandTypes()))
      if (argumentType != captureType)
        return emitOpError("partition region #")
               << i << " argument #" << index << " has type " << argumentType
               << " but corresponding capture has type " << captureType;
  }
  if ((*this)->getParentOfType<WarpSpecializeOp>())
    return emitOpError(
        "cannot be nested inside another `ttg.warp_specialize` op");
  // Partitions are whole warp groups of four warps apart from the default.
  if (std::optional<int> moduleWarps = getNumWarps(*this))
    if (*moduleWarps % 4 != 0)
      return emitError() << "warp-specialized kernels requires num_warps to "
                            "be a multiple of 4";
  return success();
}

LogicalResult WarpYieldOp::verify() {
  auto parent = cast<WarpSpecializeOp>((*this)->getParentOp());
  if (getNumOperands() != parent.getNumResults())
    return emitOpError("has ")
           << getNumOperands() << " operands but parent op expected "
           << parent.getNumResults();
  for (auto [i, expected, type] :
       llvm::enumerate(parent.getResultTypes(), getOperandTypes()))
    if (expected != type)
      return emitOpError("operand #") << i << " has type " << type
                                      << " but parent op expected " << expected;
  return success();
}

void mlir::tile::ttg::captureValuesDefinedAbove(WarpSpecializeOp op) {
  SetVector<Value> captures;
  for (Region *partition : op.getPartitionRegions())
    getUsedValuesDefinedAbove(*partition, captures);
  for (Value capture : captures) {
    op->insertOperands(op->getNumOperands(), capture);
    for (Region *partition : op.getPartitionRegions()) {
      BlockArgument argument =
          partition->addArgument(capture.getType(), capture.getLoc());
      replaceAllUsesInRegionWith(capture, argument, *partition);
    }
  }
}
