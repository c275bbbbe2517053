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
