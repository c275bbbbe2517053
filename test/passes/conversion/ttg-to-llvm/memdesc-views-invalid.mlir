// convert-triton-gpu-to-llvm refuses memdesc views it would lower wrongly,
// before rewriting anything.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

// The result keeps the source's order: its layout does not describe the
// transposed buffer.
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @trans_same_order(%m: !ttg.memdesc<32x128xf16, #shared, #ttg.shared_memory>) {
    // expected-error @+1 {{'ttg.memdesc_trans' op cannot be lowered: the result encoding does not store the transposed elements where the source encoding stores them}}
    %t = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<32x128xf16, #shared, #smem> -> !ttg.memdesc<128x32xf16, #shared, #smem>
    tt.return
  }
}

// -----

// Reshaping a swizzled buffer to a swizzle of another row length moves
// elements.
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reshape_moves(%m: !ttg.memdesc<64x64xf16, #shared, #smem>) {
    // expected-error @+1 {{'ttg.memdesc_reshape' op cannot be lowered: the result encoding does not store the reshaped elements where the source encoding stores them}}
    %r = ttg.memdesc_reshape %m : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<32x128xf16, #shared, #smem>
    tt.return
  }
}

// -----

// cp.async into a sub-tile would need the offsets its lowering does not
// take.
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @subslice_copy(%p: tensor<32x64x!tt.ptr<f16>, #b>) {
    %m = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // expected-error @+1 {{'ttg.memdesc_subslice' op cannot be lowered: its result is used by ttg.async_copy_global_to_local; only ttg.local_load, ttg.local_store and ttg.memdesc_subslice can read a sub-tile}}
    %s = ttg.memdesc_subslice %m[32, 0] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable, 64x64>
    %t = ttg.async_copy_global_to_local %p, %s : tensor<32x64x!tt.ptr<f16>, #b> -> <32x64xf16, #shared, #smem, mutable, 64x64>
    tt.return
  }
}

// -----

// A sub-tile passed in as an argument has lost its offsets.
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @subtile_argument(%s: !ttg.memdesc<32x64xf16, #shared, #smem, 64x64>, %p: tensor<32x64x!tt.ptr<f16>, #b>) {
    // expected-error @+1 {{'ttg.local_load' op cannot be lowered: its buffer is a sub-tile of a larger buffer but not the result of a ttg.memdesc_subslice}}
    %y = ttg.local_load %s : !ttg.memdesc<32x64xf16, #shared, #smem, 64x64> -> tensor<32x64xf16, #b>
    tt.store %p, %y : tensor<32x64x!tt.ptr<f16>, #b>
    tt.return
  }
}
