// Every nvg op in Triton 3.6's printed form: parse, verify, print, and
// parse the printed form again to the same text.

// RUN: %mlir-tile %s | %mlir-tile | FileCheck %s

// CHECK-LABEL: llvm.func @cluster_id
// CHECK: %[[ID:.+]] = nvg.cluster_id
// CHECK: llvm.return %[[ID]] : i32
llvm.func @cluster_id() -> i32 {
  %id = nvg.cluster_id
  llvm.return %id : i32
}

// CHECK-LABEL: llvm.func @wgmma_descriptors
// CHECK: %{{.+}} = nvg.wgmma %arg0, %arg0, %arg1, %arg2 {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, k = 16 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32} : (i64, i64, i1, !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %{{.+}} = nvg.wgmma %arg0, %arg0, %arg1 {{.*}} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
llvm.func @wgmma_descriptors(%desc: i64, %use: i1, %acc: !llvm.struct<(f32, f32, f32, f32)>) {
  %0 = nvg.wgmma %desc, %desc, %use, %acc {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1, !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)>
  %1 = nvg.wgmma %desc, %desc, %use {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// CHECK-LABEL: llvm.func @wgmma_wait_group
// CHECK: nvg.wgmma_wait_group %arg0 {pendings = 1 : i32} : !llvm.struct<(f32, i32, f16)>
llvm.func @wgmma_wait_group(%in: !llvm.struct<(f32, i32, f16)>) {
  %out = nvg.wgmma_wait_group %in {pendings = 1 : i32} : !llvm.struct<(f32, i32, f16)>
  llvm.return
}

// CHECK-LABEL: llvm.func @ld_acquire
// CHECK: nvg.ld_acquire acquire, gpu, %arg0, %arg1 : (!llvm.ptr<1>) -> i32
// CHECK: nvg.ld_acquire relaxed, sys, %arg0 : (!llvm.ptr<1>) -> i64
llvm.func @ld_acquire(%p: !llvm.ptr<1>, %mask: i1) {
  %0 = nvg.ld_acquire acquire, gpu, %p, %mask : (!llvm.ptr<1>) -> i32
  %1 = nvg.ld_acquire relaxed, sys, %p : (!llvm.ptr<1>) -> i64
  llvm.return
}

// CHECK-LABEL: llvm.func @tensor_memory_base
// CHECK: nvg.tensor_memory_base
llvm.func @tensor_memory_base() -> !llvm.ptr<6> {
  %0 = nvg.tensor_memory_base
  llvm.return %0 : !llvm.ptr<6>
}
