//===- TTNGClusterOps.td - Cluster barriers, copy arrivals -*- tablegen -*-===//
//
// Thread-block-cluster barriers and the mbarrier arrival that tracks
// cp.async copies, as Triton 3.6 prints them. tile parses and verifies these
// ops; convert-triton-gpu-to-llvm does not lower them (tile compiles for one
// CTA per cluster).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_TTNGCLUSTEROPS_TD
#define TILE_DIALECTS_TTG_TTNGCLUSTEROPS_TD

include "dialects/ttg/TTNGOpBase.td"

def TTNG_ClusterArriveOp : TTNG_Op<"cluster_arrive"> {
  let summary = "arrive on the cluster barrier (barrier.cluster.arrive)";
  let description = [{
    `relaxed` drops the release ordering of earlier memory accesses.

    ```mlir
    tt.func @f() {
      ttng.cluster_arrive {relaxed = false}
      ttng.cluster_wait
      tt.return
    }
    ```
  }];
  let arguments = (ins I1Attr:$relaxed);
  let assemblyFormat = "attr-dict";
}

def TTNG_ClusterWaitOp : TTNG_Op<"cluster_wait"> {
  let summary = "wait until every thread of the cluster has arrived";
  let description = [{
    ```mlir
    tt.func @f() {
      ttng.cluster_wait
      tt.return
    }
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TTNG_AsyncCopyMbarrierArriveOp : TTNG_Op<"async_copy_mbarrier_arrive", [
    MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "arrive on an mbarrier when this thread's cp.async copies land";
  let description = [{
    `cp.async.mbarrier.arrive`: the arrival happens once every earlier
    `ttg.async_copy_global_to_local` of the thread is complete.
    `noIncrement` counts the arrival against the expected count instead of
    raising the pending count first.

    ```mlir
    #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
    tt.func @f(%bar: !ttg.memdesc<1xi64, #shared, #ttg.shared_memory, mutable>) {
      ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared, #ttg.shared_memory, mutable>
      tt.return
    }
    ```
  }];
  let arguments = (ins TTG_MemDesc:$barrier, UnitAttr:$noIncrement);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
}

#endif // TILE_DIALECTS_TTG_TTNGCLUSTEROPS_TD
