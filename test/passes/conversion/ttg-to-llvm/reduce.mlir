// convert-triton-gpu-to-llvm on tt.reduce: registers of a thread that hold
// parts of one output element are combined first (in register order), then
// lanes along the axis with butterfly shuffles (distance 16, 8, 4, ...), then
// warps along the axis through scratch in shared memory at the op's
// allocation.offset: store, one barrier, and every thread combines the
// partials of the warps as a butterfly from the largest distance down. This
// is Triton 3.6's order, so float sums round as Triton's do. The combiner
// region is inlined at every step.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm,canonicalize,cse)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

// 256 elements over 4 warps: two registers, five shuffles, four warps.
// CHECK-LABEL: llvm.func @sum_1d
// CHECK-DAG: %[[C16:.+]] = llvm.mlir.constant(16 : i32) : i32
// CHECK-DAG: %[[C8:.+]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-DAG: %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[SMEM:.+]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-DAG: %[[R0:.+]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[R1:.+]] = llvm.extractvalue %arg0[1]
// CHECK: %[[T:.+]] = llvm.fadd %[[R0]], %[[R1]] : f32
// CHECK: %[[S1:.+]] = nvvm.shfl.sync  bfly %{{.+}}, %[[T]], %[[C16]], %{{.+}} : f32 -> f32
// CHECK: %[[L1:.+]] = llvm.fadd %[[T]], %[[S1]]
// CHECK: nvvm.shfl.sync  bfly %{{.+}}, %[[L1]], %[[C8]], %{{.+}} : f32 -> f32
// CHECK-COUNT-2: nvvm.shfl.sync  bfly
// CHECK: nvvm.shfl.sync  bfly %{{.+}}, %{{.+}}, %[[C1]], %{{.+}} : f32 -> f32
// CHECK: %[[W:.+]] = llvm.fadd
// CHECK: llvm.store %[[W]], %{{.+}} : f32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[P0:.+]] = llvm.load %{{.+}} : !llvm.ptr<3> -> f32
// CHECK: %[[P1:.+]] = llvm.load %{{.+}} : !llvm.ptr<3> -> f32
// CHECK: %[[P2:.+]] = llvm.load %{{.+}} : !llvm.ptr<3> -> f32
// CHECK: %[[P3:.+]] = llvm.load %{{.+}} : !llvm.ptr<3> -> f32
// CHECK: %[[A02:.+]] = llvm.fadd %[[P0]], %[[P2]]
// CHECK: %[[A13:.+]] = llvm.fadd %[[P1]], %[[P3]]
// CHECK: %[[A:.+]] = llvm.fadd %[[A02]], %[[A13]]
// CHECK: llvm.bitcast %[[A]] : f32 to i32
// CHECK-NOT: nvvm.barrier0
#b1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sum_1d(%x: tensor<256xf32, #b1>, %p: !tt.ptr<f32>) {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<256xf32, #b1>) -> f32
    tt.store %p, %s : !tt.ptr<f32>
    tt.return
  }
}

// -----

// Rows spread over lanes only (each warp owns a row): no shared memory, and
// the slice result takes the partials as they are. The module records that
// it needs no shared memory.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 0 : i32
// CHECK-NOT: global_smem
// CHECK-LABEL: llvm.func @max_rows
// CHECK: %[[M1:.+]] = llvm.intr.maxnum
// CHECK: %[[M2:.+]] = llvm.intr.maxnum(%[[M1]],
// CHECK: %[[M3:.+]] = llvm.intr.maxnum(%[[M2]],
// CHECK-COUNT-5: nvvm.shfl.sync  bfly
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#row = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @max_rows(%x: tensor<4x128xf32, #row>, %p: tensor<4x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #row}>>) {
    %m = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.maxnumf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<4x128xf32, #row>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #row}>>
    tt.store %p, %m : tensor<4x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #row}>>
    tt.return
  }
}

// -----

// The whole row in one thread: only in-thread combining.
// CHECK-LABEL: llvm.func @min_in_thread
// CHECK: llvm.intr.minnum
// CHECK: llvm.intr.minnum
// CHECK: llvm.intr.minnum
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#thread = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @min_in_thread(%x: tensor<128x4xf32, #thread>, %p: tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #thread}>>) {
    %m = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.minnumf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<128x4xf32, #thread>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #thread}>>
    tt.store %p, %m : tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #thread}>>
    tt.return
  }
}

// -----

