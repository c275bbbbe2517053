// End to end: an elementwise f32 math kernel (exp, log, sqrt, div, erf):
// MUFU approximations, div.full.f32 and a libdevice call, linked against
// libdevice (only what is needed), optimised, and compiled to PTX that
// ptxas accepts, for sm_80 and sm_90a.
// REQUIRES: ptxas

// RUN: %mlir-tile --tile-to-llvm='target=cuda:80' %s | mlir-translate --mlir-to-llvmir -o %t.sm80.ll
// RUN: llvm-link --only-needed %t.sm80.ll /usr/local/cuda/nvvm/libdevice/libdevice.10.bc -o %t.sm80.bc
// RUN: opt -O3 %t.sm80.bc -o %t.sm80.opt.bc
// RUN: llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 %t.sm80.opt.bc -o %t.sm80.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM80 < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin

// RUN: %mlir-tile --tile-to-llvm='target=cuda:90' %s | mlir-translate --mlir-to-llvmir -o %t.sm90.ll
// RUN: llvm-link --only-needed %t.sm90.ll /usr/local/cuda/nvvm/libdevice/libdevice.10.bc -o %t.sm90.bc
// RUN: opt -O3 %t.sm90.bc -o %t.sm90.opt.bc
// RUN: llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.sm90.opt.bc -o %t.sm90.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM90 < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o %t.sm90.cubin

// SM80: .target sm_80
// SM90: .target sm_90a
// CHECK-LABEL: .visible .entry math_f32(
// CHECK: .reqntid 128
// CHECK-DAG: ld.global
// CHECK-DAG: ex2.approx.f32
// CHECK-DAG: lg2.approx.f32
// CHECK-DAG: sqrt.approx.ftz.f32
// CHECK-DAG: div.full.f32
// CHECK-DAG: st.global
// libdevice is inlined: no call remains, nor an extern declaration.
// CHECK-NOT: call
// CHECK-NOT: __nv_erff
// CHECK: ret;

module {
  tt.func public @math_f32(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %c256_i32 = arith.constant 256 : i32
    %pid = tt.get_program_id x : i32
    %offs = arith.muli %pid, %c256_i32 : i32
    %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %base = tt.splat %offs : i32 -> tensor<256xi32>
    %idx = arith.addi %base, %range : tensor<256xi32>
    %bound = tt.splat %n : i32 -> tensor<256xi32>
    %mask = arith.cmpi slt, %idx, %bound : tensor<256xi32>
    %xs = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %idx : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %x = tt.load %xp, %mask : tensor<256x!tt.ptr<f32>>
    %e = math.exp %x : tensor<256xf32>
    %l = math.log %x : tensor<256xf32>
    %s = math.sqrt %x : tensor<256xf32>
    %d = arith.divf %e, %s : tensor<256xf32>
    %f = math.erf %l : tensor<256xf32>
    %r = arith.addf %d, %f : tensor<256xf32>
    %os = tt.splat %out_ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %op = tt.addptr %os, %idx : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %op, %r, %mask : tensor<256x!tt.ptr<f32>>
    tt.return
  }
}
