// A dot loop whose tile loads take their addresses from another load of the
// same iteration (Triton's test_indirect_matmul: idx = load(indices);
// a = load(A + idx * stride)) splits its stages between the levels of that
// chain, as Triton's assign-latencies does: latency = (num_stages - 1) /
// (levels + 1), so 3 stages give the tile loads latency 1 (two ring slots)
// and 5 stages latency 2. tile gave them num_stages - 1 (three and five
// slots): test_indirect_matmul's 128x128x128 and 128x64x128 configs with
// 5 stages needed 327,680 and 245,760 bytes of shared memory where
// Triton's fit in 198,656 and 149,504. A load reached at num_stages - 1
// levels or deeper is not counted (2 stages: latency 1). A plain matmul
// keeps num_stages - 1.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-assign-latencies{num-stages=3})' | FileCheck %s --check-prefix=S3
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-assign-latencies{num-stages=5})' | FileCheck %s --check-prefix=S5
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-assign-latencies{num-stages=2})' | FileCheck %s --check-prefix=S2

// The index load, used in registers at level 1, stays synchronous.
// S3-LABEL: tt.func public @indirect
// S3: tt.load %{{[a-z0-9_]+}} : tensor<32x!tt.ptr<i64>
// S3: tt.load %{{.+}} {tt.latency = 1 : i32} : tensor<32x64x!tt.ptr<bf16>
// S3: tt.load %{{.+}} {tt.latency = 1 : i32} : tensor<32x64x!tt.ptr<bf16>
// S3-LABEL: tt.func public @direct
// S3: tt.load %{{.+}} {tt.latency = 2 : i32} : tensor<32x64x!tt.ptr<bf16>

// S5-LABEL: tt.func public @indirect
// S5: tt.load %{{.+}} {tt.latency = 2 : i32} : tensor<32x64x!tt.ptr<bf16>
// S5: tt.load %{{.+}} {tt.latency = 2 : i32} : tensor<32x64x!tt.ptr<bf16>
// S5-LABEL: tt.func public @direct
// S5: tt.load %{{.+}} {tt.latency = 4 : i32} : tensor<32x64x!tt.ptr<bf16>

// S2-LABEL: tt.func public @indirect
// S2: tt.load %{{.+}} {tt.latency = 1 : i32} : tensor<32x64x!tt.ptr<bf16>