// Two operands (an argmax): the region is inlined with both, each operand
// gets its own part of the scratch (64 columns x 2 warps x 4 bytes = 512
// bytes each), and i32 values shuffle like f32.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 1024 : i32
// CHECK-LABEL: llvm.func @argmax_cols
// CHECK: %[[GT:.+]] = llvm.fcmp "ogt"
// CHECK-NEXT: llvm.select %[[GT]], {{.+}} : i1, f32
// CHECK-NEXT: llvm.select %[[GT]], {{.+}} : i1, i32
// CHECK: nvvm.shfl.sync  bfly {{.+}} : f32 -> f32
// CHECK-NEXT: nvvm.shfl.sync  bfly {{.+}} : i32 -> i32
// CHECK: %[[SECOND:.+]] = llvm.getelementptr %{{.+}}[512] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.store %{{.+}} : f32, !llvm.ptr<3>
// CHECK: llvm.getelementptr %[[SECOND]][
// CHECK-NEXT: llvm.store %{{.+}} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#col = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @argmax_cols(%x: tensor<16x64xf32, #col>, %i: tensor<16x64xi32, #col>, %p: tensor<64x!tt.ptr<i32>, #ttg.slice<{dim = 0, parent = #col}>>) {
    %m:2 = "tt.reduce"(%x, %i) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
      %gt = arith.cmpf ogt, %a, %b : f32
      %v = arith.select %gt, %a, %b : f32
      %j = arith.select %gt, %ai, %bi : i32
      tt.reduce.return %v, %j : f32, i32
    }) : (tensor<16x64xf32, #col>, tensor<16x64xi32, #col>) -> (tensor<64xf32, #ttg.slice<{dim = 0, parent = #col}>>, tensor<64xi32, #ttg.slice<{dim = 0, parent = #col}>>)
    tt.store %p, %m#1 : tensor<64x!tt.ptr<i32>, #ttg.slice<{dim = 0, parent = #col}>>
    tt.return
  }
}

// -----

// f16 and i1 operands shuffle through 32-bit lanes; i64 in two halves.
// CHECK-LABEL: llvm.func @narrow_and_wide
// CHECK: llvm.zext %{{.+}} : i16 to i32
// CHECK: nvvm.shfl.sync  bfly {{.+}} : i32 -> i32
// CHECK: llvm.trunc %{{.+}} : i32 to i16
// CHECK: llvm.bitcast %{{.+}} : i16 to f16
// CHECK: llvm.trunc %{{.+}} : i64 to i32
// CHECK: nvvm.shfl.sync  bfly {{.+}} : i32 -> i32
// CHECK: nvvm.shfl.sync  bfly {{.+}} : i32 -> i32
// CHECK: llvm.or %{{.+}} : i64
#w = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @narrow_and_wide(%x: tensor<32xf16, #w>, %y: tensor<32xi64, #w>, %p: !tt.ptr<f16>, %q: !tt.ptr<i64>) {
    %s:2 = "tt.reduce"(%x, %y) <{axis = 0 : i32}> ({
    ^bb0(%a: f16, %ai: i64, %b: f16, %bi: i64):
      %c = arith.addf %a, %b : f16
      %d = arith.addi %ai, %bi : i64
      tt.reduce.return %c, %d : f16, i64
    }) : (tensor<32xf16, #w>, tensor<32xi64, #w>) -> (f16, i64)
    tt.store %p, %s#0 : !tt.ptr<f16>
    tt.store %q, %s#1 : !tt.ptr<i64>
    tt.return
  }
}

// -----

// An i32 sum over all 32 lanes of a warp on sm_80: one redux.sync (the
// warps' partials still meet through scratch). An i8 max is sign-extended
// into it and truncated back, an unsigned min zero-extended.
// CHECK-LABEL: llvm.func @int_full_warp
// CHECK: %[[SUM:.+]] = nvvm.redux.sync  add %{{.+}}, %{{.+}} : i32 -> i32
// CHECK: llvm.store %[[SUM]]
// CHECK: nvvm.barrier0
// CHECK: llvm.sext %{{.+}} : i8 to i32
// CHECK-NEXT: nvvm.redux.sync  max %{{.+}}, %{{.+}} : i32 -> i32
// CHECK-NEXT: llvm.trunc %{{.+}} : i32 to i8
// CHECK: llvm.zext %{{.+}} : i16 to i32
// CHECK-NEXT: nvvm.redux.sync  umin %{{.+}}, %{{.+}} : i32 -> i32
// CHECK-NOT: nvvm.shfl.sync
#i = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @int_full_warp(%x: tensor<64xi32, #i>, %y: tensor<64xi8, #i>, %z: tensor<64xi16, #i>, %p: !tt.ptr<i32>, %q: !tt.ptr<i8>, %r: !tt.ptr<i16>) {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.reduce.return %c : i32
    }) : (tensor<64xi32, #i>) -> i32
    %m = "tt.reduce"(%y) <{axis = 0 : i32}> ({
    ^bb0(%a: i8, %b: i8):
      %c = arith.maxsi %b, %a : i8
      tt.reduce.return %c : i8
    }) : (tensor<64xi8, #i>) -> i8
    %u = "tt.reduce"(%z) <{axis = 0 : i32}> ({
    ^bb0(%a: i16, %b: i16):
      %c = arith.minui %a, %b : i16
      tt.reduce.return %c : i16
    }) : (tensor<64xi16, #i>) -> i16
    tt.store %p, %s : !tt.ptr<i32>
    tt.store %q, %m : !tt.ptr<i8>
    tt.store %r, %u : !tt.ptr<i16>
    tt.return
  }
}

// -----

// No redux.sync where it does not reduce the whole warp in one op: half
// the lanes along the axis, an i64, a combiner of two ops, a float sum,
// or a target before sm_80.
// CHECK-LABEL: llvm.func @int_not_full_warp
// CHECK-NOT: nvvm.redux.sync
// CHECK: llvm.return
#half = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#whole = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @int_not_full_warp(%x: tensor<2x16xi32, #half>, %y: tensor<32xi64, #whole>, %z: tensor<32xi32, #whole>, %w: tensor<32xf32, #whole>, %p: tensor<2x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #half}>>, %q: !tt.ptr<i64>, %r: !tt.ptr<i32>, %t: !tt.ptr<f32>) {
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.reduce.return %c : i32
    }) : (tensor<2x16xi32, #half>) -> tensor<2xi32, #ttg.slice<{dim = 1, parent = #half}>>
    %l = "tt.reduce"(%y) <{axis = 0 : i32}> ({
    ^bb0(%a: i64, %b: i64):
      %c = arith.addi %a, %b : i64
      tt.reduce.return %c : i64
    }) : (tensor<32xi64, #whole>) -> i64
    %k = "tt.reduce"(%z) <{axis = 0 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      %d = arith.muli %c, %c : i32
      tt.reduce.return %d : i32
    }) : (tensor<32xi32, #whole>) -> i32
    %f = "tt.reduce"(%w) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<32xf32, #whole>) -> f32
    tt.store %p, %s : tensor<2x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #half}>>
    tt.store %q, %l : !tt.ptr<i64>
    tt.store %r, %k : !tt.ptr<i32>
    tt.store %t, %f : !tt.ptr<f32>
    tt.return
  }
}

