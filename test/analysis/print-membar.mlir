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
