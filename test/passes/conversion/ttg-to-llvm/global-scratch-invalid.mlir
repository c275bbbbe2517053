// Global scratch the lowering cannot give gets a diagnostic before anything
// is rewritten: a buffer without its offset (the allocation pass did not
// run), in a kernel or in a device function whose scratch was not laid out.
// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)'

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_offset() {
    // expected-error @below {{'ttg.global_scratch_alloc' op has no global scratch offset; run tritongpu-global-scratch-memory-allocation first}}
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @helper() {
    // expected-error @below {{'ttg.global_scratch_alloc' op has no global scratch offset; run tritongpu-global-scratch-memory-allocation first}}
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32, ttg.global_scratch_memory_offset = 0 : i32} : !tt.ptr<i8>
    tt.return
  }
}
