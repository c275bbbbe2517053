// convert-triton-gpu-to-llvm on tt.gather. When every result element's
// source element lies in the result thread's warp (warps do not split the
// gather axis and result warp k finds its rows in source warp k), each
// result register is read with shfl.sync.idx from the lane holding it, one
// shuffle per source register the index may select, then a select; no
// shared memory. Otherwise every thread stores the source elements it holds
// (each once per thread) at their row-major offsets in the op's scratch,
// one barrier, then each index register loads the source element at its
// own coordinates with the axis coordinate replaced by the index
// (sign-extended or truncated to i32). The scratch holds the whole source;
// a second gather reusing it is fenced by the barrier analysis.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm,canonicalize,cse)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

// 1-D, 4 warps: source element lane + 32 * warp is stored at that offset;
// the two index registers are the offsets of the two loads. 128 f32 of
// scratch.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 512 : i32
// CHECK-LABEL: llvm.func internal @gather_1d
// CHECK-DAG: %[[C5:.+]] = llvm.mlir.constant(5 : i32)
// CHECK-DAG: %[[SMEM:.+]] = llvm.mlir.addressof @global_smem
// CHECK: %[[S:.+]] = llvm.extractvalue %arg0[0]
// CHECK: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[WARPOFF:.+]] = llvm.shl %{{.+}}, %[[C5]]
// CHECK: %[[OFF:.+]] = llvm.xor %[[LANE:.+]], %[[WARPOFF]]
// CHECK: %[[P:.+]] = llvm.getelementptr %[[SMEM]][%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-NEXT: llvm.store %[[S]], %[[P]] : f32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[I0:.+]] = llvm.extractvalue %arg1[0]
// CHECK-NEXT: %[[I1:.+]] = llvm.extractvalue %arg1[1]
// CHECK-NEXT: %[[Q0:.+]] = llvm.getelementptr %[[SMEM]][%[[I0]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-NEXT: %[[V0:.+]] = llvm.load %[[Q0]] : !llvm.ptr<3> -> f32
// CHECK-NEXT: %[[Q1:.+]] = llvm.getelementptr %[[SMEM]][%[[I1]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-NEXT: %[[V1:.+]] = llvm.load %[[Q1]] : !llvm.ptr<3> -> f32
// CHECK-NEXT: %[[R0:.+]] = llvm.insertvalue %[[V0]], %{{.+}}[0]
// CHECK-NEXT: %[[R1:.+]] = llvm.insertvalue %[[V1]], %[[R0]][1]
// CHECK-NEXT: llvm.return %[[R1]]
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @gather_1d(%src: tensor<128xf32, #blocked>, %idx: tensor<256xi32, #blocked>) -> tensor<256xf32, #blocked> {
    %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128xf32, #blocked>, tensor<256xi32, #blocked>) -> tensor<256xf32, #blocked>
    tt.return %0 : tensor<256xf32, #blocked>
  }
}

// -----

