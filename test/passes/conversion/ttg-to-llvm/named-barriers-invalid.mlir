// A named barrier the lowering takes itself is refused before anything is
// lowered: barrier 0 is the CTA's, and a kernel with two partitions uses 1
// (the whole CTA), 2 and 3 (one per partition).

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cta_barrier() {
    %c0 = arith.constant 0 : i32
    %c128 = arith.constant 128 : i32
    // expected-error @+1 {{'ttng.named_barrier_wait' op uses barrier 0, which the lowering takes for the CTA or its warp groups; the first free one is 1}}
    ttng.named_barrier_wait %c0, %c128 : i32, i32
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @partition_barrier() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    }
    partition1() num_warps(4) {
      %c256 = arith.constant 256 : i32
      %c3 = arith.constant 3 : i32
      // expected-error @+1 {{'ttng.named_barrier_arrive' op uses barrier 3, which the lowering takes for the CTA or its warp groups; the first free one is 4}}
      ttng.named_barrier_arrive %c3, %c256 : i32, i32
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
