// convert-triton-gpu-to-llvm on the SPMD ops: program ids and counts are
// the NVVM special registers; tt.make_range gives each register start + its
// coordinate under the layout, computed from the thread id as an XOR of the
// layout's lane and warp bases selected by the lane/warp bits (one mask and
// shift per distance between an index bit and the coordinate bit it sets),
// then XORed with the register's own offset.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @ids
  // CHECK-SAME: (%[[P:[^:]+]]: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[X:.+]] = nvvm.read.ptx.sreg.ctaid.x : i32
  // CHECK: %[[Y:.+]] = nvvm.read.ptx.sreg.ctaid.y : i32
  // CHECK: %[[Z:.+]] = nvvm.read.ptx.sreg.ctaid.z : i32
  // CHECK: %[[NX:.+]] = nvvm.read.ptx.sreg.nctaid.x : i32
  // CHECK: %[[NY:.+]] = nvvm.read.ptx.sreg.nctaid.y : i32
  // CHECK: %[[NZ:.+]] = nvvm.read.ptx.sreg.nctaid.z : i32
  // CHECK: llvm.add %[[X]], %[[Y]] : i32
  // CHECK: llvm.mul %[[NX]], %[[NY]] : i32
  tt.func public @ids(%p: !tt.ptr<i32>) {
    %x = tt.get_program_id x : i32
    %y = tt.get_program_id y : i32
    %z = tt.get_program_id z : i32
    %nx = tt.get_num_programs x : i32
    %ny = tt.get_num_programs y : i32
    %nz = tt.get_num_programs z : i32
    %a = arith.addi %x, %y : i32
    %b = arith.addi %a, %z : i32
    %m = arith.muli %nx, %ny : i32
    %n = arith.muli %m, %nz : i32
    %s = arith.addi %b, %n : i32
    tt.store %p, %s : !tt.ptr<i32>
    tt.return
  }
}

// -----

// 256 elements over 128 threads, sizePerThread 1: lane bit b contributes
// 2^b, warp bit b contributes 32 * 2^b, and register 1 is register 0 XOR 128.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @range_1
  // CHECK-DAG: %[[START:.+]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-DAG: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK-DAG: %[[C32:.+]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK: %[[LANE:.+]] = llvm.urem %[[TID]], %[[C32]] : i32
  // CHECK: %[[WARP:.+]] = llvm.udiv %[[TID]], %[[C32]] : i32
  // Lane bits 0..4 land on bits 0..4: one field, masked, not shifted.
  // CHECK: %[[C31:.+]] = llvm.mlir.constant(31 : i32) : i32
  // CHECK-NEXT: %[[LPART:.+]] = llvm.and %[[LANE]], %[[C31]] : i32
  // Warp bits 0..1 land on bits 5..6: masked and shifted by 5.
  // CHECK-NEXT: %[[C3:.+]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK-NEXT: %[[WBITS:.+]] = llvm.and %[[WARP]], %[[C3]] : i32
  // CHECK-NEXT: %[[C5:.+]] = llvm.mlir.constant(5 : i32) : i32
  // CHECK-NEXT: %[[WPART:.+]] = llvm.shl %[[WBITS]], %[[C5]] : i32
  // CHECK-NEXT: %[[BASE:.+]] = llvm.xor %[[LPART]], %[[WPART]] : i32
  // CHECK: %[[C128:.+]] = llvm.mlir.constant(128 : i32) : i32
  // The register bit (128) is one no lane or warp sets: ORed in as a
  // disjoint bit (an add to LLVM, which can fold it into an address).
  // CHECK: %[[R1:.+]] = llvm.or disjoint %[[BASE]], %[[C128]] : i32
  // CHECK: %[[V0:.+]] = llvm.add %[[START]], %[[BASE]] : i32
  // CHECK: %[[V1:.+]] = llvm.add %[[START]], %[[R1]] : i32
  // CHECK: %[[U:.+]] = llvm.mlir.undef : !llvm.struct<(i32, i32)>
  // CHECK: %[[I0:.+]] = llvm.insertvalue %[[V0]], %[[U]][0]
  // CHECK: llvm.insertvalue %[[V1]], %[[I0]][1]
  tt.func public @range_1(%p: !tt.ptr<i32>) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %pp, %r : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// sizePerThread 2: register 1 is register 0 XOR 1, lane bit 0 is worth 2,
