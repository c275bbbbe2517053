// convert-triton-gpu-to-llvm on the shape ops that only rename registers:
// join, split, reshape, cat, a 3-D trans and unsplat. Which operand
// register each result register takes is read off the linear layouts of
// operands and results (view.mlir has splat, expand_dims, broadcast and
// 2-D trans).

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#j = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// The split dimension in register bit 1 (bit 0 walks rows).
#s2 = #ttg.linear<{register = [[1, 0], [0, 1]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = [[64, 0], [128, 0]], block = []}>
#r2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#jlin = #ttg.linear<{register = [[0, 1], [32, 0]], lane = [[0, 0], [0, 0], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // Each thread holds rows t and t + 128 of both operands; the joined
  // layout holds (t, 0), (t, 1), (t + 128, 0), (t + 128, 1).
  // CHECK-LABEL: llvm.func @join
  // CHECK-SAME: (%[[A:[^:]+]]: !llvm.struct<(f32, f32)>, %[[B:[^:]+]]: !llvm.struct<(f32, f32)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[A0:.+]] = llvm.extractvalue %[[A]][0]
  // CHECK: %[[A1:.+]] = llvm.extractvalue %[[A]][1]
  // CHECK: %[[B0:.+]] = llvm.extractvalue %[[B]][0]
  // CHECK: %[[B1:.+]] = llvm.extractvalue %[[B]][1]
  // CHECK: llvm.insertvalue %[[A0]], %{{.+}}[0] : !llvm.struct<(f32, f32, f32, f32)>
  // CHECK-NEXT: llvm.insertvalue %[[B0]], %{{.+}}[1]
  // CHECK-NEXT: llvm.insertvalue %[[A1]], %{{.+}}[2]
  // CHECK-NEXT: llvm.insertvalue %[[B1]], %{{.+}}[3]
  tt.func public @join(%a: tensor<256xf32, #b1>, %b: tensor<256xf32, #b1>) {
    %j = tt.join %a, %b : tensor<256xf32, #b1> -> tensor<256x2xf32, #j>
    tt.return
  }

  // The inverse: even registers to the first result, odd to the second.
  // CHECK-LABEL: llvm.func @split
  // CHECK-SAME: (%[[S:[^:]+]]: !llvm.struct<(f32, f32, f32, f32)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[S0:.+]] = llvm.extractvalue %[[S]][0]
  // CHECK: %[[S1:.+]] = llvm.extractvalue %[[S]][1]
  // CHECK: %[[S2:.+]] = llvm.extractvalue %[[S]][2]
  // CHECK: %[[S3:.+]] = llvm.extractvalue %[[S]][3]
  // CHECK: llvm.insertvalue %[[S0]], %{{.+}}[0] : !llvm.struct<(f32, f32)>
  // CHECK-NEXT: llvm.insertvalue %[[S2]], %{{.+}}[1]
  // CHECK-NEXT: llvm.mlir.undef
  // CHECK-NEXT: llvm.insertvalue %[[S1]], %{{.+}}[0]
  // CHECK-NEXT: llvm.insertvalue %[[S3]], %{{.+}}[1]
  tt.func public @split(%a: tensor<256x2xf32, #j>) {
    %l, %r = tt.split %a : tensor<256x2xf32, #j> -> tensor<256xf32, #b1>
    tt.return
  }

  // With the split dimension in register bit 1, registers 0 and 1 go to
  // the first result and 2 and 3 to the second.
  // CHECK-LABEL: llvm.func @split_linear
  // CHECK-SAME: (%[[S:[^:]+]]: !llvm.struct<(f32, f32, f32, f32)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[S0:.+]] = llvm.extractvalue %[[S]][0]
  // CHECK: %[[S1:.+]] = llvm.extractvalue %[[S]][1]
  // CHECK: %[[S2:.+]] = llvm.extractvalue %[[S]][2]
  // CHECK: %[[S3:.+]] = llvm.extractvalue %[[S]][3]
  // CHECK: llvm.insertvalue %[[S0]], %{{.+}}[0] : !llvm.struct<(f32, f32)>
  // CHECK-NEXT: llvm.insertvalue %[[S1]], %{{.+}}[1]
  // CHECK-NEXT: llvm.mlir.undef
  // CHECK-NEXT: llvm.insertvalue %[[S2]], %{{.+}}[0]
  // CHECK-NEXT: llvm.insertvalue %[[S3]], %{{.+}}[1]
  tt.func public @split_linear(%a: tensor<256x2xf32, #s2>) {
    %l, %r = tt.split %a : tensor<256x2xf32, #s2> -> tensor<256xf32, #r2>
    tt.return
  }

  // Operands in a slice layout (rows r and r + 32 per thread, lanes 0 and 1
  // holding copies): the joined layout is linear, the new dimension in
  // register bit 0.
  // CHECK-LABEL: llvm.func @join_slice
  // CHECK-SAME: (%[[A:[^:]+]]: !llvm.struct<(f32, f32)>, %[[B:[^:]+]]: !llvm.struct<(f32, f32)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[A0:.+]] = llvm.extractvalue %[[A]][0]
  // CHECK: %[[A1:.+]] = llvm.extractvalue %[[A]][1]
  // CHECK: %[[B0:.+]] = llvm.extractvalue %[[B]][0]
  // CHECK: %[[B1:.+]] = llvm.extractvalue %[[B]][1]
  // CHECK: llvm.insertvalue %[[A0]], %{{.+}}[0] : !llvm.struct<(f32, f32, f32, f32)>
  // CHECK-NEXT: llvm.insertvalue %[[B0]], %{{.+}}[1]
  // CHECK-NEXT: llvm.insertvalue %[[A1]], %{{.+}}[2]
  // CHECK-NEXT: llvm.insertvalue %[[B1]], %{{.+}}[3]
  tt.func public @join_slice(%a: tensor<64xf32, #ttg.slice<{dim = 1, parent = #rows}>>, %b: tensor<64xf32, #ttg.slice<{dim = 1, parent = #rows}>>) {
    %j = tt.join %a, %b : tensor<64xf32, #ttg.slice<{dim = 1, parent = #rows}>> -> tensor<64x2xf32, #jlin>
    tt.return
  }
}