// -----

// CHECK-LABEL: llvm.func @int_before_sm80
// CHECK-NOT: nvvm.redux.sync
// CHECK-COUNT-5: nvvm.shfl.sync  bfly
// CHECK: llvm.return
#old = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:75", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @int_before_sm80(%x: tensor<32xi32, #old>, %p: !tt.ptr<i32>) {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.reduce.return %c : i32
    }) : (tensor<32xi32, #old>) -> i32
    tt.store %p, %s : !tt.ptr<i32>
    tt.return
  }
}

// -----

// Eight warps along the axis: after each warp's partial is stored, thread t
// loads partial t (the last for threads past them), the eight lanes of a
// group combine by xor shuffles at distances 4, 2 and 1 (Triton's
// accumulation of the warps' partials), the group's first lane stores the
// result into its own slot (a predicated st.shared), and after a second
// barrier every thread loads it. 8 warps x 4 bytes of scratch, as before.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 32 : i32
// CHECK-LABEL: llvm.func @max_8_warps
// CHECK-COUNT-5: nvvm.shfl.sync  bfly
// CHECK: llvm.store %{{.+}} : f32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[SLOT:.+]] = llvm.intr.umin(%[[TID:.+]], %[[LAST:.+]]) : (i32, i32) -> i32
// CHECK-NEXT: %[[WARP:.+]] = llvm.urem %[[SLOT]], %[[EIGHT:.+]] : i32
// CHECK: %[[PARTIAL:.+]] = llvm.load %{{.+}} : !llvm.ptr<3> -> f32
// CHECK-NEXT: %[[D4:.+]] = nvvm.shfl.sync  bfly %{{.+}}, %[[PARTIAL]], %{{.+}} : f32 -> f32
// CHECK-NEXT: %[[M4:.+]] = llvm.intr.maxnum(%[[PARTIAL]], %[[D4]])
// CHECK-NEXT: %[[D2:.+]] = nvvm.shfl.sync  bfly %{{.+}}, %[[M4]], %{{.+}} : f32 -> f32
// CHECK-NEXT: %[[M2:.+]] = llvm.intr.maxnum(%[[M4]], %[[D2]])
// CHECK-NEXT: %[[D1:.+]] = nvvm.shfl.sync  bfly %{{.+}}, %[[M2]], %{{.+}} : f32 -> f32
// CHECK-NEXT: %[[M1:.+]] = llvm.intr.maxnum(%[[M2]], %[[D1]])
// CHECK-NEXT: %[[IN:.+]] = llvm.icmp "ult" %[[TID]], %[[EIGHT]] : i32
// CHECK-NEXT: %[[FIRST:.+]] = llvm.icmp "eq" %[[WARP]], %{{.+}} : i32
// CHECK-NEXT: %[[WRITES:.+]] = llvm.and %[[IN]], %[[FIRST]] : i1
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %{{.+}}, %{{.+}}, %[[WRITES]] : (i32, i32, i1) -> !llvm.void
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load %{{.+}} : !llvm.ptr<3> -> f32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#w8 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @max_8_warps(%x: tensor<512xf32, #w8>, %p: !tt.ptr<f32>) {
    %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.maxnumf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<512xf32, #w8>) -> f32
    tt.store %p, %m : !tt.ptr<f32>
    tt.return
  }
}
