// convert-triton-gpu-to-llvm on tt.scan: each thread scans the chunk of the
// axis it holds in registers (in register order along the axis), the lanes
// scan the chunks' totals with shuffles from the previous lane at distances
// 1, 2, 4, ... (up-shuffles; down-shuffles for a reverse scan), and when
// warps lie along the axis the last lane of each warp stores the warp's
// totals to scratch at the op's allocation.offset: one barrier, and every
// thread combines the totals of the warps before its own into a carry.
// Repetitions of the layout along the axis within a warp are chained with
// an idx shuffle from the last lane. The combiner region is inlined at every
// step with the earlier elements (in scan order) on its left.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm,canonicalize,cse)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'


// One warp, four registers per thread along the axis: the registers are
// summed in order, the chunk totals scanned over the lanes by up-shuffles at
// distances 1, 2, 4, 8, 16 (each kept only by lanes at least that far from
// the first), then the previous lane's result completes the first three
// registers of every lane but the first. No shared memory.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 0 : i32
// CHECK-LABEL: llvm.func internal @cumsum_in_warp
// CHECK-DAG: %[[C0:[0-9]+]] = llvm.mlir.constant(0 : i32)
// CHECK-DAG: %[[C1:[0-9]+]] = llvm.mlir.constant(1 : i32)
// CHECK-DAG: %[[C31:[0-9]+]] = llvm.mlir.constant(31 : i32)
// CHECK: %[[LANE:.+]] = llvm.urem
// CHECK: %[[T:.+]] = llvm.and %[[LANE]], %[[C31]] : i32
// CHECK: %[[R0:.+]] = llvm.extractvalue %arg0[0]
// CHECK: %[[R1:.+]] = llvm.extractvalue %arg0[1]
// CHECK: %[[R2:.+]] = llvm.extractvalue %arg0[2]
// CHECK: %[[R3:.+]] = llvm.extractvalue %arg0[3]
// CHECK: %[[S1:.+]] = llvm.add %[[R0]], %[[R1]] : i32
// CHECK: %[[S2:.+]] = llvm.add %[[S1]], %[[R2]] : i32
// CHECK: %[[S3:.+]] = llvm.add %[[S2]], %[[R3]] : i32
// CHECK: %[[UP:.+]] = nvvm.shfl.sync  up %{{.+}}, %[[S3]], %[[C1]], %[[C0]] : i32 -> i32
// CHECK: %[[HAS:.+]] = llvm.icmp "uge" %[[T]], %[[C1]] : i32
// CHECK: %[[SUM:.+]] = llvm.add %[[UP]], %[[S3]] : i32
// CHECK: llvm.select %[[HAS]], %[[SUM]], %[[S3]]
// CHECK-COUNT-4: nvvm.shfl.sync  up
// CHECK: %[[LAST:.+]] = llvm.select
// CHECK: %[[PREV:.+]] = nvvm.shfl.sync  up %{{.+}}, %[[LAST]], %[[C1]], %[[C0]] : i32 -> i32
// CHECK: %[[NOTFIRST:.+]] = llvm.icmp "ne" %[[T]], %[[C0]] : i32
// CHECK: %[[E0:.+]] = llvm.add %[[PREV]], %[[R0]] : i32
// CHECK: %[[O0:.+]] = llvm.select %[[NOTFIRST]], %[[E0]], %[[R0]]
// CHECK: %[[E1:.+]] = llvm.add %[[PREV]], %[[S1]] : i32
// CHECK: %[[O1:.+]] = llvm.select %[[NOTFIRST]], %[[E1]], %[[S1]]
// CHECK: %[[E2:.+]] = llvm.add %[[PREV]], %[[S2]] : i32
// CHECK: %[[O2:.+]] = llvm.select %[[NOTFIRST]], %[[E2]], %[[S2]]
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.insertvalue %[[O0]], %{{.+}}[0]
// CHECK: llvm.insertvalue %[[O1]], %{{.+}}[1]
// CHECK: llvm.insertvalue %[[O2]], %{{.+}}[2]
// CHECK: llvm.insertvalue %[[LAST]], %{{.+}}[3]
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @cumsum_in_warp(%x: tensor<128xi32, #b>) -> tensor<128xi32, #b> {
    %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %c: i32):
      %s = arith.addi %a, %c : i32
      tt.scan.return %s : i32
    }) : (tensor<128xi32, #b>) -> tensor<128xi32, #b>
    tt.return %r : tensor<128xi32, #b>
  }
}

