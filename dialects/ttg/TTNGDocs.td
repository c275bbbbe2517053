//===- TTNGDocs.td - Every ttng definition, for the docs ---*- tablegen -*-===//
//
// ttng's ops live in one .td file per family; the dialect reference
// (build/docs/dialects/TTNGDialect.md) is generated from all of them.
//
//===----------------------------------------------------------------------===//

include "dialects/ttg/TTNGAttrs.td"
include "dialects/ttg/TTNGOps.td"
include "dialects/ttg/TTNGTensorMemoryOps.td"
include "dialects/ttg/TTNGTmaOps.td"
include "dialects/ttg/TTNGClusterOps.td"
