// RUN: %mlir-tile %s -split-input-file -verify-diagnostics \
// RUN:   -p 'builtin.module(nvgpu-warp-specialization{num-stages=3 causal=true overlap=false})' | FileCheck %s
// RUN: %mlir-tile %s -split-input-file \
// RUN:   -p 'builtin.module(nvgpu-warp-specialization{num-stages=3 attention=false})' 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %mlir-tile %s -split-input-file -verify-diagnostics \
// RUN:   -p 'builtin.module(nvgpu-warp-specialization{num-stages=3 causal=true ping-pong=false overlap=false})' \
// RUN:   | FileCheck %s --check-prefix=NOPP
// RUN: %mlir-tile %s -split-input-file -verify-diagnostics \
// RUN:   -p 'builtin.module(nvgpu-warp-specialization{num-stages=3 causal=true})' \
// RUN:   | FileCheck %s --check-prefix=OVL
// RUN: %mlir-tile %s -split-input-file -verify-diagnostics \
// RUN:   -p 'builtin.module(nvgpu-warp-specialization{num-stages=3})' | FileCheck %s --check-prefix=OVL
// RUN: %mlir-tile %s -split-input-file \
// RUN:   -p 'builtin.module(nvgpu-warp-specialization{num-stages=3 causal=false})' 2>&1 | FileCheck %s --check-prefix=NOCAUSAL

// By default the causal kernel (two marked loops) is taken, as with
// causal=true (the OVL lines). With causal=false it keeps its loops, with a
// remark, and the one-loop kernel is still taken.
// NOCAUSAL: remark: nvgpu-warp-specialization left the loop unchanged: the kernel has 2 marked loops (a causal kernel), which the attention rewrite takes only with its option `causal`
// NOCAUSAL-LABEL: tt.func public @causal_attn_fwd
// NOCAUSAL-NOT: ttg.warp_specialize
// NOCAUSAL: tt.return

// With the attention rewrite off the loops stay, with a remark.
// OFF: remark: nvgpu-warp-specialization left the loop unchanged: the attention rewrite is off (its option `attention`)
// OFF-NOT: ttg.warp_specialize

// nvgpu-warp-specialization on the forward of Triton's fused-attention
// tutorial (Hopper, tl.range(..., warp_specialize=True), 4 warps, a
// 128x128 Q block, 64-row K and V blocks made on the device). As Triton
// does, the kernel becomes a ttg.warp_specialize: the default warps walk
// the loop and copy each K and V block into its 3-slot ring (waiting on
// the slot's "empty" barrier, 256 arrivals: both consumers' threads), and
// two consumer partitions of 4 warps each run the whole kernel on 64 rows
// of the Q block: their own 64-row Q load, the loop on 64-row scores,
// statistics and accumulator, waiting on each block's "full" barrier and
// giving the slot back after the wgmma that read it, and the epilogue's
// stores of their rows (the row range starts at row 64 in the second).
// The consumers take turns issuing their wgmmas (ping-pong): barriers 2
// and 3 are the partitions' own once lowered, so consumer 0's turn is
// barrier 4 and consumer 1's barrier 5, 256 threads each (the waiting
// consumer's and the arriving one's). Each wgmma is issued in the
// consumer's turn, the turn handed on, then the wgmma waited for and its
// slot given back. Consumer 1 gives consumer 0 its first turn before the
// loop; consumer 0 takes one more after it, for as many waits as arrivals.
// Without ping-pong the wgmmas are synchronous and no named barrier is used.

