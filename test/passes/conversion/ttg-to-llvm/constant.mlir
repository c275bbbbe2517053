// convert-triton-gpu-to-llvm on tensor constants of distinct elements:
// each thread materializes the elements its layout gives it. Elements that
// depend on the register only are constants; elements that depend on at
// most three lane or warp bits are selected by testing those bits; more
// go to a read-only global array, one invariant load per register at the
// row-major index of its coordinates (emitIndices).

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

// Every thread holds the whole tensor, in four registers.
#whole = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// Lane bit 0 walks the columns and the two warp bits the rows of 4x2; the
// other lanes hold copies.
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @whole
  // CHECK-DAG: %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-DAG: %[[C2:.+]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-DAG: %[[C3:.+]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK-DAG: %[[C4:.+]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK: llvm.insertvalue %[[C1]], %{{.+}}[0]
  // CHECK-NEXT: llvm.insertvalue %[[C2]], %{{.+}}[1]
  // CHECK-NEXT: llvm.insertvalue %[[C3]], %{{.+}}[2]
  // CHECK-NEXT: llvm.insertvalue %[[C4]], %{{.+}}[3]
  // CHECK-NOT: llvm.select
  tt.func public @whole() {
    %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32, #whole>
    tt.return
  }

  // Element (2 * warp + (lane & 1)): a select on lane bit 0, then on warp
  // bit 0, then on warp bit 1.
  // CHECK-LABEL: llvm.func @rows
  // CHECK: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x
  // CHECK: %[[LANE:.+]] = llvm.urem %[[TID]]
  // CHECK: %[[WARP:.+]] = llvm.udiv %[[TID]]
  // CHECK: %[[L0:.+]] = llvm.and %[[LANE]], %{{.+}}
  // CHECK: %[[COL:.+]] = llvm.icmp "ne" %[[L0]]
  // CHECK: %[[W0:.+]] = llvm.and %[[WARP]], %{{.+}}
  // CHECK: %[[ROW0:.+]] = llvm.icmp "ne" %[[W0]]
  // CHECK: %[[W1:.+]] = llvm.and %[[WARP]], %{{.+}}
  // CHECK: %[[ROW1:.+]] = llvm.icmp "ne" %[[W1]]
  // CHECK-COUNT-2: llvm.select %[[COL]]
  // CHECK: %[[TOP:.+]] = llvm.select %[[ROW0]]
  // CHECK-COUNT-2: llvm.select %[[COL]]
  // CHECK: %[[BOTTOM:.+]] = llvm.select %[[ROW0]]
  // CHECK: %[[E:.+]] = llvm.select %[[ROW1]], %[[BOTTOM]], %[[TOP]] : i1, f16
  // CHECK: llvm.insertvalue %[[E]], %{{.+}}[0] : !llvm.struct<(f16)>
  tt.func public @rows() {
    %c = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf16, #rows>
    tt.return
  }
}

