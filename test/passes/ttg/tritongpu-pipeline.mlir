// The three pipelining passes on a matmul loop (A has a contiguity hint, so
// its threads load 16 bytes at a time; B has none, so its 2-byte accesses
// are too small for cp.async and B stays a synchronous load):
//  * tritongpu-assign-latencies marks A's load with tt.latency = stages - 1;
//  * tritongpu-schedule-loops puts that load and the pointer bump feeding
//    the next iteration's load in stage 0 (cluster 1: issued after the
//    reads), everything else in the last stage (cluster 0);
//  * tritongpu-pipeline turns A's load + local_alloc into a ring of
//    stages - 1 buffers: the prologue issues the first stages - 1 copies
//    (masked off past the trip count), the loop waits for the current one
//    (leaving the later ones in flight), reads its slot, computes and issues
//    the copy stages - 1 iterations ahead; after the loop, a wait for all
//    copies and the release of the ring.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-assign-latencies{num-stages=3})' | FileCheck %s --check-prefix=LAT
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-assign-latencies{num-stages=3},tritongpu-schedule-loops{num-stages=3})' | FileCheck %s --check-prefix=SCHED
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-assign-latencies{num-stages=3},tritongpu-schedule-loops{num-stages=3},tritongpu-pipeline{num-stages=3})' | FileCheck %s --check-prefix=PIPE
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-assign-latencies{num-stages=1},tritongpu-schedule-loops{num-stages=1},tritongpu-pipeline{num-stages=1})' | FileCheck %s --check-prefix=OFF

// LAT-LABEL: tt.func public @matmul_loop
// LAT: tt.load %{{.+}} {tt.latency = 2 : i32} : tensor<128x32x!tt.ptr<f16>
// LAT-NOT: tt.latency
// LAT: tt.dot

// SCHED-LABEL: tt.func public @matmul_loop
// SCHED: tt.load {{.+}}loop.cluster = 1 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32
// SCHED-NEXT: tt.load {{.+}}loop.cluster = 0 : i32, loop.stage = 2 : i32
// SCHED: tt.dot {{.+}}loop.cluster = 0 : i32, loop.stage = 2 : i32
// SCHED-NEXT: tt.addptr {{.+}}loop.cluster = 1 : i32, loop.stage = 0 : i32
// SCHED-NEXT: tt.addptr {{.+}}loop.cluster = 0 : i32, loop.stage = 2 : i32

// PIPE-LABEL: tt.func public @matmul_loop
// PIPE: %[[RING:.+]] = ttg.local_alloc : () -> !ttg.memdesc<2x128x32xf16, #{{.+}}, #smem, mutable>
// PIPE: %[[S0:.+]] = ttg.memdesc_index %[[RING]][%{{.+}}] : !ttg.memdesc<2x128x32xf16, {{.+}}> -> !ttg.memdesc<128x32xf16, #{{.+}}, #smem, mutable>
// PIPE: ttg.async_copy_global_to_local %arg0, %[[S0]] mask %{{.+}}
// PIPE-NEXT: %[[G0:.+]] = ttg.async_commit_group
// PIPE: ttg.async_copy_global_to_local %{{.+}}, %{{.+}} mask
// PIPE-NEXT: %[[G1:.+]] = ttg.async_commit_group
// The wait names the group it waits for, carried by the loop from the
// iteration that committed it (two iterations back), as in Triton.
// PIPE: scf.for {{.+}} iter_args({{.+}}, %[[T0:[a-z0-9_]+]] = %[[G0]], %{{[a-z0-9_]+}} = %[[G1]]) -> ({{.+}}, !ttg.async.token, !ttg.async.token)
// PIPE: ttg.async_wait %[[T0]] {num = 1 : i32}
// PIPE: ttg.memdesc_index %[[RING]]
// PIPE-NEXT: ttg.local_load
// PIPE: tt.dot
// PIPE: ttg.async_copy_global_to_local
// PIPE-NEXT: ttg.async_commit_group
// PIPE: scf.yield
// PIPE: ttg.async_wait {num = 0 : i32}
// PIPE-NEXT: ttg.local_dealloc %[[RING]]
// PIPE-NOT: loop.stage
// PIPE-NOT: tt.latency