// and a non-zero start is added to every register.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @range_2
  // CHECK: %[[START:.+]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK: %[[LANE:.+]] = llvm.urem
  // CHECK: %[[WARP:.+]] = llvm.udiv
  // Lane bits 0..4 land on bits 1..5:
  // CHECK: llvm.and %[[LANE]]
  // CHECK-NEXT: %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[LP:.+]] = llvm.shl %{{.+}}, %[[C1]] : i32
  // Warp bits 0..1 (worth 64 and 128) land on bits 6..7; then lane part XOR
  // warp part:
  // CHECK: llvm.and %[[WARP]]
  // CHECK-NEXT: %[[C6:.+]] = llvm.mlir.constant(6 : i32) : i32
  // CHECK-NEXT: %[[WP:.+]] = llvm.shl %{{.+}}, %[[C6]] : i32
  // CHECK-NEXT: %[[BASE:.+]] = llvm.xor %[[LP]], %[[WP]] : i32
  // CHECK-NEXT: %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[R1:.+]] = llvm.or disjoint %[[BASE]], %[[C1]] : i32
  // CHECK-NEXT: llvm.add %[[START]], %[[BASE]] : i32
  // CHECK-NEXT: llvm.add %[[START]], %[[R1]] : i32
  // CHECK: !llvm.struct<(i32, i32)>
  tt.func public @range_2() {
    %r = tt.make_range {end = 272 : i32, start = 16 : i32} : tensor<256xi32, #blocked>
    tt.return
  }
}

// -----

// A range in a slice layout: rows of a 64x64 [1,32]x[2,2] parent. The lanes
// all hold the same rows (their parent bases point along the sliced-away
// dimension), so the lane id does not enter the value; warp bit 1 is worth
// one row, and the 32 registers walk rows 2, 4, 8, 16, 32.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @range_slice
  // CHECK: %[[LANE:.+]] = llvm.urem
  // CHECK: %[[WARP:.+]] = llvm.udiv
  // The lane id does not enter the value (every lane basis is zero); warp
  // bit 1 lands on bit 0 (warp bit 0's basis is zero too):
  // CHECK-NOT: %[[LANE]]
  // CHECK: %[[C2:.+]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-NEXT: %[[WBIT:.+]] = llvm.and %[[WARP]], %[[C2]] : i32
  // CHECK-NEXT: %[[ONE:.+]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[WP:.+]] = llvm.lshr %[[WBIT]], %[[ONE]] : i32
  // CHECK-NEXT: %[[BASE:.+]] = llvm.xor %{{.+}}, %[[WP]] : i32
  // Register offsets use bits no warp sets: ORed in as disjoint bits.
  // CHECK-NEXT: llvm.mlir.constant(2 : i32)
  // CHECK-NEXT: llvm.or disjoint %[[BASE]]
  // CHECK: llvm.mlir.constant(62 : i32)
  // CHECK-NEXT: llvm.or disjoint %[[BASE]]
  // CHECK-COUNT-32: llvm.add
  // CHECK-NOT: llvm.add
  // CHECK: !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>
  // CHECK: llvm.return
  tt.func public @range_slice() {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return
  }
}

// -----

// A register basis (33) that shares a bit with a lane basis (1) and has one
// (32) that no thread sets: only the shared bit is XORed into the thread
// part, the other is ORed in as a disjoint bit. Registers that differ only
// outside the thread's bits thus share one XOR (for a shared memory access,
// one base address plus immediates).
#linear = #ttg.linear<{register = [[33]], lane = [[1], [2], [4], [8], [16]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @range_mixed_register_bits
  // CHECK: %[[BASE:.+]] = llvm.xor
  // CHECK: %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[X:.+]] = llvm.xor %[[BASE]], %[[C1]] : i32
  // CHECK-NEXT: %[[C32:.+]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK-NEXT: %[[R1:.+]] = llvm.or disjoint %[[X]], %[[C32]] : i32
  // CHECK: llvm.add %{{.+}}, %[[BASE]] : i32
  // CHECK: llvm.add %{{.+}}, %[[R1]] : i32
  tt.func public @range_mixed_register_bits() {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #linear>
    tt.return
  }
}
