// RUN: %mlir-tile %s -split-input-file -verify-diagnostics

// Every error branch of the nvg op verifiers (NVGDialect.cpp) and the
// type constraints of their operands.

llvm.func @wait_negative(%in: !llvm.struct<(f32)>) {
  // expected-error @below {{'nvg.wgmma_wait_group' op pendings must not be negative, got -1}}
  %out = nvg.wgmma_wait_group %in {pendings = -1 : i32} : !llvm.struct<(f32)>
  llvm.return
}

// -----

llvm.func @wgmma_m(%d: i64, %u: i1) {
  // expected-error @below {{'nvg.wgmma' op m must be 64 (one warpgroup's rows), got 32}}
  %0 = nvg.wgmma %d, %d, %u {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 32 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_n(%d: i64, %u: i1) {
  // expected-error @below {{'nvg.wgmma' op n must be a multiple of 8 in [8, 256], got 12}}
  %0 = nvg.wgmma %d, %d, %u {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 12 : i32, k = 16 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_b_registers(%d: i64, %b: !llvm.struct<(i32, i32)>, %u: i1) {
  // expected-error @below {{'nvg.wgmma' op B must be a matrix descriptor (i64)}}
  %0 = nvg.wgmma %d, %b, %u {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, !llvm.struct<(i32, i32)>, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_acc_type(%d: i64, %u: i1, %c: !llvm.struct<(f32, f32)>) {
  // expected-error @below {{'nvg.wgmma' op the accumulator and the result must have one type}}
  %0 = nvg.wgmma %d, %d, %u, %c {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1, !llvm.struct<(f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_elt_type(%d: i64, %u: i1) {
  // expected-error @below {{'nvg.wgmma' op attribute 'eltTypeA' failed to satisfy constraint: wgmma element type}}
  %0 = nvg.wgmma %d, %d, %u {eltTypeA = 9 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @ld_acquire_shared(%p: !llvm.ptr<3>) {
  // expected-error @below {{'nvg.ld_acquire' op operand #0 must be LLVM pointer in address space 1}}
  %0 = nvg.ld_acquire acquire, gpu, %p : (!llvm.ptr<3>) -> i32
  llvm.return
}