// Shared memory, along axis 1 (the source's two warps split it), i64
// indices: offset = row * 32 + trunc(index), the row being the thread's
// own. The source is 8x32 f16 (512 bytes).
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 512 : i32
// CHECK-LABEL: llvm.func internal @shared_cols_i64
// CHECK-DAG: %[[C32:.+]] = llvm.mlir.constant(32 : i32)
// CHECK-COUNT-4: llvm.store %{{.+}} : f16, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[I0:.+]] = llvm.extractvalue %arg1[0] : !llvm.struct<(i64, i64)>
// CHECK-NEXT: %[[I1:.+]] = llvm.extractvalue %arg1[1] : !llvm.struct<(i64, i64)>
// CHECK: %[[T0:.+]] = llvm.trunc %[[I0]] : i64 to i32
// CHECK-NEXT: %[[ROWOFF:.+]] = llvm.mul %{{.+}}, %[[C32]] : i32
// CHECK-NEXT: %[[O0:.+]] = llvm.add %[[ROWOFF]], %[[T0]] : i32
// CHECK-NEXT: %[[Q0:.+]] = llvm.getelementptr %{{.+}}[%[[O0]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK-NEXT: llvm.load %[[Q0]] : !llvm.ptr<3> -> f16
// CHECK-NEXT: %[[T1:.+]] = llvm.trunc %[[I1]] : i64 to i32
// CHECK-NEXT: %[[O1:.+]] = llvm.add %[[ROWOFF]], %[[T1]] : i32
// CHECK-NEXT: %[[Q1:.+]] = llvm.getelementptr %{{.+}}[%[[O1]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK-NEXT: llvm.load %[[Q1]] : !llvm.ptr<3> -> f16
#s = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 2], order = [1, 0]}>
#d = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @shared_cols_i64(%src: tensor<8x32xf16, #s>, %idx: tensor<8x16xi64, #d>) -> tensor<8x16xf16, #d> {
    %0 = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<8x32xf16, #s>, tensor<8x16xi64, #d>) -> tensor<8x16xf16, #d>
    tt.return %0 : tensor<8x16xf16, #d>
  }
}

// -----

// Shared memory, along axis 0 (split by the source's warps), i16 indices,
// a source taller than the indices: offset = sext(index) * 32 + the
// thread's own column (col, col + 1). All four source registers are stored
// (8x32 f32, 1024 bytes).
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 1024 : i32
// CHECK-LABEL: llvm.func internal @shared_rows_i16
// CHECK-DAG: %[[C32:.+]] = llvm.mlir.constant(32 : i32)
// CHECK-DAG: %[[C1:.+]] = llvm.mlir.constant(1 : i32)
// CHECK-COUNT-4: llvm.store %{{.+}} : f32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[I0:.+]] = llvm.extractvalue %arg1[0] : !llvm.struct<(i16, i16)>
// CHECK-NEXT: %[[I1:.+]] = llvm.extractvalue %arg1[1] : !llvm.struct<(i16, i16)>
// CHECK: %[[COL1:.+]] = llvm.or disjoint %[[COL:.+]], %[[C1]] : i32
// CHECK-NEXT: %[[S0:.+]] = llvm.sext %[[I0]] : i16 to i32
// CHECK-NEXT: %[[M0:.+]] = llvm.mul %[[S0]], %[[C32]] : i32
// CHECK-NEXT: %[[O0:.+]] = llvm.add %[[M0]], %[[COL]] : i32
// CHECK-NEXT: %[[Q0:.+]] = llvm.getelementptr %{{.+}}[%[[O0]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-NEXT: llvm.load %[[Q0]] : !llvm.ptr<3> -> f32
// CHECK-NEXT: %[[S1:.+]] = llvm.sext %[[I1]] : i16 to i32
// CHECK-NEXT: %[[M1:.+]] = llvm.mul %[[S1]], %[[C32]] : i32
// CHECK-NEXT: %[[O1:.+]] = llvm.add %[[M1]], %[[COL1]] : i32
// CHECK-NEXT: %[[Q1:.+]] = llvm.getelementptr %{{.+}}[%[[O1]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-NEXT: llvm.load %[[Q1]] : !llvm.ptr<3> -> f32
#s = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#d = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @shared_rows_i16(%src: tensor<8x32xf32, #s>, %idx: tensor<4x32xi16, #d>) -> tensor<4x32xf32, #d> {
    %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<8x32xf32, #s>, tensor<4x32xi16, #d>) -> tensor<4x32xf32, #d>
    tt.return %0 : tensor<4x32xf32, #d>
  }
}

// -----