// With overlap, each consumer's loop is rotated (under an scf.if on it
// running at all): the first block's scores and softmax come first; each
// iteration then issues block j's scores and block j-1's P x V update in
// one turn, waits for the scores only (pendings = 1: the update still runs),
// gives the K slot back, runs the softmax, and waits for the update where
// the accumulator is rescaled, giving its V slot back; the loop carries the
// update's P operand and V slot, and the rescaled accumulator (in the
// accumulator's iter arg) for it. The last block's
// update follows the loop in its own turn. An empty loop yields its
// initial values.
// OVL-LABEL: tt.func public @_attn_fwd
// OVL: partition0(
// OVL: scf.if
// OVL: ttng.named_barrier_wait %c4_i32
// OVL-NEXT: ttng.warp_group_dot {{.*}} -> tensor<64x64xf32, #mma>
// OVL: ttng.named_barrier_arrive %c5_i32
// OVL-NEXT: ttng.warp_group_dot_wait {{.*}} {pendings = 0 : i32}
// OVL: math.exp2
// OVL-NOT: ttng.warp_group_dot {{.*}}tensor<64x128xf32
// OVL: %[[R:.+]]:8 = scf.for {{.*}} -> (tensor<64x128xf32, #mma1>, {{.*}}, tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>, i32)
// OVL: ttng.named_barrier_wait %c4_i32
// OVL-NEXT: %[[S:.+]] = ttng.warp_group_dot {{.*}} -> tensor<64x64xf32, #mma>
// OVL-NOT: ttng.named_barrier
// OVL: %[[U:.+]] = ttng.warp_group_dot %arg{{[0-9]+}}, %{{.*}}, %arg{{[0-9]+}} {{.*}} -> tensor<64x128xf32, #mma1>
// OVL-NEXT: ttng.named_barrier_arrive %c5_i32
// OVL-NEXT: ttng.warp_group_dot_wait %[[S]], {{.*}} {pendings = 1 : i32}
// OVL: ttng.arrive_barrier
// OVL: math.exp2
// OVL: ttng.warp_group_dot_wait %[[U]], {{.*}} {pendings = 0 : i32}
// OVL-NEXT: ttng.arrive_barrier
// OVL-NEXT: arith.mulf
// OVL: scf.yield
// OVL: ttng.named_barrier_wait %c4_i32
// OVL-NEXT: ttng.warp_group_dot %[[R]]#6, %{{.*}}, %[[R]]#0
// OVL-NEXT: ttng.named_barrier_arrive %c5_i32
// OVL: ttng.warp_group_dot_wait {{.*}} {pendings = 0 : i32}
// OVL-NEXT: ttng.arrive_barrier
// OVL: } else {
// OVL-NEXT: scf.yield %cst
// OVL: ttng.named_barrier_wait %c4_i32
// OVL: tt.descriptor_store
// OVL: partition1(

// NOPP-LABEL: tt.func public @_attn_fwd
// NOPP-NOT: ttng.named_barrier
// NOPP: partition0(
// NOPP: ttng.warp_group_dot {{.*}} -> tensor<64x64xf32, #mma>
// NOPP-NEXT: ttg.memdesc_index
// NOPP-NEXT: ttng.arrive_barrier %{{.*}}, 128
// NOPP: ttng.warp_group_dot {{.*}} -> tensor<64x128xf32, #mma1>
// NOPP-NEXT: ttg.memdesc_index
// NOPP-NEXT: ttng.arrive_barrier %{{.*}}, 128
// NOPP-NOT: ttng.named_barrier
// NOPP: tt.return

