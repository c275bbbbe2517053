// Shared memory beyond the target's per-block maximum (sm_80: 166912 B;
// sm_86/sm_89: 101376 B; sm_90: 232448 B) is refused, naming the op whose
// buffer crosses it, the bytes and the limit; so is a recursive tt.call.
// The lowering, which allocates when run alone, fails the same way.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(allocate-shared-memory)' -o /dev/null
// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:86", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @too_big_for_sm86() {
    // expected-error @below {{'ttg.local_alloc' op needs shared memory up to byte 131072: the module needs 131072 bytes of shared memory, more than the 101376 bytes a block may use on cuda:86}}
    %a = ttg.local_alloc : () -> !ttg.memdesc<256x256xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @too_big_for_sm80() {
    %a = ttg.local_alloc : () -> !ttg.memdesc<256x256xf16, #shared, #smem, mutable>
    // expected-error @below {{'ttg.local_alloc' op needs shared memory up to byte 196608: the module needs 196608 bytes of shared memory, more than the 166912 bytes a block may use on cuda:80}}
    %b = ttg.local_alloc : () -> !ttg.memdesc<128x256xf16, #shared, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<256x256xf16, #shared, #smem, mutable>
    ttg.local_dealloc %b : !ttg.memdesc<128x256xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @too_big_for_sm90() {
    // expected-error @below {{'ttg.local_alloc' op needs shared memory up to byte 262144: the module needs 262144 bytes of shared memory, more than the 232448 bytes a block may use on cuda:90}}
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x256x256xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// The first buffer past the limit may be an op's scratch.
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:86", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scratch_crosses(%x: tensor<256xf32, #b>) -> f32 {
    %a = ttg.local_alloc : () -> !ttg.memdesc<99x512xf16, #shared, #smem, mutable>
    // expected-error @below {{'tt.reduce' op needs shared memory up to byte 101392: the module needs 101392 bytes of shared memory, more than the 101376 bytes a block may use on cuda:86}}
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%p: f32, %q: f32):
      %r = arith.addf %p, %q : f32
      tt.reduce.return %r : f32
    }) : (tensor<256xf32, #b>) -> f32
    ttg.local_dealloc %a : !ttg.memdesc<99x512xf16, #shared, #smem, mutable>
    tt.return %s : f32
  }
}

// -----

// Callees are placed above their callers, which recursion makes endless.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @kernel(%n: i32) {
    %r = tt.call @ping(%n) : (i32) -> i32
    tt.return
  }
  tt.func private @ping(%n: i32) -> i32 {
    %r = tt.call @pong(%n) : (i32) -> i32
    tt.return %r : i32
  }
  tt.func private @pong(%n: i32) -> i32 {
    // expected-error @below {{'tt.call' op makes a recursive call; shared memory cannot be allocated for recursive functions}}
    %r = tt.call @ping(%n) : (i32) -> i32
    tt.return %r : i32
  }
}
