// RUN: %mlir-tile %s -p 'builtin.module(nvgpu-warp-specialization{num-stages=3 min-head-dim=64})' \
// RUN:   | FileCheck %s --check-prefix=ONE
// RUN: %mlir-tile %s \
// RUN:   -p 'builtin.module(nvgpu-warp-specialization{num-stages=3 min-head-dim=64 overlap=false blocks-per-sm=2})' \
// RUN:   | FileCheck %s --check-prefix=TWO
// RUN: sed 's/^module attributes {/module attributes {ttg.maxnreg = 168 : i32, /' %s \
// RUN:   | %mlir-tile -p 'builtin.module(nvgpu-warp-specialization{num-stages=3 min-head-dim=64 overlap=false blocks-per-sm=2})' \
// RUN:   | FileCheck %s --check-prefix=KEEP
// RUN: %mlir-tile %s \
// RUN:   -p 'builtin.module(nvgpu-warp-specialization{num-stages=3 min-head-dim=64 blocks-per-sm=2})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OVERLAP
// RUN: %mlir-tile %s \
// RUN:   -p 'builtin.module(nvgpu-warp-specialization{num-stages=3 min-head-dim=64 overlap=false blocks-per-sm=5})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FIVE

// The registers of the attention rewrite (nvgpu-warp-specialization's
// option blocks-per-sm), on the attention_ws bench kernel at head dim 64
// (bench/dump_attention_ws_triton.py: 128x64 Q block, 64-key blocks, 4
// warps) in tile's TTGIR just before the pass.
//
// One block per SM (the default): the consumers ask for 232 registers and
// the kernel's starting count is left to the register file over its 12
// warps (no ttg.maxnreg).
// ONE-NOT: ttg.maxnreg
// ONE: ttg.warp_specialize({{.*}}) attributes {requestedRegisters = array<i32: 232, 232>}
//
// Two blocks: each starts with half the register file over 12 warps (80 a
// thread: two blocks of 384 threads fit 64K registers); the producer drops
// to 24 and the consumers ask for what that leaves, 104. Their wgmmas hold
// about 80 (the 64x64 scores, the P operand in registers, the 64x64
// accumulator) and the loop about 24 more.
// TWO: module attributes {ttg.maxnreg = 80 : i32
// TWO: ttg.warp_specialize({{.*}}) attributes {requestedRegisters = array<i32: 104, 104>}
//
// A limit the kernel already has (Triton's maxnreg) stays.
// KEEP: module attributes {ttg.maxnreg = 168 : i32
// KEEP: requestedRegisters = array<i32: 104, 104>
//
// With overlap a second block of scores is live beside the softmax: about
// 136 registers, more than two blocks leave (ptxas serializes the wgmmas
// of such a kernel, C7512). Five blocks would leave 32, no more than the
// consumers start with. Either way the loop stays, with the reason.
// OVERLAP: remark: nvgpu-warp-specialization left the loop unchanged: 2 blocks per SM leave each consumer 104 registers a thread, and its wgmmas need about 136
// OVERLAP-NOT: ttg.warp_specialize
// FIVE: remark: nvgpu-warp-specialization left the loop unchanged: 5 blocks per SM leave each consumer 32 registers a thread
// FIVE-NOT: ttg.warp_specialize

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @attn_ws(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: f32, %arg5: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %cst_1 = arith.constant dense<0xFF800000> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %cst_2 = arith.constant 1.44269502 : f32
    %c0_i32 = arith.constant 0 : i32
    %c128_i32 = arith.constant 128 : i32
    %c1_i64 = arith.constant 1 : i64
    %c64_i64 = arith.constant 64 : i64
    %c64_i32 = arith.constant 64 : i32
    %0 = tt.get_num_programs y : i32
    %1 = arith.muli %0, %arg5 : i32
    %2 = tt.make_tensor_descriptor %arg0, [%1, %c64_i32], [%c64_i64, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
    %3 = tt.make_tensor_descriptor %arg1, [%1, %c64_i32], [%c64_i64, %c1_i64] : <f16>, <tensor<64x64xf16, #shared>>
    %4 = tt.make_tensor_descriptor %arg2, [%1, %c64_i32], [%c64_i64, %c1_i64] : <f16>, <tensor<64x64xf16, #shared>>
    %5 = tt.make_tensor_descriptor %arg3, [%1, %c64_i32], [%c64_i64, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
    %6 = tt.get_program_id y : i32
    %7 = arith.muli %6, %arg5 : i32
    %8 = tt.get_program_id x : i32
    %9 = arith.muli %8, %c128_i32 : i32
    %10 = arith.addi %7, %9 : i32
    %11 = tt.descriptor_load %2[%10, %c0_i32] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %12 = ttg.local_alloc %11 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %13 = arith.mulf %arg4, %cst_2 : f32
    %14 = tt.splat %13 : f32 -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %15 = tt.splat %13 : f32 -> tensor<128x64xf32, #mma>
    %16:3 = scf.for %arg6 = %c0_i32 to %arg5 step %c64_i32 iter_args(%arg7 = %cst_1, %arg8 = %cst_0, %arg9 = %cst) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>)  : i32 {
      %22 = arith.addi %7, %arg6 : i32
      %23 = tt.descriptor_load %3[%22, %c0_i32] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %24 = ttg.local_alloc %23 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %25 = ttg.memdesc_trans %24 {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared1, #smem>
      %26 = ttng.warp_group_dot %12, %25, %cst {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
      %27 = "tt.reduce"(%26) <{axis = 1 : i32}> ({
      ^bb0(%arg10: f32, %arg11: f32):
        %48 = arith.maxnumf %arg10, %arg11 : f32
        tt.reduce.return %48 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %28 = arith.mulf %27, %14 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %29 = arith.maxnumf %arg7, %28 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %30 = arith.mulf %26, %15 : tensor<128x64xf32, #mma>
      %31 = tt.expand_dims %29 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %32 = tt.broadcast %31 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %33 = arith.subf %30, %32 : tensor<128x64xf32, #mma>
      %34 = math.exp2 %33 : tensor<128x64xf32, #mma>
      %35 = arith.subf %arg7, %29 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %36 = math.exp2 %35 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %37 = arith.truncf %34 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %38 = tt.descriptor_load %4[%22, %c0_i32] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %39 = ttg.local_alloc %38 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %40 = tt.expand_dims %36 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %41 = tt.broadcast %40 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %42 = arith.mulf %arg9, %41 : tensor<128x64xf32, #mma>
      %43 = ttg.convert_layout %37 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %44 = ttng.warp_group_dot %43, %39, %42 {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      %45 = arith.mulf %arg8, %36 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %46 = "tt.reduce"(%34) <{axis = 1 : i32}> ({
      ^bb0(%arg10: f32, %arg11: f32):
        %48 = arith.addf %arg10, %arg11 : f32
        tt.reduce.return %48 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %47 = arith.addf %45, %46 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      scf.yield %29, %47, %44 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>
    } {tt.warp_specialize}
    %17 = tt.expand_dims %16#1 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
    %18 = tt.broadcast %17 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
    %19 = arith.divf %16#2, %18 : tensor<128x64xf32, #mma>
    %20 = arith.truncf %19 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
    %21 = ttg.convert_layout %20 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #blocked1>
    tt.descriptor_store %5[%10, %c0_i32], %21 : !tt.tensordesc<tensor<128x64xf16, #shared>>, tensor<128x64xf16, #blocked1>
    tt.return
  }
}

