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

def NVWSAssignStagePhasePass
    : Pass<"nvws-assign-stage-phase", "::mlir::ModuleOp"> {
  let summary = "Give every aref op its stage, and every enter op its phase";
  let description = [{
    Each partition that enters an aref keeps its own ring position: a stage
    (0 .. depth-1, starting at depth-1 so that the first enter moves to 0)
    and a phase (0 for the producer, 1 for the consumer, flipped each time
    the stage wraps around). Before every `aref.put.enter` /
    `aref.get.enter` the pass advances the position and sets the enter's
    stage and phase operands; loops and ifs that contain enters carry the
    position as extra loop arguments and results, tagged with the
    partitions (`ttg.partition`, `ttg.partition.outputs`) that use them.
    The exits and `aref.buffer` ops that use an enter's token get the
    enter's stage. Scalars a warp-specialized loop returns to code outside
    the partitions are then computed in the default partition (0) too.

    ```mlir
    #sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
    #smem = #ttg.shared_memory
    module attributes {"ttg.num-warps" = 4 : i32} {
      tt.func @f(%buf: !ttg.memdesc<2x1xi32, #sh, #smem, mutable>) {
        %aref = nvws.aref.create %buf : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]>
        %b, %tok = nvws.aref.put.enter %aref : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]> -> !ttg.memdesc<1xi32, #sh, #smem, mutable>, !ttg.async.token
        nvws.aref.put.exit %aref, %tok [#nvws.async_op<none>] : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]>, !ttg.async.token
        tt.return
      }
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // TILE_PASSES_NVWS_PASSES_TD
