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

  // A scan across warps reads and writes its scratch like a reduction: the
  // reduction after it, at the same offset, waits for it.
  // CHECK-LABEL: tt.func @scan_then_reduce
  // CHECK: "tt.scan"
  // CHECK: allocation.offset = 0
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: "tt.reduce"
  // CHECK-NOT: ttg.local_barrier
  // CHECK: tt.return
  tt.func @scan_then_reduce(%x: tensor<256xf32, #b>) -> f32 {
    %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %c: f32):
      %r = arith.addf %a, %c : f32
      tt.scan.return %r : f32
    }) : (tensor<256xf32, #b>) -> tensor<256xf32, #b>
    %m = "tt.reduce"(%s) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %c: f32):
      %r = arith.maxnumf %a, %c : f32
      tt.reduce.return %r : f32
    }) : (tensor<256xf32, #b>) -> f32
    tt.return %m : f32
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

// -----

#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
// The pass marks the module so that the lowering does not insert again.
// CHECK-LABEL: module attributes
// CHECK-SAME: "tile.barriers-inserted"
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // Reads only (of a buffer the analysis cannot trace: all of shared
  // memory): no barrier.
  // CHECK-LABEL: tt.func @reads_only
  // CHECK-NOT: ttg.local_barrier
  // CHECK: tt.return
  tt.func @reads_only(%m: !ttg.memdesc<32x32xf16, #shared, #smem>) {
    %x = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #b>
    %y = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #b>
    tt.return
  }

  // A local_alloc with a value writes its buffer: reading it needs a
  // barrier.
  // CHECK-LABEL: tt.func @alloc_then_load
  // CHECK: ttg.local_alloc %
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  tt.func @alloc_then_load(%x: tensor<32x32xf16, #b>) {
    %m = ttg.local_alloc %x : (tensor<32x32xf16, #b>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %y = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #b>
    tt.return
  }

  // A memdesc_index with a constant index is one slice: writing slice 0
  // and reading slice 1 needs no barrier; reading slice 0 does.
  // CHECK-LABEL: tt.func @constant_slices
  // CHECK: ttg.local_store
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  tt.func @constant_slices(%x: tensor<32x32xf16, #b>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %m = ttg.local_alloc : () -> !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>
    %s0 = ttg.memdesc_index %m[%c0] : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %s1 = ttg.memdesc_index %m[%c1] : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.local_store %x, %s0 : tensor<32x32xf16, #b> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %y = ttg.local_load %s1 : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
    %z = ttg.local_load %s0 : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
    tt.return
  }

  // A slice picked at run time may be any slice.
  // CHECK-LABEL: tt.func @dynamic_slice
  // CHECK: ttg.local_store
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  tt.func @dynamic_slice(%x: tensor<32x32xf16, #b>, %i: i32) {
    %c0 = arith.constant 0 : i32
    %m = ttg.local_alloc : () -> !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>
    %s0 = ttg.memdesc_index %m[%c0] : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %si = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.local_store %x, %s0 : tensor<32x32xf16, #b> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %y = ttg.local_load %si : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
    tt.return
  }

  // A write in one branch and a read in the other never meet; the read
  // after the scf.if meets the write of the then-branch.
  // CHECK-LABEL: tt.func @if_both_branches
  // CHECK: scf.if
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: } else {
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: }
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  tt.func @if_both_branches(%c: i1, %x: tensor<32x32xf16, #b>) {
    %m = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    scf.if %c {
      ttg.local_store %x, %m : tensor<32x32xf16, #b> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    } else {
      %y = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
    }
    %z = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
    tt.return
  }

  // A loop that only loads at the top of its body and stores at the
  // bottom: the store of one iteration meets the load of the next, so the
  // barrier goes before the load (read after the previous iteration's
  // write), and one before the store (write after this iteration's read).
  // CHECK-LABEL: tt.func @loop_store_at_bottom
  // CHECK: ttg.local_store
  // CHECK-NEXT: scf.for
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: }
  tt.func @loop_store_at_bottom(%x: tensor<32x32xf16, #b>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %m = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.local_store %x, %m : tensor<32x32xf16, #b> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %y = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
      ttg.local_store %y, %m : tensor<32x32xf16, #b> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    }
    tt.return
  }

  // Ping-pong through two buffers carried by the loop: the memdesc of the
  // region argument is either buffer, so the load meets both stores.
  // CHECK-LABEL: tt.func @loop_carried_memdesc
  // CHECK: scf.for
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: scf.yield
  tt.func @loop_carried_memdesc(%x: tensor<32x32xf16, #b>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %p = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %q = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %p, %other = %q) -> (!ttg.memdesc<32x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x32xf16, #shared, #smem, mutable>) : i32 {
      %y = ttg.local_load %cur : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
      ttg.local_store %y, %other : tensor<32x32xf16, #b> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
      scf.yield %other, %cur : !ttg.memdesc<32x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    }
    tt.return
  }

  // scf.while: the after-region's store meets the before-region's load of
  // the next iteration.
  // CHECK-LABEL: tt.func @while_loop
  // CHECK: scf.while
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK: } do {
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_store
  tt.func @while_loop(%x: tensor<32x32xf16, #b>, %c: i1) {
    %m = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    scf.while : () -> () {
      %y = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
      scf.condition(%c)
    } do {
      ttg.local_store %x, %m : tensor<32x32xf16, #b> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
      scf.yield
    }
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // A cp.async's data is visible to other threads only after its
  // async_wait and a barrier: the barrier goes between wait and load, even
  // when another barrier sits between the copy and the wait.
  // CHECK-LABEL: tt.func @async_copy_wait_load
  // CHECK: ttg.async_copy_global_to_local
  // CHECK-NEXT: ttg.async_commit_group
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.async_wait
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK-NOT: ttg.local_barrier
  // CHECK: tt.return
  tt.func @async_copy_wait_load(%p: tensor<32x32x!tt.ptr<f16>, #b>) {
    %m = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %m : tensor<32x32x!tt.ptr<f16>, #b> -> <32x32xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    ttg.local_barrier
    %w = ttg.async_wait %g {num = 0 : i32}
    %y = ttg.local_load %m token %w : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
    %z = ttg.local_load %m token %w : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
    tt.return
  }

  // A copy must not overwrite bytes other threads may still be reading;
  // a copy into another slice may go ahead.
  // CHECK-LABEL: tt.func @async_copy_after_load
  // CHECK: ttg.local_load
  // CHECK-NEXT: ttg.async_copy_global_to_local
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.async_copy_global_to_local
  tt.func @async_copy_after_load(%p: tensor<32x32x!tt.ptr<f16>, #b>, %m: !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>
    %s0 = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %s1 = ttg.memdesc_index %buf[%c1] : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %y = ttg.local_load %s0 : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
    %t1 = ttg.async_copy_global_to_local %p, %s1 : tensor<32x32x!tt.ptr<f16>, #b> -> <32x32xf16, #shared, #smem, mutable>
    %t0 = ttg.async_copy_global_to_local %p, %s0 : tensor<32x32x!tt.ptr<f16>, #b> -> <32x32xf16, #shared, #smem, mutable>
    tt.return
  }

  // An async_wait with num > 0 leaves copies in flight: a later wait
  // makes them pending writes again.
  // CHECK-LABEL: tt.func @async_wait_partial
  // CHECK: ttg.async_wait %{{.+}} {num = 1
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: ttg.async_wait {num = 0
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  tt.func @async_wait_partial(%p: tensor<32x32x!tt.ptr<f16>, #b>) {
    %m = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %m : tensor<32x32x!tt.ptr<f16>, #b> -> <32x32xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 1 : i32}
    %y = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
    %v = ttg.async_wait {num = 0 : i32}
    %z = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
    tt.return
  }

  // A call may touch any byte: pending accesses are synchronized before
  // it, and the next access after it waits for it.
  // CHECK-LABEL: tt.func @call
  // CHECK: ttg.local_store
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: tt.call
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  tt.func @call(%x: tensor<32x32xf16, #b>) {
    %m = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.local_store %x, %m : tensor<32x32xf16, #b> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    tt.call @callee() : () -> ()
    %y = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #b>
    tt.return
  }
  tt.func private @callee() {
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // Scalar atomics whose old values are used share them through scratch
  // (written by thread 0, read by all): the second writes what the first
  // read, and inside a loop the atomic follows its own read of the last
  // iteration. An atomic with an unused result touches no shared memory.
  // CHECK-LABEL: tt.func @scalar_atomics
  // CHECK: tt.atomic_rmw add
  // CHECK-NEXT: tt.atomic_rmw add
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: tt.atomic_cas
  // CHECK: scf.while
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: tt.atomic_cas
  tt.func @scalar_atomics(%p: !tt.ptr<i32>, %o: !tt.ptr<i32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %0 = tt.atomic_rmw add, relaxed, gpu, %p, %c1 : (!tt.ptr<i32>, i32) -> i32
    %1 = tt.atomic_rmw add, relaxed, gpu, %p, %c1 : (!tt.ptr<i32>, i32) -> i32
    %2 = tt.atomic_cas acq_rel, gpu, %p, %c0, %0 : (!tt.ptr<i32>, i32, i32) -> i32
    tt.store %o, %2 : !tt.ptr<i32>
    scf.while : () -> () {
      %old = tt.atomic_cas acq_rel, gpu, %p, %c0, %c1 : (!tt.ptr<i32>, i32, i32) -> i32
      %busy = arith.cmpi eq, %old, %c1 : i32
      scf.condition(%busy)
    } do {
      scf.yield
    }
    tt.return
  }
}

// -----

// The compiler's barriers, as Triton's compiler places them: every pair of
// mbarrier operations on one barrier meets (only test-print-membar exempts
// the order-free pairs), and the CTA meets after an async_tma_store_wait.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// CHECK-LABEL: tt.func @mbarrier_pairs_meet
// CHECK: ttng.init_barrier
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttng.init_barrier
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttng.barrier_expect
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttng.wait_barrier
// CHECK: ttng.async_tma_store_wait
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: tt.return
tt.func @mbarrier_pairs_meet(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>) {
  %true = arith.constant true
  %c0 = arith.constant 0 : i32
  %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %buf : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  ttng.async_tma_store_wait {pendings = 0 : i32}
  tt.return
}
}