// -----

// The same scan reversed: the registers from the last, down-shuffles (the
// next lane along the axis comes first), the lane's position mirrored (lane
// 31 is the first), and the next lane's result completes the registers.
// CHECK-LABEL: llvm.func internal @cumsum_reverse
// CHECK-DAG: %[[C0:[0-9]+]] = llvm.mlir.constant(0 : i32)
// CHECK-DAG: %[[C1:[0-9]+]] = llvm.mlir.constant(1 : i32)
// CHECK-DAG: %[[C31:[0-9]+]] = llvm.mlir.constant(31 : i32)
// CHECK: %[[LANE:.+]] = llvm.and %{{.+}}, %[[C31]] : i32
// CHECK: %[[T:.+]] = llvm.xor %[[LANE]], %[[C31]] : i32
// CHECK: %[[R0:.+]] = llvm.extractvalue %arg0[0]
// CHECK: %[[R1:.+]] = llvm.extractvalue %arg0[1]
// CHECK: %[[R2:.+]] = llvm.extractvalue %arg0[2]
// CHECK: %[[R3:.+]] = llvm.extractvalue %arg0[3]
// CHECK: %[[S2:.+]] = llvm.add %[[R3]], %[[R2]] : i32
// CHECK: %[[S1:.+]] = llvm.add %[[S2]], %[[R1]] : i32
// CHECK: %[[S0:.+]] = llvm.add %[[S1]], %[[R0]] : i32
// CHECK: nvvm.shfl.sync  down %{{.+}}, %[[S0]], %[[C1]], %[[C31]] : i32 -> i32
// CHECK: llvm.icmp "uge" %[[T]], %[[C1]] : i32
// CHECK-COUNT-4: nvvm.shfl.sync  down
// CHECK: %[[FIRST:.+]] = llvm.select
// CHECK: %[[NEXT:.+]] = nvvm.shfl.sync  down %{{.+}}, %[[FIRST]], %[[C1]], %[[C31]] : i32 -> i32
// CHECK: %[[NOTLAST:.+]] = llvm.icmp "ne" %[[T]], %[[C0]] : i32
// CHECK: %[[E3:.+]] = llvm.add %[[NEXT]], %[[R3]] : i32
// CHECK: %[[O3:.+]] = llvm.select %[[NOTLAST]], %[[E3]], %[[R3]]
// CHECK: llvm.insertvalue %[[FIRST]], %{{.+}}[0]
// CHECK: llvm.insertvalue %[[O3]], %{{.+}}[3]
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @cumsum_reverse(%x: tensor<128xi32, #b>) -> tensor<128xi32, #b> {
    %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%a: i32, %c: i32):
      %s = arith.addi %a, %c : i32
      tt.scan.return %s : i32
    }) : (tensor<128xi32, #b>) -> tensor<128xi32, #b>
    tt.return %r : tensor<128xi32, #b>
  }
}

// -----

