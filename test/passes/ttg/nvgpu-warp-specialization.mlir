// RUN: %mlir-tile %s -split-input-file -verify-diagnostics \
// RUN:   -p 'builtin.module(nvgpu-warp-specialization{num-stages=3})' | FileCheck %s

// nvgpu-warp-specialization on a persistent TMA + wgmma matmul (128x128x64
// tiles, 4 warps) whose tile loop is marked tt.warp_specialize. The default
// warps become the producer: one slot-use count runs through the tile loop
// and the K loop; slot = count mod 3, phase = bit 0 of count / 3. Before
// filling a slot it waits on the slot's "empty" barrier with the flipped
// phase (a fresh barrier passes), arms the "full" barrier with the bytes of
// the three copies (2 x 64x64 + 128x64 f16 = 32768) and copies the two
// 64-row halves of A (rows +0 and +64) and the B block. Two consumer
// partitions of 4 warps each wait on "full" with the phase, run an async
// wgmma on their 64 rows, keep one in flight and release the previous
// slot (arrive 128 on "empty", when the tile had one), drain after the K
// loop, release the last slot and store their half of C (rows +0, +64)
// through the split 64x128 descriptor. The kernel arguments A and C
// change type to their split blocks.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @host_descriptors
  // CHECK-SAME: %[[A:[a-z0-9]+]]: !tt.tensordesc<tensor<64x64xf16, #shared>>
  // CHECK-SAME: %[[B:[a-z0-9]+]]: !tt.tensordesc<tensor<128x64xf16, #shared>>
  // CHECK-SAME: %[[C:[a-z0-9]+]]: !tt.tensordesc<tensor<64x128xf16, #shared>>
  tt.func public @host_descriptors(%a: !tt.tensordesc<tensor<128x64xf16, #shared>>, %b: !tt.tensordesc<tensor<128x64xf16, #shared>>, %c: !tt.tensordesc<tensor<128x128xf16, #shared>>, %tiles: i32, %ktiles: i32) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %c132 = arith.constant 132 : i32
    %pid = tt.get_program_id x : i32
    // CHECK: %[[A0:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
    // CHECK: %[[A1:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
    // CHECK: %[[BR:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    // Each consumer's half of A has a full (1 arrival + 8192 bytes) and an
    // empty barrier (its 128 threads); B one pair for both consumers.
    // CHECK: %[[FULLA0:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
    // CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 1 :
    // CHECK: %[[EMPTYA0:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
    // CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 128 :
    // CHECK: %[[FULLA1:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
    // CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 1 :
    // CHECK: %[[EMPTYA1:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
    // CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 128 :
    // CHECK: %[[FULLB:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
    // CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 1 :
    // CHECK: %[[EMPTYB:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
    // CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 256 :
    // CHECK: ttg.warp_specialize({{.*}}) attributes {requestedRegisters = array<i32: 232, 232>}
    // CHECK-NEXT: default {
    // CHECK: scf.for {{.*}} iter_args(%[[PN:.+]] = %{{.*}}) -> (i32)
    // CHECK: scf.for {{.*}} iter_args(%[[P:.+]] = %[[PN]]) -> (i32)
    // CHECK: %[[SLOT:.+]] = arith.remui %[[P]], %[[C3:.+]] : i32
    // CHECK: %[[ROUND:.+]] = arith.divui %[[P]], %[[C3]] : i32
    // CHECK: %[[PHASE:.+]] = arith.andi %[[ROUND]], %{{.*}} : i32
    // CHECK: %[[FREE:.+]] = arith.xori %[[PHASE]], %{{.*}} : i32
    // CHECK: %[[E0:.+]] = ttg.memdesc_index %[[EMPTYA0]][%[[SLOT]]]
    // CHECK: ttng.wait_barrier %[[E0]], %[[FREE]]
    // CHECK: %[[F0:.+]] = ttg.memdesc_index %[[FULLA0]][%[[SLOT]]]
    // CHECK: ttng.barrier_expect %[[F0]], 8192
    // CHECK: %[[S0:.+]] = ttg.memdesc_index %[[A0]][%[[SLOT]]]
    // CHECK: ttng.async_tma_copy_global_to_local %[[A]][%[[M:.+]], %[[K:.+]]] %[[S0]], %[[F0]]
    // CHECK: %[[EB:.+]] = ttg.memdesc_index %[[EMPTYB]][%[[SLOT]]]
    // CHECK: ttng.wait_barrier %[[EB]], %[[FREE]]
    // CHECK: %[[FB:.+]] = ttg.memdesc_index %[[FULLB]][%[[SLOT]]]
    // CHECK: ttng.barrier_expect %[[FB]], 16384
    // CHECK: %[[SB:.+]] = ttg.memdesc_index %[[BR]][%[[SLOT]]]
    // CHECK: ttng.async_tma_copy_global_to_local %[[B]][%{{.*}}, %[[K]]] %[[SB]], %[[FB]]
    // CHECK: %[[E1:.+]] = ttg.memdesc_index %[[EMPTYA1]][%[[SLOT]]]
    // CHECK: ttng.wait_barrier %[[E1]], %[[FREE]]
    // CHECK: %[[F1:.+]] = ttg.memdesc_index %[[FULLA1]][%[[SLOT]]]
    // CHECK: ttng.barrier_expect %[[F1]], 8192
    // CHECK: %[[S1:.+]] = ttg.memdesc_index %[[A1]][%[[SLOT]]]
    // CHECK: %[[M1:.+]] = arith.addi %[[M]], %{{.*}} : i32
    // CHECK: ttng.async_tma_copy_global_to_local %[[A]][%[[M1]], %[[K]]] %[[S1]], %[[F1]]
    // CHECK: arith.addi %[[P]], %{{.*}} : i32
    // CHECK: } {tt.num_stages = 0 : i32}
    // CHECK: } {tt.num_stages = 0 : i32}
    // CHECK-NEXT: ttg.warp_yield
    // CHECK: partition0(
    // CHECK-SAME: num_warps(4)
    // CHECK: %[[INIT:.+]] = arith.constant dense<0.000000e+00> : tensor<64x128xf32, #mma>
    // CHECK: scf.for {{.*}} iter_args(%[[START:.+]] = %{{.*}}) -> (i32)
    // CHECK: scf.for {{.*}} iter_args(%[[ACC:.+]] = %[[INIT]], %[[Q:.+]] = %[[START]]) -> (tensor<64x128xf32, #mma>, i32)
    // CHECK: %[[CSLOT:.+]] = arith.remui %[[Q]],
    // CHECK: ttng.wait_barrier
    // CHECK: ttng.wait_barrier
    // CHECK: ttng.warp_group_dot {{.*}}, %[[ACC]] {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16
    // CHECK-NEXT: ttng.warp_group_dot_wait {{.*}} {pendings = 0 : i32}
    // CHECK-NEXT: ttg.memdesc_index %{{.*}}[%[[CSLOT]]]
    // CHECK-NEXT: ttng.arrive_barrier %{{.*}}, 128 :
    // CHECK-NEXT: ttg.memdesc_index %{{.*}}[%[[CSLOT]]]
    // CHECK-NEXT: ttng.arrive_barrier %{{.*}}, 128 :
    // CHECK: } {tt.num_stages = 0 : i32}
    // CHECK-NEXT: arith.truncf %{{.*}} : tensor<64x128xf32, #mma> to tensor<64x128xf16, #mma>
    // CHECK: ttg.convert_layout %{{.*}} : tensor<64x128xf16, #mma> -> tensor<64x128xf16, #{{blocked[0-9]*}}>
    // CHECK: tt.descriptor_store %{{.*}}[%[[ROW0:[0-9]+]], %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x128xf16, #shared>>, tensor<64x128xf16, #{{blocked[0-9]*}}>
    // CHECK: ttg.warp_return
    // CHECK: partition1(
    // CHECK-SAME: num_warps(4)
    // CHECK: ttng.warp_group_dot {{.*}}isAsync = true
    // CHECK: ttg.convert_layout
    // CHECK: %[[ROW1:.+]] = arith.addi %{{.*}}, %{{.*}} : i32
    // CHECK-NEXT: tt.descriptor_store %{{.*}}[%[[ROW1]], %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x128xf16, #shared>>
    // CHECK: ttg.warp_return
    // CHECK-NEXT: } : (
    // CHECK-NOT: tt.warp_specialize
    // CHECK: tt.return
    scf.for %tile = %pid to %tiles step %c132 : i32 {
      %om = arith.muli %tile, %c128 : i32
      %on = arith.addi %om, %c128 : i32
      %acc = scf.for %k = %c0 to %ktiles step %c1 iter_args(%acc_in = %cst) -> (tensor<128x128xf32, #mma>) : i32 {
        %ok = arith.muli %k, %c64 : i32
        %la = tt.descriptor_load %a[%om, %ok] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
        %sa = ttg.local_alloc %la : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
        %lb = tt.descriptor_load %b[%on, %ok] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
        %sb = ttg.local_alloc %lb : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
        %tb = ttg.memdesc_trans %sb {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
        %d = ttng.warp_group_dot %sa, %tb, %acc_in {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
        scf.yield %d : tensor<128x128xf32, #mma>
      }
      %h = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
      %o = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
      tt.descriptor_store %c[%om, %on], %o : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked1>
    } {tt.warp_specialize}
    tt.return
  }
}

// -----

// Descriptors made in the kernel: the split A and C descriptors are made
// again, with 64-row blocks, inside the partitions that use them (the
// producer's A from before the warp_specialize, each consumer's C in its own
// region), and the originals go away.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @device_descriptors
  // CHECK-NOT: tensor<128x128xf16, #shared>
  // CHECK: %[[AD:.+]] = tt.make_tensor_descriptor %{{.*}} : <f16>, <tensor<64x64xf16, #shared>>
  // CHECK: ttg.warp_specialize
  // CHECK: ttng.async_tma_copy_global_to_local %[[AD]]
  // CHECK: ttng.async_tma_copy_global_to_local %[[AD]]
  // CHECK: partition0(
  // CHECK: %[[C0:.+]] = tt.make_tensor_descriptor %{{.*}} : <f16>, <tensor<64x128xf16, #shared>>
  // CHECK: tt.descriptor_store %[[C0]]
  // CHECK: partition1(
  // CHECK: %[[C1:.+]] = tt.make_tensor_descriptor %{{.*}} : <f16>, <tensor<64x128xf16, #shared>>
  // CHECK: tt.descriptor_store %[[C1]]
  tt.func public @device_descriptors(%pa: !tt.ptr<f16>, %pb: !tt.ptr<f16>, %pc: !tt.ptr<f16>, %m: i32, %n: i32, %kk: i32, %tiles: i32, %ktiles: i32) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %c132 = arith.constant 132 : i32
    %sk = arith.extsi %kk : i32 to i64
    %sn = arith.extsi %n : i32 to i64
    %a = tt.make_tensor_descriptor %pa, [%m, %kk], [%sk, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
    %b = tt.make_tensor_descriptor %pb, [%n, %kk], [%sk, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
    %c = tt.make_tensor_descriptor %pc, [%m, %n], [%sn, %c1_i64] : <f16>, <tensor<128x128xf16, #shared>>
    %pid = tt.get_program_id x : i32
    scf.for %tile = %pid to %tiles step %c132 : i32 {
      %om = arith.muli %tile, %c128 : i32
      %acc = scf.for %k = %c0 to %ktiles step %c1 iter_args(%acc_in = %cst) -> (tensor<128x128xf32, #mma>) : i32 {
        %ok = arith.muli %k, %c64 : i32
        %la = tt.descriptor_load %a[%om, %ok] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
        %sa = ttg.local_alloc %la : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
        %lb = tt.descriptor_load %b[%om, %ok] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
        %sb = ttg.local_alloc %lb : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
        %tb = ttg.memdesc_trans %sb {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
        %d = ttng.warp_group_dot %sa, %tb, %acc_in {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
        scf.yield %d : tensor<128x128xf32, #mma>
      }
      %h = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
      tt.descriptor_store %c[%om, %om], %h : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #mma>
    } {tt.warp_specialize}
    tt.return
  }
}

// -----

// No loop marked tt.warp_specialize: nothing changes.

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @unmarked
  // CHECK-NOT: ttg.warp_specialize
  // CHECK: scf.for
  // CHECK-NOT: tt.num_stages
  // CHECK: tt.descriptor_store
  tt.func public @unmarked(%c: !tt.tensordesc<tensor<128x128xf16, #shared>>, %tiles: i32) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf16, #mma>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %tile = %c0 to %tiles step %c1 : i32 {
      tt.descriptor_store %c[%tile, %tile], %cst : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #mma>
    }
    tt.return
  }
}

// -----

// 8 warps: Triton's pass only specializes kernels of 4 warps.

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @eight_warps
  // CHECK-NOT: ttg.warp_specialize
  // CHECK: } {tt.warp_specialize}
  tt.func public @eight_warps(%c: !tt.tensordesc<tensor<128x128xf16, #shared>>, %tiles: i32) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf16, #mma>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // expected-remark @below {{nvgpu-warp-specialization left the loop unchanged: the kernel does not have 4 warps}}
    scf.for %tile = %c0 to %tiles step %c1 : i32 {
      tt.descriptor_store %c[%tile, %tile], %cst : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #mma>
    } {tt.warp_specialize}
    tt.return
  }
}