// OFF-LABEL: tt.func public @matmul_loop
// OFF-NOT: async_copy
// OFF-NOT: tt.latency
// OFF: tt.load

#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sb = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_loop(%pa: tensor<128x32x!tt.ptr<f16>, #a> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %pb: tensor<32x128x!tt.ptr<f16>, #b>, %n: i32, %out: tensor<128x128x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = arith.constant dense<32> : tensor<128x32xi32, #a>
    %db = arith.constant dense<4096> : tensor<32x128xi32, #b>
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %qa = %pa, %qb = %pb) -> (tensor<128x128xf32, #mma>, tensor<128x32x!tt.ptr<f16>, #a>, tensor<32x128x!tt.ptr<f16>, #b>) : i32 {
      %x = tt.load %qa : tensor<128x32x!tt.ptr<f16>, #a>
      %y = tt.load %qb : tensor<32x128x!tt.ptr<f16>, #b>
      %sx = ttg.local_alloc %x : (tensor<128x32xf16, #a>) -> !ttg.memdesc<128x32xf16, #sa, #smem>
      %sy = ttg.local_alloc %y : (tensor<32x128xf16, #b>) -> !ttg.memdesc<32x128xf16, #sb, #smem>
      %dx = ttg.local_load %sx : !ttg.memdesc<128x32xf16, #sa, #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %dy = ttg.local_load %sy : !ttg.memdesc<32x128xf16, #sb, #smem> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %dx, %dy, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %na = tt.addptr %qa, %da : tensor<128x32x!tt.ptr<f16>, #a>, tensor<128x32xi32, #a>
      %nb = tt.addptr %qb, %db : tensor<32x128x!tt.ptr<f16>, #b>, tensor<32x128xi32, #b>
      scf.yield %d, %na, %nb : tensor<128x128xf32, #mma>, tensor<128x32x!tt.ptr<f16>, #a>, tensor<32x128x!tt.ptr<f16>, #b>
    }
    tt.store %out, %r#0 : tensor<128x128x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// Both operands are copied asynchronously, but B's load comes after the
// first read of A's slot: the wait, placed before that read, names only
// A's group (B's is committed after it in the body), and the loop still
// waits for both by count.
// PIPE-LABEL: tt.func public @late_second_load
// PIPE: scf.for
// PIPE: ttg.async_wait %{{[a-z0-9_]+}} {num = 2 : i32}
// PIPE: ttg.async_copy_global_to_local
// PIPE: ttg.async_copy_global_to_local
// PIPE: scf.yield
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sb = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @late_second_load(%pa: tensor<128x32x!tt.ptr<f16>, #a> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %pb: tensor<32x128x!tt.ptr<f16>, #b> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %n: i32, %out: tensor<128x128x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = arith.constant dense<32> : tensor<128x32xi32, #a>
    %db = arith.constant dense<4096> : tensor<32x128xi32, #b>
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %qa = %pa, %qb = %pb) -> (tensor<128x128xf32, #mma>, tensor<128x32x!tt.ptr<f16>, #a>, tensor<32x128x!tt.ptr<f16>, #b>) : i32 {
      %x = tt.load %qa : tensor<128x32x!tt.ptr<f16>, #a>
      %sx = ttg.local_alloc %x : (tensor<128x32xf16, #a>) -> !ttg.memdesc<128x32xf16, #sa, #smem>
      %dx = ttg.local_load %sx : !ttg.memdesc<128x32xf16, #sa, #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %y = tt.load %qb : tensor<32x128x!tt.ptr<f16>, #b>
      %sy = ttg.local_alloc %y : (tensor<32x128xf16, #b>) -> !ttg.memdesc<32x128xf16, #sb, #smem>
      %dy = ttg.local_load %sy : !ttg.memdesc<32x128xf16, #sb, #smem> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %dx, %dy, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %na = tt.addptr %qa, %da : tensor<128x32x!tt.ptr<f16>, #a>, tensor<128x32xi32, #a>
      %nb = tt.addptr %qb, %db : tensor<32x128x!tt.ptr<f16>, #b>, tensor<32x128xi32, #b>
      scf.yield %d, %na, %nb : tensor<128x128xf32, #mma>, tensor<128x32x!tt.ptr<f16>, #a>, tensor<32x128x!tt.ptr<f16>, #b>
    }
    tt.store %out, %r#0 : tensor<128x128x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// A loop without a dot is left alone.
// LAT-LABEL: tt.func public @copy_loop
// LAT-NOT: tt.latency
// PIPE-LABEL: tt.func public @copy_loop
// PIPE-NOT: async_copy
// PIPE: tt.load
#a = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy_loop(%p: tensor<512x!tt.ptr<f32>, #a> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %q: tensor<512x!tt.ptr<f32>, #a>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %k = %c0 to %n step %c1 : i32 {
      %x = tt.load %p : tensor<512x!tt.ptr<f32>, #a>
      tt.store %q, %x : tensor<512x!tt.ptr<f32>, #a>
    }
    tt.return
  }
}

// -----

// A wgmma loop: both operands' loads become copies into rings of
// num-stages (3) slots, one more than for mma.sync, since the wgmma of
// iteration i - 1 may still read its slot while the copies of iteration i
// are issued. The dot is asynchronous; right after it a wait leaves only
// that group in flight (threading its operands through), and after the loop
// a wait drains it before the rings are released.
// LAT-LABEL: tt.func public @wgmma_loop
// LAT: tt.load %{{.+}} {tt.latency = 2 : i32} : tensor<128x64x!tt.ptr<f16>
// LAT: tt.load %{{.+}} {tt.latency = 2 : i32} : tensor<64x128x!tt.ptr<f16>
// PIPE-LABEL: tt.func public @wgmma_loop
// PIPE-DAG: %[[RA:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// PIPE-DAG: %[[RB:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>
// PIPE: scf.for
// PIPE: ttg.async_wait %{{.+}} {num = 2 : i32}
// PIPE: %[[VA:.+]] = ttg.memdesc_index %[[RA]]
// PIPE: %[[VB:.+]] = ttg.memdesc_index %[[RB]]
// PIPE: %[[D:.+]] = ttng.warp_group_dot %[[VA]], %[[VB]], %{{.+}} {isAsync = true}
// PIPE-NEXT: %[[W:.+]]:3 = ttng.warp_group_dot_wait %[[D]], %[[VA]], %[[VB]] {pendings = 1 : i32}
// PIPE: ttg.async_copy_global_to_local
// PIPE: ttg.async_copy_global_to_local
// PIPE: scf.yield %[[W]]#0
// PIPE: %[[DONE:.+]] = ttng.warp_group_dot_wait %{{.+}}#0 {pendings = 0 : i32}
// PIPE-NEXT: ttg.async_wait {num = 0 : i32}
// PIPE: tt.store %{{.+}}, %[[DONE]]
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wgmma_loop(%pa: tensor<128x64x!tt.ptr<f16>, #a> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %pb: tensor<64x128x!tt.ptr<f16>, #b> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %n: i32, %out: tensor<128x128x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = arith.constant dense<64> : tensor<128x64xi32, #a>
    %db = arith.constant dense<8192> : tensor<64x128xi32, #b>
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %qa = %pa, %qb = %pb) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #a>, tensor<64x128x!tt.ptr<f16>, #b>) : i32 {
      %x = tt.load %qa : tensor<128x64x!tt.ptr<f16>, #a>
      %y = tt.load %qb : tensor<64x128x!tt.ptr<f16>, #b>
      %sx = ttg.local_alloc %x : (tensor<128x64xf16, #a>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %sy = ttg.local_alloc %y : (tensor<64x128xf16, #b>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %d = ttng.warp_group_dot %sx, %sy, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      %na = tt.addptr %qa, %da : tensor<128x64x!tt.ptr<f16>, #a>, tensor<128x64xi32, #a>
      %nb = tt.addptr %qb, %db : tensor<64x128x!tt.ptr<f16>, #b>, tensor<64x128xi32, #b>
      scf.yield %d, %na, %nb : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #a>, tensor<64x128x!tt.ptr<f16>, #b>
    }
    tt.store %out, %r#0 : tensor<128x128x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// A wgmma operand whose buffer transposes it (a tf32 B must be K-major in
// shared memory; its registers run along N) is still pipelined, as in
// Triton: its elements are 4 bytes, cp.async's smallest copy, so each is
// copied on its own into the transposed buffer (a 16-bit operand would
// stay a synchronous load: Triton's getCopyVecBytes >= 4). Both rings get
// one more slot than the latency, for the wgmma still reading the last one.
// LAT-LABEL: tt.func public @wgmma_transposed_operand
// LAT: tt.load %{{.+}} {tt.latency = 2 : i32} : tensor<128x32x!tt.ptr<f32>
// LAT-NEXT: tt.load %{{.+}} {tt.latency = 2 : i32} : tensor<32x128x!tt.ptr<f32>
// PIPE-LABEL: tt.func public @wgmma_transposed_operand
// PIPE: ttg.local_alloc : () -> !ttg.memdesc<3x128x32xf32
// PIPE: ttg.local_alloc : () -> !ttg.memdesc<3x32x128xf32
// PIPE: scf.for
// PIPE-NOT: ttg.local_alloc
// PIPE: ttg.async_wait %{{.+}} {num = 2 : i32}
// PIPE: %[[D:.+]] = ttng.warp_group_dot {{.+}}isAsync = true
// PIPE-NEXT: ttng.warp_group_dot_wait %[[D]], {{.+}} {pendings = 1 : i32}
// PIPE: ttg.async_copy_global_to_local {{.+}} -> <128x32xf32
// PIPE: ttg.async_copy_global_to_local {{.+}} -> <32x128xf32
// PIPE: scf.yield
// PIPE: ttng.warp_group_dot_wait %{{.+}} {pendings = 0 : i32}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 8]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wgmma_transposed_operand(%pa: tensor<128x32x!tt.ptr<f32>, #a> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %pb: tensor<32x128x!tt.ptr<f32>, #b> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %n: i32, %out: tensor<128x128x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = arith.constant dense<32> : tensor<128x32xi32, #a>
    %db = arith.constant dense<4096> : tensor<32x128xi32, #b>
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %qa = %pa, %qb = %pb) -> (tensor<128x128xf32, #mma>, tensor<128x32x!tt.ptr<f32>, #a>, tensor<32x128x!tt.ptr<f32>, #b>) : i32 {
      %x = tt.load %qa : tensor<128x32x!tt.ptr<f32>, #a>
      %y = tt.load %qb : tensor<32x128x!tt.ptr<f32>, #b>
      %sx = ttg.local_alloc %x : (tensor<128x32xf32, #a>) -> !ttg.memdesc<128x32xf32, #sa, #smem>
      %sy = ttg.local_alloc %y : (tensor<32x128xf32, #b>) -> !ttg.memdesc<32x128xf32, #sb, #smem>
      %d = ttng.warp_group_dot %sx, %sy, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x32xf32, #sa, #smem> * !ttg.memdesc<32x128xf32, #sb, #smem> -> tensor<128x128xf32, #mma>
      %na = tt.addptr %qa, %da : tensor<128x32x!tt.ptr<f32>, #a>, tensor<128x32xi32, #a>
      %nb = tt.addptr %qb, %db : tensor<32x128x!tt.ptr<f32>, #b>, tensor<32x128xi32, #b>
      scf.yield %d, %na, %nb : tensor<128x128xf32, #mma>, tensor<128x32x!tt.ptr<f32>, #a>, tensor<32x128x!tt.ptr<f32>, #b>
    }
    tt.store %out, %r#0 : tensor<128x128x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// Attention's two wgmmas in one loop: S = Q K (Q in shared memory before
// the loop, K pipelined), its row max, P = exp2(S - max), the carried
// accumulator scaled by the row factor alpha, then O = P V with P in
// registers and V pipelined. Both dots are issued asynchronously. S is read
// in its own iteration, so a full wait (pendings = 0) follows it at once;
// its operands include the carried accumulator, threaded through the wait,
// since that wait also retires the previous iteration's P V, which wrote
// it. P V itself is not waited for in the loop: the next iteration's wait
// (or the one after the loop, for the last) retires it, so it overlaps the
// copies issued after it. Both rings have num-stages (3) slots.
// LAT-LABEL: tt.func public @wgmma_attention_loop
// LAT: tt.load %{{.+}} {tt.latency = 2 : i32} : tensor<64x64x!tt.ptr<f16>
// LAT: tt.load %{{.+}} {tt.latency = 2 : i32} : tensor<64x64x!tt.ptr<f16>
// PIPE-LABEL: tt.func public @wgmma_attention_loop
// PIPE-DAG: %[[RK:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
// PIPE-DAG: %[[RV:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
// PIPE: %[[R:.+]]:8 = scf.for {{.+}} iter_args(%{{[a-z0-9_]+}} = %{{[a-z0-9_]+}}, %[[ACC:[a-z0-9_]+]] = %{{[a-z0-9_]+}},
// PIPE: ttg.async_wait %{{.+}} {num = 2 : i32}
// PIPE: %[[K:.+]] = ttg.memdesc_index %[[RK]]
// PIPE: %[[V:.+]] = ttg.memdesc_index %[[RV]]
// PIPE: %[[S:.+]] = ttng.warp_group_dot %arg0, %[[K]], %{{.+}} {inputPrecision = 0 : i32, isAsync = true}
// PIPE-NEXT: %[[W:.+]]:4 = ttng.warp_group_dot_wait %[[S]], %arg0, %[[K]], %[[ACC]] {pendings = 0 : i32}
// PIPE: "tt.reduce"(%[[W]]#0)
// PIPE: %[[ACCS:.+]] = arith.mulf %[[W]]#3, %{{.+}} : tensor<64x64xf32, #mma>
// PIPE: %[[P:.+]] = ttg.convert_layout %{{.+}} -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// PIPE-NEXT: %[[O:.+]] = ttng.warp_group_dot %[[P]], %[[V]], %[[ACCS]] {inputPrecision = 0 : i32, isAsync = true}
// PIPE-NOT: warp_group_dot_wait
// PIPE: ttg.async_copy_global_to_local
// PIPE: ttg.async_copy_global_to_local
// PIPE-NOT: warp_group_dot_wait
// PIPE: scf.yield %{{[a-z0-9_]+}}, %[[O]],
// PIPE-NEXT: {{^ *}}}
// PIPE-NEXT: %[[DONE:.+]] = ttng.warp_group_dot_wait %[[R]]#1 {pendings = 0 : i32}
// PIPE-NEXT: ttg.async_wait {num = 0 : i32}
// PIPE-NOT: warp_group_dot_wait
// PIPE: tt.store %{{.+}}, %[[DONE]]
// OFF-LABEL: tt.func public @wgmma_attention_loop
// OFF-NOT: isAsync
// OFF-NOT: warp_group_dot_wait
// OFF: tt.return
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#row = #ttg.slice<{dim = 1, parent = #mma}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wgmma_attention_loop(%q: !ttg.memdesc<64x64xf16, #shared, #smem>, %pk: tensor<64x64x!tt.ptr<f16>, #a> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %pv: tensor<64x64x!tt.ptr<f16>, #a> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %n: i32, %out: tensor<64x64x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<4096> : tensor<64x64xi32, #a>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %ninf = arith.constant dense<0xFF800000> : tensor<64xf32, #row>
    %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%m_i = %ninf, %acc = %zero, %qk = %pk, %qv = %pv) -> (tensor<64xf32, #row>, tensor<64x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #a>, tensor<64x64x!tt.ptr<f16>, #a>) : i32 {
      %k = tt.load %qk : tensor<64x64x!tt.ptr<f16>, #a>
      %sk = ttg.local_alloc %k : (tensor<64x64xf16, #a>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %s = ttng.warp_group_dot %q, %sk, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      %m_ij = "tt.reduce"(%s) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %mx = arith.maxnumf %x, %y : f32
        tt.reduce.return %mx : f32
      }) : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #row>
      %m_new = arith.maxnumf %m_i, %m_ij : tensor<64xf32, #row>
      %m_2d = tt.expand_dims %m_new {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #mma>
      %m_b = tt.broadcast %m_2d : tensor<64x1xf32, #mma> -> tensor<64x64xf32, #mma>
      %d = arith.subf %s, %m_b : tensor<64x64xf32, #mma>
      %p = math.exp2 %d : tensor<64x64xf32, #mma>
      %dm = arith.subf %m_i, %m_new : tensor<64xf32, #row>
      %alpha = math.exp2 %dm : tensor<64xf32, #row>
      %alpha_2d = tt.expand_dims %alpha {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #mma>
      %alpha_b = tt.broadcast %alpha_2d : tensor<64x1xf32, #mma> -> tensor<64x64xf32, #mma>
      %acc_s = arith.mulf %acc, %alpha_b : tensor<64x64xf32, #mma>
      %v = tt.load %qv : tensor<64x64x!tt.ptr<f16>, #a>
      %sv = ttg.local_alloc %v : (tensor<64x64xf16, #a>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %p16 = arith.truncf %p : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
      %p_op = ttg.convert_layout %p16 : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %o = ttng.warp_group_dot %p_op, %sv, %acc_s {inputPrecision = 0 : i32} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      %nk = tt.addptr %qk, %step : tensor<64x64x!tt.ptr<f16>, #a>, tensor<64x64xi32, #a>
      %nv = tt.addptr %qv, %step : tensor<64x64x!tt.ptr<f16>, #a>, tensor<64x64xi32, #a>
      scf.yield %m_new, %o, %nk, %nv : tensor<64xf32, #row>, tensor<64x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #a>, tensor<64x64x!tt.ptr<f16>, #a>
    }
    tt.store %out, %r#1 : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// Two dot loops in a row (causal attention's off-diagonal and diagonal
// blocks): each is pipelined with a ring of its own. Pipelining the first
// must leave the second loop's schedule in place.
// PIPE-LABEL: tt.func public @two_loops
// PIPE: %[[RING1:.+]] = ttg.local_alloc : () -> !ttg.memdesc<2x128x32xf16
// PIPE: ttg.async_copy_global_to_local
// PIPE: scf.for
// PIPE: ttg.async_wait %{{.+}} {num = 1 : i32}
// PIPE: ttg.memdesc_index %[[RING1]]
// PIPE: ttg.async_copy_global_to_local
// PIPE: scf.yield
// PIPE: ttg.local_dealloc %[[RING1]]
// PIPE: %[[RING2:.+]] = ttg.local_alloc : () -> !ttg.memdesc<2x128x32xf16
// PIPE: ttg.async_copy_global_to_local
// PIPE: scf.for
// PIPE: ttg.async_wait %{{.+}} {num = 1 : i32}
// PIPE: ttg.memdesc_index %[[RING2]]
// PIPE: ttg.async_copy_global_to_local
// PIPE: scf.yield
// PIPE: ttg.local_dealloc %[[RING2]]
// PIPE-NOT: loop.stage
// PIPE-NOT: tt.latency
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_loops(%pa: tensor<128x32x!tt.ptr<f16>, #a> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %b: tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %n: i32, %out: tensor<128x128x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = arith.constant dense<32> : tensor<128x32xi32, #a>
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %qa = %pa) -> (tensor<128x128xf32, #mma>, tensor<128x32x!tt.ptr<f16>, #a>) : i32 {
      %x = tt.load %qa : tensor<128x32x!tt.ptr<f16>, #a>
      %sx = ttg.local_alloc %x : (tensor<128x32xf16, #a>) -> !ttg.memdesc<128x32xf16, #sa, #smem>
      %dx = ttg.local_load %sx : !ttg.memdesc<128x32xf16, #sa, #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %dx, %b, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %na = tt.addptr %qa, %da : tensor<128x32x!tt.ptr<f16>, #a>, tensor<128x32xi32, #a>
      scf.yield %d, %na : tensor<128x128xf32, #mma>, tensor<128x32x!tt.ptr<f16>, #a>
    }
    %s:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %r#0, %qa = %r#1) -> (tensor<128x128xf32, #mma>, tensor<128x32x!tt.ptr<f16>, #a>) : i32 {
      %x = tt.load %qa : tensor<128x32x!tt.ptr<f16>, #a>
      %sx = ttg.local_alloc %x : (tensor<128x32xf16, #a>) -> !ttg.memdesc<128x32xf16, #sa, #smem>
      %dx = ttg.local_load %sx : !ttg.memdesc<128x32xf16, #sa, #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %dx, %b, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %na = tt.addptr %qa, %da : tensor<128x32x!tt.ptr<f16>, #a>, tensor<128x32xi32, #a>
      scf.yield %d, %na : tensor<128x128xf32, #mma>, tensor<128x32x!tt.ptr<f16>, #a>
    }
    tt.store %out, %s#0 : tensor<128x128x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// The shape of a nest fused by tritongpu-fuse-nested-loops: the pointers of
// the pipelined load come from a guarded prologue (an scf.if without
// effects), which goes to the load's stage and, in the pipelined loop, first
// (cluster -1, with the ops it needs, as Triton's schedule puts it); a
// guarded epilogue that stores stays in the last stage, after the copies of
// later iterations (cluster 2).
// SCHED-LABEL: tt.func public @guarded_prologue
// SCHED: scf.if
// SCHED: } {loop.cluster = 1 : i32, loop.stage = 0 : i32}
// SCHED-NEXT: tt.load {{.+}}loop.cluster = 1 : i32, loop.stage = 0 : i32, tt.latency = 2 : i32
// SCHED: scf.if
// SCHED-NEXT: tt.store
// SCHED-NEXT: } {loop.cluster = 0 : i32, loop.stage = 2 : i32}
// PIPE-LABEL: tt.func public @guarded_prologue
// PIPE: ttg.async_copy_global_to_local
// PIPE: scf.for
// PIPE: scf.if
// PIPE: ttg.async_wait %{{.+}} {num = 1 : i32}
// PIPE: tt.dot
// PIPE: ttg.async_copy_global_to_local
// PIPE: scf.if
// PIPE-NEXT: tt.store
// PIPE: scf.yield
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sb = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @guarded_prologue(%pa: tensor<128x32x!tt.ptr<f16>, #a> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %pb: tensor<32x128x!tt.ptr<f16>, #b>, %n: i32, %len: i32, %out: tensor<128x128x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
    %da = arith.constant dense<32> : tensor<128x32xi32, #a>
    %r = scf.for %t = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %first = arith.cmpi eq, %t, %c0 : i32
      %qa = scf.if %first -> (tensor<128x32x!tt.ptr<f16>, #a>) {
        scf.yield %pa : tensor<128x32x!tt.ptr<f16>, #a>
      } else {
        %moved = tt.addptr %pa, %da : tensor<128x32x!tt.ptr<f16>, #a>, tensor<128x32xi32, #a>
        scf.yield %moved : tensor<128x32x!tt.ptr<f16>, #a>
      }
      %x = tt.load %qa : tensor<128x32x!tt.ptr<f16>, #a>
      %y = tt.load %pb : tensor<32x128x!tt.ptr<f16>, #b>
      %sx = ttg.local_alloc %x : (tensor<128x32xf16, #a>) -> !ttg.memdesc<128x32xf16, #sa, #smem>
      %sy = ttg.local_alloc %y : (tensor<32x128xf16, #b>) -> !ttg.memdesc<32x128xf16, #sb, #smem>
      %dx = ttg.local_load %sx : !ttg.memdesc<128x32xf16, #sa, #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %dy = ttg.local_load %sy : !ttg.memdesc<32x128xf16, #sb, #smem> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %dx, %dy, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %last = arith.cmpi eq, %t, %len : i32
      scf.if %last {
        tt.store %out, %d : tensor<128x128x!tt.ptr<f32>, #mma>
      }
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    tt.return
  }
}
