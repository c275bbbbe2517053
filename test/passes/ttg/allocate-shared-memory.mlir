// allocate-shared-memory (and Triton's NVIDIA name for it) records each
// buffer's byte offset as allocation.offset and the total as ttg.shared.
// Largest first, each buffer takes the lowest 16-byte-aligned offset beside
// the buffers already placed that are live at the same time: an explicit buffer lives from its local_alloc to
// its last use (a use inside a loop: to the loop's end), scratch only
// while its op runs, so buffers that are never live together share bytes.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(allocate-shared-memory)' | FileCheck %s
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(allocate-shared-memory-nv)' | FileCheck %s

// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 24592 : i32
// CHECK: ttg.local_alloc {allocation.offset = 16384 : i32}
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK: "tt.reduce"
// CHECK: allocation.offset = 24576 : i32
// CHECK: "tt.reduce"
// CHECK: allocation.offset = 24576 : i32
// A reduction within one warp needs no scratch.
// CHECK: "tt.reduce"
// CHECK-NOT: allocation.offset
// CHECK: tt.return
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#row = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @buffers_and_scratch(%x: tensor<256xf32, #b>, %y: tensor<4x128xf32, #row>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    %c = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%p: f32, %q: f32):
      %r = arith.addf %p, %q : f32
      tt.reduce.return %r : f32
    }) : (tensor<256xf32, #b>) -> f32
    %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%p: f32, %q: f32):
      %r = arith.maxnumf %p, %q : f32
      tt.reduce.return %r : f32
    }) : (tensor<256xf32, #b>) -> f32
    %w = "tt.reduce"(%y) <{axis = 1 : i32}> ({
    ^bb0(%p: f32, %q: f32):
      %r = arith.addf %p, %q : f32
      tt.reduce.return %r : f32
    }) : (tensor<4x128xf32, #row>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #row}>>
    ttg.local_dealloc %a : !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    ttg.local_dealloc %c : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// No buffers at all: ttg.shared = 0.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 0 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @nothing() {
    tt.return
  }
}

// -----

// The first buffer is dead once the second is allocated: both at offset 0.
// The scratch of the reduction inside the loop must not overlap the buffer
// the loop still uses.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 8208 : i32
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK: scf.for
// CHECK: "tt.reduce"
// CHECK: allocation.offset = 8192 : i32
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reuse(%x: tensor<256xf32, #b>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    %c = ttg.local_alloc : () -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
      ^bb0(%p: f32, %q: f32):
        %r = arith.addf %p, %q : f32
        tt.reduce.return %r : f32
      }) : (tensor<256xf32, #b>) -> f32
      ttg.local_dealloc %c : !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    }
    tt.return
  }
}
