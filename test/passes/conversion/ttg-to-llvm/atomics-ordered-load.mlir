// convert-triton-gpu-to-llvm on a scalar tt.atomic_rmw that adds zero with
// relaxed or acquire semantics and whose old value is used: it changes no
// memory, so it becomes one ordered load (nvg.ld_acquire with the op's
// semantic and scope) by the owner thread instead of a read-modify-write;
// masked off, the load's value is 0 as the atomic's would be. Every other
// atomic stays an atom.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm,convert-nv-gpu-to-llvm)' \
// RUN:   | FileCheck %s --check-prefix=PTX

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @fadd_zero_acquire
  // CHECK-SAME: (%[[P:[^:]+]]: !llvm.ptr<1>, %[[O:[^:]+]]: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x
  // CHECK: %[[OWNER:.+]] = llvm.icmp "eq" %[[TID]]
  // CHECK: %[[V:.+]] = nvg.ld_acquire acquire, gpu, %[[P]], %[[OWNER]] : (!llvm.ptr<1>) -> f32
  // CHECK: %[[ZERO:.+]] = llvm.mlir.zero : f32
  // CHECK: llvm.select %[[OWNER]], %[[V]], %[[ZERO]] : i1, f32
  // CHECK-NOT: atom
  // CHECK: llvm.return
  // PTX-LABEL: llvm.func @fadd_zero_acquire
  // PTX: "@$2 ld.global.gpu.acquire.b32 $0, [ $1 + 0 ];", "=r,l,b"
  // PTX-NOT: nvg.
  tt.func public @fadd_zero_acquire(%p: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
    %zero = arith.constant 0.000000e+00 : f32
    %old = tt.atomic_rmw fadd, acquire, gpu, %p, %zero : (!tt.ptr<f32>, f32) -> f32
    tt.store %out, %old : !tt.ptr<f32>
    tt.return
  }

  // -0.0 is an additive identity too; the mask joins the owner predicate.
  // CHECK-LABEL: llvm.func @fadd_negative_zero_relaxed_masked
  // CHECK: %[[PRED:.+]] = llvm.and %{{.+}}, %{{.+}} : i1
  // CHECK: nvg.ld_acquire relaxed, cta, %{{.+}}, %[[PRED]] : (!llvm.ptr<1>) -> f32
  // CHECK-NOT: atom
  // CHECK: llvm.return
  // PTX-LABEL: llvm.func @fadd_negative_zero_relaxed_masked
  // PTX: "@$2 ld.global.cta.relaxed.b32 $0, [ $1 + 0 ];"
  tt.func public @fadd_negative_zero_relaxed_masked(%p: !tt.ptr<f32>, %out: !tt.ptr<f32>, %m: i1) {
    %zero = arith.constant -0.000000e+00 : f32
    %old = tt.atomic_rmw fadd, relaxed, cta, %p, %zero, %m : (!tt.ptr<f32>, f32, i1) -> f32
    tt.store %out, %old : !tt.ptr<f32>
    tt.return
  }

  // CHECK-LABEL: llvm.func @add_zero_i64_sys
  // CHECK: nvg.ld_acquire acquire, sys, %{{.+}}, %{{.+}} : (!llvm.ptr<1>) -> i64
  // CHECK-NOT: atom
  // CHECK: llvm.return
  // PTX-LABEL: llvm.func @add_zero_i64_sys
  // PTX: "@$2 ld.global.sys.acquire.b64 $0, [ $1 + 0 ];", "=l,l,b"
  tt.func public @add_zero_i64_sys(%p: !tt.ptr<i64>, %out: !tt.ptr<i64>) {
    %zero = arith.constant 0 : i64
    %old = tt.atomic_rmw add, acquire, sys, %p, %zero : (!tt.ptr<i64>, i64) -> i64
    tt.store %out, %old : !tt.ptr<i64>
    tt.return
  }

  // Not a plain read: a non-zero addend, a releasing semantic, an unused
  // old value.
  // CHECK-LABEL: llvm.func @stays_atomic
  // CHECK-NOT: nvg.ld_acquire
  // CHECK: atom.global.gpu.acquire.add.f32
  // CHECK-NOT: nvg.ld_acquire
  // CHECK: atom.global.gpu.acq_rel.add.f32
  // CHECK-NOT: nvg.ld_acquire
  // CHECK: atom.global.gpu.acquire.add.f32
  // CHECK-NOT: nvg.ld_acquire
  // CHECK: llvm.return
  tt.func public @stays_atomic(%p: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %a = tt.atomic_rmw fadd, acquire, gpu, %p, %one : (!tt.ptr<f32>, f32) -> f32
    tt.store %out, %a : !tt.ptr<f32>
    %b = tt.atomic_rmw fadd, acq_rel, gpu, %p, %zero : (!tt.ptr<f32>, f32) -> f32
    tt.store %out, %b : !tt.ptr<f32>
    %c = tt.atomic_rmw fadd, acquire, gpu, %p, %zero : (!tt.ptr<f32>, f32) -> f32
    tt.return
  }
}

// -----

// A tensor of adds of zero stays a tensor of atomics.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @tensor_stays_atomic
  // CHECK-NOT: nvg.ld_acquire
  // CHECK: atom.global.gpu.acquire.add.f32
  // CHECK-NOT: nvg.ld_acquire
  // CHECK: llvm.return
  tt.func public @tensor_stays_atomic(%p: tensor<128x!tt.ptr<f32>, #b>, %out: tensor<128x!tt.ptr<f32>, #b>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128xf32, #b>
    %old = tt.atomic_rmw fadd, acquire, gpu, %p, %zero : (tensor<128x!tt.ptr<f32>, #b>, tensor<128xf32, #b>) -> tensor<128xf32, #b>
    tt.store %out, %old : tensor<128x!tt.ptr<f32>, #b>
    tt.return
  }
}