// -----

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// 128 elements over 128 threads: a table. The two f32 constants with the
// same elements share one; f16 elements are stored as i16 and i1 as i8.
// CHECK-DAG: llvm.mlir.global internal constant @[[F32:tile_constant_[0-9]+]](dense<"0x00000000{{[0-9A-F]+}}"> : tensor<128xi32>) {addr_space = 1 : i32, alignment = 4 : i64} : !llvm.array<128 x i32>
// CHECK-DAG: llvm.mlir.global internal constant @[[F16:tile_constant_[0-9]+]](dense<[14336, 15872, {{.+}}]> : tensor<64xi16>) {addr_space = 1 : i32, alignment = 2 : i64} : !llvm.array<64 x i16>
// CHECK-DAG: llvm.mlir.global internal constant @[[I1:tile_constant_[0-9]+]](dense<"0x01000001{{[0-9A-F]+}}"> : tensor<128xi8>) {addr_space = 1 : i32, alignment = 1 : i64} : !llvm.array<128 x i8>
// CHECK-NOT: llvm.mlir.global
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // Thread t loads element t: lane + 32 * warp.
  // CHECK-LABEL: llvm.func @table
  // CHECK: %[[BASE:.+]] = llvm.mlir.addressof @[[F32]] : !llvm.ptr<1>
  // CHECK: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x
  // CHECK: %[[LANE:.+]] = llvm.urem %[[TID]]
  // CHECK: %[[WARP:.+]] = llvm.udiv %[[TID]]
  // CHECK: %[[IDX:.+]] = llvm.add
  // CHECK: %[[ADDR:.+]] = llvm.getelementptr %[[BASE]][%[[IDX]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
  // CHECK: %[[BITS:.+]] = llvm.load %[[ADDR]] invariant {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  // CHECK: %[[E:.+]] = llvm.bitcast %[[BITS]] : i32 to f32
  // CHECK: llvm.insertvalue %[[E]], %{{.+}}[0] : !llvm.struct<(f32)>
  // CHECK: llvm.mlir.addressof @[[F32]] : !llvm.ptr<1>
  // CHECK-NOT: llvm.mlir.addressof
  // CHECK: llvm.return
  tt.func public @table() {
    %c = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0, 64.0, 65.0, 66.0, 67.0, 68.0, 69.0, 70.0, 71.0, 72.0, 73.0, 74.0, 75.0, 76.0, 77.0, 78.0, 79.0, 80.0, 81.0, 82.0, 83.0, 84.0, 85.0, 86.0, 87.0, 88.0, 89.0, 90.0, 91.0, 92.0, 93.0, 94.0, 95.0, 96.0, 97.0, 98.0, 99.0, 100.0, 101.0, 102.0, 103.0, 104.0, 105.0, 106.0, 107.0, 108.0, 109.0, 110.0, 111.0, 112.0, 113.0, 114.0, 115.0, 116.0, 117.0, 118.0, 119.0, 120.0, 121.0, 122.0, 123.0, 124.0, 125.0, 126.0, 127.0]> : tensor<128xf32, #b1>
    %d = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0, 64.0, 65.0, 66.0, 67.0, 68.0, 69.0, 70.0, 71.0, 72.0, 73.0, 74.0, 75.0, 76.0, 77.0, 78.0, 79.0, 80.0, 81.0, 82.0, 83.0, 84.0, 85.0, 86.0, 87.0, 88.0, 89.0, 90.0, 91.0, 92.0, 93.0, 94.0, 95.0, 96.0, 97.0, 98.0, 99.0, 100.0, 101.0, 102.0, 103.0, 104.0, 105.0, 106.0, 107.0, 108.0, 109.0, 110.0, 111.0, 112.0, 113.0, 114.0, 115.0, 116.0, 117.0, 118.0, 119.0, 120.0, 121.0, 122.0, 123.0, 124.0, 125.0, 126.0, 127.0]> : tensor<128xf32, #b1>
    tt.return
  }

  // Two registers per thread: two loads, at 2t and 2t + 1.
  // CHECK-LABEL: llvm.func @table_f16
  // CHECK: llvm.mlir.addressof @[[F16]]
  // CHECK-COUNT-2: llvm.load %{{.+}} invariant {alignment = 2 : i64} : !llvm.ptr<1> -> i16
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  tt.func public @table_f16() {
    %c = arith.constant dense<[0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 15.5, 16.5, 17.5, 18.5, 19.5, 20.5, 21.5, 22.5, 23.5, 24.5, 25.5, 26.5, 27.5, 28.5, 29.5, 30.5, 31.5, 32.5, 33.5, 34.5, 35.5, 36.5, 37.5, 38.5, 39.5, 40.5, 41.5, 42.5, 43.5, 44.5, 45.5, 46.5, 47.5, 48.5, 49.5, 50.5, 51.5, 52.5, 53.5, 54.5, 55.5, 56.5, 57.5, 58.5, 59.5, 60.5, 61.5, 62.5, 63.5]> : tensor<64xf16, #b2>
    tt.return
  }

  // CHECK-LABEL: llvm.func @table_i1
  // CHECK: llvm.mlir.addressof @[[I1]]
  // CHECK: %[[BYTE:.+]] = llvm.load %{{.+}} invariant {alignment = 1 : i64} : !llvm.ptr<1> -> i8
  // CHECK: llvm.trunc %[[BYTE]] : i8 to i1
  tt.func public @table_i1() {
    %c = arith.constant dense<[true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false]> : tensor<128xi1, #b1>
    tt.return
  }
}
