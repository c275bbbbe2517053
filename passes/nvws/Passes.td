//===- Passes.td - nvws passes -----------------------------*- tablegen -*-===//
//
// Triton 3.6's NVWS passes that do not need Blackwell: warp groups to
// ttg.warp_specialize, and the stage/phase bookkeeping of arefs.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_NVWS_PASSES_TD
#define TILE_PASSES_NVWS_PASSES_TD

include "mlir/Pass/PassBase.td"

def NVWSLowerWarpGroupPass
    : Pass<"nvws-lower-warp-group", "::mlir::ModuleOp"> {
  let summary = "Turn nvws.warp_group into ttg.warp_specialize";
  let description = [{
    When the first group has the module's `ttg.num-warps` warps it becomes
    the `default` region (the warps that run the op; its
    `nvws.warp_group.yield` becomes the `ttg.warp_yield` and gives the
    results); otherwise the default region is empty and every group
    becomes a partition. Partition regions are isolated from above, so
    what they use from above is passed in as captures, except constants
    and pure ops that make tensors, which are cloned into each partition
    (with what they use), and other tensors, which go through shared
    memory (a `ttg.local_alloc` outside, a `ttg.local_load` inside),
    because a partition's warps cannot hold another group's registers.

    A warp group with results whose first group is not the default one
    has no place for them: it is refused with an error.

    ```mlir
    module attributes {"ttg.num-warps" = 4 : i32} {
      tt.func @f(%a: i32) {
        nvws.warp_group
        partition0 num_warps(4) {
          nvws.warp_group.return
        }
        partition1 num_warps(2) {
          %b = arith.addi %a, %a : i32
          nvws.warp_group.return
        }
        tt.return
      }
    }
    ```
  }];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

#endif // TILE_PASSES_NVWS_PASSES_TD
