// convert-triton-gpu-to-llvm on tt.histogram: per source register, one
// ballot of the lanes that count (value in [0, bins) unsigned, mask, and
// the owner of an element a layout holds in several lanes or warps) and one
// ballot per bit of the bin index. Lane l owns the bins l + 32 * k: it
// matches its lane bits against the low ballots (XOR with all ones where
// the lane's bit is clear), k's bits against the high ones, and counts the
// matching lanes with ctpop. The scratch (one i32 per bin) is zeroed, the
// counts added with shared-memory atomics, and each thread reads the bins
// of the result layout.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm,canonicalize,cse)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

// 64 bins over two warps: six bit ballots; bits 0-4 are matched against the
// lane, bit 5 selects bin l (bit clear) or l + 32 (bit set).
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 256 : i32
// CHECK-LABEL: llvm.func internal @bins_64
// CHECK-DAG: %[[C0:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[C5:.+]] = llvm.mlir.constant(5 : i32) : i32
// CHECK-DAG: %[[C32:.+]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-DAG: %[[C64:.+]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-DAG: %[[ONES:.+]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK-DAG: %[[SMEM:.+]] = llvm.mlir.addressof @global_smem
// CHECK: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[LANE:.+]] = llvm.urem %[[TID]], %[[C32]]
// CHECK: %[[WARP:.+]] = llvm.udiv %[[TID]], %[[C32]]
// CHECK: %[[LBIT0:.+]] = llvm.and %[[LANE]], %[[C1]]
// CHECK: %[[LCLEAR0:.+]] = llvm.icmp "eq" %[[LBIT0]], %[[C0]]
// CHECK: %[[LCOMP0:.+]] = llvm.select %[[LCLEAR0]], %[[ONES]], %[[C0]]
// CHECK: %[[V:.+]] = llvm.extractvalue %arg0[0]
// CHECK: %[[INRANGE:.+]] = llvm.icmp "ult" %[[V]], %[[C64]]
// CHECK: %[[COUNTED:.+]] = nvvm.vote.sync  ballot %[[ONES]], %[[INRANGE]]
// CHECK: %[[SH0:.+]] = llvm.lshr %[[V]], %[[C0]]
// CHECK: %[[B0:.+]] = llvm.trunc %[[SH0]] : i32 to i1
// CHECK: %[[BALLOT0:.+]] = nvvm.vote.sync  ballot %[[ONES]], %[[B0]]
// CHECK-COUNT-4: nvvm.vote.sync  ballot
// CHECK: %[[SH5:.+]] = llvm.lshr %[[V]], %[[C5]]
// CHECK: %[[B5:.+]] = llvm.trunc %[[SH5]] : i32 to i1
// CHECK: %[[BALLOT5:.+]] = nvvm.vote.sync  ballot %[[ONES]], %[[B5]]
// CHECK-NOT: nvvm.vote.sync
// CHECK: %[[AGREE0:.+]] = llvm.xor %[[BALLOT0]], %[[LCOMP0]]
// CHECK: llvm.and %[[COUNTED]], %[[AGREE0]]
// CHECK-COUNT-4: llvm.xor
// CHECK: %[[LANEMATCH:.+]] = llvm.and
// CHECK: %[[NOT5:.+]] = llvm.xor %[[BALLOT5]], %[[ONES]]
// CHECK: %[[LOW:.+]] = llvm.and %[[LANEMATCH]], %[[NOT5]]
// CHECK: %[[COUNTLOW:.+]] = llvm.intr.ctpop(%[[LOW]])
// CHECK: %[[HIGH:.+]] = llvm.and %[[LANEMATCH]], %[[BALLOT5]]
// CHECK: %[[COUNTHIGH:.+]] = llvm.intr.ctpop(%[[HIGH]])
// Zeroing: thread t clears bin t (64 threads, 64 bins: no predicate).
// CHECK: %[[WOFF:.+]] = llvm.mul %[[WARP]], %[[C32]]
// CHECK: %[[T:.+]] = llvm.add %[[LANE]], %[[WOFF]]
// CHECK: %[[ZPTR:.+]] = llvm.getelementptr %[[SMEM]][%[[T]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK: llvm.store %[[C0]], %[[ZPTR]] : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[PLOW:.+]] = llvm.getelementptr %[[SMEM]][%[[LANE]]]
// CHECK: llvm.atomicrmw add %[[PLOW]], %[[COUNTLOW]] monotonic : !llvm.ptr<3>, i32
// CHECK: %[[BINHIGH:.+]] = llvm.add %[[LANE]], %[[C32]]
// CHECK: %[[PHIGH:.+]] = llvm.getelementptr %[[SMEM]][%[[BINHIGH]]]
// CHECK: llvm.atomicrmw add %[[PHIGH]], %[[COUNTHIGH]] monotonic : !llvm.ptr<3>, i32
// CHECK: nvvm.barrier0
// CHECK: %[[RPTR:.+]] = llvm.getelementptr %[[SMEM]]
// CHECK: %[[R:.+]] = llvm.load %[[RPTR]] : !llvm.ptr<3> -> i32
// CHECK: llvm.insertvalue %[[R]]
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @bins_64(%v: tensor<64xi32, #b>) -> tensor<64xi32, #b> {
    %h = tt.histogram %v : tensor<64xi32, #b> -> tensor<64xi32, #b>
    tt.return %h : tensor<64xi32, #b>
  }
}

