// convert-triton-gpu-to-llvm refuses, before rewriting anything, atomics
// PTX cannot perform, naming the op, the element type and the reason.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

// PTX atom has no 8- or 16-bit integer read-modify-writes.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @add_i16(%p: tensor<128x!tt.ptr<i16>, #b>, %v: tensor<128xi16, #b>) {
    // expected-error @below {{'tt.atomic_rmw' op cannot be lowered: PTX atom applies add to 32- and 64-bit integers only, not 'i16'}}
    %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (tensor<128x!tt.ptr<i16>, #b>, tensor<128xi16, #b>) -> tensor<128xi16, #b>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @umax_i8(%p: !tt.ptr<i8>, %v: i8) {
    // expected-error @below {{'tt.atomic_rmw' op cannot be lowered: PTX atom applies umax to 32- and 64-bit integers only, not 'i8'}}
    %0 = tt.atomic_rmw umax, relaxed, gpu, %p, %v : (!tt.ptr<i8>, i8) -> i8
    tt.return
  }
}

// -----

// No float adds of fp8.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fadd_f8(%p: tensor<128x!tt.ptr<f8E5M2>, #b>, %v: tensor<128xf8E5M2, #b>) {
    // expected-error @below {{'tt.atomic_rmw' op cannot be lowered: PTX atom adds f16, bf16, f32 and f64 only, not 'f8E5M2'}}
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (tensor<128x!tt.ptr<f8E5M2>, #b>, tensor<128xf8E5M2, #b>) -> tensor<128xf8E5M2, #b>
    tt.return
  }
}

// -----

// No 16-bit exchange (Triton's frontend refuses it too).
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @exch_f16(%p: !tt.ptr<f16>, %v: f16) {
    // expected-error @below {{'tt.atomic_rmw' op cannot be lowered: PTX atom exchanges 32- and 64-bit elements only, not 'f16'}}
    %0 = tt.atomic_rmw exch, acq_rel, gpu, %p, %v : (!tt.ptr<f16>, f16) -> f16
    tt.return
  }
}

// -----

// Compare-and-swap of 16, 32 or 64 bits only.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cas_i8(%p: tensor<128x!tt.ptr<i8>, #b>, %v: tensor<128xi8, #b>) {
    // expected-error @below {{'tt.atomic_cas' op cannot be lowered: PTX atom.cas swaps 16-, 32- and 64-bit elements only, not 'i8'}}
    %0 = tt.atomic_cas acq_rel, gpu, %p, %v, %v : (tensor<128x!tt.ptr<i8>, #b>, tensor<128xi8, #b>, tensor<128xi8, #b>) -> tensor<128xi8, #b>
    tt.return
  }
}

// -----

// Pointers are not integers to PTX's atomics.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cas_pointer(%p: !tt.ptr<!tt.ptr<f32>>, %v: !tt.ptr<f32>) {
    // expected-error @below {{'tt.atomic_cas' op cannot be lowered: PTX atom.cas swaps 16-, 32- and 64-bit elements only, not '!tt.ptr<f32>'}}
    %0 = tt.atomic_cas acq_rel, gpu, %p, %v, %v : (!tt.ptr<!tt.ptr<f32>>, !tt.ptr<f32>, !tt.ptr<f32>) -> !tt.ptr<f32>
    tt.return
  }
}

// -----

// The first atomic the target cannot take stops the pass before any other
// op is rewritten.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @after_supported(%p: tensor<128x!tt.ptr<i32>, #b>, %v: tensor<128xi32, #b>, %q: tensor<128x!tt.ptr<i16>, #b>, %w: tensor<128xi16, #b>) {
    %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>) -> tensor<128xi32, #b>
    // expected-error @below {{'tt.atomic_rmw' op cannot be lowered: PTX atom applies xor to 32- and 64-bit integers only, not 'i16'}}
    %1 = tt.atomic_rmw xor, acq_rel, gpu, %q, %w : (tensor<128x!tt.ptr<i16>, #b>, tensor<128xi16, #b>) -> tensor<128xi16, #b>
    tt.return
  }
}

// -----

// A module that was allocated (ttg.shared) must give an atomic whose old
// values travel between threads its scratch.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_scratch(%p: tensor<32x!tt.ptr<i32>, #b>, %v: tensor<32xi32, #b>, %o: tensor<32x!tt.ptr<i32>, #b>) {
    // expected-error @below {{'tt.atomic_rmw' op returns old values that other threads hold, which travel through scratch shared memory, but has no allocation.offset}}
    // expected-error @below {{failed to legalize operation 'tt.atomic_rmw' that was explicitly marked illegal}}
    %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (tensor<32x!tt.ptr<i32>, #b>, tensor<32xi32, #b>) -> tensor<32xi32, #b>
    tt.store %o, %0 : tensor<32x!tt.ptr<i32>, #b>
    tt.return
  }
}
