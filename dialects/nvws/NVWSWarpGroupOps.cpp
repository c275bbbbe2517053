//===- NVWSWarpGroupOps.cpp - nvws.warp_group: syntax and verifier --------===//
//
// Printed form (Triton 3.6's):
//   %r = nvws.warp_group attributes {...}
//   partition0 num_warps(4) { ... nvws.warp_group.yield %x : i32 }
//   partition1 num_warps(2) { ... nvws.warp_group.return }
// The result types are those of the first region's yield, so the text does
// not repeat them.
//
//===----------------------------------------------------------------------===//

#include "dialects/nvws/NVWSDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::nvws;

LogicalResult WarpGroupOp::verify() {
  ArrayRef<int32_t> numWarps = getNumWarps();
  MutableArrayRef<Region> regions = getPartitionRegions();
  if (numWarps.size() != regions.size())
    return emitError("Must supply numWarps for each Warp Group.");
  if (getNumResults() == 0)
    return success();
  if (regions.empty())
    return emitError("Must have at least one region when there are results.");
  Region &first = regions.front();
  auto yield = first.empty() || first.front().empty()
                   ? WarpGroupYieldOp()
                   : dyn_cast<WarpGroupYieldOp>(first.front().back());
  if (!yield)
    return emitError("When nvws.warp_group op has results, the first region "
                     "should be terminated by nvws.warp_group.yield op.");
  if (yield.getNumOperands() != getNumResults())
    return emitError("Mismatch in the number of results returned by "
                     "nvws.warp_group op and the number of the operands of "
                     "the corresponding nvws.warp_group.yield op in the first "
                     "region.");
  return success();
}

ParseResult WarpGroupOp::parse(OpAsmParser &parser, OperationState &result) {
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  SmallVector<int32_t> numWarps;
  while (succeeded(parser.parseOptionalKeyword(
      ("partition" + Twine(numWarps.size())).str()))) {
    if (parser.parseKeyword("num_warps") || parser.parseLParen() ||
        parser.parseInteger(numWarps.emplace_back()) || parser.parseRParen() ||
        parser.parseRegion(*result.addRegion()))
      return failure();
  }
  result.addAttribute(getNumWarpsAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(numWarps));
  // The results are what the first region yields.
  if (!result.regions.empty() && !result.regions.front()->empty()) {
    Block &first = result.regions.front()->front();
    if (!first.empty())
      if (auto yield = dyn_cast<WarpGroupYieldOp>(first.back()))
        llvm::append_range(result.types, yield.getValues().getTypes());
  }
  return success();
}

void WarpGroupOp::print(OpAsmPrinter &printer) {
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                           {getNumWarpsAttrName()});
  for (auto [index, region, numWarps] :
       llvm::enumerate(getPartitionRegions(), getNumWarps())) {
    printer.printNewline();
    printer << "partition" << index << " num_warps(" << numWarps << ") ";
    printer.printRegion(region, /*printEntryBlockArgs=*/false);
  }
}
