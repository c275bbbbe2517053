// Block-sparse loops (flex attention's kv loop) advance a tile's offset by
// the difference of two block indices read in the loop:
//   offset += (indices[i + 1] - indices[i]) * 64
// The next iteration's tile load depends on those index loads through the
// loop-carried offset, so they are issued early with it (stage 0), as
// Triton's schedule puts distance-one dependencies, loads included, a
// stage ahead. tile used to leave the index loads in the last stage: the
// pipeliner refused the schedule ("operation scheduled before its
// operands") and every load of the loop stayed synchronous.
// A dependency that cannot move early (an atomic) leaves the loop
// unpipelined, without a diagnostic.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-assign-latencies{num-stages=3},tritongpu-schedule-loops{num-stages=3})' | FileCheck %s --check-prefix=SCHED
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-assign-latencies{num-stages=3},tritongpu-schedule-loops{num-stages=3},tritongpu-pipeline{num-stages=3})' 2>&1 | FileCheck %s --check-prefix=PIPE

// SCHED-LABEL: tt.func public @index_loads_go_early
// SCHED: scf.for
// SCHED: tt.load {{.*}}loop.stage = 0 : i32{{.*}}tt.latency = 2
// SCHED: tt.load {{.*}}loop.stage = 0 : i32{{.*}} : !tt.ptr<i32>
// SCHED: tt.load {{.*}}loop.stage = 0 : i32{{.*}} : !tt.ptr<i32>
// SCHED: arith.subi {{.*}}loop.stage = 0 : i32
// SCHED: scf.yield

// SCHED-LABEL: tt.func public @atomic_dependency_stays_synchronous
// SCHED-NOT: loop.stage
// SCHED: tt.return

// PIPE-NOT: error
// PIPE-LABEL: tt.func public @index_loads_go_early
// PIPE: ttg.async_copy_global_to_local
// PIPE: scf.for
// PIPE: ttg.async_wait
// PIPE: ttg.async_copy_global_to_local
// PIPE: scf.yield
// PIPE-LABEL: tt.func public @atomic_dependency_stays_synchronous
// PIPE-NOT: async_copy
// PIPE: scf.for
// PIPE: tt.load {{.*}} : tensor<64x32x!tt.ptr<f16>
// PIPE: tt.atomic_rmw

#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @index_loads_go_early(%base: tensor<64x32x!tt.ptr<f16>, #a> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %indices: !tt.ptr<i32>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %n: i32, %out: tensor<64x64x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2048 = arith.constant 2048 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %offset = %c0) -> (tensor<64x64xf32, #mma>, i32) : i32 {
      %splat = tt.splat %offset : i32 -> tensor<64x32xi32, #a>
      %ptrs = tt.addptr %base, %splat : tensor<64x32x!tt.ptr<f16>, #a>, tensor<64x32xi32, #a>
      %x = tt.load %ptrs : tensor<64x32x!tt.ptr<f16>, #a>
      %s = ttg.local_alloc %x : (tensor<64x32xf16, #a>) -> !ttg.memdesc<64x32xf16, #sa, #smem>
      %xa = ttg.local_load %s : !ttg.memdesc<64x32xf16, #sa, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %xa, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %cur_ptr = tt.addptr %indices, %i : !tt.ptr<i32>, i32
      %cur = tt.load %cur_ptr evictionPolicy = evict_last : !tt.ptr<i32>
      %i1 = arith.addi %i, %c1 : i32
      %more = arith.cmpi slt, %i1, %n : i32
      %next_ptr = tt.addptr %cur_ptr, %c1 : !tt.ptr<i32>, i32
      %next = tt.load %next_ptr, %more evictionPolicy = evict_last : !tt.ptr<i32>
      %delta = arith.subi %next, %cur : i32
      %step = arith.muli %delta, %c2048 : i32
      %next_offset = arith.addi %offset, %step : i32
      scf.yield %d, %next_offset : tensor<64x64xf32, #mma>, i32
    }
    tt.store %out, %r#0 : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }

  tt.func public @atomic_dependency_stays_synchronous(%base: tensor<64x32x!tt.ptr<f16>, #a> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %counter: !tt.ptr<i32>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %n: i32, %out: tensor<64x64x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %offset = %c0) -> (tensor<64x64xf32, #mma>, i32) : i32 {
      %splat = tt.splat %offset : i32 -> tensor<64x32xi32, #a>
      %ptrs = tt.addptr %base, %splat : tensor<64x32x!tt.ptr<f16>, #a>, tensor<64x32xi32, #a>
      %x = tt.load %ptrs : tensor<64x32x!tt.ptr<f16>, #a>
      %s = ttg.local_alloc %x : (tensor<64x32xf16, #a>) -> !ttg.memdesc<64x32xf16, #sa, #smem>
      %xa = ttg.local_load %s : !ttg.memdesc<64x32xf16, #sa, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %xa, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %claimed = tt.atomic_rmw add, acq_rel, gpu, %counter, %c1 : (!tt.ptr<i32>, i32) -> i32
      %next_offset = arith.addi %offset, %claimed : i32
      scf.yield %d, %next_offset : tensor<64x64xf32, #mma>, i32
    }
    tt.store %out, %r#0 : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}
