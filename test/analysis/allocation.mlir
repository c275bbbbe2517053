// The shared-memory allocation, printed by test-tile-print-allocation: each
// buffer's op (by source line), offset and size, then the total. A buffer
// lives from its local_alloc to the last use of it or of a value viewing it
// (views, scf region arguments and results); a use inside a loop keeps it
// for the whole loop; scratch lives only at its op. First fit, largest
// buffer first (program order among equal sizes, as Triton sorts by size),
// at 16-byte-aligned offsets (nvmma_shared: a whole swizzle pattern).

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(test-tile-print-allocation)' -o /dev/null | FileCheck %s

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // %a is dead once %b is allocated: they may share bytes. %c, live with
  // %b, is placed before it (bigger first) and takes %a's bytes; %b goes
  // after it.
  // CHECK-LABEL: function @reuse_and_overlap
  tt.func @reuse_and_overlap() {
    // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 0, size = 8192
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 8192, size = 4096
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 0, size = 8192
    %c = ttg.local_alloc : () -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    ttg.local_dealloc %b : !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    ttg.local_dealloc %c : !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    tt.return
  }
  // CHECK-NEXT: total = 12288
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // The last use of a view keeps its buffer live: %a is read through
  // memdesc_index after %b is allocated.
  // CHECK-LABEL: function @view_keeps_buffer
  tt.func @view_keeps_buffer() -> tensor<32x32xf16, #b> {
    %c1 = arith.constant 1 : i32
    // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 0, size = 6144
    %a = ttg.local_alloc : () -> !ttg.memdesc<3x32x32xf16, #shared, #smem, mutable>
    %v = ttg.memdesc_index %a[%c1] : !ttg.memdesc<3x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 6144, size = 2048
    %b = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %x = ttg.local_load %v : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
    ttg.local_store %x, %b : tensor<32x32xf16, #b> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    tt.return %x : tensor<32x32xf16, #b>
  }
  // CHECK-NEXT: total = 8192
}

// -----

#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // %a, allocated before the loop and used inside it, is live during the
  // whole loop: the scratch of the reduction after its use in the body
  // must not take its bytes (the next iteration uses %a again). %c,
  // allocated after the loop, takes them.
  // CHECK-LABEL: function @loop
  tt.func @loop(%x: tensor<256xf32, #b>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 0, size = 8192
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      ttg.local_dealloc %a : !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
      // CHECK-NEXT: scratch tt.reduce (line [[@LINE+1]]): offset = 8192, size = 16
      %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
      ^bb0(%p: f32, %q: f32):
        %r = arith.addf %p, %q : f32
        tt.reduce.return %r : f32
      }) : (tensor<256xf32, #b>) -> f32
    }
    // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 0, size = 8192
    %c = ttg.local_alloc : () -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    tt.return
  }
  // CHECK-NEXT: total = 8208
}

// -----

#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#bl = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // A buffer allocated in the body and carried to the next iteration
  // (iter_args) is live for the whole loop: at the top of the body the
  // previous iteration's %next is still read, so the reduction's scratch
  // there must not take its bytes. Nor may %next take %init's bytes (the
  // first iteration reads %init).
  // CHECK-LABEL: function @loop_carried
  tt.func @loop_carried(%x: tensor<256xf32, #b>, %y: tensor<32x32xf16, #bl>, %n: i32) -> tensor<32x32xf16, #bl> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 0, size = 2048
    %init = ttg.local_alloc %y : (tensor<32x32xf16, #bl>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %last = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (!ttg.memdesc<32x32xf16, #shared, #smem>) : i32 {
      // CHECK-NEXT: scratch tt.reduce (line [[@LINE+1]]): offset = 4096, size = 16
      %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
      ^bb0(%p: f32, %q: f32):
        %r = arith.addf %p, %q : f32
        tt.reduce.return %r : f32
      }) : (tensor<256xf32, #b>) -> f32
      %t = ttg.local_load %cur : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #bl>
      // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 2048, size = 2048
      %next = ttg.local_alloc %t : (tensor<32x32xf16, #bl>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
      scf.yield %next : !ttg.memdesc<32x32xf16, #shared, #smem>
    }
    %z = ttg.local_load %last : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #bl>
    tt.return %z : tensor<32x32xf16, #bl>
  }
  // CHECK-NEXT: total = 4112
}

// -----

