// tt.map_elementwise runs its body once per pack of `pack` consecutive
// registers of the calling thread; the body takes each operand's pack in
// turn and returns each result's pack in turn.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg)\.}}'

// Four registers, pack = 2: two copies of the body, on registers (0, 1) and
// (2, 3); the first result is a0 + a1 then a1, the second b0 + b1 then b0.
// CHECK-LABEL: llvm.func internal @pack2
// CHECK-DAG: %[[A0:.+]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[A1:.+]] = llvm.extractvalue %arg0[1]
// CHECK-DAG: %[[A2:.+]] = llvm.extractvalue %arg0[2]
// CHECK-DAG: %[[A3:.+]] = llvm.extractvalue %arg0[3]
// CHECK-DAG: %[[B0:.+]] = llvm.extractvalue %arg1[0]
// CHECK-DAG: %[[B1:.+]] = llvm.extractvalue %arg1[1]
// CHECK-DAG: %[[B2:.+]] = llvm.extractvalue %arg1[2]
// CHECK-DAG: %[[B3:.+]] = llvm.extractvalue %arg1[3]
// CHECK: %[[S0:.+]] = llvm.fadd %[[A0]], %[[A1]] : f32
// CHECK: %[[C0:.+]] = llvm.add %[[B0]], %[[B1]] : i32
// CHECK: %[[S1:.+]] = llvm.fadd %[[A2]], %[[A3]] : f32
// CHECK: %[[C1:.+]] = llvm.add %[[B2]], %[[B3]] : i32
// CHECK: %[[R0:.+]] = llvm.insertvalue %[[S0]], %{{.+}}[0]
// CHECK: %[[R1:.+]] = llvm.insertvalue %[[A1]], %[[R0]][1]
// CHECK: %[[R2:.+]] = llvm.insertvalue %[[S1]], %[[R1]][2]
// CHECK: %[[R3:.+]] = llvm.insertvalue %[[A3]], %[[R2]][3]
// CHECK: %[[Q0:.+]] = llvm.insertvalue %[[C0]], %{{.+}}[0]
// CHECK: %[[Q1:.+]] = llvm.insertvalue %[[B0]], %[[Q0]][1]
// CHECK: %[[Q2:.+]] = llvm.insertvalue %[[C1]], %[[Q1]][2]
// CHECK: %[[Q3:.+]] = llvm.insertvalue %[[B2]], %[[Q2]][3]
// CHECK: llvm.return %[[R3]]
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @pack2(%x: tensor<512xf32, #blocked>, %y: tensor<512xi32, #blocked>) -> tensor<512xf32, #blocked> {
    %r:2 = "tt.map_elementwise"(%x, %y) <{pack = 2 : i32}> ({
    ^bb0(%a0: f32, %a1: f32, %b0: i32, %b1: i32):
      %s = arith.addf %a0, %a1 : f32
      %c = arith.addi %b0, %b1 : i32
      tt.map_elementwise.return %s, %a1, %c, %b0 : f32, f32, i32, i32
    }) : (tensor<512xf32, #blocked>, tensor<512xi32, #blocked>) -> (tensor<512xf32, #blocked>, tensor<512xi32, #blocked>)
    tt.return %r#0 : tensor<512xf32, #blocked>
  }
}

// -----

// pack = 1 with structured control flow in the body: one scf.if per
// register (lowered to branches later), math on scalars lowered as
// everywhere else.
// CHECK-LABEL: llvm.func internal @pack1_if
// CHECK-COUNT-2: scf.if
// CHECK-NOT: scf.if
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @pack1_if(%x: tensor<64xf32, #blocked>) -> tensor<64xf32, #blocked> {
    %r = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
    ^bb0(%a: f32):
      %zero = arith.constant 0.000000e+00 : f32
      %p = arith.cmpf ogt, %a, %zero : f32
      %v = scf.if %p -> (f32) {
        %m = arith.mulf %a, %a : f32
        scf.yield %m : f32
      } else {
        %n = arith.negf %a : f32
        scf.yield %n : f32
      }
      tt.map_elementwise.return %v : f32
    }) : (tensor<64xf32, #blocked>) -> tensor<64xf32, #blocked>
    tt.return %r : tensor<64xf32, #blocked>
  }
}

// -----

// A body of several blocks (a @triton.jit function with early returns, as
// test_core's test_map_elementwise compares x and y) is wrapped in an
// scf.execute_region, one per pack (here 2 registers, pack 1), which
// convert-scf-to-cf inlines later; each returns through scf.yield.
// CHECK-LABEL: llvm.func internal @early_returns
// CHECK: %[[R0:.+]] = scf.execute_region -> i32 {
// CHECK: llvm.icmp "slt"
// CHECK: llvm.cond_br %{{.+}}, ^[[LESS:.+]], ^[[NOTLESS:.+]]
// CHECK: ^[[LESS]]:
// CHECK: scf.yield %{{.+}} : i32
// CHECK: ^[[NOTLESS]]:
// CHECK: llvm.select
// CHECK: scf.yield %{{.+}} : i32
// CHECK: }
// CHECK: %[[R1:.+]] = scf.execute_region -> i32 {
// CHECK: llvm.insertvalue %[[R0]], %{{.+}}[0]
// CHECK: llvm.insertvalue %[[R1]], %{{.+}}[1]
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @early_returns(%x: tensor<64xi32, #blocked>, %y: tensor<64xi32, #blocked>) -> tensor<64xi32, #blocked> {
    %z = "tt.map_elementwise"(%x, %y) <{pack = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %lt = arith.cmpi slt, %a, %b : i32
      cf.cond_br %lt, ^less, ^notless
    ^less:
      %m1 = arith.constant -1 : i32
      tt.map_elementwise.return %m1 : i32
    ^notless:
      %eq = arith.cmpi eq, %a, %b : i32
      %one = arith.constant 1 : i32
      %zero = arith.constant 0 : i32
      %v = arith.select %eq, %zero, %one : i32
      tt.map_elementwise.return %v : i32
    }) : (tensor<64xi32, #blocked>, tensor<64xi32, #blocked>) -> tensor<64xi32, #blocked>
    tt.return %z : tensor<64xi32, #blocked>
  }
}
