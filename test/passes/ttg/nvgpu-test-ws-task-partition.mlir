// nvgpu-test-ws-task-partition: the loads a wgmma's operands come from get
// the producer task 0, the wgmmas and all stores the consumer tasks 1 to
// num-warp-groups - 1; functions with marks already, or without a loop, a
// load or a wgmma, are left alone, as is everything with one warp group.
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(nvgpu-test-ws-task-partition{num-warp-groups=3})' | FileCheck %s
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(nvgpu-test-ws-task-partition{num-warp-groups=1})' | FileCheck %s --check-prefix=ONE

// A descriptor load feeds A, a pointer load of 64x64 elements (more than
// the 128 threads) B: both are the producer's. The small pointer load
// (fewer elements than threads) and the load that feeds no wgmma are not
// marked; both stores are the consumers'.
// CHECK-LABEL: tt.func @matmul
// CHECK: tt.load %arg4 : tensor<16x!tt.ptr<f16>
// CHECK-NOT: async_task_id
// CHECK: scf.for
// CHECK: tt.descriptor_load %arg0{{.*}} {async_task_id = array<i32: 0>}
// CHECK: tt.load %arg1 {async_task_id = array<i32: 0>}
// CHECK: tt.load %arg2 : tensor<64x64x!tt.ptr<f16>
// CHECK: ttng.warp_group_dot {{.*}} {async_task_id = array<i32: 1, 2>}
// CHECK: tt.store %arg2, %{{.*}} {async_task_id = array<i32: 1, 2>}
// CHECK: tt.descriptor_store {{.*}} {async_task_id = array<i32: 1, 2>}
// ONE-LABEL: tt.func @matmul
// ONE-NOT: async_task_id
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#small = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @matmul(%a: !tt.tensordesc<tensor<64x64xf16, #shared>>, %bp: tensor<64x64x!tt.ptr<f16>, #blocked>, %other: tensor<64x64x!tt.ptr<f16>, #blocked>, %out: !tt.tensordesc<tensor<64x64xf16, #shared>>, %tiny: tensor<16x!tt.ptr<f16>, #small>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %t = tt.load %tiny : tensor<16x!tt.ptr<f16>, #small>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %x = tt.descriptor_load %a[%i, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %xa = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %y = tt.load %bp : tensor<64x64x!tt.ptr<f16>, #blocked>
      %ya = ttg.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %z = tt.load %other : tensor<64x64x!tt.ptr<f16>, #blocked>
      %d = ttng.warp_group_dot %xa, %ya, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      tt.store %other, %z : tensor<64x64x!tt.ptr<f16>, #blocked>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    %h = arith.truncf %r : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
    %hb = ttg.convert_layout %h : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
    tt.descriptor_store %out[%c0, %c0], %hb : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
    tt.return
  }
}

// -----

// A mark given by the user leaves the function as it is.
// CHECK-LABEL: tt.func @already_marked
// ONE-LABEL: tt.func @already_marked
// CHECK: tt.descriptor_load {{.*}} : !tt.tensordesc
// CHECK: ttng.warp_group_dot {{.*}} {async_task_id = array<i32: 1>}
// CHECK-NOT: async_task_id
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @already_marked(%a: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32, %acc0: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %x = tt.descriptor_load %a[%i, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %xa = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %xa, %xa, %acc {async_task_id = array<i32: 1>} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// Without a loop there is nothing to specialize.
// CHECK-LABEL: tt.func @no_loop
// CHECK-NOT: async_task_id
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @no_loop(%a: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %x = tt.descriptor_load %a[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
    %xa = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %d = ttng.warp_group_dot %xa, %xa, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}