#bl = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // A buffer allocated in a branch and returned by scf.if lives until the
  // last use of the result: %d must not take its bytes.
  // CHECK-LABEL: function @if_result
  tt.func @if_result(%c: i1, %y: tensor<32x32xf16, #bl>) -> tensor<32x32xf16, #bl> {
    %m = scf.if %c -> (!ttg.memdesc<32x32xf16, #shared, #smem>) {
      // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 0, size = 2048
      %t = ttg.local_alloc %y : (tensor<32x32xf16, #bl>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
      scf.yield %t : !ttg.memdesc<32x32xf16, #shared, #smem>
    } else {
      // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 2048, size = 2048
      %e = ttg.local_alloc %y : (tensor<32x32xf16, #bl>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
      scf.yield %e : !ttg.memdesc<32x32xf16, #shared, #smem>
    }
    // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 4096, size = 2048
    %d = ttg.local_alloc %y : (tensor<32x32xf16, #bl>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %z = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #bl>
    ttg.local_dealloc %d : !ttg.memdesc<32x32xf16, #shared, #smem>
    tt.return %z : tensor<32x32xf16, #bl>
  }
  // CHECK-NEXT: total = 6144
}

// -----

#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // Scratch lives only at its op: two reductions share their bytes, beside
  // the buffer live around them; after the buffer dies, the third takes 0.
  // CHECK-LABEL: function @scratch
  tt.func @scratch(%x: tensor<256xf32, #b>) -> f32 {
    // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 0, size = 8192
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    // CHECK-NEXT: scratch tt.reduce (line [[@LINE+1]]): offset = 8192, size = 16
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%p: f32, %q: f32):
      %r = arith.addf %p, %q : f32
      tt.reduce.return %r : f32
    }) : (tensor<256xf32, #b>) -> f32
    // CHECK-NEXT: scratch tt.reduce (line [[@LINE+1]]): offset = 8192, size = 16
    %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%p: f32, %q: f32):
      %r = arith.maxnumf %p, %q : f32
      tt.reduce.return %r : f32
    }) : (tensor<256xf32, #b>) -> f32
    ttg.local_dealloc %a : !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    // CHECK-NEXT: scratch tt.reduce (line [[@LINE+1]]): offset = 0, size = 16
    %w = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%p: f32, %q: f32):
      %r = arith.minnumf %p, %q : f32
      tt.reduce.return %r : f32
    }) : (tensor<256xf32, #b>) -> f32
    %t = arith.addf %s, %m : f32
    %u = arith.addf %t, %w : f32
    tt.return %u : f32
  }
  // CHECK-NEXT: total = 8208
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1d = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Alignment: 16 bytes, an nvmma_shared buffer a whole swizzle pattern
  // (8 rows of swizzlingByteWidth bytes), or the alignment attribute.
  // The big buffers go first, so the small ones leave no gap before them.
  // CHECK-LABEL: function @alignment
  tt.func @alignment() {
    // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 24576, size = 48
    %a = ttg.local_alloc : () -> !ttg.memdesc<3x8xf16, #shared, #smem, mutable>
    // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 0, size = 16384
    %b = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 24624, size = 16
    %c = ttg.local_alloc : () -> !ttg.memdesc<8xf16, #shared1d, #smem, mutable>
    // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 16384, size = 8192
    %d = ttg.local_alloc : () -> !ttg.memdesc<128x32xf16, #nvmma64, #smem, mutable>
    // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 24832, size = 16
    %e = ttg.local_alloc {alignment = 256 : i32} : () -> !ttg.memdesc<8xf16, #shared1d, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<3x8xf16, #shared, #smem, mutable>
    ttg.local_dealloc %b : !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    ttg.local_dealloc %c : !ttg.memdesc<8xf16, #shared1d, #smem, mutable>
    ttg.local_dealloc %d : !ttg.memdesc<128x32xf16, #nvmma64, #smem, mutable>
    ttg.local_dealloc %e : !ttg.memdesc<8xf16, #shared1d, #smem, mutable>
    tt.return
  }
  // CHECK-NEXT: total = 24848
}

// -----

