// convert-triton-gpu-to-llvm through scf.if and scf.while carrying tensors:
// results, region arguments and yields become the register structs; the
// ops inside are lowered per register like everywhere else.

// RUN: %mlir-tile %s -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

// CHECK-LABEL: llvm.func @if_tensor
// CHECK-SAME: %[[X:[^:]+]]: !llvm.struct<(f32, f32)>
// CHECK: %[[R:.+]] = scf.if %{{.+}} -> (!llvm.struct<(f32, f32)>) {
// CHECK-COUNT-2: llvm.fadd
// CHECK: scf.yield %{{.+}} : !llvm.struct<(f32, f32)>
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[X]] : !llvm.struct<(f32, f32)>
// CHECK: llvm.extractvalue %[[R]][0]

// CHECK-LABEL: llvm.func @while_tensor
// CHECK: %[[W:.+]]:2 = scf.while (%{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}) : (i32, !llvm.struct<(f32, f32)>) -> (i32, !llvm.struct<(f32, f32)>) {
// CHECK: scf.condition(%{{.+}}) %{{.+}}, %{{.+}} : i32, !llvm.struct<(f32, f32)>
// CHECK: ^bb0(%{{.+}}: i32, %[[A:.+]]: !llvm.struct<(f32, f32)>):
// CHECK-COUNT-2: llvm.fmul
// CHECK: scf.yield %{{.+}}, %{{.+}} : i32, !llvm.struct<(f32, f32)>
// CHECK: llvm.extractvalue %[[W]]#1[0]
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @if_tensor(%c: i1, %x: tensor<256xf32, #b>, %p: tensor<256x!tt.ptr<f32>, #b>) {
    %r = scf.if %c -> (tensor<256xf32, #b>) {
      %y = arith.addf %x, %x : tensor<256xf32, #b>
      scf.yield %y : tensor<256xf32, #b>
    } else {
      scf.yield %x : tensor<256xf32, #b>
    }
    tt.store %p, %r : tensor<256x!tt.ptr<f32>, #b>
    tt.return
  }
  tt.func public @while_tensor(%n: i32, %x: tensor<256xf32, #b>, %p: tensor<256x!tt.ptr<f32>, #b>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:2 = scf.while (%i = %c0, %acc = %x) : (i32, tensor<256xf32, #b>) -> (i32, tensor<256xf32, #b>) {
      %go = arith.cmpi slt, %i, %n : i32
      scf.condition(%go) %i, %acc : i32, tensor<256xf32, #b>
    } do {
    ^bb0(%j: i32, %a: tensor<256xf32, #b>):
      %k = arith.addi %j, %c1 : i32
      %b2 = arith.mulf %a, %a : tensor<256xf32, #b>
      scf.yield %k, %b2 : i32, tensor<256xf32, #b>
    }
    tt.store %p, %r#1 : tensor<256x!tt.ptr<f32>, #b>
    tt.return
  }
}
