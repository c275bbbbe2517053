// tile-insert-barriers puts a ttg.local_barrier before the first op whose
// shared-memory access conflicts with one since the last barrier (read
// after write, write after read, write after write), through scf.if and
// loops (to a fixpoint over the back edge). Running it twice inserts
// nothing more.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(allocate-shared-memory,tile-insert-barriers)' | FileCheck %s
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(allocate-shared-memory,tile-insert-barriers,tile-insert-barriers)' | FileCheck %s
// RUN: not %mlir-tile %s -split-input-file -p 'builtin.module(tile-insert-barriers)' 2>&1 | FileCheck %s --check-prefix=NOALLOC
// NOALLOC: error: tile-insert-barriers: the module has no shared-memory allocation (ttg.shared); run allocate-shared-memory first

#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // Two reductions across warps share the scratch at offset 0: the second
  // writes what the first read.
  // CHECK-LABEL: tt.func @two_reduces
  // CHECK: "tt.reduce"
  // CHECK: allocation.offset = 0
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: "tt.reduce"
  // CHECK-NOT: ttg.local_barrier
  // CHECK: tt.return
  tt.func @two_reduces(%x: tensor<256xf32, #b>) -> f32 {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %c: f32):
      %r = arith.addf %a, %c : f32
      tt.reduce.return %r : f32
    }) : (tensor<256xf32, #b>) -> f32
    %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %c: f32):
      %r = arith.maxnumf %a, %c : f32
      tt.reduce.return %r : f32
    }) : (tensor<256xf32, #b>) -> f32
    %t = arith.addf %s, %m : f32
    tt.return %t : f32
  }

  // A reduction inside a loop conflicts with itself one iteration earlier.
  // CHECK-LABEL: tt.func @reduce_in_loop
  // CHECK: scf.for
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: "tt.reduce"
  tt.func @reduce_in_loop(%x: tensor<256xf32, #b>, %n: i32) -> f32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant 0.0 : f32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) : i32 {
      %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
      ^bb0(%a: f32, %c: f32):
        %q = arith.addf %a, %c : f32
        tt.reduce.return %q : f32
      }) : (tensor<256xf32, #b>) -> f32
      %t = arith.addf %acc, %s : f32
      scf.yield %t : f32
    }
    tt.return %r : f32
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // Write, then two reads: one barrier (read after write), none between the
  // reads; storing again after the reads needs one more (write after read).
  // CHECK-LABEL: tt.func @store_load_load_store
  // CHECK: ttg.local_alloc
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: tt.return
  tt.func @store_load_load_store(%x: tensor<32x32xf16, #b>) {
    %m = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.local_store %x, %m : tensor<32x32xf16, #b> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %y = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
    %z = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
    ttg.local_store %y, %m : tensor<32x32xf16, #b> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    tt.return
  }

  // Two buffers that do not overlap: writing the second after reading the
  // first needs no barrier. An existing barrier is kept and respected.
  // CHECK-LABEL: tt.func @disjoint_and_existing
  // CHECK: ttg.local_alloc %{{.+}} :
  // CHECK-NEXT: ttg.local_alloc
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK-NOT: ttg.local_barrier
  // CHECK: tt.return
  tt.func @disjoint_and_existing(%x: tensor<32x32xf16, #b>) {
    %m = ttg.local_alloc %x : (tensor<32x32xf16, #b>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %n = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %y = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #b>
    ttg.local_store %y, %n : tensor<32x32xf16, #b> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.local_barrier
    %z = ttg.local_load %n : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
    tt.return
  }

  // A write in one branch of an scf.if and a read after it.
  // CHECK-LABEL: tt.func @if_branch
  // CHECK: scf.if
  // CHECK-NEXT: ttg.local_store
  // CHECK: }
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  tt.func @if_branch(%c: i1, %x: tensor<32x32xf16, #b>) {
    %m = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    scf.if %c {
      ttg.local_store %x, %m : tensor<32x32xf16, #b> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    }
    %y = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
    tt.return
  }

  // A loop that stores at the top and loads at the bottom of each
  // iteration: one barrier between them, one before the next iteration's
  // store (write after the previous iteration's read).
  // CHECK-LABEL: tt.func @loop_carried
  // CHECK: scf.for
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: scf.yield
  tt.func @loop_carried(%x: tensor<32x32xf16, #b>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %m = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %x) -> (tensor<32x32xf16, #b>) : i32 {
      ttg.local_store %v, %m : tensor<32x32xf16, #b> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
      %y = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
      scf.yield %y : tensor<32x32xf16, #b>
    }
    tt.return
  }
}