#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // A callee addresses the same shared array: its buffers go above
  // everything its callers use (@leaf above @middle above @kernel).
  // CHECK-LABEL: function @kernel
  tt.func public @kernel(%x: tensor<256xf32, #b>) -> f32 {
    // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 0, size = 8192
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    %r = tt.call @middle(%x) : (tensor<256xf32, #b>) -> f32
    %s = tt.call @leaf(%x) : (tensor<256xf32, #b>) -> f32
    ttg.local_dealloc %a : !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    %t = arith.addf %r, %s : f32
    tt.return %t : f32
  }
  // CHECK-LABEL: function @middle
  tt.func private @middle(%x: tensor<256xf32, #b>) -> f32 {
    // CHECK-NEXT: ttg.local_alloc (line [[@LINE+1]]): offset = 8192, size = 4096
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    %r = tt.call @leaf(%x) : (tensor<256xf32, #b>) -> f32
    ttg.local_dealloc %a : !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    tt.return %r : f32
  }
  // CHECK-LABEL: function @leaf
  tt.func private @leaf(%x: tensor<256xf32, #b>) -> f32 {
    // CHECK-NEXT: scratch tt.reduce (line [[@LINE+1]]): offset = 12288, size = 16
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%p: f32, %q: f32):
      %r = arith.addf %p, %q : f32
      tt.reduce.return %r : f32
    }) : (tensor<256xf32, #b>) -> f32
    tt.return %s : f32
  }
  // CHECK-NEXT: total = 12304
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // An atomic whose old values other threads than the ones performing it
  // use gets one scratch slot per element of its result: a scalar one
  // (thread 0 performs it), or one whose layout repeats elements across
  // warps (32 elements over 4 warps). Unused results, and layouts that hold
  // each element in one thread, need none.
  // CHECK-LABEL: function @atomics
  tt.func @atomics(%p: !tt.ptr<i64>, %v: i64, %q: tensor<32x!tt.ptr<f32>, #b>, %w: tensor<32xf32, #b>,
                   %r: tensor<128x!tt.ptr<f16>, #b>, %x: tensor<128xf16, #b>, %h: !tt.ptr<f16>, %hv: f16) {
    // CHECK-NEXT: scratch tt.atomic_rmw (line [[@LINE+1]]): offset = 0, size = 8
    %0 = tt.atomic_rmw exch, acq_rel, gpu, %p, %v : (!tt.ptr<i64>, i64) -> i64
    // CHECK-NEXT: scratch tt.atomic_cas (line [[@LINE+1]]): offset = 0, size = 2
    %1 = tt.atomic_cas acq_rel, gpu, %h, %hv, %hv : (!tt.ptr<f16>, f16, f16) -> f16
    // CHECK-NEXT: scratch tt.atomic_rmw (line [[@LINE+1]]): offset = 0, size = 128
    %2 = tt.atomic_rmw fadd, relaxed, gpu, %q, %w : (tensor<32x!tt.ptr<f32>, #b>, tensor<32xf32, #b>) -> tensor<32xf32, #b>
    %3 = tt.atomic_rmw fadd, relaxed, gpu, %q, %w : (tensor<32x!tt.ptr<f32>, #b>, tensor<32xf32, #b>) -> tensor<32xf32, #b>
    %4 = tt.atomic_rmw fadd, relaxed, gpu, %r, %x : (tensor<128x!tt.ptr<f16>, #b>, tensor<128xf16, #b>) -> tensor<128xf16, #b>
    %5 = tt.atomic_rmw exch, relaxed, gpu, %p, %v : (!tt.ptr<i64>, i64) -> i64
    tt.store %p, %0 : !tt.ptr<i64>
    tt.store %h, %1 : !tt.ptr<f16>
    tt.store %q, %2 : tensor<32x!tt.ptr<f32>, #b>
    tt.store %r, %4 : tensor<128x!tt.ptr<f16>, #b>
    tt.return
  }
  // CHECK-NEXT: total = 128
}

// -----

// The scratch of a tt.scan across warps holds, per operand, one total per
// line (element off the axis), warp along the axis and repetition of the
// layout along the axis, each operand's part 16-byte aligned. Scans whose
// axis stays within each warp need none.
#b1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#inwarp = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#copies = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: function @scans
  tt.func @scans(%x: tensor<4096xf32, #b1>, %h: tensor<4096xi16, #b1>, %y: tensor<32x256xf32, #rows>, %z: tensor<32x128xf32, #inwarp>, %c: tensor<64xf32, #copies>) {
    // 4096 elements, 512 per CTA tile: 8 repetitions x 4 warps x 4 bytes.
    // CHECK-NEXT: scratch tt.scan (line [[@LINE+1]]): offset = 0, size = 128
    %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%p: f32, %q: f32):
      %r = arith.addf %p, %q : f32
      tt.scan.return %r : f32
    }) : (tensor<4096xf32, #b1>) -> tensor<4096xf32, #b1>
    // Two operands: 128 bytes of f32 totals, then 64 of i16 ones.
    // CHECK-NEXT: scratch tt.scan (line [[@LINE+1]]): offset = 0, size = 192
    %t:2 = "tt.scan"(%x, %h) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%p: f32, %ph: i16, %q: f32, %qh: i16):
      %r = arith.addf %p, %q : f32
      %rh = arith.addi %ph, %qh : i16
      tt.scan.return %r, %rh : f32, i16
    }) : (tensor<4096xf32, #b1>, tensor<4096xi16, #b1>) -> (tensor<4096xf32, #b1>, tensor<4096xi16, #b1>)
    // Rows over 2 warps along the axis: 32 rows x 2 warps x 4 bytes.
    // CHECK-NEXT: scratch tt.scan (line [[@LINE+1]]): offset = 0, size = 256
    %u = "tt.scan"(%y) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%p: f32, %q: f32):
      %r = arith.addf %p, %q : f32
      tt.scan.return %r : f32
    }) : (tensor<32x256xf32, #rows>) -> tensor<32x256xf32, #rows>
    // Each row within one warp: no scratch.
    %v = "tt.scan"(%z) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%p: f32, %q: f32):
      %r = arith.addf %p, %q : f32
      tt.scan.return %r : f32
    }) : (tensor<32x128xf32, #inwarp>) -> tensor<32x128xf32, #inwarp>
    // 64 elements over 4 warps: warps 2 and 3 hold copies of warps 0 and
    // 1, so 2 warps along the axis: 8 bytes (the buffer's start is aligned,
    // its size is not padded).
    // CHECK-NEXT: scratch tt.scan (line [[@LINE+1]]): offset = 0, size = 8
    %w = "tt.scan"(%c) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%p: f32, %q: f32):
      %r = arith.addf %p, %q : f32
      tt.scan.return %r : f32
    }) : (tensor<64xf32, #copies>) -> tensor<64xf32, #copies>
    tt.return
  }
  // CHECK-NEXT: total = 256
}