// -----

// Fewer bins than lanes, a mask and i8 values: the values are sign-extended
// (negative ones fall out of range), the mask joins the counted ballot,
// only 16 threads clear a bin, and lanes 16-31 add 0 at a bin inside the
// buffer.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 64 : i32
// CHECK-LABEL: llvm.func internal @masked_16_bins
// CHECK-DAG: %[[C0:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[C15:.+]] = llvm.mlir.constant(15 : i32) : i32
// CHECK-DAG: %[[C16:.+]] = llvm.mlir.constant(16 : i32) : i32
// CHECK-DAG: %[[C32:.+]] = llvm.mlir.constant(32 : i32) : i32
// CHECK: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[LANE:.+]] = llvm.urem %[[TID]], %[[C32]]
// CHECK: %[[V8:.+]] = llvm.extractvalue %arg0[0] : !llvm.struct<(i8)>
// CHECK: %[[M:.+]] = llvm.extractvalue %arg1[0] : !llvm.struct<(i1)>
// CHECK: %[[V:.+]] = llvm.sext %[[V8]] : i8 to i32
// CHECK: %[[INRANGE:.+]] = llvm.icmp "ult" %[[V]], %[[C16]]
// CHECK: %[[PRED:.+]] = llvm.and %[[INRANGE]], %[[M]] : i1
// CHECK: nvvm.vote.sync  ballot %{{.+}}, %[[PRED]]
// CHECK-COUNT-4: nvvm.vote.sync  ballot
// CHECK-NOT: nvvm.vote.sync
// CHECK: %[[COUNT:.+]] = llvm.intr.ctpop
// CHECK-NOT: llvm.intr.ctpop
// CHECK: %[[T:.+]] = llvm.add %[[LANE]]
// CHECK: %[[INSIDE:.+]] = llvm.icmp "ult" %[[T]], %[[C16]]
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %{{.+}}, %{{.+}}, %[[INSIDE]]
// CHECK: nvvm.barrier0
// CHECK: %[[OWNS:.+]] = llvm.icmp "ult" %[[LANE]], %[[C16]]
// CHECK: %[[ADDED:.+]] = llvm.select %[[OWNS]], %[[COUNT]], %[[C0]]
// CHECK: %[[BIN:.+]] = llvm.and %[[LANE]], %[[C15]]
// CHECK: %[[P:.+]] = llvm.getelementptr %{{.+}}[%[[BIN]]]
// CHECK: llvm.atomicrmw add %[[P]], %[[ADDED]] monotonic
// CHECK-NOT: llvm.atomicrmw
// CHECK: nvvm.barrier0
// CHECK: llvm.load
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @masked_16_bins(%v: tensor<64xi8, #b>, %m: tensor<64xi1, #b>) -> tensor<16xi32, #b> {
    %h = tt.histogram %v, %m : tensor<64xi8, #b> -> tensor<16xi32, #b>
    tt.return %h : tensor<16xi32, #b>
  }
}

// -----

// 16 elements over 64 threads: lane bit 4 and the warp bit hold copies, so
// only lanes 0-15 of warp 0 count.
// CHECK-LABEL: llvm.func internal @copies
// CHECK-DAG: %[[C0:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[C16:.+]] = llvm.mlir.constant(16 : i32) : i32
// CHECK-DAG: %[[C32:.+]] = llvm.mlir.constant(32 : i32) : i32
// CHECK: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[LANE:.+]] = llvm.urem %[[TID]], %[[C32]]
// CHECK: %[[WARP:.+]] = llvm.udiv %[[TID]], %[[C32]]
// CHECK: %[[LFREE:.+]] = llvm.and %[[LANE]], %[[C16]]
// CHECK: %[[LOWN:.+]] = llvm.icmp "eq" %[[LFREE]], %[[C0]]
// CHECK: %[[WFREE:.+]] = llvm.and %[[WARP]], %[[C1]]
// CHECK: %[[WOWN:.+]] = llvm.icmp "eq" %[[WFREE]], %[[C0]]
// CHECK: %[[OWNER:.+]] = llvm.and %[[LOWN]], %[[WOWN]] : i1
// CHECK: %[[V:.+]] = llvm.extractvalue %arg0[0]
// CHECK: %[[INRANGE:.+]] = llvm.icmp "ult" %[[V]], %[[C32]]
// CHECK: %[[PRED:.+]] = llvm.and %[[INRANGE]], %[[OWNER]] : i1
// CHECK: nvvm.vote.sync  ballot %{{.+}}, %[[PRED]]
// CHECK: llvm.atomicrmw add
// CHECK-NOT: llvm.atomicrmw
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @copies(%v: tensor<16xi32, #b>) -> tensor<32xi32, #b> {
    %h = tt.histogram %v : tensor<16xi32, #b> -> tensor<32xi32, #b>
    tt.return %h : tensor<32xi32, #b>
  }
}