// 256 elements in one warp, two per thread: the layout repeats four times
// along the axis. Each block is scanned over the lanes on its own; then the
// blocks are chained: the last lane's result of a block (read with an idx
// shuffle from lane 31 of the thread's group) is the carry combined into
// every element of the next block, three times.
// CHECK-LABEL: llvm.func internal @blocks_in_warp
// CHECK-DAG: %[[CM32:[0-9]+]] = llvm.mlir.constant(-32 : i32)
// CHECK-DAG: %[[C31:[0-9]+]] = llvm.mlir.constant(31 : i32)
// CHECK: %[[LANE:.+]] = llvm.urem
// CHECK-COUNT-20: nvvm.shfl.sync  up
// CHECK: %[[GROUP:.+]] = llvm.and %[[LANE]], %[[CM32]] : i32
// CHECK: %[[SRC:.+]] = llvm.or %[[GROUP]], %[[C31]] : i32
// CHECK: %[[CARRY1:.+]] = nvvm.shfl.sync  idx %{{.+}}, %{{.+}}, %[[SRC]], %[[C31]] : i32 -> i32
// CHECK: %[[LAST1:.+]] = llvm.intr.smax(%[[CARRY1]], %{{.+}}) : (i32, i32) -> i32
// CHECK: nvvm.shfl.sync  up %{{.+}}, %[[LAST1]]
// CHECK: %[[CARRY2:.+]] = nvvm.shfl.sync  idx %{{.+}}, %[[LAST1]], %[[SRC]], %[[C31]]
// CHECK: %[[LAST2:.+]] = llvm.intr.smax(%[[CARRY2]], %{{.+}})
// CHECK: %[[CARRY3:.+]] = nvvm.shfl.sync  idx %{{.+}}, %[[LAST2]], %[[SRC]], %[[C31]]
// CHECK: %[[LAST3:.+]] = llvm.intr.smax(%[[CARRY3]],
// CHECK: nvvm.shfl.sync  up %{{.+}}, %[[LAST3]]
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @blocks_in_warp(%x: tensor<256xi32, #b>) -> tensor<256xi32, #b> {
    %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %c: i32):
      %s = arith.maxsi %a, %c : i32
      tt.scan.return %s : i32
    }) : (tensor<256xi32, #b>) -> tensor<256xi32, #b>
    tt.return %r : tensor<256xi32, #b>
  }
}

// -----

