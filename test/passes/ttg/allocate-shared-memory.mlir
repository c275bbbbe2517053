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

// -----

// A conversion through shared memory may run in rounds: less scratch at
// once, more barriers. Its fastest way (the wgmma accumulator to 16-byte
// rows: 32 KiB, one round) takes the bytes only where they are free. Inside
// the loop the 64 KiB ring is live, so the fastest way would raise the
// total: the conversion takes the fastest way that fits beside the ring in
// the 16 KiB the loop's other buffer leaves when it is dead (2 rounds),
// and records those bytes for its lowering. After the loop nothing else is
// live but a 40 KiB buffer, which its fastest way fits under.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 81920 : i32
// CHECK: scf.for
// CHECK: ttg.convert_layout %{{.+}} {allocation.offset = 65536 : i32, allocation.scratch_bytes = 16384 : i64}
// CHECK: }
// CHECK: ttg.convert_layout %{{.+}} {allocation.offset = 0 : i32} :
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#rows = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @conversion_beside_a_ring(%acc: tensor<128x128xf16, #mma>, %b: tensor<64x128xf16, #rows>, %p: tensor<128x128x!tt.ptr<f16>, #rows>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %ring = ttg.local_alloc : () -> !ttg.memdesc<4x128x64xf16, #shared, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %tile = ttg.local_alloc %b : (tensor<64x128xf16, #rows>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %v = ttg.local_load %tile : !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<64x128xf16, #rows>
      %c = ttg.convert_layout %acc : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #rows>
      tt.store %p, %c : tensor<128x128x!tt.ptr<f16>, #rows>
    }
    ttg.local_dealloc %ring : !ttg.memdesc<4x128x64xf16, #shared, #smem, mutable>
    %big = ttg.local_alloc : () -> !ttg.memdesc<160x128xf16, #shared, #smem, mutable>
    ttg.local_dealloc %big : !ttg.memdesc<160x128xf16, #shared, #smem, mutable>
    %d = ttg.convert_layout %acc : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #rows>
    tt.store %p, %d : tensor<128x128x!tt.ptr<f16>, #rows>
    tt.return
  }
}

// -----

// Alone in its kernel, the conversion sets the kernel's shared memory: it
// takes the fastest way that keeps as many blocks per SM as its smallest
// way (4 warps run 16 blocks per SM by threads; 8 KiB lets 25 fit, 32 KiB
// only 7): 4 rounds.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 8192 : i32
// CHECK: ttg.convert_layout %{{.+}} {allocation.offset = 0 : i32, allocation.scratch_bytes = 8192 : i64}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#rows = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @conversion_alone(%acc: tensor<128x128xf16, #mma>, %p: tensor<128x128x!tt.ptr<f16>, #rows>) {
    %c = ttg.convert_layout %acc : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #rows>
    tt.store %p, %c : tensor<128x128x!tt.ptr<f16>, #rows>
    tt.return
  }
}

// -----

// Beside a ring of 192 KiB live through the loop only one block fits per
// SM whatever the conversion takes, so more scratch buys no occupancy: the
// conversion takes its smallest way (4 KiB, 8 rounds), as Triton's
// conversion takes few bytes there, instead of the 32 KiB of its fastest.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 200704 : i32
// CHECK: scf.for
// CHECK: ttg.convert_layout %{{.+}} {allocation.offset = 196608 : i32, allocation.scratch_bytes = 4096 : i64}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#rows = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @conversion_beside_a_big_ring(%acc: tensor<128x128xf16, #mma>, %p: tensor<128x128x!tt.ptr<f16>, #rows>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %ring = ttg.local_alloc : () -> !ttg.memdesc<12x128x64xf16, #shared, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %c = ttg.convert_layout %acc : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #rows>
      tt.store %p, %c : tensor<128x128x!tt.ptr<f16>, #rows>
    }
    ttg.local_dealloc %ring : !ttg.memdesc<12x128x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// Beside a ring of 96 KiB live through the loop two blocks fit per SM with
// the conversion's smallest way (4 KiB, 8 rounds) and still with 16 KiB (2
// rounds); the bytes it would grow by sit on top of the ring, where
// Triton's conversion takes fewer (tutorial 09's 4-warp persistent matmul
// took 8 KiB more than Triton's compile that way), so it takes its smallest.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 102400 : i32
// CHECK: scf.for
// CHECK: ttg.convert_layout %{{.+}} {allocation.offset = 98304 : i32, allocation.scratch_bytes = 4096 : i64}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#rows = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @conversion_beside_a_ring_of_two_blocks(%acc: tensor<128x128xf16, #mma>, %p: tensor<128x128x!tt.ptr<f16>, #rows>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %ring = ttg.local_alloc : () -> !ttg.memdesc<6x128x64xf16, #shared, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %c = ttg.convert_layout %acc : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #rows>
      tt.store %p, %c : tensor<128x128x!tt.ptr<f16>, #rows>
    }
    ttg.local_dealloc %ring : !ttg.memdesc<6x128x64xf16, #shared, #smem, mutable>
    tt.return
  }
}