// -----

// A gather whose warps split the gather axis stages its whole source in
// scratch, row-major, whatever the indices' shape: 64x32 f32 is 8192
// bytes, 8 i8 are 8 bytes, aligned to 16. Scratch lives only at its op, so
// the two share offset 0. Along axis 1 of the same layout (lanes and
// registers) the gather shuffles within warps and needs none.
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: function @gather
  tt.func @gather(%src: tensor<64x32xf32, #b>, %idx: tensor<128x32xi32, #b>, %bytes: tensor<8xi8, #b1>, %idx1: tensor<256xi32, #b1>, %idx2: tensor<64x32xi32, #b>) {
    // CHECK-NEXT: scratch tt.gather (line [[@LINE+1]]): offset = 0, size = 8192
    %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<64x32xf32, #b>, tensor<128x32xi32, #b>) -> tensor<128x32xf32, #b>
    // CHECK-NEXT: scratch tt.gather (line [[@LINE+1]]): offset = 0, size = 16
    %1 = tt.gather %bytes[%idx1] {axis = 0 : i32} : (tensor<8xi8, #b1>, tensor<256xi32, #b1>) -> tensor<256xi8, #b1>
    %2 = tt.gather %src[%idx2] {axis = 1 : i32} : (tensor<64x32xf32, #b>, tensor<64x32xi32, #b>) -> tensor<64x32xf32, #b>
    tt.return
  }
  // CHECK-NEXT: total = 8192
}

// -----

// A reduction's scratch is as large as its partials, unpadded: a 1x64 row
// over two warps leaves one f32 per warp (8 bytes, where Triton counts 8
// too); two operands each start 16-byte aligned (8 + 8 padding + 8).
#row = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: function @row_sums
  tt.func @row_sums(%x: tensor<1x64xf32, #row>, %i: tensor<1x64xi32, #row>) -> (tensor<1xf32, #ttg.slice<{dim = 1, parent = #row}>>, tensor<1xf32, #ttg.slice<{dim = 1, parent = #row}>>, tensor<1xi32, #ttg.slice<{dim = 1, parent = #row}>>) {
    // CHECK-NEXT: scratch tt.reduce (line [[@LINE+1]]): offset = 0, size = 8
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      tt.reduce.return %r : f32
    }) : (tensor<1x64xf32, #row>) -> tensor<1xf32, #ttg.slice<{dim = 1, parent = #row}>>
    // CHECK-NEXT: scratch tt.reduce (line [[@LINE+1]]): offset = 0, size = 24
    %m:2 = "tt.reduce"(%x, %i) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
      %lt = arith.cmpf olt, %a, %b : f32
      %v = arith.select %lt, %b, %a : f32
      %vi = arith.select %lt, %bi, %ai : i32
      tt.reduce.return %v, %vi : f32, i32
    }) : (tensor<1x64xf32, #row>, tensor<1x64xi32, #row>) -> (tensor<1xf32, #ttg.slice<{dim = 1, parent = #row}>>, tensor<1xi32, #ttg.slice<{dim = 1, parent = #row}>>)
    // CHECK-NEXT: total = 24
    tt.return %s, %m#0, %m#1 : tensor<1xf32, #ttg.slice<{dim = 1, parent = #row}>>, tensor<1xf32, #ttg.slice<{dim = 1, parent = #row}>>, tensor<1xi32, #ttg.slice<{dim = 1, parent = #row}>>
  }
}