#idx = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#t = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#s = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#st = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @indirect(%ibase: !tt.ptr<i64> {tt.divisibility = 16 : i32},
                           %abase: !tt.ptr<bf16> {tt.divisibility = 16 : i32},
                           %bbase: !tt.ptr<bf16> {tt.divisibility = 16 : i32},
                           %s: i64 {tt.divisibility = 16 : i32}, %n: i32, %out: tensor<64x64x!tt.ptr<f32>, #mma>) {
    %ir = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #idx>
    %is = tt.splat %ibase : !tt.ptr<i64> -> tensor<32x!tt.ptr<i64>, #idx>
    %indices = tt.addptr %is, %ir : tensor<32x!tt.ptr<i64>, #idx>, tensor<32xi32, #idx>
    %cr = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #t}>>
    %ce = tt.expand_dims %cr {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #t}>> -> tensor<1x64xi32, #t>
    %as = tt.splat %abase : !tt.ptr<bf16> -> tensor<1x64x!tt.ptr<bf16>, #t>
    %a1 = tt.addptr %as, %ce : tensor<1x64x!tt.ptr<bf16>, #t>, tensor<1x64xi32, #t>
    %a = tt.broadcast %a1 : tensor<1x64x!tt.ptr<bf16>, #t> -> tensor<32x64x!tt.ptr<bf16>, #t>
    %bs = tt.splat %bbase : !tt.ptr<bf16> -> tensor<1x64x!tt.ptr<bf16>, #t>
    %b1 = tt.addptr %bs, %ce : tensor<1x64x!tt.ptr<bf16>, #t>, tensor<1x64xi32, #t>
    %b = tt.broadcast %b1 : tensor<1x64x!tt.ptr<bf16>, #t> -> tensor<32x64x!tt.ptr<bf16>, #t>
    %stride = tt.splat %s : i64 -> tensor<32x1xi64, #t>
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %step = arith.constant dense<32> : tensor<32xi32, #idx>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %k = %c0 to %n step %c32 iter_args(%ip = %indices, %acc = %zero) -> (tensor<32x!tt.ptr<i64>, #idx>, tensor<64x64xf32, #mma>) : i32 {
      %i = tt.load %ip : tensor<32x!tt.ptr<i64>, #idx>
      %ic = ttg.convert_layout %i : tensor<32xi64, #idx> -> tensor<32xi64, #ttg.slice<{dim = 1, parent = #t}>>
      %ie = tt.expand_dims %ic {axis = 1 : i32} : tensor<32xi64, #ttg.slice<{dim = 1, parent = #t}>> -> tensor<32x1xi64, #t>
      %rows = arith.muli %ie, %stride : tensor<32x1xi64, #t>
      %off = tt.broadcast %rows : tensor<32x1xi64, #t> -> tensor<32x64xi64, #t>
      %pa = tt.addptr %a, %off : tensor<32x64x!tt.ptr<bf16>, #t>, tensor<32x64xi64, #t>
      %xa = tt.load %pa : tensor<32x64x!tt.ptr<bf16>, #t>
      %sa = ttg.local_alloc %xa : (tensor<32x64xbf16, #t>) -> !ttg.memdesc<32x64xbf16, #s, #smem>
      %pb = tt.addptr %b, %off : tensor<32x64x!tt.ptr<bf16>, #t>, tensor<32x64xi64, #t>
      %xb = tt.load %pb : tensor<32x64x!tt.ptr<bf16>, #t>
      %sb = ttg.local_alloc %xb : (tensor<32x64xbf16, #t>) -> !ttg.memdesc<32x64xbf16, #s, #smem>
      %sbt = ttg.memdesc_trans %sb {order = array<i32: 1, 0>} : !ttg.memdesc<32x64xbf16, #s, #smem> -> !ttg.memdesc<64x32xbf16, #st, #smem>
      %opa = ttg.local_load %sbt : !ttg.memdesc<64x32xbf16, #st, #smem> -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %opb = ttg.local_load %sa : !ttg.memdesc<32x64xbf16, #s, #smem> -> tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %opa, %opb, %acc : tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %next = tt.addptr %ip, %step : tensor<32x!tt.ptr<i64>, #idx>, tensor<32xi32, #idx>
      scf.yield %next, %d : tensor<32x!tt.ptr<i64>, #idx>, tensor<64x64xf32, #mma>
    }
    tt.store %out, %r#1 : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }

  tt.func public @direct(%abase: !tt.ptr<bf16> {tt.divisibility = 16 : i32},
                         %bt: tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,
                         %n: i32, %out: tensor<64x64x!tt.ptr<f32>, #mma>) {
    %cr = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #t}>>
    %ce = tt.expand_dims %cr {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #t}>> -> tensor<1x64xi32, #t>
    %as = tt.splat %abase : !tt.ptr<bf16> -> tensor<1x64x!tt.ptr<bf16>, #t>
    %a1 = tt.addptr %as, %ce : tensor<1x64x!tt.ptr<bf16>, #t>, tensor<1x64xi32, #t>
    %a = tt.broadcast %a1 : tensor<1x64x!tt.ptr<bf16>, #t> -> tensor<32x64x!tt.ptr<bf16>, #t>
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %step = arith.constant dense<2048> : tensor<32x64xi32, #t>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %k = %c0 to %n step %c32 iter_args(%pa = %a, %acc = %zero) -> (tensor<32x64x!tt.ptr<bf16>, #t>, tensor<64x64xf32, #mma>) : i32 {
      %xa = tt.load %pa : tensor<32x64x!tt.ptr<bf16>, #t>
      %sa = ttg.local_alloc %xa : (tensor<32x64xbf16, #t>) -> !ttg.memdesc<32x64xbf16, #s, #smem>
      %opb = ttg.local_load %sa : !ttg.memdesc<32x64xbf16, #s, #smem> -> tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %bt, %opb, %acc : tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %next = tt.addptr %pa, %step : tensor<32x64x!tt.ptr<bf16>, #t>, tensor<32x64xi32, #t>
      scf.yield %next, %d : tensor<32x64x!tt.ptr<bf16>, #t>, tensor<64x64xf32, #mma>
    }
    tt.store %out, %r#1 : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}
