// convert-nv-gpu-to-llvm: nvg ops to NVVM ops and inline PTX.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-nv-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='nvg.'

// The CTA's rank in its cluster.
// CHECK-LABEL: llvm.func @cluster_id
// CHECK: %[[ID:.+]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: llvm.return %[[ID]]
llvm.func @cluster_id() -> i32 {
  %id = nvg.cluster_id
  llvm.return %id : i32
}

// -----

// Descriptors for A and B, the accumulator tied in and out, useC a
// predicate register; layoutA row (K-major: no transpose), layoutB row
// (N-major: transposed).
// CHECK-LABEL: llvm.func @wgmma_f16
// CHECK: %[[C0:.+]] = llvm.extractvalue %arg2[0]
// CHECK: %[[C3:.+]] = llvm.extractvalue %arg2[3]
// CHECK: %[[R:.+]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {$0,$1,$2,$3}, $8, $9, $10, 1, 1, 0, 1;", "=f,=f,=f,=f,0,1,2,3,l,l,b" %[[C0]], %{{.+}}, %{{.+}}, %[[C3]], %arg0, %arg0, %arg1
// CHECK: %[[D0:.+]] = llvm.extractvalue %[[R]][0]
// CHECK: %[[S:.+]] = llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: llvm.insertvalue %[[D0]], %[[S]][0]
llvm.func @wgmma_f16(%desc: i64, %use: i1, %acc: !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)> {
  %0 = nvg.wgmma %desc, %desc, %use, %acc {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 0 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1, !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return %0 : !llvm.struct<(f32, f32, f32, f32)>
}

// -----

// No accumulator and a constant false useC: zeros tied in, scale-d 0 as
// an immediate; fp8 operands take no transpose flags.
// CHECK-LABEL: llvm.func @wgmma_e5m2
// CHECK: %[[Z:.+]] = llvm.mlir.zero : f32
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "wgmma.mma_async.sync.aligned.m64n8k32.f32.e5m2.e5m2 {$0,$1,$2,$3}, $8, $9, 0, 1, 1;", "=f,=f,=f,=f,0,1,2,3,l,l" %[[Z]], %[[Z]], %[[Z]], %[[Z]], %arg0, %arg0
llvm.func @wgmma_e5m2(%desc: i64) {
  %false = llvm.mlir.constant(false) : i1
  %0 = nvg.wgmma %desc, %desc, %false {eltTypeA = 3 : i32, eltTypeB = 3 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 32 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

// A in registers: four 32-bit words.
// CHECK-LABEL: llvm.func @wgmma_a_registers
// CHECK: "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {$0,$1,$2,$3}, {$8,$9,$10,$11}, $12, 1, 1, 1, 0;", "=f,=f,=f,=f,0,1,2,3,r,r,r,r,l"
llvm.func @wgmma_a_registers(%a: !llvm.struct<(i32, i32, i32, i32)>, %desc: i64, %acc: !llvm.struct<(f32, f32, f32, f32)>) {
  %true = llvm.mlir.constant(true) : i1
  %0 = nvg.wgmma %a, %desc, %true, %acc {eltTypeA = 5 : i32, eltTypeB = 5 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (!llvm.struct<(i32, i32, i32, i32)>, i64, i1, !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

// Every field goes through the wait as a tied register of its type.
// CHECK-LABEL: llvm.func @wgmma_wait_group
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "// wait for regs: $0,$1,$2\0A\09wgmma.wait_group.sync.aligned 1;", "=f,=r,=h,0,1,2"
// CHECK-SAME: -> !llvm.struct<(f32, i32, f16)>
llvm.func @wgmma_wait_group(%in: !llvm.struct<(f32, i32, f16)>) -> !llvm.struct<(f32, i32, f16)> {
  %out = nvg.wgmma_wait_group %in {pendings = 1 : i32} : !llvm.struct<(f32, i32, f16)>
  llvm.return %out : !llvm.struct<(f32, i32, f16)>
}

// -----

// Acquire loads: predicated by the mask when there is one; narrow results
// are loaded as a byte and truncated, floats bitcast.
// CHECK-LABEL: llvm.func @ld_acquire
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$2 ld.global.gpu.acquire.b32 $0, [ $1 + 0 ];", "=r,l,b" %arg0, %arg1 : (!llvm.ptr<1>, i1) -> i32
// CHECK: %[[W:.+]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "ld.global.cta.relaxed.b32 $0, [ $1 + 0 ];", "=r,l" %arg0 : (!llvm.ptr<1>) -> i32
// CHECK: llvm.bitcast %[[W]] : i32 to f32
// CHECK: %[[B:.+]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "ld.global.sys.acquire.b8 $0, [ $1 + 0 ];", "=c,l" %arg0 : (!llvm.ptr<1>) -> i8
// CHECK: llvm.trunc %[[B]] : i8 to i1
llvm.func @ld_acquire(%p: !llvm.ptr<1>, %mask: i1) {
  %0 = nvg.ld_acquire acquire, gpu, %p, %mask : (!llvm.ptr<1>) -> i32
  %1 = nvg.ld_acquire relaxed, cta, %p : (!llvm.ptr<1>) -> f32
  %2 = nvg.ld_acquire acquire, sys, %p : (!llvm.ptr<1>) -> i1
  llvm.return
}

// -----

llvm.func @wgmma_wrong_k(%desc: i64, %use: i1) {
  // expected-error @below {{'nvg.wgmma' op k must be 16 for f16 operands, got 32}}
  %0 = nvg.wgmma %desc, %desc, %use {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 32 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_mixed_types(%desc: i64, %use: i1) {
  // expected-error @below {{'nvg.wgmma' op with different A and B element types is not supported}}
  %0 = nvg.wgmma %desc, %desc, %use {eltTypeA = 2 : i32, eltTypeB = 3 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 32 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_result_fields(%desc: i64, %use: i1) {
  // expected-error @below {{'nvg.wgmma' op the result must be a struct of n/2 = 4 f32 fields}}
  %0 = nvg.wgmma %desc, %desc, %use {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32)>
  llvm.return
}

// -----

llvm.func @ld_release(%p: !llvm.ptr<1>) {
  // expected-error @below {{'nvg.ld_acquire' op loads with acquire or relaxed ordering only, got release}}
  %0 = nvg.ld_acquire release, gpu, %p : (!llvm.ptr<1>) -> i32
  llvm.return
}

// -----

// A tensor_memory_base outside a kernel.
module attributes {ttg.tensor_memory_size = 64 : i32} {
llvm.func @tensor_memory_not_kernel() {
  // expected-error @below {{'nvg.tensor_memory_base' op must be in an llvm.func kernel (nvvm.kernel)}}
  %0 = nvg.tensor_memory_base
  llvm.return
}
}

// -----

// Without the module's tensor memory size.
llvm.func @tensor_memory_no_size() attributes {nvvm.kernel = 1 : ui1} {
  // expected-error @below {{'nvg.tensor_memory_base' op needs the module's ttg.tensor_memory_size, from 1 to 512 columns}}
  %0 = nvg.tensor_memory_base
  llvm.return
}

// -----

// More columns than the SM has.
module attributes {ttg.tensor_memory_size = 1024 : i32} {
llvm.func @tensor_memory_too_large() attributes {nvvm.kernel = 1 : ui1} {
  // expected-error @below {{'nvg.tensor_memory_base' op needs the module's ttg.tensor_memory_size, from 1 to 512 columns}}
  %0 = nvg.tensor_memory_base
  llvm.return
}
}

// -----

// Tensor memory used by two kernels of one module.
module attributes {ttg.tensor_memory_size = 64 : i32} {
llvm.func @tensor_memory_first() attributes {nvvm.kernel = 1 : ui1} {
  %0 = nvg.tensor_memory_base
  llvm.return
}
llvm.func @tensor_memory_second() attributes {nvvm.kernel = 1 : ui1} {
  // expected-error @below {{'nvg.tensor_memory_base' op is supported in one kernel per module only}}
  %0 = nvg.tensor_memory_base
  llvm.return
}
}
