// convert-triton-gpu-to-llvm on the ops that move no data: splat copies the
// scalar into every register; expand_dims, broadcast, trans and a
// convert_layout that keeps every element in its thread pick, for each
// result register, the operand register holding the same element.
// convert-layout.mlir has the conversions that move data.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // 256 elements / 128 threads = 2 registers, both the scalar.
  // CHECK-LABEL: llvm.func @splat
  // CHECK-SAME: (%[[X:[^:]+]]: f32, %[[P:[^:]+]]: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[U:.+]] = llvm.mlir.undef : !llvm.struct<(f32, f32)>
  // CHECK: %[[S0:.+]] = llvm.insertvalue %[[X]], %[[U]][0]
  // CHECK: llvm.insertvalue %[[X]], %[[S0]][1]
  // CHECK: llvm.mlir.undef : !llvm.struct<(ptr<1>, ptr<1>)>
  // CHECK: llvm.insertvalue %[[P]], %{{.+}}[0]
  // CHECK: llvm.insertvalue %[[P]], %{{.+}}[1]
  tt.func public @splat(%x: f32, %p: !tt.ptr<f32>) {
    %t = tt.splat %x : f32 -> tensor<256xf32, #b1>
    %q = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #b1>
    tt.return
  }

  // The 1-D operand (slice of #b2 along dim 0) has one register per thread;
  // after expand_dims (still one) the broadcast to 64x64 repeats it in all
  // 32 registers (rows 2, 4, ..., 32 apart).
  // CHECK-LABEL: llvm.func @expand_broadcast
  // CHECK-SAME: (%[[A:[^:]+]]: !llvm.struct<(i32)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[E:.+]] = llvm.extractvalue %[[A]][0] : !llvm.struct<(i32)>
  // CHECK: %[[X1:.+]] = llvm.insertvalue %[[E]], %{{.+}}[0] : !llvm.struct<(i32)>
  // CHECK: %[[E1:.+]] = llvm.extractvalue %[[X1]][0] : !llvm.struct<(i32)>
  // CHECK-COUNT-32: llvm.insertvalue %[[E1]],
  // CHECK-NOT: llvm.insertvalue
  // CHECK: llvm.return
  tt.func public @expand_broadcast(%a: tensor<64xi32, #ttg.slice<{dim = 0, parent = #b2}>>) {
    %e = tt.expand_dims %a {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #b2}>> -> tensor<1x64xi32, #b2>
    %b = tt.broadcast %e : tensor<1x64xi32, #b2> -> tensor<64x64xi32, #b2>
    tt.return
  }

  // expand_dims along axis 1 of a column: lanes and warps walk rows, each
  // thread holds rows r and r + 128 of 256.
  // CHECK-LABEL: llvm.func @expand_col
  // CHECK-SAME: (%[[A:[^:]+]]: !llvm.struct<(i32, i32)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[E0:.+]] = llvm.extractvalue %[[A]][0]
  // CHECK: %[[E1:.+]] = llvm.extractvalue %[[A]][1]
  // CHECK: %[[I0:.+]] = llvm.insertvalue %[[E0]], %{{.+}}[0] : !llvm.struct<(i32, i32)>
  // CHECK: llvm.insertvalue %[[E1]], %[[I0]][1] : !llvm.struct<(i32, i32)>
  tt.func public @expand_col(%a: tensor<256xi32, #ttg.slice<{dim = 1, parent = #col}>>) {
    %e = tt.expand_dims %a {axis = 1 : i32} : tensor<256xi32, #ttg.slice<{dim = 1, parent = #col}>> -> tensor<256x1xi32, #col>
    tt.return
  }
}

// -----