// -----

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#r2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#d16 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// 8x8 elements over lanes and one register, the warps all holding the same.
#lin8 = #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>
#b64 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#r3d = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // Without allow_reorder the result layout is the operand's, regrouped:
  // every register stays.
  // CHECK-LABEL: llvm.func @reshape_keep
  // CHECK-SAME: (%[[A:[^:]+]]: !llvm.struct<(f32, f32, f32, f32)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[A0:.+]] = llvm.extractvalue %[[A]][0]
  // CHECK: %[[A1:.+]] = llvm.extractvalue %[[A]][1]
  // CHECK: %[[A2:.+]] = llvm.extractvalue %[[A]][2]
  // CHECK: %[[A3:.+]] = llvm.extractvalue %[[A]][3]
  // CHECK: llvm.insertvalue %[[A0]], %{{.+}}[0]
  // CHECK-NEXT: llvm.insertvalue %[[A1]], %{{.+}}[1]
  // CHECK-NEXT: llvm.insertvalue %[[A2]], %{{.+}}[2]
  // CHECK-NEXT: llvm.insertvalue %[[A3]], %{{.+}}[3]
  tt.func public @reshape_keep(%a: tensor<8x64xf32, #b64>) {
    %r = tt.reshape %a : tensor<8x64xf32, #b64> -> tensor<2x4x64xf32, #r3d>
    tt.return
  }

  // Thread t holds elements 2t and 2t + 1 of the operand but, in the
  // default 16x16 layout, flat elements t and t + 128: only allow_reorder
  // lets the registers pass through as they are.
  // CHECK-LABEL: llvm.func @reshape_reorder
  // CHECK-SAME: (%[[A:[^:]+]]: !llvm.struct<(f32, f32)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[A0:.+]] = llvm.extractvalue %[[A]][0]
  // CHECK: %[[A1:.+]] = llvm.extractvalue %[[A]][1]
  // CHECK: llvm.insertvalue %[[A0]], %{{.+}}[0]
  // CHECK-NEXT: llvm.insertvalue %[[A1]], %{{.+}}[1]
  tt.func public @reshape_reorder(%a: tensor<256xf32, #r2>) {
    %r = tt.reshape %a allow_reorder : tensor<256xf32, #r2> -> tensor<16x16xf32, #d16>
    tt.return
  }

  // 64 elements: the warps of both layouts hold copies of the same elements.
  // CHECK-LABEL: llvm.func @reshape_reorder_broadcast
  // CHECK-SAME: (%[[A:[^:]+]]: !llvm.struct<(f32, f32)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[A0:.+]] = llvm.extractvalue %[[A]][0]
  // CHECK: %[[A1:.+]] = llvm.extractvalue %[[A]][1]
  // CHECK: llvm.insertvalue %[[A0]], %{{.+}}[0]
  // CHECK-NEXT: llvm.insertvalue %[[A1]], %{{.+}}[1]
  tt.func public @reshape_reorder_broadcast(%a: tensor<64xf32, #r2>) {
    %r = tt.reshape %a allow_reorder efficient_layout : tensor<64xf32, #r2> -> tensor<8x8xf32, #lin8>
    tt.return
  }

  // cat hands on the operands' registers, the first operand's first.
  // CHECK-LABEL: llvm.func @cat
  // CHECK-SAME: (%[[A:[^:]+]]: !llvm.struct<(f32)>, %[[B:[^:]+]]: !llvm.struct<(f32)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[A0:.+]] = llvm.extractvalue %[[A]][0]
  // CHECK: %[[B0:.+]] = llvm.extractvalue %[[B]][0]
  // CHECK: llvm.insertvalue %[[A0]], %{{.+}}[0] : !llvm.struct<(f32, f32)>
  // CHECK-NEXT: llvm.insertvalue %[[B0]], %{{.+}}[1]
  tt.func public @cat(%a: tensor<32xf32, #b1>, %b: tensor<32xf32, #b1>) {
    %c = tt.cat %a, %b : tensor<32xf32, #b1> -> tensor<64xf32, #r2>
    tt.return
  }

  // CHECK-LABEL: llvm.func @cat_2d
  // CHECK-SAME: (%[[A:[^:]+]]: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>, %[[B:[^:]+]]: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[A0:.+]] = llvm.extractvalue %[[A]][0]
  // CHECK: %[[A7:.+]] = llvm.extractvalue %[[A]][7]
  // CHECK: %[[B0:.+]] = llvm.extractvalue %[[B]][0]
  // CHECK: %[[B7:.+]] = llvm.extractvalue %[[B]][7]
  // CHECK: llvm.insertvalue %[[A0]], %{{.+}}[0]
  // CHECK: llvm.insertvalue %[[A7]], %{{.+}}[7]
  // CHECK-NEXT: llvm.insertvalue %[[B0]], %{{.+}}[8]
  // CHECK: llvm.insertvalue %[[B7]], %{{.+}}[15]
  tt.func public @cat_2d(%a: tensor<16x64xf32, #b64>, %b: tensor<16x64xf32, #b64>) {
    %c = tt.cat %a, %b : tensor<16x64xf32, #b64> -> tensor<32x64xf32, #b64>
    tt.return
  }
}

