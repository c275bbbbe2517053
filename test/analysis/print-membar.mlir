// test-print-membar: barriers between conflicting shared-memory accesses,
// after allocate-shared-memory; modules nested in the top one (several
// modules in one input) are allocated and synchronized each on its own.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(allocate-shared-memory,test-print-membar)' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: tt.func @read_after_write
// CHECK: ttg.local_alloc %{{.*}} {allocation.offset = 0 : i32}
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
tt.func @read_after_write(%v: tensor<16x16xf16, #blocked>) {
  %a = ttg.local_alloc %v : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
  %r = ttg.local_load %a : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
  tt.return
}
}
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: tt.func @second_module
// CHECK: ttg.local_alloc %{{.*}} {allocation.offset = 0 : i32}
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
tt.func @second_module(%v: tensor<16x16xf16, #blocked>) {
  %a = ttg.local_alloc %v : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
  %r = ttg.local_load %a : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
  tt.return
}
}

// -----

// Blocks joined by cf branches: each block starts from what any of its
// predecessors may leave pending, so both reads of the written buffer wait
// (the join is reached straight from the write too).
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: tt.func @branches
// CHECK: cf.cond_br
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
tt.func @branches(%c: i1, %v: tensor<16x16xf16, #blocked>) {
  %a = ttg.local_alloc %v : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %r = ttg.local_load %a : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
  cf.br ^bb2
^bb2:
  %s = ttg.local_load %a : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
  tt.return
}
}

// -----

// A loop made of branches: the read at the top of the body waits for the
// write at its bottom in the previous iteration, the write for the read.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: tt.func @branch_loop
// CHECK: ^bb1:
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: cf.cond_br
tt.func @branch_loop(%c: i1, %v: tensor<16x16xf16, #blocked>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  cf.br ^bb1
^bb1:
  %r = ttg.local_load %a : !ttg.memdesc<16x16xf16, #shared, #smem, mutable> -> tensor<16x16xf16, #blocked>
  ttg.local_store %v, %a : tensor<16x16xf16, #blocked> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  tt.return
}
}

// -----

// A scalar atomic whose old value is used synchronizes the CTA itself
// (its old value goes through scratch): the read of the buffer written
// before it needs no barrier of its own.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: tt.func @atomic_synchronizes
// CHECK: ttg.local_alloc
// CHECK-NEXT: tt.atomic_cas
// CHECK-NEXT: ttg.local_load
tt.func @atomic_synchronizes(%p: !tt.ptr<i32>, %v: tensor<16x16xf16, #blocked>) -> i32 {
  %c0 = arith.constant 0 : i32
  %a = ttg.local_alloc %v : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
  %old = tt.atomic_cas acq_rel, gpu, %p, %c0, %c0 : (!tt.ptr<i32>, i32, i32) -> i32
  %r = ttg.local_load %a : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
  tt.return %old : i32
}
// Its scratch is read after its own barrier: a later write of the same
// bytes waits.
// CHECK-LABEL: tt.func @atomic_then_reuse
// CHECK: tt.atomic_cas
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_alloc
tt.func @atomic_then_reuse(%p: !tt.ptr<i32>, %v: tensor<16x16xf16, #blocked>) -> i32 {
  %c0 = arith.constant 0 : i32
  %old = tt.atomic_cas acq_rel, gpu, %p, %c0, %c0 : (!tt.ptr<i32>, i32, i32) -> i32
  %a = ttg.local_alloc %v : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
  tt.return %old : i32
}
}

// -----

// mbarrier traffic. Several inits (and invals) of one barrier array need no
// barrier among them; arming, TMA loads and waits may run in any order on
// different threads; two waits in a row do need one, and so does an
// inval after a wait. After an async_tma_store_wait the CTA meets before
// anyone may overwrite the stored buffer. An arrive orders everything
// before it.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// CHECK-LABEL: tt.func @mbarrier_pairs
// CHECK: ttng.init_barrier
// CHECK-NEXT: ttng.init_barrier
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttng.barrier_expect
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
// CHECK-NEXT: ttng.wait_barrier
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttng.wait_barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttng.inval_barrier
// CHECK-NEXT: ttng.inval_barrier
// CHECK-NEXT: tt.return
tt.func @mbarrier_pairs(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>) -> tensor<64x64xf16, #blocked> {
  %true = arith.constant true
  %c0 = arith.constant 0 : i32
  %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %t = ttg.local_load %buf : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
  ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return %t : tensor<64x64xf16, #blocked>
}

// CHECK-LABEL: tt.func @tma_store_wait
// CHECK: ttng.async_tma_copy_local_to_global
// CHECK-NEXT: ttng.async_tma_store_wait
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: tt.return
tt.func @tma_store_wait(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>) {
  %c0 = arith.constant 0 : i32
  %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %buf : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  ttng.async_tma_store_wait {pendings = 0 : i32}
  ttg.local_store %v, %buf : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  tt.return
}