#b4 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b4t = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
// #b4 with register bases 0 and 1 swapped: the same elements per thread, in
// another register order.
#lin = #ttg.linear<{register = [[0, 2], [0, 1], [0, 16]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // trans into the transposed layout keeps the registers in place.
  // CHECK-LABEL: llvm.func @trans
  // CHECK-SAME: (%[[A:[^:]+]]: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[E0:.+]] = llvm.extractvalue %[[A]][0]
  // CHECK: %[[E1:.+]] = llvm.extractvalue %[[A]][1]
  // CHECK: %[[E2:.+]] = llvm.extractvalue %[[A]][2]
  // CHECK: %[[E3:.+]] = llvm.extractvalue %[[A]][3]
  // CHECK: %[[E4:.+]] = llvm.extractvalue %[[A]][4]
  // CHECK: %[[E5:.+]] = llvm.extractvalue %[[A]][5]
  // CHECK: %[[E6:.+]] = llvm.extractvalue %[[A]][6]
  // CHECK: %[[E7:.+]] = llvm.extractvalue %[[A]][7]
  // CHECK: llvm.insertvalue %[[E0]], %{{.+}}[0]
  // CHECK-NEXT: llvm.insertvalue %[[E1]], %{{.+}}[1]
  // CHECK-NEXT: llvm.insertvalue %[[E2]], %{{.+}}[2]
  // CHECK-NEXT: llvm.insertvalue %[[E3]], %{{.+}}[3]
  // CHECK-NEXT: llvm.insertvalue %[[E4]], %{{.+}}[4]
  // CHECK-NEXT: llvm.insertvalue %[[E5]], %{{.+}}[5]
  // CHECK-NEXT: llvm.insertvalue %[[E6]], %{{.+}}[6]
  // CHECK-NEXT: llvm.insertvalue %[[E7]], %{{.+}}[7]
  tt.func public @trans(%a: tensor<32x32xf32, #b4>) {
    %t = tt.trans %a {order = array<i32: 1, 0>} : tensor<32x32xf32, #b4> -> tensor<32x32xf32, #b4t>
    tt.return
  }

  // Result register r holds the element of operand register
  // [0, 2, 1, 3, 4, 6, 5, 7][r].
  // CHECK-LABEL: llvm.func @convert_registers
  // CHECK-SAME: (%[[A:[^:]+]]: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[E0:.+]] = llvm.extractvalue %[[A]][0]
  // CHECK: %[[E1:.+]] = llvm.extractvalue %[[A]][1]
  // CHECK: %[[E2:.+]] = llvm.extractvalue %[[A]][2]
  // CHECK: %[[E3:.+]] = llvm.extractvalue %[[A]][3]
  // CHECK: %[[E4:.+]] = llvm.extractvalue %[[A]][4]
  // CHECK: %[[E5:.+]] = llvm.extractvalue %[[A]][5]
  // CHECK: %[[E6:.+]] = llvm.extractvalue %[[A]][6]
  // CHECK: %[[E7:.+]] = llvm.extractvalue %[[A]][7]
  // CHECK: llvm.insertvalue %[[E0]], %{{.+}}[0]
  // CHECK-NEXT: llvm.insertvalue %[[E2]], %{{.+}}[1]
  // CHECK-NEXT: llvm.insertvalue %[[E1]], %{{.+}}[2]
  // CHECK-NEXT: llvm.insertvalue %[[E3]], %{{.+}}[3]
  // CHECK-NEXT: llvm.insertvalue %[[E4]], %{{.+}}[4]
  // CHECK-NEXT: llvm.insertvalue %[[E6]], %{{.+}}[5]
  // CHECK-NEXT: llvm.insertvalue %[[E5]], %{{.+}}[6]
  // CHECK-NEXT: llvm.insertvalue %[[E7]], %{{.+}}[7]
  tt.func public @convert_registers(%a: tensor<32x32xf32, #b4>) {
    %c = ttg.convert_layout %a : tensor<32x32xf32, #b4> -> tensor<32x32xf32, #lin>
    tt.return
  }

  // Converting to an equal layout is the identity (folded away).
  // CHECK-LABEL: llvm.func @convert_same
  // CHECK-NOT: llvm.insertvalue
  // CHECK: llvm.return
  tt.func public @convert_same(%a: tensor<32x32xf32, #b4>) {
    %c = ttg.convert_layout %a : tensor<32x32xf32, #b4> -> tensor<32x32xf32, #b4>
    tt.return
  }
}