// CHECK-LABEL: tt.func public @_attn_fwd
// CHECK: %[[KR:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>
// CHECK: %[[KF:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
// CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 1 :
// CHECK: %[[KE:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
// CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 256 :
// CHECK: %[[VR:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>
// CHECK: %[[VF:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
// CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 1 :
// CHECK: %[[VE:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
// CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 256 :
// CHECK: ttg.warp_specialize({{.*}}) attributes {requestedRegisters = array<i32: 232, 232>}
// CHECK-NEXT: default {
// CHECK-NOT: tt.descriptor_load
// CHECK: scf.for {{.*}} -> (i32, i32, i32)
// CHECK: %[[SLOT:.+]] = arith.remui
// CHECK: %[[FREE:.+]] = arith.xori
// CHECK: ttng.wait_barrier %{{.*}}, %[[FREE]]
// CHECK: ttng.barrier_expect %{{.*}}, 16384
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: ttng.wait_barrier %{{.*}}, %[[FREE]]
// CHECK: ttng.barrier_expect %{{.*}}, 16384
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK-NOT: ttng.warp_group_dot
// CHECK: } {tt.num_stages = 0 : i32}
// CHECK-NEXT: ttg.warp_yield
// CHECK: partition0(
// CHECK-SAME: num_warps(4)
// CHECK: tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32
// CHECK: %[[Q0:.+]] = tt.descriptor_load {{.*}} : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16
// CHECK: %[[QS0:.+]] = ttg.local_alloc %[[Q0]] : (tensor<64x128xf16, {{.*}}>) -> !ttg.memdesc<64x128xf16
// CHECK: scf.for {{.*}} -> (tensor<64x128xf32, #mma1>, tensor<64xf32, {{.*}}>, tensor<64xf32, {{.*}}>, i32, i32, i32)
// CHECK: ttng.wait_barrier
// CHECK: ttg.memdesc_trans
// CHECK: ttng.named_barrier_wait %c4_i32{{.*}}, %c256_i32{{.*}} : i32, i32
// CHECK-NEXT: %[[S:.+]] = ttng.warp_group_dot %[[QS0]], {{.*}}isAsync = true{{.*}} -> tensor<64x64xf32, #mma>
// CHECK: ttng.named_barrier_arrive %c5_i32{{.*}}, %c256_i32{{.*}} : i32, i32
// CHECK-NEXT: ttng.warp_group_dot_wait %[[S]], %[[QS0]], %{{.*}} {pendings = 0 : i32}
// CHECK-NEXT: ttg.memdesc_index
// CHECK-NEXT: ttng.arrive_barrier %{{.*}}, 128
// CHECK: "tt.reduce"
// CHECK: ttng.wait_barrier
// CHECK: ttng.named_barrier_wait %c4_i32
// CHECK-NEXT: ttng.warp_group_dot {{.*}}isAsync = true{{.*}} -> tensor<64x128xf32, #mma1>
// CHECK: ttng.named_barrier_arrive %c5_i32
// CHECK-NEXT: ttng.warp_group_dot_wait
// CHECK-NEXT: ttg.memdesc_index
// CHECK-NEXT: ttng.arrive_barrier %{{.*}}, 128
// CHECK: } {tt.num_stages = 0 : i32}
// CHECK: ttng.named_barrier_wait %c4_i32
// CHECK: tt.store %{{.*}} : tensor<64x!tt.ptr<f32>
// CHECK: tt.descriptor_store {{.*}} : !tt.tensordesc<tensor<64x128xf16, #shared>>, tensor<64x128xf16
// CHECK: ttg.warp_return
// CHECK: partition1(
// CHECK: ttng.named_barrier_arrive %c4_i32{{.*}}, %c256_i32{{.*}} : i32, i32
// CHECK: tt.make_range {end = 128 : i32, start = 64 : i32} : tensor<64xi32
// CHECK: %[[ROW:.+]] = arith.addi %{{.*}}, %c64_i32{{.*}} : i32
// CHECK-NEXT: tt.descriptor_load %{{.*}}[%[[ROW]], %{{.*}}]
// CHECK: ttng.named_barrier_wait %c5_i32
// CHECK-NEXT: ttng.warp_group_dot
// CHECK: ttng.named_barrier_arrive %c4_i32
// CHECK: ttng.named_barrier_wait %c5_i32
// CHECK-NEXT: ttng.warp_group_dot
// CHECK: ttng.named_barrier_arrive %c4_i32
// CHECK: } {tt.num_stages = 0 : i32}
// CHECK-NOT: ttng.named_barrier
// CHECK: %[[OROW:.+]] = arith.addi %{{.*}}, %c64_i32{{.*}} : i32
// CHECK-NEXT: tt.descriptor_store %{{.*}}[%[[OROW]], %{{.*}}]
// CHECK: ttg.warp_return
// CHECK-NOT: tt.descriptor_load
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
  tt.func public @_attn_fwd(%arg0: f32, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32, %arg4: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg7: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
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

// A reduction across the rows (axis 0) cannot be split between consumers
// that each hold 64 of them: the kernel stays as it is.
// CHECK-LABEL: tt.func public @reduce_across_rows
// CHECK-NOT: ttg.warp_specialize
// CHECK: } {tt.warp_specialize}

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reduce_across_rows(%arg0: f32, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32, %arg4: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg7: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
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
    // expected-remark @below {{nvgpu-warp-specialization left the loop unchanged: tt.reduce reduces across the rows}}
    %24:5 = scf.for %arg9 = %c0_i32 to %arg8 step %c64_i32 iter_args(%arg10 = %cst_2, %arg11 = %cst, %arg12 = %cst_0, %arg13 = %13, %arg14 = %13) -> (tensor<128x128xf32, #mma1>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, i32, i32)  : i32 {
      %38 = tt.descriptor_load %8[%arg13, %c0_i32] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %39 = ttg.local_alloc %38 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %40 = ttg.memdesc_trans %39 {order = array<i32: 1, 0>} : !ttg.memdesc<64x128xf16, #shared, #smem> -> !ttg.memdesc<128x64xf16, #shared1, #smem>
      %41 = ttng.warp_group_dot %21, %40, %cst_1 {inputPrecision = 0 : i32} : !ttg.memdesc<128x128xf16, #shared, #smem> * !ttg.memdesc<128x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
      %across = "tt.reduce"(%41) <{axis = 0 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %s = arith.addf %x, %y : f32
        tt.reduce.return %s : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #mma}>>
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

// A store that is not of the consumer's rows would run once per consumer:
// the kernel stays as it is.
// CHECK-LABEL: tt.func public @scalar_store
// CHECK-NOT: ttg.warp_specialize
// CHECK: } {tt.warp_specialize}

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scalar_store(%arg0: f32, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32, %arg4: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg7: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
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
    tt.store %arg1, %19 : !tt.ptr<f32>
    %20 = tt.descriptor_load %6[%15, %c0_i32] : !tt.tensordesc<tensor<128x128xf16, #shared>> -> tensor<128x128xf16, #blocked1>
    %21 = ttg.local_alloc %20 : (tensor<128x128xf16, #blocked1>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
    %22 = tt.splat %19 : f32 -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %23 = tt.splat %19 : f32 -> tensor<128x64xf32, #mma>
    // expected-remark @below {{nvgpu-warp-specialization left the loop unchanged: tt.store has effects the consumers would repeat}}
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

// The causal kernel: two marked loops (the blocks left of the diagonal,
// then the diagonal ones under a mask of row against column). One count of
// slot uses runs through both, on both sides: the second loop starts where
// the first ended. The rows' range (a slice along dim 1) starts at row 64
// in the second consumer; the columns' range (along dim 0) does not move.
// The turns run through both loops too: consumer 0 takes its extra turn
// after the second loop only.
// OFF: remark: nvgpu-warp-specialization left the loop unchanged: the attention rewrite is off
// OFF: remark: nvgpu-warp-specialization left the loop unchanged: the attention rewrite is off
// With overlap both loops are rotated, each under its own scf.if, the
// second taking the first's results.
// OVL-LABEL: tt.func public @causal_attn_fwd
// OVL: partition0(
// OVL: %[[FIRST:.+]]:6 = scf.if
// OVL: scf.for
// OVL: ttng.warp_group_dot_wait {{.*}} {pendings = 1 : i32}
// OVL: } else {
// OVL: scf.if
// OVL: %[[FIRST]]#5
// OVL: scf.for
// OVL: ttng.warp_group_dot_wait {{.*}} {pendings = 1 : i32}
// OVL: } else {
// OVL: partition1(
// CHECK-LABEL: tt.func public @causal_attn_fwd
// CHECK: ttg.warp_specialize
// CHECK-NEXT: default {
// CHECK: %[[P1:.+]]:3 = scf.for {{.*}} -> (i32, i32, i32)
// CHECK: scf.for {{.*}} iter_args({{.*}}, %{{.*}} = %[[P1]]#2) -> (i32, i32, i32)
// CHECK: ttg.warp_yield
// CHECK: partition0(
// CHECK-NOT: ttng.named_barrier_arrive %c4_i32
// CHECK: %[[C1:.+]]:6 = scf.for
// CHECK-COUNT-2: ttng.named_barrier_wait %c4_i32
// CHECK: } {tt.num_stages = 0 : i32}
// CHECK-NOT: ttng.named_barrier
// CHECK: scf.for {{.*}}, %{{.*}} = %[[C1]]#5) -> (tensor<64x128xf32, #mma1>
// CHECK-COUNT-2: ttng.named_barrier_wait %c4_i32
// CHECK: } {tt.num_stages = 0 : i32}
// CHECK-NEXT: arith.constant 4 : i32
// CHECK-NEXT: arith.constant 256 : i32
// CHECK-NEXT: ttng.named_barrier_wait %c4_i32
// CHECK: partition1(
// CHECK: tt.make_range {end = 128 : i32, start = 64 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK: tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #mma}>>
// CHECK: ttg.warp_return

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @causal_attn_fwd(%arg0: f32, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32, %arg4: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg7: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<1.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %cst_0 = arith.constant dense<0xFF800000> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %c1_i32 = arith.constant 1 : i32
    %cst_1 = arith.constant dense<-1.000000e+06> : tensor<128x64xf32, #mma>
    %c64_i32 = arith.constant 64 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma1>
    %c1_i64 = arith.constant 1 : i64
    %c128_i64 = arith.constant 128 : i64
    %c0_i32 = arith.constant 0 : i32
    %cst_4 = arith.constant 1.44269502 : f32
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
    %17 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #mma}>>
    %18 = tt.splat %14 : i32 -> tensor<128xi32, #blocked>
    %19 = tt.splat %14 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #mma}>>
    %20 = arith.addi %18, %16 : tensor<128xi32, #blocked>
    %21 = arith.addi %19, %17 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #mma}>>
    %22 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #mma}>>
    %23 = arith.mulf %arg0, %cst_4 : f32
    %24 = tt.descriptor_load %6[%15, %c0_i32] : !tt.tensordesc<tensor<128x128xf16, #shared>> -> tensor<128x128xf16, #blocked1>
    %25 = ttg.local_alloc %24 : (tensor<128x128xf16, #blocked1>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
    %26 = ttg.local_alloc %24 : (tensor<128x128xf16, #blocked1>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
    %27 = tt.splat %23 : f32 -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %28 = tt.splat %23 : f32 -> tensor<128x64xf32, #mma>
    %29:5 = scf.for %arg9 = %c0_i32 to %14 step %c64_i32 iter_args(%arg10 = %cst_3, %arg11 = %cst, %arg12 = %cst_0, %arg13 = %13, %arg14 = %13) -> (tensor<128x128xf32, #mma1>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, i32, i32)  : i32 {
      %52 = tt.descriptor_load %8[%arg13, %c0_i32] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %53 = ttg.local_alloc %52 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %54 = ttg.memdesc_trans %53 {order = array<i32: 1, 0>} : !ttg.memdesc<64x128xf16, #shared, #smem> -> !ttg.memdesc<128x64xf16, #shared1, #smem>
      %55 = ttng.warp_group_dot %26, %54, %cst_2 {inputPrecision = 0 : i32} : !ttg.memdesc<128x128xf16, #shared, #smem> * !ttg.memdesc<128x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
      %56 = "tt.reduce"(%55) <{axis = 1 : i32}> ({
      ^bb0(%arg15: f32, %arg16: f32):
        %80 = arith.maxnumf %arg15, %arg16 : f32
        tt.reduce.return %80 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %57 = arith.mulf %56, %27 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %58 = arith.maxnumf %arg12, %57 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %59 = arith.mulf %55, %28 : tensor<128x64xf32, #mma>
      %60 = tt.expand_dims %58 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %61 = tt.broadcast %60 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %62 = arith.subf %59, %61 : tensor<128x64xf32, #mma>
      %63 = math.exp2 %62 : tensor<128x64xf32, #mma>
      %64 = arith.subf %arg12, %58 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %65 = math.exp2 %64 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %66 = "tt.reduce"(%63) <{axis = 1 : i32}> ({
      ^bb0(%arg15: f32, %arg16: f32):
        %80 = arith.addf %arg15, %arg16 : f32
        tt.reduce.return %80 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %67 = tt.expand_dims %65 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %68 = ttg.convert_layout %67 : tensor<128x1xf32, #mma> -> tensor<128x1xf32, #mma1>
      %69 = tt.broadcast %68 : tensor<128x1xf32, #mma1> -> tensor<128x128xf32, #mma1>
      %70 = arith.mulf %arg10, %69 : tensor<128x128xf32, #mma1>
      %71 = tt.descriptor_load %7[%arg14, %c0_i32] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %72 = ttg.local_alloc %71 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %73 = arith.truncf %63 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %74 = ttg.convert_layout %73 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
      %75 = ttng.warp_group_dot %74, %72, %70 {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma1>
      %76 = arith.mulf %arg11, %65 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %77 = arith.addf %76, %66 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %78 = arith.addi %arg13, %c64_i32 : i32
      %79 = arith.addi %arg14, %c64_i32 : i32
      scf.yield %75, %77, %58, %78, %79 : tensor<128x128xf32, #mma1>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, i32, i32
    } {tt.warp_specialize}
    %30 = arith.muli %0, %c128_i32 {tt.divisibility = dense<128> : tensor<1xi32>} : i32
    %31 = arith.addi %0, %c1_i32 : i32
    %32 = arith.muli %31, %c128_i32 : i32
    %33 = arith.addi %13, %30 : i32
    %34 = tt.expand_dims %21 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xi32, #mma>
    %35 = tt.expand_dims %22 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #mma}>> -> tensor<1x64xi32, #mma>
    %36 = tt.broadcast %34 : tensor<128x1xi32, #mma> -> tensor<128x64xi32, #mma>
    %37 = tt.splat %23 : f32 -> tensor<128x64xf32, #mma>
    %38:5 = scf.for %arg9 = %30 to %32 step %c64_i32 iter_args(%arg10 = %29#0, %arg11 = %29#1, %arg12 = %29#2, %arg13 = %33, %arg14 = %33) -> (tensor<128x128xf32, #mma1>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, i32, i32)  : i32 {
      %52 = tt.descriptor_load %8[%arg13, %c0_i32] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %53 = ttg.local_alloc %52 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %54 = ttg.memdesc_trans %53 {order = array<i32: 1, 0>} : !ttg.memdesc<64x128xf16, #shared, #smem> -> !ttg.memdesc<128x64xf16, #shared1, #smem>
      %55 = ttng.warp_group_dot %25, %54, %cst_2 {inputPrecision = 0 : i32} : !ttg.memdesc<128x128xf16, #shared, #smem> * !ttg.memdesc<128x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
      %56 = tt.splat %arg9 : i32 -> tensor<1x64xi32, #mma>
      %57 = arith.addi %56, %35 : tensor<1x64xi32, #mma>
      %58 = tt.broadcast %57 : tensor<1x64xi32, #mma> -> tensor<128x64xi32, #mma>
      %59 = arith.cmpi sge, %36, %58 : tensor<128x64xi32, #mma>
      %60 = arith.mulf %55, %37 : tensor<128x64xf32, #mma>
      %61 = arith.select %59, %cst_2, %cst_1 : tensor<128x64xi1, #mma>, tensor<128x64xf32, #mma>
      %62 = arith.addf %60, %61 : tensor<128x64xf32, #mma>
      %63 = "tt.reduce"(%62) <{axis = 1 : i32}> ({
      ^bb0(%arg15: f32, %arg16: f32):
        %85 = arith.maxnumf %arg15, %arg16 : f32
        tt.reduce.return %85 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %64 = arith.maxnumf %arg12, %63 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %65 = tt.expand_dims %64 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %66 = tt.broadcast %65 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %67 = arith.subf %62, %66 : tensor<128x64xf32, #mma>
      %68 = math.exp2 %67 : tensor<128x64xf32, #mma>
      %69 = arith.subf %arg12, %64 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %70 = math.exp2 %69 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %71 = "tt.reduce"(%68) <{axis = 1 : i32}> ({
      ^bb0(%arg15: f32, %arg16: f32):
        %85 = arith.addf %arg15, %arg16 : f32
        tt.reduce.return %85 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %72 = tt.expand_dims %70 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %73 = ttg.convert_layout %72 : tensor<128x1xf32, #mma> -> tensor<128x1xf32, #mma1>
      %74 = tt.broadcast %73 : tensor<128x1xf32, #mma1> -> tensor<128x128xf32, #mma1>
      %75 = arith.mulf %arg10, %74 : tensor<128x128xf32, #mma1>
      %76 = tt.descriptor_load %7[%arg14, %c0_i32] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %77 = ttg.local_alloc %76 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %78 = arith.truncf %68 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %79 = ttg.convert_layout %78 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
      %80 = ttng.warp_group_dot %79, %77, %75 {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma1>
      %81 = arith.mulf %arg11, %70 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %82 = arith.addf %81, %71 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %83 = arith.addi %arg13, %c64_i32 : i32
      %84 = arith.addi %arg14, %c64_i32 : i32
      scf.yield %80, %82, %64, %83, %84 : tensor<128x128xf32, #mma1>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, i32, i32
    } {tt.warp_specialize}
    %39 = math.log2 %38#1 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %40 = arith.addf %38#2, %39 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %41 = tt.expand_dims %38#1 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
    %42 = ttg.convert_layout %41 : tensor<128x1xf32, #mma> -> tensor<128x1xf32, #mma1>
    %43 = tt.broadcast %42 : tensor<128x1xf32, #mma1> -> tensor<128x128xf32, #mma1>
    %44 = arith.divf %38#0, %43 : tensor<128x128xf32, #mma1>
    %45 = arith.muli %1, %arg8 : i32
    %46 = tt.addptr %arg1, %45 : !tt.ptr<f32>, i32
    %47 = tt.splat %46 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %48 = tt.addptr %47, %20 : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %49 = ttg.convert_layout %40 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128xf32, #blocked>
    tt.store %48, %49 : tensor<128x!tt.ptr<f32>, #blocked>
    %50 = arith.truncf %44 : tensor<128x128xf32, #mma1> to tensor<128x128xf16, #mma1>
    %51 = ttg.convert_layout %50 : tensor<128x128xf16, #mma1> -> tensor<128x128xf16, #blocked2>
    tt.descriptor_store %9[%15, %c0_i32], %51 : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked2>
    tt.return
  }
}