// Nothing follows the wait but the return: the barrier still goes after it.
// CHECK-LABEL: tt.func @tma_store_wait_last
// CHECK: ttng.async_tma_store_wait
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: tt.return
tt.func @tma_store_wait_last() {
  ttng.async_tma_store_wait {pendings = 0 : i32}
  tt.return
}

// CHECK-LABEL: tt.func @arrive_orders_all
// CHECK: ttg.local_load
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttng.arrive_barrier
tt.func @arrive_orders_all(%v: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked> {
  %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %buf = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
  %t = ttg.local_load %buf : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>
  ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return %t : tensor<64x64xf16, #blocked>
}
}

// -----

// warp_specialize: the default region continues from what came before (the
// store before the op conflicts with its load); each partition starts from
// nothing pending and gets the barriers its own accesses need.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: tt.func @partitions
// CHECK: ttg.local_store
// CHECK-NEXT: ttg.warp_specialize
// CHECK-NEXT: default
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
// CHECK: partition0
// CHECK-NEXT: arith.constant
// CHECK-NEXT: ttg.local_alloc
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
tt.func @partitions(%v: tensor<1xi64>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
  ttg.local_store %v, %a : tensor<1xi64> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
  ttg.warp_specialize(%a)
  default {
    %x = ttg.local_load %a : !ttg.memdesc<1xi64, #shared, #smem, mutable> -> tensor<1xi64>
    ttg.warp_yield
  }
  partition0(%arg: !ttg.memdesc<1xi64, #shared, #smem, mutable>) num_warps(4) {
    %cst = arith.constant dense<0> : tensor<1xi64>
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttg.local_store %cst, %b : tensor<1xi64> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %y = ttg.local_load %b : !ttg.memdesc<1xi64, #shared, #smem, mutable> -> tensor<1xi64>
    ttg.warp_return
  } : (!ttg.memdesc<1xi64, #shared, #smem, mutable>) -> ()
  tt.return
}
}

// -----

// A function's memdesc argument views a buffer of a caller, and a function's
// own buffers lie above all of its callers' (here the callee's at 512, above
// the caller's 512 bytes): accesses through the argument conflict with each
// other but not with the function's own buffers.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: tt.func @caller
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
tt.func @caller(%v: tensor<16x16xf16, #blocked>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  tt.call @callee(%a, %v) : (!ttg.memdesc<16x16xf16, #shared, #smem, mutable>, tensor<16x16xf16, #blocked>) -> ()
  tt.return
}
// CHECK-LABEL: tt.func private @callee
// CHECK: %[[OWN:.*]] = ttg.local_alloc {allocation.offset = 512 : i32}
// CHECK-NEXT: ttg.local_store %{{.*}}, %arg0
// CHECK-NEXT: ttg.local_store %{{.*}}, %[[OWN]]
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load %arg0
// CHECK-NEXT: tt.return
tt.func private @callee(%arg: !ttg.memdesc<16x16xf16, #shared, #smem, mutable>, %v: tensor<16x16xf16, #blocked>) {
  %own = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  ttg.local_store %v, %arg : tensor<16x16xf16, #blocked> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  ttg.local_store %v, %own : tensor<16x16xf16, #blocked> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  %s = ttg.local_load %arg : !ttg.memdesc<16x16xf16, #shared, #smem, mutable> -> tensor<16x16xf16, #blocked>
  tt.return
}
}

// -----

// With no buffer of its own, a function's argument may cover any byte; with
// buffers from byte 0 on, no caller could have passed one, and accesses
// through it (as Triton's analysis, which does not track them) conflict
// with nothing.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: tt.func @argument_only
// CHECK: ttg.local_store
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
tt.func @argument_only(%arg: !ttg.memdesc<16x16xf16, #shared, #smem, mutable>, %v: tensor<16x16xf16, #blocked>) {
  ttg.local_store %v, %arg : tensor<16x16xf16, #blocked> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  %s = ttg.local_load %arg : !ttg.memdesc<16x16xf16, #shared, #smem, mutable> -> tensor<16x16xf16, #blocked>
  tt.return
}
// CHECK-LABEL: tt.func @argument_and_own_buffer
// CHECK: ttg.local_load %arg0
// CHECK-NEXT: ttg.local_store %{{.*}}, %{{.*}} :
// CHECK-NOT: ttg.local_barrier
// CHECK: tt.return
tt.func @argument_and_own_buffer(%arg: !ttg.memdesc<16x16xf16, #shared, #smem>, %v: tensor<16x16xf16, #blocked>) {
  %own = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  %s = ttg.local_load %arg : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
  ttg.local_store %v, %own : tensor<16x16xf16, #blocked> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  tt.return
}
}
