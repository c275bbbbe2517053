// tritongpu-global-scratch-memory-allocation: global scratch buffers laid
// out one after the other at their alignment; functions record size and
// alignment, calls take their callee's, the module takes the kernel's.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(tritongpu-global-scratch-memory-allocation)' | FileCheck %s

// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.global_scratch_memory_alignment = 64 : i32, ttg.global_scratch_memory_size = 192 : i32
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: tt.func public @one_function() {{.*}}ttg.global_scratch_memory_alignment = 64 : i32, ttg.global_scratch_memory_size = 192 : i32
tt.func public @one_function() {
  // CHECK: ttg.global_scratch_alloc {alignment = 4 : i32, nbytes = 10 : i32, ttg.global_scratch_memory_offset = 0 : i32}
  %a = ttg.global_scratch_alloc {alignment = 4 : i32, nbytes = 10 : i32} : !tt.ptr<i8>
  // CHECK: ttg.global_scratch_alloc {alignment = 64 : i32, nbytes = 100 : i32, ttg.global_scratch_memory_offset = 64 : i32}
  %b = ttg.global_scratch_alloc {alignment = 64 : i32, nbytes = 100 : i32} : !tt.ptr<i8>
  tt.return
}
}

// -----

// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.global_scratch_memory_alignment = 16 : i32, ttg.global_scratch_memory_size = 48 : i32
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK: tt.func private @helper() {{.*}}ttg.global_scratch_memory_alignment = 16 : i32, ttg.global_scratch_memory_size = 32 : i32
tt.func private @helper() {
  %a = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 20 : i32} : !tt.ptr<i8>
  tt.return
}
// CHECK: tt.func public @kernel()
tt.func public @kernel() {
  // CHECK: ttg.global_scratch_memory_offset = 0 : i32
  %a = ttg.global_scratch_alloc {alignment = 1 : i32, nbytes = 3 : i32} : !tt.ptr<i8>
  // CHECK: tt.call @helper() {ttg.global_scratch_memory_offset = 16 : i32}
  tt.call @helper() : () -> ()
  tt.return
}
// A function without scratch records zero.
// CHECK: tt.func private @empty() {{.*}}ttg.global_scratch_memory_alignment = 1 : i32, ttg.global_scratch_memory_size = 0 : i32
tt.func private @empty() {
  tt.return
}
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
// expected-error @below {{'tt.func' op is called recursively; its global scratch cannot be laid out}}
tt.func private @again() {
  tt.call @again() : () -> ()
  tt.return
}
}

// -----

// A function laid out already must carry both the size and the alignment,
// as integers: a callee with its size but a misspelled alignment (found by
// tile-fuzz) made the caller's layout read a missing attribute and crash.
module attributes {"ttg.num-warps" = 4 : i32} {
// expected-error @below {{'tt.func' op has a global scratch layout without an integer 'ttg.global_scratch_memory_alignment'; a laid-out function needs both 'ttg.global_scratch_memory_size' and 'ttg.global_scratch_memory_alignment'}}
tt.func private @helper() attributes {ttg.global_scratch_mamory_alignment = 128 : i32, ttg.global_scratch_memory_size = 128 : i32} {
  tt.return
}
tt.func public @kernel() {
  tt.call @helper() : () -> ()
  tt.return
}
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
// expected-error @below {{'tt.func' op has a global scratch layout without an integer 'ttg.global_scratch_memory_size'; a laid-out function needs both 'ttg.global_scratch_memory_size' and 'ttg.global_scratch_memory_alignment'}}
tt.func public @kernel() attributes {ttg.global_scratch_memory_alignment = 16 : i32, ttg.global_scratch_memory_size = "large"} {
  tt.return
}
}
