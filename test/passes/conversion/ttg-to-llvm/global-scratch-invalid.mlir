// Global scratch the lowering cannot give gets a diagnostic before anything
// is rewritten: a buffer without its offset (the allocation pass did not
// run), one in a device function (which takes no scratch pointer), a call
// of a function that needs some.
// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)'

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_offset() {
    // expected-error @below {{'ttg.global_scratch_alloc' op has no global scratch offset; run tritongpu-global-scratch-memory-allocation first}}
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 128 : i32} {
  tt.func private @helper() attributes {ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 128 : i32} {
    // expected-error @below {{'ttg.global_scratch_alloc' op is only supported in a kernel (a public tt.func): device functions take no global scratch pointer}}
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32, ttg.global_scratch_memory_offset = 0 : i32} : !tt.ptr<i8>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 128 : i32} {
  tt.func private @helper() attributes {ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 128 : i32} {
    tt.return
  }
  tt.func public @kernel() {
    // expected-error @below {{'tt.call' op calls a function that needs global scratch, which device functions cannot get yet}}
    tt.call @helper() {ttg.global_scratch_memory_offset = 0 : i32} : () -> ()
    tt.return
  }
}
