// Shared memory beyond the target's per-block maximum (sm_80: 166912 B;
// sm_86/sm_89: 101376 B; sm_90: 232448 B) is refused, naming the op whose
// buffer crosses it, the bytes and the limit.

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