// Four warps along the axis: lane 31 of each warp stores the warp's total
// (a predicated st.shared) to scratch at its warp's index, then after one barrier
// every thread combines the totals of the warps before its own, in warp
// order, into a carry that warp 0 does not take. The carry and the previous
// lane's result complete the thread's registers. 16 bytes of scratch.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 16 : i32
// CHECK-LABEL: llvm.func internal @cumsum_across_warps
// CHECK-DAG: %[[C0:[0-9]+]] = llvm.mlir.constant(0 : i32)
// CHECK-DAG: %[[C1:[0-9]+]] = llvm.mlir.constant(1 : i32)
// CHECK-DAG: %[[C2:[0-9]+]] = llvm.mlir.constant(2 : i32)
// CHECK-DAG: %[[C3:[0-9]+]] = llvm.mlir.constant(3 : i32)
// CHECK-DAG: %[[C31:[0-9]+]] = llvm.mlir.constant(31 : i32)
// CHECK-DAG: %[[SMEM:[0-9]+]] = llvm.mlir.addressof @global_smem
// CHECK: %[[WARP:.+]] = llvm.udiv
// CHECK: %[[T:.+]] = llvm.and %{{.+}}, %[[C31]] : i32
// CHECK-COUNT-5: nvvm.shfl.sync  up
// CHECK: %[[TOTAL:.+]] = llvm.select
// CHECK: %[[W:.+]] = llvm.and %[[WARP]], %[[C3]] : i32
// CHECK: %[[ISLAST:.+]] = llvm.icmp "eq" %[[T]], %[[C31]] : i32
// CHECK: %[[SLOT:.+]] = llvm.getelementptr %[[SMEM]][%[[W]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: %[[ADDRESS:.+]] = llvm.ptrtoint %[[SLOT]] : !llvm.ptr<3> to i32
// CHECK: %[[VALUE:.+]] = llvm.bitcast %[[TOTAL]] : f32 to i32
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %[[ADDRESS]], %[[VALUE]], %[[ISLAST]] : (i32, i32, i1) -> !llvm.void
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[NOTFIRSTWARP:.+]] = llvm.icmp "ne" %[[W]], %[[C0]] : i32
// CHECK: %[[P0:.+]] = llvm.load %[[SMEM]] : !llvm.ptr<3> -> f32
// CHECK: %[[P1:.+]] = llvm.load %{{.+}} : !llvm.ptr<3> -> f32
// CHECK: %[[A1:.+]] = llvm.fadd %[[P0]], %[[P1]] : f32
// CHECK: %[[AFTER1:.+]] = llvm.icmp "ugt" %[[W]], %[[C1]] : i32
// CHECK: %[[K1:.+]] = llvm.select %[[AFTER1]], %[[A1]], %[[P0]]
// CHECK: %[[P2:.+]] = llvm.load %{{.+}} : !llvm.ptr<3> -> f32
// CHECK: %[[A2:.+]] = llvm.fadd %[[A1]], %[[P2]] : f32
// CHECK: %[[AFTER2:.+]] = llvm.icmp "ugt" %[[W]], %[[C2]] : i32
// CHECK: %[[CARRY:.+]] = llvm.select %[[AFTER2]], %[[A2]], %[[K1]]
// CHECK: %[[WITH:.+]] = llvm.fadd %[[CARRY]], %[[TOTAL]] : f32
// CHECK: %[[LAST:.+]] = llvm.select %[[NOTFIRSTWARP]], %[[WITH]], %[[TOTAL]]
// CHECK: %[[PREV:.+]] = nvvm.shfl.sync  up %{{.+}}, %[[LAST]], %[[C1]], %[[C0]]
// CHECK: %[[NOTFIRSTLANE:.+]] = llvm.icmp "ne" %[[T]], %[[C0]] : i32
// CHECK: %[[PREFIX:.+]] = llvm.select %[[NOTFIRSTLANE]], %[[PREV]], %[[CARRY]]
// CHECK: %[[HASPREFIX:.+]] = llvm.or %[[NOTFIRSTLANE]], %[[NOTFIRSTWARP]] : i1
// CHECK: %[[E0:.+]] = llvm.fadd %[[PREFIX]], %{{.+}} : f32
// CHECK: llvm.select %[[HASPREFIX]], %[[E0]],
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.insertvalue %[[LAST]], %{{.+}}[3]
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @cumsum_across_warps(%x: tensor<512xf32, #b>) -> tensor<512xf32, #b> {
    %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %c: f32):
      %s = arith.addf %a, %c : f32
      tt.scan.return %s : f32
    }) : (tensor<512xf32, #b>) -> tensor<512xf32, #b>
    tt.return %r : tensor<512xf32, #b>
  }
}

// -----

// Two operands and a combiner that does not commute (a linear recurrence):
// each shuffle step moves both operands, and the combiner takes the earlier
// lane's values on its left.
// CHECK-LABEL: llvm.func internal @two_operands
// CHECK: %[[A:.+]] = llvm.extractvalue %arg0[0]
// CHECK: %[[B:.+]] = llvm.extractvalue %arg1[0]
// CHECK: %[[UA:.+]] = nvvm.shfl.sync  up %{{.+}}, %[[A]], %{{.+}} : f32 -> f32
// CHECK: %[[UB:.+]] = nvvm.shfl.sync  up %{{.+}}, %[[B]], %{{.+}} : f32 -> f32
// CHECK: %[[HAS:.+]] = llvm.icmp "uge"
// CHECK: %[[PA:.+]] = llvm.fmul %[[UA]], %[[A]] : f32
// CHECK: %[[T:.+]] = llvm.fmul %[[UB]], %[[A]] : f32
// CHECK: %[[PB:.+]] = llvm.fadd %[[T]], %[[B]] : f32
// CHECK: llvm.select %[[HAS]], %[[PA]], %[[A]]
// CHECK: llvm.select %[[HAS]], %[[PB]], %[[B]]
// CHECK-COUNT-8: nvvm.shfl.sync  up
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @two_operands(%a: tensor<32xf32, #b>, %b: tensor<32xf32, #b>) -> tensor<32xf32, #b> {
    %r:2 = "tt.scan"(%a, %b) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a1: f32, %b1: f32, %a2: f32, %b2: f32):
      %p = arith.mulf %a1, %a2 : f32
      %t = arith.mulf %b1, %a2 : f32
      %h = arith.addf %t, %b2 : f32
      tt.scan.return %p, %h : f32, f32
    }) : (tensor<32xf32, #b>, tensor<32xf32, #b>) -> (tensor<32xf32, #b>, tensor<32xf32, #b>)
    %s = arith.addf %r#0, %r#1 : tensor<32xf32, #b>
    tt.return %s : tensor<32xf32, #b>
  }
}

