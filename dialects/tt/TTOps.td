//===- TTOps.td - Operations of the tt dialect -------------*- tablegen -*-===//
//
// Every operation of Triton 3.6's `tt` dialect, with the printed form Triton
// uses, one file per group of operations. Verifiers live in TTOps.cpp and the
// TT*Ops.cpp beside it; folders and canonicalizations in TTCanonicalize.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TT_TTOPS_TD
#define TILE_DIALECTS_TT_TTOPS_TD

include "dialects/tt/TTArithmeticOps.td"
include "dialects/tt/TTMemoryOps.td"
include "dialects/tt/TTShapeOps.td"
include "dialects/tt/TTComputeOps.td"
include "dialects/tt/TTFunctionOps.td"

#endif // TILE_DIALECTS_TT_TTOPS_TD