// -----

// Result dimensions (16, 4, 8) are operand dimensions (2, 0, 1); the
// transposed layout keeps every register.
#t3d = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 2, 16], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
#t3dr = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [16, 1, 2], warpsPerCTA = [1, 1, 4], order = [0, 2, 1]}>
#u = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @trans_3d
  // CHECK-SAME: (%[[A:[^:]+]]: !llvm.struct<(f32, f32, f32, f32)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[A0:.+]] = llvm.extractvalue %[[A]][0]
  // CHECK: %[[A1:.+]] = llvm.extractvalue %[[A]][1]
  // CHECK: %[[A2:.+]] = llvm.extractvalue %[[A]][2]
  // CHECK: %[[A3:.+]] = llvm.extractvalue %[[A]][3]
  // CHECK: llvm.insertvalue %[[A0]], %{{.+}}[0]
  // CHECK-NEXT: llvm.insertvalue %[[A1]], %{{.+}}[1]
  // CHECK-NEXT: llvm.insertvalue %[[A2]], %{{.+}}[2]
  // CHECK-NEXT: llvm.insertvalue %[[A3]], %{{.+}}[3]
  tt.func public @trans_3d(%a: tensor<4x8x16xf32, #t3d>) {
    %t = tt.trans %a {order = array<i32: 2, 0, 1>} : tensor<4x8x16xf32, #t3d> -> tensor<16x4x8xf32, #t3dr>
    tt.return
  }

  // A one-element tensor: every thread holds the element in register 0; a
  // scalar store is done by thread 0.
  // CHECK-LABEL: llvm.func @unsplat
  // CHECK-SAME: (%[[A:[^:]+]]: !llvm.struct<(f32)>, %[[P:[^:]+]]: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[E:.+]] = llvm.extractvalue %[[A]][0]
  // CHECK: %[[BITS:.+]] = llvm.bitcast %[[E]] : f32 to i32
  // CHECK: st.global.b32 {{.+}} %[[BITS]], %[[P]]
  tt.func public @unsplat(%a: tensor<1x1xf32, #u>, %p: !tt.ptr<f32>) {
    %s = tt.unsplat %a : tensor<1x1xf32, #u>
    tt.store %p, %s : !tt.ptr<f32>
    tt.return
  }
}
