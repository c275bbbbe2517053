// triton-nvidia-optimize-descriptor-encoding: a descriptor whose loaded
// block is stored for a dot takes that buffer's #ttg.nvmma_shared (here a
// 64-byte swizzle, what a 32-column f16 operand gets); one only stored
// through gets Triton's default for its block (128-byte swizzle for 64 f16
// columns); the function type follows. As in Triton, every descriptor value
// is solved again, whatever encoding it had.
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(triton-nvidia-optimize-descriptor-encoding)' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #[[SW64:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
  // CHECK: #[[SW128:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
  // CHECK-LABEL: tt.func @from_users
  // CHECK-SAME: %arg0: !tt.tensordesc<tensor<128x32xf16, #[[SW64]]>>
  // CHECK-SAME: %arg2: !tt.tensordesc<tensor<64x64xf16, #[[SW128]]>>
  tt.func @from_users(%a: !tt.tensordesc<tensor<128x32xf16>>, %i: i32, %c: !tt.tensordesc<tensor<64x64xf16>>, %v: tensor<64x64xf16, #blocked>) {
    %x = tt.descriptor_load %a[%i, %i] : !tt.tensordesc<tensor<128x32xf16>> -> tensor<128x32xf16, #blocked>
    %m = ttg.local_alloc %x : (tensor<128x32xf16, #blocked>) -> !ttg.memdesc<128x32xf16, #shared, #smem>
    tt.descriptor_store %c[%i, %i], %v : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #blocked>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A device function's descriptor comes from callers that pass the
  // default: its 32-byte swizzle is replaced by the 128-byte default.
  // CHECK: #[[SW128:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
  // CHECK-LABEL: tt.func @device_function
  // CHECK-SAME: !tt.tensordesc<tensor<64x64xf16, #[[SW128]]>>
  tt.func @device_function(%a: !tt.tensordesc<tensor<64x64xf16, #shared>>) {
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A descriptor made in the kernel takes the default for the blocks its
  // uses move: a gather of 32 rows of 32 i8 moves 32x32 blocks (a 32-byte
  // swizzle), not the 1x32 of its type.
  // CHECK: #[[SW32:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
  // CHECK-LABEL: tt.func public @made_in_kernel
  // CHECK: tt.make_tensor_descriptor {{.+}} : <i8>, <tensor<1x32xi8, #[[SW32]]>>
  // CHECK: tt.descriptor_gather {{.+}} : (!tt.tensordesc<tensor<1x32xi8, #[[SW32]]>>
  tt.func public @made_in_kernel(%p: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %n: i32, %rows: tensor<32xi32, #blocked>) -> tensor<32x32xi8, #blocked1> {
    %c1_i64 = arith.constant 1 : i64
    %c0 = arith.constant 0 : i32
    %s = arith.extsi %n : i32 to i64
    %d = tt.make_tensor_descriptor %p, [%n, %n], [%s, %c1_i64] : <i8>, <tensor<1x32xi8>>
    %g = tt.descriptor_gather %d[%rows, %c0] : (!tt.tensordesc<tensor<1x32xi8>>, tensor<32xi32, #blocked>, i32) -> tensor<32x32xi8, #blocked1>
    tt.return %g : tensor<32x32xi8, #blocked1>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A loop-carried descriptor is one value with its init, iteration
  // argument, yield and result: all take what the load in the loop wants.
  // CHECK-DAG: #[[SW64:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
  // CHECK-DAG: #[[SW128:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
  // CHECK-LABEL: tt.func public @carried
  // CHECK: tt.make_tensor_descriptor {{.+}} : <f16>, <tensor<128x32xf16, #[[SW64]]>>
  // CHECK: scf.for {{.+}} -> (!tt.tensordesc<tensor<128x32xf16, #[[SW64]]>>)
  // CHECK: tt.descriptor_load %arg{{[0-9]+}}[%{{.+}}, %{{.+}}] : !tt.tensordesc<tensor<128x32xf16, #[[SW64]]>>
  // Two loads that want different buffers: the default (128-byte swizzle
  // for 64 f16 columns).
  // CHECK-LABEL: tt.func public @clashing
  // CHECK-SAME: !tt.tensordesc<tensor<128x64xf16, #[[SW128]]>>
  tt.func public @carried(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) {
    %c1_i64 = arith.constant 1 : i64
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %s = arith.extsi %n : i32 to i64
    %d = tt.make_tensor_descriptor %p, [%n, %n], [%s, %c1_i64] : <f16>, <tensor<128x32xf16>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%arg = %d) -> (!tt.tensordesc<tensor<128x32xf16>>) : i32 {
      %x = tt.descriptor_load %arg[%i, %c0] : !tt.tensordesc<tensor<128x32xf16>> -> tensor<128x32xf16, #blocked>
      %m = ttg.local_alloc %x : (tensor<128x32xf16, #blocked>) -> !ttg.memdesc<128x32xf16, #shared, #smem>
      scf.yield %arg : !tt.tensordesc<tensor<128x32xf16>>
    }
    tt.return
  }
  tt.func public @clashing(%a: !tt.tensordesc<tensor<128x64xf16>>, %i: i32) {
    %x = tt.descriptor_load %a[%i, %i] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
    %m = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %y = tt.descriptor_load %a[%i, %i] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
    %k = ttg.local_alloc %y : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared1, #smem>
    tt.return
  }
}