// -----

// A marked loop without a K loop of TMA loads feeding a wgmma stays as it
// is.

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @no_k_loop
  // CHECK-NOT: ttg.warp_specialize
  // CHECK: } {tt.warp_specialize}
  tt.func public @no_k_loop(%c: !tt.tensordesc<tensor<128x128xf16, #shared>>, %tiles: i32) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf16, #mma>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // expected-remark @below {{nvgpu-warp-specialization left the loop unchanged: no K loop carrying just the accumulator}}
    scf.for %tile = %c0 to %tiles step %c1 : i32 {
      tt.descriptor_store %c[%tile, %tile], %cst : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #mma>
    } {tt.warp_specialize}
    tt.return
  }
}

// -----

// An epilogue that reads another tile-sized tensor (a bias made before the
// loop) cannot be split between the consumers: the loop stays.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @epilogue_reads_a_bias
  // CHECK-NOT: ttg.warp_specialize
  // CHECK: } {tt.warp_specialize}
  tt.func public @epilogue_reads_a_bias(%a: !tt.tensordesc<tensor<128x64xf16, #shared>>, %b: !tt.tensordesc<tensor<128x64xf16, #shared>>, %c: !tt.tensordesc<tensor<128x128xf32, #shared>>, %bias: tensor<128x128xf32, #mma>, %tiles: i32, %ktiles: i32) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // expected-remark @below {{nvgpu-warp-specialization left the loop unchanged: the tile loop holds an op the partitions cannot share: arith.addf}}
    scf.for %tile = %c0 to %tiles step %c1 : i32 {
      %acc = scf.for %k = %c0 to %ktiles step %c1 iter_args(%acc_in = %cst) -> (tensor<128x128xf32, #mma>) : i32 {
        %la = tt.descriptor_load %a[%tile, %k] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
        %sa = ttg.local_alloc %la : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
        %lb = tt.descriptor_load %b[%tile, %k] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
        %sb = ttg.local_alloc %lb : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
        %tb = ttg.memdesc_trans %sb {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
        %d = ttng.warp_group_dot %sa, %tb, %acc_in {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
        scf.yield %d : tensor<128x128xf32, #mma>
      }
      %o = arith.addf %acc, %bias : tensor<128x128xf32, #mma>
      tt.descriptor_store %c[%tile, %tile], %o : !tt.tensordesc<tensor<128x128xf32, #shared>>, tensor<128x128xf32, #mma>
    } {tt.warp_specialize}
    tt.return
  }
}

// -----

// One tile per program (Triton's non-persistent TMA matmul): the K loop
// itself carries tt.warp_specialize. Its own tt.num_stages (2) sizes the
// rings, not the pass option (3), as in Triton. The producer walks the K
// loop alone, from slot use 0; each consumer runs its K loop and then its
// half of the epilogue. The index arithmetic after the loop stays where it
// is, above the warp_specialize that replaces the loop and the epilogue.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @one_tile_per_program
  // CHECK-SAME: %[[A:[a-z0-9]+]]: !tt.tensordesc<tensor<64x64xf16, #shared>>
  // CHECK-SAME: %[[C:[a-z0-9]+]]: !tt.tensordesc<tensor<64x128xf16, #shared>>
  // CHECK: %[[OM:.+]] = arith.muli %{{.*}}, %{{.*}} : i32
  // CHECK: %[[ON:.+]] = arith.addi %[[OM]], %{{.*}} : i32
  // CHECK: ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
  // CHECK: ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
  // CHECK: ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
  // CHECK: ttg.warp_specialize({{.*}}) attributes {requestedRegisters = array<i32: 232, 232>}
  // CHECK-NEXT: default {
  // CHECK-NEXT: %[[ZERO:.+]] = arith.constant 0 : i32
  // CHECK: scf.for {{.*}} iter_args(%[[P:.+]] = %[[ZERO]]) -> (i32)
  // CHECK: arith.remui %[[P]], %[[C2:.+]] : i32
  // CHECK: ttng.async_tma_copy_global_to_local
  // CHECK: ttng.async_tma_copy_global_to_local
  // CHECK: ttng.async_tma_copy_global_to_local
  // CHECK: } {tt.num_stages = 0 : i32}
  // CHECK-NEXT: ttg.warp_yield
  // CHECK: partition0(
  // CHECK: scf.for {{.*}} iter_args(%[[ACC:.+]] = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<64x128xf32, #mma>, i32)
  // CHECK: ttng.warp_group_dot {{.*}}, %[[ACC]] {inputPrecision = 0 : i32, isAsync = true}
  // CHECK: } {tt.num_stages = 0 : i32}
  // CHECK-NEXT: arith.truncf %{{.*}} : tensor<64x128xf32, #mma> to tensor<64x128xf16, #mma>
  // CHECK: tt.descriptor_store %{{.*}} : !tt.tensordesc<tensor<64x128xf16, #shared>>, tensor<64x128xf16, #{{blocked[0-9]*}}>
  // CHECK-NEXT: ttg.warp_return
  // CHECK: partition1(
  // CHECK: ttng.warp_group_dot {{.*}}isAsync = true
  // CHECK: ttg.convert_layout
  // CHECK: %[[ROW1:.+]] = arith.addi %{{.*}}, %{{.*}} : i32
  // CHECK-NEXT: tt.descriptor_store %{{.*}}[%[[ROW1]], %{{.*}}]
  // CHECK: ttg.warp_return
  // CHECK-NEXT: } : (
  // CHECK-NOT: tt.descriptor_store
  // CHECK: tt.return
  tt.func public @one_tile_per_program(%a: !tt.tensordesc<tensor<128x64xf16, #shared>>, %b: !tt.tensordesc<tensor<128x64xf16, #shared>>, %c: !tt.tensordesc<tensor<128x128xf16, #shared>>, %ktiles: i32) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %pid = tt.get_program_id x : i32
    %om = arith.muli %pid, %c128 : i32
    %acc = scf.for %k = %c0 to %ktiles step %c1 iter_args(%acc_in = %cst) -> (tensor<128x128xf32, #mma>) : i32 {
      %ok = arith.muli %k, %c64 : i32
      %la = tt.descriptor_load %a[%om, %ok] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %sa = ttg.local_alloc %la : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %lb = tt.descriptor_load %b[%om, %ok] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %sb = ttg.local_alloc %lb : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %tb = ttg.memdesc_trans %sb {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %sa, %tb, %acc_in {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    } {tt.num_stages = 2 : i32, tt.warp_specialize}
    %on = arith.addi %om, %c128 : i32
    %h = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %o = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.descriptor_store %c[%om, %on], %o : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked>
    tt.return
  }
}

// -----

// A marked K loop whose result the kernel also reduces after the loop:
// the row sums are not an epilogue a consumer's rows can compute and store
// through a descriptor, so the loop stays.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @tile_also_reduced
  // CHECK-NOT: ttg.warp_specialize
  // CHECK: } {tt.warp_specialize}
  tt.func public @tile_also_reduced(%a: !tt.tensordesc<tensor<128x64xf16, #shared>>, %b: !tt.tensordesc<tensor<128x64xf16, #shared>>, %c: !tt.tensordesc<tensor<128x128xf32, #shared>>, %out: !tt.ptr<f32>, %ktiles: i32) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // expected-remark @below {{nvgpu-warp-specialization left the loop unchanged: the kernel after the K loop holds an op the partitions cannot share: tt.reduce}}
    %acc = scf.for %k = %c0 to %ktiles step %c1 iter_args(%acc_in = %cst) -> (tensor<128x128xf32, #mma>) : i32 {
      %la = tt.descriptor_load %a[%c0, %k] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %sa = ttg.local_alloc %la : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %lb = tt.descriptor_load %b[%c0, %k] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %sb = ttg.local_alloc %lb : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %tb = ttg.memdesc_trans %sb {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %sa, %tb, %acc_in {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    } {tt.warp_specialize}
    tt.descriptor_store %c[%c0, %c0], %acc : !tt.tensordesc<tensor<128x128xf32, #shared>>, tensor<128x128xf32, #mma>
    %sums = "tt.reduce"(%acc) <{axis = 1 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      tt.reduce.return %s : f32
    }) : (tensor<128x128xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %ptrs = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #mma}>>
    tt.store %ptrs, %sums : tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #mma}>>
    tt.return
  }
}
