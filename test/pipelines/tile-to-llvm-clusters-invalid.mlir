// Clusters tile does not lower: TTGIR laid out across the CTAs of a cluster
// (Triton's own, ttg.num-ctas > 1), and an option contradicting the
// module's recorded cluster.

// RUN: not %mlir-tile --tile-to-llvm %s -split-input-file 2>&1 | FileCheck %s

// CHECK: error: tile-to-llvm: ttg.num-ctas = 2: TTGIR whose layouts span the CTAs of a cluster is not supported (tile runs each program on one CTA of its cluster; compile such kernels from TTIR)
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @split_layouts() {
    tt.return
  }
}

// -----

// RUN: not %mlir-tile --tile-to-llvm='num-ctas=4' %s -split-input-file 2>&1 | FileCheck %s --check-prefix=CONTRADICT
// CONTRADICT: error: tile-to-llvm: option num-ctas=4 contradicts the module's cluster of 2 CTA(s) (tile.cluster-ctas)
module attributes {"tile.cluster-ctas" = 2 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @recorded_cluster() {
    tt.return
  }
}
