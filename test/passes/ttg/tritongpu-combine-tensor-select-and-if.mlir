// tritongpu-combine-tensor-select-and-if: a tensor select whose condition
// also drives a later scf.if in its block becomes a result of that if.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-combine-tensor-select-and-if)' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // The if had no else: one is created to yield the false value.
  // CHECK-LABEL: tt.func @if_without_else
  // CHECK-SAME: (%[[C:.+]]: i1, %[[A:.+]]: tensor<128xf32, #blocked>, %[[B:.+]]: tensor<128xf32, #blocked>, %[[P:.+]]: !tt.ptr<f32>)
  // CHECK-NOT: arith.select
  // CHECK: %[[R:.+]] = scf.if %[[C]] -> (tensor<128xf32, #blocked>) {
  // CHECK-NEXT: tt.store %[[P]]
  // CHECK-NEXT: scf.yield %[[A]] : tensor<128xf32, #blocked>
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield %[[B]] : tensor<128xf32, #blocked>
  // CHECK-NEXT: }
  // CHECK-NEXT: tt.return %[[R]]
  tt.func @if_without_else(%c: i1, %a: tensor<128xf32, #blocked>, %b: tensor<128xf32, #blocked>, %p: !tt.ptr<f32>) -> tensor<128xf32, #blocked> {
    %f = arith.constant 1.0 : f32
    %s = arith.select %c, %a, %b : tensor<128xf32, #blocked>
    scf.if %c {
      tt.store %p, %f : !tt.ptr<f32>
    }
    tt.return %s : tensor<128xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // The if keeps its own results first; a use of the select inside a
  // branch takes the value that branch selects.
  // CHECK-LABEL: tt.func @if_with_results
  // CHECK-SAME: (%[[C:.+]]: i1, %[[A:.+]]: tensor<128xf32, #blocked>, %[[B:.+]]: tensor<128xf32, #blocked>)
  // CHECK: %[[R:.+]]:2 = scf.if %[[C]] -> (tensor<128xf32, #blocked>, tensor<128xf32, #blocked>) {
  // CHECK-NEXT: %[[T:.+]] = arith.addf %[[A]], %[[A]]
  // CHECK-NEXT: scf.yield %[[T]], %[[A]]
  // CHECK-NEXT: } else {
  // CHECK-NEXT: %[[E:.+]] = arith.mulf %[[B]], %[[B]]
  // CHECK-NEXT: scf.yield %[[E]], %[[B]]
  // CHECK: arith.addf %[[R]]#0, %[[R]]#1
  tt.func @if_with_results(%c: i1, %a: tensor<128xf32, #blocked>, %b: tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked> {
    %s = arith.select %c, %a, %b : tensor<128xf32, #blocked>
    %r = scf.if %c -> tensor<128xf32, #blocked> {
      %t = arith.addf %s, %s : tensor<128xf32, #blocked>
      scf.yield %t : tensor<128xf32, #blocked>
    } else {
      %e = arith.mulf %s, %s : tensor<128xf32, #blocked>
      scf.yield %e : tensor<128xf32, #blocked>
    }
    %sum = arith.addf %r, %s : tensor<128xf32, #blocked>
    tt.return %sum : tensor<128xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Not combined: a scalar select (though its use in the if's then region
  // takes the true value); a select used before the if; an if on another
  // condition.
  // CHECK-LABEL: tt.func @left_alone
  // CHECK-SAME: (%[[C:[^:]+]]: i1, %{{[^:]+}}: i1, %[[X:[^:]+]]: f32,
  // CHECK: arith.select %{{.+}}, %{{.+}}, %{{.+}} : f32
  // CHECK: %[[EARLY:.+]] = arith.select %{{.+}}, %{{.+}}, %{{.+}} : tensor<128xf32, #blocked>
  // CHECK-NEXT: tt.store %{{.+}}, %[[EARLY]]
  // CHECK: %[[OTHER:.+]] = arith.select %{{.+}}, %{{.+}}, %{{.+}} : tensor<128xf32, #blocked>
  // CHECK: scf.if %[[C]] {
  // CHECK-NEXT: tt.store %{{.+}}, %[[X]] : !tt.ptr<f32>
  // CHECK-NOT: else
  // CHECK: tt.return
  tt.func @left_alone(%c: i1, %d: i1, %x: f32, %y: f32, %a: tensor<128xf32, #blocked>, %b: tensor<128xf32, #blocked>, %p: tensor<128x!tt.ptr<f32>, #blocked>, %q: !tt.ptr<f32>) {
    %scalar = arith.select %c, %x, %y : f32
    %early = arith.select %c, %a, %b : tensor<128xf32, #blocked>
    tt.store %p, %early : tensor<128x!tt.ptr<f32>, #blocked>
    %other = arith.select %d, %a, %b : tensor<128xf32, #blocked>
    scf.if %c {
      tt.store %q, %scalar : !tt.ptr<f32>
    }
    tt.store %p, %other : tensor<128x!tt.ptr<f32>, #blocked>
    tt.store %p, %early : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
