// End to end from TTGIR: the corpus add kernel as Triton's own make_ttgir
// left it (test/corpus/add_f32_b1024.sm80.ttgir, and the cuda:90 one),
// through tile-to-llvm's TTGIR path (the module's ttg.* attributes are the
// options), mlir-translate and llc, to PTX that ptxas accepts.
// REQUIRES: ptxas

// RUN: %mlir-tile --tile-to-llvm='target=cuda:80' %S/../corpus/add_f32_b1024.sm80.ttgir \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 -o %t.sm80.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM80 < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin

// RUN: %mlir-tile --tile-to-llvm='target=cuda:90' %S/../corpus/add_f32_b1024.ttgir \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -o %t.sm90.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM90 < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o %t.sm90.cubin

// The LLVM dialect out of the TTGIR path is fully legalised.
// RUN: %mlir-tile --tile-to-llvm %S/../corpus/add_f32_b1024.sm80.ttgir \
// RUN:   | FileCheck %s --check-prefix=MLIR --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'
// The kernel takes its four arguments, then Triton's two scratch pointers
// (global and profile scratch), as Triton's own PTX does.
// MLIR: llvm.func @add_kernel(%{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: i32, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128>}
// MLIR: ld.global.v4.b32
// MLIR: st.global.v4.b32

// SM80: .target sm_80
// SM90: .target sm_90a
// CHECK-LABEL: .visible .entry add_kernel(
// CHECK-NEXT: .param .u64 .ptr .global .align 1 add_kernel_param_0,
// CHECK-NEXT: .param .u64 .ptr .global .align 1 add_kernel_param_1,
// CHECK-NEXT: .param .u64 .ptr .global .align 1 add_kernel_param_2,
// CHECK-NEXT: .param .u32 add_kernel_param_3,
// CHECK-NEXT: .param .u64 .ptr .global .align 1 add_kernel_param_4,
// CHECK-NEXT: .param .u64 .ptr .global .align 1 add_kernel_param_5
// CHECK-NEXT: )
// CHECK: .reqntid 128
// CHECK: %ctaid.x;
// CHECK: %tid.x;
// CHECK-COUNT-4: @%p{{[0-9]+}} ld.global.v4.b32 { %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}} }, [ %rd{{[0-9]+}} + 0 ];
// CHECK-COUNT-8: add.rn.f32
// CHECK-COUNT-2: @%p{{[0-9]+}} st.global.v4.b32 [ %rd{{[0-9]+}} + 0 ], { %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}} };
// CHECK: ret;