// -----

// Axis 0 of an 8x4 tile whose rows are lane bits 2-4: the lane's position
// along the axis is (lane >> 2) & 7, and the up-shuffles move by 4, 8 and 16
// lanes (1, 2, 4 positions along the axis).
// CHECK-LABEL: llvm.func internal @axis0_lanes
// CHECK-DAG: %[[C2:[0-9]+]] = llvm.mlir.constant(2 : i32)
// CHECK-DAG: %[[C4:[0-9]+]] = llvm.mlir.constant(4 : i32)
// CHECK-DAG: %[[C7:[0-9]+]] = llvm.mlir.constant(7 : i32)
// CHECK-DAG: %[[C8:[0-9]+]] = llvm.mlir.constant(8 : i32)
// CHECK-DAG: %[[C16:[0-9]+]] = llvm.mlir.constant(16 : i32)
// CHECK: %[[LANE:.+]] = llvm.urem
// CHECK: %[[SHIFTED:.+]] = llvm.lshr %[[LANE]], %[[C2]] : i32
// CHECK: %[[T:.+]] = llvm.and %[[SHIFTED]], %[[C7]] : i32
// CHECK: nvvm.shfl.sync  up %{{.+}}, %{{.+}}, %[[C4]], %{{.+}} : i32 -> i32
// CHECK: nvvm.shfl.sync  up %{{.+}}, %{{.+}}, %[[C8]], %{{.+}} : i32 -> i32
// CHECK: llvm.icmp "uge" %[[T]], %[[C2]] : i32
// CHECK: nvvm.shfl.sync  up %{{.+}}, %{{.+}}, %[[C16]], %{{.+}} : i32 -> i32
// CHECK: llvm.icmp "uge" %[[T]], %[[C4]] : i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @axis0_lanes(%x: tensor<8x4xi32, #b>) -> tensor<8x4xi32, #b> {
    %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %c: i32):
      %s = arith.addi %a, %c : i32
      tt.scan.return %s : i32
    }) : (tensor<8x4xi32, #b>) -> tensor<8x4xi32, #b>
    tt.return %r : tensor<8x4xi32, #b>
  }
}

// -----

