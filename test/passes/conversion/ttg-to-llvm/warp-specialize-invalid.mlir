// convert-triton-gpu-to-llvm refuses, before rewriting anything, a
// ttg.warp_specialize outside a kernel or with a capture that cannot go
// through shared memory.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

// The partitions' warps wait in the kernel's switch loop: only a kernel
// can hold the op.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @device_function() {
    // expected-error @below {{'ttg.warp_specialize' op is only supported in a kernel (a public tt.func)}}
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// A tensor's registers are laid out for the default group's warps.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tensor_capture(%t: tensor<128xi32, #b>) {
    // expected-error @below {{'ttg.warp_specialize' op cannot pass capture #0 of type 'tensor<128xi32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>' to its partitions: only scalars, pointers, tensor descriptors and shared-memory views go through shared memory}}
    ttg.warp_specialize(%t)
    default {
      ttg.warp_yield
    }
    partition0(%u: tensor<128xi32, #b>) num_warps(4) {
      ttg.warp_return
    } : (tensor<128xi32, #b>) -> ()
    tt.return
  }
}

// -----

// Launched in clusters, only a cluster's first CTA runs the program: the
// partitions' warps of the other CTAs would wait in the switch loop for
// warps that returned.
module attributes {"tile.cluster-ctas" = 2 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @clustered() {
    // expected-error @below {{'ttg.warp_specialize' op is not supported in a kernel launched in clusters of 2 CTAs (num-ctas)}}
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(1) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