// A source whose registers 2 and 3 repeat registers 0 and 1: each element is
// stored once per thread (two stores, not four).
// CHECK-LABEL: llvm.func internal @repeated_registers
// CHECK-COUNT-2: llvm.store
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: llvm.store
// CHECK: llvm.load
// CHECK-NOT: llvm.store
// CHECK: llvm.return
#dup = #ttg.linear<{register = [[1], [0]], lane = [[2], [4], [0], [0], [0]], warp = [], block = []}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @repeated_registers(%src: tensor<8xf32, #dup>, %idx: tensor<32xi32, #blocked>) -> tensor<32xf32, #blocked> {
    %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<8xf32, #dup>, tensor<32xi32, #blocked>) -> tensor<32xf32, #blocked>
    tt.return %0 : tensor<32xf32, #blocked>
  }
}

// -----

// Two gathers share the scratch: the second one's stores wait for every
// thread's loads of the first (a barrier from the barrier analysis).
// CHECK-LABEL: llvm.func internal @twice
// CHECK: llvm.store
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[FIRST:.+]] = llvm.load
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.store %[[FIRST]]
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @twice(%src: tensor<128xf32, #blocked>, %idx: tensor<128xi32, #blocked>) -> tensor<128xf32, #blocked> {
    %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128xf32, #blocked>, tensor<128xi32, #blocked>) -> tensor<128xf32, #blocked>
    %1 = tt.gather %0[%idx] {axis = 0 : i32} : (tensor<128xf32, #blocked>, tensor<128xi32, #blocked>) -> tensor<128xf32, #blocked>
    tt.return %1 : tensor<128xf32, #blocked>
  }
}

// -----

// Warp shuffles, along axis 1 within one warp: source element (row, col)
// is in register col & 1 of lane (row << 3) ^ (col >> 1). Each result
// register shuffles both source registers from that lane and selects by
// the index's low bit; no shared memory, no barrier.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 0 : i32
// CHECK-LABEL: llvm.func internal @shuffle_cols_i64
// CHECK-DAG: %[[C14:.+]] = llvm.mlir.constant(14 : i32)
// CHECK-DAG: %[[C3:.+]] = llvm.mlir.constant(3 : i32)
// CHECK-DAG: %[[C1:.+]] = llvm.mlir.constant(1 : i32)
// CHECK: %[[I0:.+]] = llvm.extractvalue %arg1[0] : !llvm.struct<(i64, i64)>
// CHECK: %[[T0:.+]] = llvm.trunc %[[I0]] : i64 to i32
// CHECK: %[[ROWLANE:.+]] = llvm.shl %{{.+}}, %[[C3]] : i32
// CHECK-NEXT: %[[HI:.+]] = llvm.and %[[T0]], %[[C14]] : i32
// CHECK-NEXT: %[[COLLANE:.+]] = llvm.lshr %[[HI]], %[[C1]] : i32
// CHECK-NEXT: %[[LANE:.+]] = llvm.xor %[[ROWLANE]], %[[COLLANE]] : i32
// CHECK: nvvm.shfl.sync idx %{{.+}}, %{{.+}}, %[[LANE]], %{{.+}} : i32 -> i32
// CHECK: %[[REG:.+]] = llvm.and %[[T0]], %[[C1]] : i32
// CHECK: nvvm.shfl.sync idx %{{.+}}, %{{.+}}, %[[LANE]], %{{.+}} : i32 -> i32
// CHECK: %[[IS1:.+]] = llvm.icmp "eq" %[[REG]], %[[C1]] : i32
// CHECK-NEXT: llvm.select %[[IS1]], %{{.+}}, %{{.+}} : i1, f16
// CHECK-COUNT-2: nvvm.shfl.sync idx
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: llvm.store
// CHECK: llvm.return
#b2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @shuffle_cols_i64(%src: tensor<4x16xf16, #b2>, %idx: tensor<4x16xi64, #b2>) -> tensor<4x16xf16, #b2> {
    %0 = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<4x16xf16, #b2>, tensor<4x16xi64, #b2>) -> tensor<4x16xf16, #b2>
    tt.return %0 : tensor<4x16xf16, #b2>
  }
}