// Rows of 64 over two warps (warp bit 0), four rows over warp bit 1 and
// the thread's two registers: each thread has two lines (rows r and r + 2).
// Scratch holds, per warp along the axis, one total per row: row + 4 * warp,
// 32 bytes. The second warp's threads take the first warp's total as carry.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 32 : i32
// CHECK-LABEL: llvm.func internal @rows_across_warps
// CHECK-DAG: %[[C1:[0-9]+]] = llvm.mlir.constant(1 : i32)
// CHECK-DAG: %[[C2:[0-9]+]] = llvm.mlir.constant(2 : i32)
// CHECK-DAG: %[[C4:[0-9]+]] = llvm.mlir.constant(4 : i32)
// CHECK-DAG: %[[SMEM:[0-9]+]] = llvm.mlir.addressof @global_smem
// CHECK: %[[WARP:.+]] = llvm.udiv
// CHECK-COUNT-10: nvvm.shfl.sync  up
// CHECK: %[[W:.+]] = llvm.and %[[WARP]], %[[C1]] : i32
// CHECK: %[[ROW0:.+]] = llvm.xor
// CHECK: %[[ROW1:.+]] = llvm.or disjoint %[[ROW0]], %[[C2]] : i32
// CHECK: %[[WARPROW:.+]] = llvm.mul %[[W]], %[[C4]] : i32
// CHECK: %[[I0:.+]] = llvm.add %[[ROW0]], %[[WARPROW]] : i32
// CHECK: llvm.getelementptr %[[SMEM]][%[[I0]]]
// CHECK: st.shared.b32
// CHECK: %[[I1:.+]] = llvm.add %[[ROW1]], %[[WARPROW]] : i32
// CHECK: llvm.getelementptr %[[SMEM]][%[[I1]]]
// CHECK: st.shared.b32
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.getelementptr %[[SMEM]][%[[ROW0]]]
// CHECK: llvm.load
// CHECK: llvm.getelementptr %[[SMEM]][%[[ROW1]]]
// CHECK: llvm.load
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @rows_across_warps(%x: tensor<4x64xf32, #b>) -> tensor<4x64xf32, #b> {
    %r = "tt.scan"(%x) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%a: f32, %c: f32):
      %s = arith.addf %a, %c : f32
      tt.scan.return %s : f32
    }) : (tensor<4x64xf32, #b>) -> tensor<4x64xf32, #b>
    tt.return %r : tensor<4x64xf32, #b>
  }
}

// -----

// 64 elements over four warps: warp bit 1 holds a copy (zero basis), so
// only warps with that bit clear store; reversed, the warp index is
// mirrored ((warp & 1) ^ 1) and lane 0 (the last in scan order) stores.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 8 : i32
// CHECK-LABEL: llvm.func internal @broadcast_warps
// CHECK-DAG: %[[C0:[0-9]+]] = llvm.mlir.constant(0 : i32)
// CHECK-DAG: %[[C1:[0-9]+]] = llvm.mlir.constant(1 : i32)
// CHECK-DAG: %[[C2:[0-9]+]] = llvm.mlir.constant(2 : i32)
// CHECK-DAG: %[[C31:[0-9]+]] = llvm.mlir.constant(31 : i32)
// CHECK: %[[WARP:.+]] = llvm.udiv
// CHECK: %[[T:.+]] = llvm.xor %{{.+}}, %[[C31]] : i32
// CHECK-COUNT-5: nvvm.shfl.sync  down
// CHECK: %[[WBIT:.+]] = llvm.and %[[WARP]], %[[C1]] : i32
// CHECK: %[[W:.+]] = llvm.xor %[[WBIT]], %[[C1]] : i32
// CHECK: %[[ISLAST:.+]] = llvm.icmp "eq" %[[T]], %[[C31]] : i32
// CHECK: %[[COPY:.+]] = llvm.and %[[WARP]], %[[C2]] : i32
// CHECK: %[[FIRSTCOPY:.+]] = llvm.icmp "eq" %[[COPY]], %[[C0]] : i32
// CHECK: %[[STORES:.+]] = llvm.and %[[ISLAST]], %[[FIRSTCOPY]] : i1
// CHECK: llvm.getelementptr %{{.+}}[%[[W]]]
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %{{.+}}, %{{.+}}, %[[STORES]]
// CHECK-NEXT: nvvm.barrier0
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @broadcast_warps(%x: tensor<64xf32, #b>) -> tensor<64xf32, #b> {
    %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%a: f32, %c: f32):
      %s = arith.addf %a, %c : f32
      tt.scan.return %s : f32
    }) : (tensor<64xf32, #b>) -> tensor<64xf32, #b>
    tt.return %r : tensor<64xf32, #b>
  }
}
