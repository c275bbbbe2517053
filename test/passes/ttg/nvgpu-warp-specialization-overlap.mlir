// RUN: %mlir-tile %s -split-input-file -verify-diagnostics \
// RUN:   -p 'builtin.module(nvgpu-warp-specialization{num-stages=3 attention=true overlap=true})' | FileCheck %s
// RUN: %mlir-tile %s -split-input-file -verify-diagnostics \
// RUN:   -p 'builtin.module(nvgpu-warp-specialization{num-stages=3 attention=true overlap=true ping-pong=false})' \
// RUN:   | FileCheck %s --check-prefix=SOLO

// The overlap rotation of the attention consumers' loops on kernels that
// differ from the tutorial's forward (nvgpu-warp-specialization-attention.mlir
// has that one): each either rotates into valid IR or keeps its loop, with a
// remark.

// The accumulator is read before the scores are waited for: the rotated
// loop would have to wait for the previous update there, before issuing it.
// The consumers keep their loops (no rotation, no wgmma left in flight);
// the remark comes once, from the first consumer.
// CHECK-LABEL: tt.func public @acc_read_early
// CHECK: partition0(
// CHECK-NOT: pendings = 1
// CHECK: partition1(
// CHECK-NOT: pendings = 1
// CHECK: tt.return

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @acc_read_early(%arg0: f32, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32, %arg4: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg7: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<1.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %cst_0 = arith.constant dense<0xFF800000> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %c64_i32 = arith.constant 64 : i32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma1>
    %c1_i64 = arith.constant 1 : i64
    %c128_i64 = arith.constant 128 : i64
    %c0_i32 = arith.constant 0 : i32
    %cst_3 = arith.constant 1.44269502 : f32
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.divsi %1, %arg3 : i32
    %3 = arith.remsi %1, %arg3 : i32
    %4 = arith.muli %arg2, %arg3 : i32
    %5 = arith.muli %4, %arg8 : i32
    %6 = tt.make_tensor_descriptor %arg4, [%5, %c128_i32], [%c128_i64, %c1_i64] : <f16>, <tensor<128x128xf16, #shared>>
    %7 = tt.make_tensor_descriptor %arg6, [%5, %c128_i32], [%c128_i64, %c1_i64] : <f16>, <tensor<64x128xf16, #shared>>
    %8 = tt.make_tensor_descriptor %arg5, [%5, %c128_i32], [%c128_i64, %c1_i64] : <f16>, <tensor<64x128xf16, #shared>>
    %9 = tt.make_tensor_descriptor %arg7, [%5, %c128_i32], [%c128_i64, %c1_i64] : <f16>, <tensor<128x128xf16, #shared>>
    %10 = arith.muli %arg8, %arg3 : i32
    %11 = arith.muli %2, %10 : i32
    %12 = arith.muli %3, %arg8 : i32
    %13 = arith.addi %11, %12 : i32
    %14 = arith.muli %0, %c128_i32 : i32
    %15 = arith.addi %13, %14 : i32
    %16 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %17 = tt.splat %14 : i32 -> tensor<128xi32, #blocked>
    %18 = arith.addi %17, %16 : tensor<128xi32, #blocked>
    %19 = arith.mulf %arg0, %cst_3 : f32
    %20 = tt.descriptor_load %6[%15, %c0_i32] : !tt.tensordesc<tensor<128x128xf16, #shared>> -> tensor<128x128xf16, #blocked1>
    %21 = ttg.local_alloc %20 : (tensor<128x128xf16, #blocked1>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
    %22 = tt.splat %19 : f32 -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %23 = tt.splat %19 : f32 -> tensor<128x64xf32, #mma>
    // expected-remark @below {{nvgpu-warp-specialization: the consumer loop does not overlap its softmax with its wgmmas: the accumulator is read before the scores are waited for or after the update}}
    %24:5 = scf.for %arg9 = %c0_i32 to %arg8 step %c64_i32 iter_args(%arg10 = %cst_2, %arg11 = %cst, %arg12 = %cst_0, %arg13 = %13, %arg14 = %13) -> (tensor<128x128xf32, #mma1>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, i32, i32)  : i32 {
      %early = arith.mulf %arg10, %arg10 : tensor<128x128xf32, #mma1>
      %38 = tt.descriptor_load %8[%arg13, %c0_i32] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %39 = ttg.local_alloc %38 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %40 = ttg.memdesc_trans %39 {order = array<i32: 1, 0>} : !ttg.memdesc<64x128xf16, #shared, #smem> -> !ttg.memdesc<128x64xf16, #shared1, #smem>
      %41 = ttng.warp_group_dot %21, %40, %cst_1 {inputPrecision = 0 : i32} : !ttg.memdesc<128x128xf16, #shared, #smem> * !ttg.memdesc<128x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
      %42 = "tt.reduce"(%41) <{axis = 1 : i32}> ({
      ^bb0(%arg15: f32, %arg16: f32):
        %66 = arith.maxnumf %arg15, %arg16 : f32
        tt.reduce.return %66 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %43 = arith.mulf %42, %22 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %44 = arith.maxnumf %arg12, %43 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %45 = arith.mulf %41, %23 : tensor<128x64xf32, #mma>
      %46 = tt.expand_dims %44 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %47 = tt.broadcast %46 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %48 = arith.subf %45, %47 : tensor<128x64xf32, #mma>
      %49 = math.exp2 %48 : tensor<128x64xf32, #mma>
      %50 = arith.subf %arg12, %44 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %51 = math.exp2 %50 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %52 = "tt.reduce"(%49) <{axis = 1 : i32}> ({
      ^bb0(%arg15: f32, %arg16: f32):
        %66 = arith.addf %arg15, %arg16 : f32
        tt.reduce.return %66 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %53 = tt.expand_dims %51 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %54 = ttg.convert_layout %53 : tensor<128x1xf32, #mma> -> tensor<128x1xf32, #mma1>
      %55 = tt.broadcast %54 : tensor<128x1xf32, #mma1> -> tensor<128x128xf32, #mma1>
      %56 = arith.mulf %arg10, %55 : tensor<128x128xf32, #mma1>
      %57 = tt.descriptor_load %7[%arg14, %c0_i32] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %58 = ttg.local_alloc %57 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %59 = arith.truncf %49 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %60 = ttg.convert_layout %59 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
      %61 = ttng.warp_group_dot %60, %58, %56 {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma1>
      %62 = arith.mulf %arg11, %51 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %63 = arith.addf %62, %52 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %64 = arith.addi %arg13, %c64_i32 : i32
      %65 = arith.addi %arg14, %c64_i32 : i32
      scf.yield %61, %63, %44, %64, %65 : tensor<128x128xf32, #mma1>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, i32, i32
    } {tt.warp_specialize}
    %25 = math.log2 %24#1 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %26 = arith.addf %24#2, %25 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %27 = tt.expand_dims %24#1 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
    %28 = ttg.convert_layout %27 : tensor<128x1xf32, #mma> -> tensor<128x1xf32, #mma1>
    %29 = tt.broadcast %28 : tensor<128x1xf32, #mma1> -> tensor<128x128xf32, #mma1>
    %30 = arith.divf %24#0, %29 : tensor<128x128xf32, #mma1>
    %31 = arith.muli %1, %arg8 : i32
    %32 = tt.addptr %arg1, %31 : !tt.ptr<f32>, i32
    %33 = tt.splat %32 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %34 = tt.addptr %33, %18 : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %35 = ttg.convert_layout %26 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128xf32, #blocked>
    tt.store %34, %35 : tensor<128x!tt.ptr<f32>, #blocked>
    %36 = arith.truncf %30 : tensor<128x128xf32, #mma1> to tensor<128x128xf16, #mma1>
    %37 = ttg.convert_layout %36 : tensor<128x128xf16, #mma1> -> tensor<128x128xf16, #blocked2>
    tt.descriptor_store %9[%15, %c0_i32], %37 : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked2>
    tt.return
  }
}

// -----

// P reaches the update through an iter arg (the update reads the previous
// block's P): the iter arg is carried to the update an iteration later like
// any value of the body.
// CHECK-LABEL: tt.func public @p_through_iter_arg
// CHECK: partition0(
// CHECK: scf.if
// CHECK: scf.for
// CHECK: {pendings = 1 : i32}
// CHECK: } else {
// SOLO-LABEL: tt.func public @p_through_iter_arg
// SOLO-NOT: ttng.named_barrier
// SOLO: scf.if
// SOLO: scf.for
// SOLO-NOT: ttng.named_barrier
// SOLO: {pendings = 1 : i32}
// SOLO-NOT: ttng.named_barrier
// SOLO: tt.return

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @p_through_iter_arg(%arg0: f32, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32, %arg4: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg7: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<1.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %cst_0 = arith.constant dense<0xFF800000> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %c64_i32 = arith.constant 64 : i32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma1>
    %c1_i64 = arith.constant 1 : i64
    %c128_i64 = arith.constant 128 : i64
    %c0_i32 = arith.constant 0 : i32
    %cst_3 = arith.constant 1.44269502 : f32
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.divsi %1, %arg3 : i32
    %3 = arith.remsi %1, %arg3 : i32
    %4 = arith.muli %arg2, %arg3 : i32
    %5 = arith.muli %4, %arg8 : i32
    %6 = tt.make_tensor_descriptor %arg4, [%5, %c128_i32], [%c128_i64, %c1_i64] : <f16>, <tensor<128x128xf16, #shared>>
    %7 = tt.make_tensor_descriptor %arg6, [%5, %c128_i32], [%c128_i64, %c1_i64] : <f16>, <tensor<64x128xf16, #shared>>
    %8 = tt.make_tensor_descriptor %arg5, [%5, %c128_i32], [%c128_i64, %c1_i64] : <f16>, <tensor<64x128xf16, #shared>>
    %9 = tt.make_tensor_descriptor %arg7, [%5, %c128_i32], [%c128_i64, %c1_i64] : <f16>, <tensor<128x128xf16, #shared>>
    %10 = arith.muli %arg8, %arg3 : i32
    %11 = arith.muli %2, %10 : i32
    %12 = arith.muli %3, %arg8 : i32
    %13 = arith.addi %11, %12 : i32
    %14 = arith.muli %0, %c128_i32 : i32
    %15 = arith.addi %13, %14 : i32
    %16 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %17 = tt.splat %14 : i32 -> tensor<128xi32, #blocked>
    %18 = arith.addi %17, %16 : tensor<128xi32, #blocked>
    %19 = arith.mulf %arg0, %cst_3 : f32
    %20 = tt.descriptor_load %6[%15, %c0_i32] : !tt.tensordesc<tensor<128x128xf16, #shared>> -> tensor<128x128xf16, #blocked1>
    %21 = ttg.local_alloc %20 : (tensor<128x128xf16, #blocked1>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
    %22 = tt.splat %19 : f32 -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %23 = tt.splat %19 : f32 -> tensor<128x64xf32, #mma>
    %cstP = arith.constant dense<0.0> : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
    %24:6 = scf.for %arg9 = %c0_i32 to %arg8 step %c64_i32 iter_args(%arg10 = %cst_2, %arg11 = %cst, %arg12 = %cst_0, %arg13 = %13, %arg14 = %13, %argP = %cstP) -> (tensor<128x128xf32, #mma1>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, i32, i32, tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>)  : i32 {
      %38 = tt.descriptor_load %8[%arg13, %c0_i32] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %39 = ttg.local_alloc %38 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %40 = ttg.memdesc_trans %39 {order = array<i32: 1, 0>} : !ttg.memdesc<64x128xf16, #shared, #smem> -> !ttg.memdesc<128x64xf16, #shared1, #smem>
      %41 = ttng.warp_group_dot %21, %40, %cst_1 {inputPrecision = 0 : i32} : !ttg.memdesc<128x128xf16, #shared, #smem> * !ttg.memdesc<128x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
      %42 = "tt.reduce"(%41) <{axis = 1 : i32}> ({
      ^bb0(%arg15: f32, %arg16: f32):
        %66 = arith.maxnumf %arg15, %arg16 : f32
        tt.reduce.return %66 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %43 = arith.mulf %42, %22 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %44 = arith.maxnumf %arg12, %43 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %45 = arith.mulf %41, %23 : tensor<128x64xf32, #mma>
      %46 = tt.expand_dims %44 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %47 = tt.broadcast %46 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %48 = arith.subf %45, %47 : tensor<128x64xf32, #mma>
      %49 = math.exp2 %48 : tensor<128x64xf32, #mma>
      %50 = arith.subf %arg12, %44 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %51 = math.exp2 %50 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %52 = "tt.reduce"(%49) <{axis = 1 : i32}> ({
      ^bb0(%arg15: f32, %arg16: f32):
        %66 = arith.addf %arg15, %arg16 : f32
        tt.reduce.return %66 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %53 = tt.expand_dims %51 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %54 = ttg.convert_layout %53 : tensor<128x1xf32, #mma> -> tensor<128x1xf32, #mma1>
      %55 = tt.broadcast %54 : tensor<128x1xf32, #mma1> -> tensor<128x128xf32, #mma1>
      %56 = arith.mulf %arg10, %55 : tensor<128x128xf32, #mma1>
      %57 = tt.descriptor_load %7[%arg14, %c0_i32] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %58 = ttg.local_alloc %57 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %59 = arith.truncf %49 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %60 = ttg.convert_layout %59 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
      %61 = ttng.warp_group_dot %argP, %58, %56 {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma1>
      %62 = arith.mulf %arg11, %51 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %63 = arith.addf %62, %52 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %64 = arith.addi %arg13, %c64_i32 : i32
      %65 = arith.addi %arg14, %c64_i32 : i32
      scf.yield %61, %63, %44, %64, %65, %60 : tensor<128x128xf32, #mma1>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, i32, i32, tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
    } {tt.warp_specialize}
    %25 = math.log2 %24#1 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %26 = arith.addf %24#2, %25 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %27 = tt.expand_dims %24#1 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
    %28 = ttg.convert_layout %27 : tensor<128x1xf32, #mma> -> tensor<128x1xf32, #mma1>
    %29 = tt.broadcast %28 : tensor<128x1xf32, #mma1> -> tensor<128x128xf32, #mma1>
    %30 = arith.divf %24#0, %29 : tensor<128x128xf32, #mma1>
    %31 = arith.muli %1, %arg8 : i32
    %32 = tt.addptr %arg1, %31 : !tt.ptr<f32>, i32
    %33 = tt.splat %32 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %34 = tt.addptr %33, %18 : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %35 = ttg.convert_layout %26 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128xf32, #blocked>
    tt.store %34, %35 : tensor<128x!tt.ptr<f32>, #blocked>
    %36 = arith.truncf %30 : tensor<128x128xf32, #mma1> to tensor<128x128xf16, #mma1>
    %37 = ttg.convert_layout %36 : tensor<128x128xf16, #mma1> -> tensor<128x128xf16, #blocked2>
    tt.descriptor_store %9[%15, %c0_i32], %37 : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked2>
    tt.return
  }
}

// -----

// Each block's update starts from a fresh accumulator (a constant from
// outside the loop): the rotated loop hands it to the update as it is.
// CHECK-LABEL: tt.func public @update_from_fresh_accumulator
// CHECK: partition0(
// CHECK: scf.if
// CHECK: scf.for
// CHECK: {pendings = 1 : i32}
// CHECK: tt.return

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @update_from_fresh_accumulator(%arg0: f32, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32, %arg4: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg7: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<1.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %cst_0 = arith.constant dense<0xFF800000> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %c64_i32 = arith.constant 64 : i32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma1>
    %c1_i64 = arith.constant 1 : i64
    %c128_i64 = arith.constant 128 : i64
    %c0_i32 = arith.constant 0 : i32
    %cst_3 = arith.constant 1.44269502 : f32
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.divsi %1, %arg3 : i32
    %3 = arith.remsi %1, %arg3 : i32
    %4 = arith.muli %arg2, %arg3 : i32
    %5 = arith.muli %4, %arg8 : i32
    %6 = tt.make_tensor_descriptor %arg4, [%5, %c128_i32], [%c128_i64, %c1_i64] : <f16>, <tensor<128x128xf16, #shared>>
    %7 = tt.make_tensor_descriptor %arg6, [%5, %c128_i32], [%c128_i64, %c1_i64] : <f16>, <tensor<64x128xf16, #shared>>
    %8 = tt.make_tensor_descriptor %arg5, [%5, %c128_i32], [%c128_i64, %c1_i64] : <f16>, <tensor<64x128xf16, #shared>>
    %9 = tt.make_tensor_descriptor %arg7, [%5, %c128_i32], [%c128_i64, %c1_i64] : <f16>, <tensor<128x128xf16, #shared>>
    %10 = arith.muli %arg8, %arg3 : i32
    %11 = arith.muli %2, %10 : i32
    %12 = arith.muli %3, %arg8 : i32
    %13 = arith.addi %11, %12 : i32
    %14 = arith.muli %0, %c128_i32 : i32
    %15 = arith.addi %13, %14 : i32
    %16 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %17 = tt.splat %14 : i32 -> tensor<128xi32, #blocked>
    %18 = arith.addi %17, %16 : tensor<128xi32, #blocked>
    %19 = arith.mulf %arg0, %cst_3 : f32
    %20 = tt.descriptor_load %6[%15, %c0_i32] : !tt.tensordesc<tensor<128x128xf16, #shared>> -> tensor<128x128xf16, #blocked1>
    %21 = ttg.local_alloc %20 : (tensor<128x128xf16, #blocked1>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
    %22 = tt.splat %19 : f32 -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %23 = tt.splat %19 : f32 -> tensor<128x64xf32, #mma>
    %24:5 = scf.for %arg9 = %c0_i32 to %arg8 step %c64_i32 iter_args(%arg10 = %cst_2, %arg11 = %cst, %arg12 = %cst_0, %arg13 = %13, %arg14 = %13) -> (tensor<128x128xf32, #mma1>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, i32, i32)  : i32 {
      %38 = tt.descriptor_load %8[%arg13, %c0_i32] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %39 = ttg.local_alloc %38 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %40 = ttg.memdesc_trans %39 {order = array<i32: 1, 0>} : !ttg.memdesc<64x128xf16, #shared, #smem> -> !ttg.memdesc<128x64xf16, #shared1, #smem>
      %41 = ttng.warp_group_dot %21, %40, %cst_1 {inputPrecision = 0 : i32} : !ttg.memdesc<128x128xf16, #shared, #smem> * !ttg.memdesc<128x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
      %42 = "tt.reduce"(%41) <{axis = 1 : i32}> ({
      ^bb0(%arg15: f32, %arg16: f32):
        %66 = arith.maxnumf %arg15, %arg16 : f32
        tt.reduce.return %66 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %43 = arith.mulf %42, %22 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %44 = arith.maxnumf %arg12, %43 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %45 = arith.mulf %41, %23 : tensor<128x64xf32, #mma>
      %46 = tt.expand_dims %44 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %47 = tt.broadcast %46 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %48 = arith.subf %45, %47 : tensor<128x64xf32, #mma>
      %49 = math.exp2 %48 : tensor<128x64xf32, #mma>
      %50 = arith.subf %arg12, %44 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %51 = math.exp2 %50 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %52 = "tt.reduce"(%49) <{axis = 1 : i32}> ({
      ^bb0(%arg15: f32, %arg16: f32):
        %66 = arith.addf %arg15, %arg16 : f32
        tt.reduce.return %66 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %53 = tt.expand_dims %51 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %54 = ttg.convert_layout %53 : tensor<128x1xf32, #mma> -> tensor<128x1xf32, #mma1>
      %55 = tt.broadcast %54 : tensor<128x1xf32, #mma1> -> tensor<128x128xf32, #mma1>
      %56 = arith.mulf %arg10, %55 : tensor<128x128xf32, #mma1>
      %57 = tt.descriptor_load %7[%arg14, %c0_i32] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %58 = ttg.local_alloc %57 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %59 = arith.truncf %49 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %60 = ttg.convert_layout %59 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
      %61 = ttng.warp_group_dot %60, %58, %cst_2 {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma1>
      %62 = arith.mulf %arg11, %51 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %63 = arith.addf %62, %52 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %64 = arith.addi %arg13, %c64_i32 : i32
      %65 = arith.addi %arg14, %c64_i32 : i32
      scf.yield %61, %63, %44, %64, %65 : tensor<128x128xf32, #mma1>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, i32, i32
    } {tt.warp_specialize}
    %25 = math.log2 %24#1 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %26 = arith.addf %24#2, %25 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %27 = tt.expand_dims %24#1 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
    %28 = ttg.convert_layout %27 : tensor<128x1xf32, #mma> -> tensor<128x1xf32, #mma1>
    %29 = tt.broadcast %28 : tensor<128x1xf32, #mma1> -> tensor<128x128xf32, #mma1>
    %30 = arith.divf %24#0, %29 : tensor<128x128xf32, #mma1>
    %31 = arith.muli %1, %arg8 : i32
    %32 = tt.addptr %arg1, %31 : !tt.ptr<f32>, i32
    %33 = tt.splat %32 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %34 = tt.addptr %33, %18 : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %35 = ttg.convert_layout %26 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128xf32, #blocked>
    tt.store %34, %35 : tensor<128x!tt.ptr<f32>, #blocked>
    %36 = arith.truncf %30 : tensor<128x128xf32, #mma1> to tensor<128x128xf16, #mma1>
    %37 = ttg.convert_layout %36 : tensor<128x128xf16, #mma1> -> tensor<128x128xf16, #blocked2>
    tt.descriptor_store %9[%15, %c0_i32], %37 : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked2>
    tt.return
  }
}
