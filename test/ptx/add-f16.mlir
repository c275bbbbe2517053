// End to end: an f16 add without divisibility hints, from TTIR to PTX that
// ptxas accepts, for sm_80 and sm_90a. Nothing proves alignment, so every
// element is its own predicated 16-bit access.
// REQUIRES: ptxas

// RUN: %mlir-tile --tile-to-llvm='target=cuda:80' %s | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 -o %t.sm80.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM80 < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin

// RUN: %mlir-tile --tile-to-llvm='target=cuda:90' %s | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -o %t.sm90.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM90 < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o %t.sm90.cubin

// SM80: .target sm_80
// SM90: .target sm_90a
// CHECK-LABEL: .visible .entry add_f16(
// CHECK: .reqntid 128
// CHECK: %ctaid.x;
// CHECK: %tid.x;
// CHECK: @%p{{[0-9]+}} ld.global.b16 %rs{{[0-9]+}}, [ %rd{{[0-9]+}} + 0 ];
// CHECK: add.rn.f16
// CHECK: @%p{{[0-9]+}} st.global.b16 [ %rd{{[0-9]+}} + 0 ], %rs{{[0-9]+}};
// CHECK-NOT: .v4.
// CHECK: ret;

module {
  tt.func public @add_f16(%x_ptr: !tt.ptr<f16>, %y_ptr: !tt.ptr<f16>, %out_ptr: !tt.ptr<f16>, %n: i32) {
    %c512_i32 = arith.constant 512 : i32
    %pid = tt.get_program_id x : i32
    %offs = arith.muli %pid, %c512_i32 : i32
    %range = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %base = tt.splat %offs : i32 -> tensor<512xi32>
    %idx = arith.addi %base, %range : tensor<512xi32>
    %bound = tt.splat %n : i32 -> tensor<512xi32>
    %mask = arith.cmpi slt, %idx, %bound : tensor<512xi32>
    %xs = tt.splat %x_ptr : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
    %xp = tt.addptr %xs, %idx : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
    %x = tt.load %xp, %mask : tensor<512x!tt.ptr<f16>>
    %ys = tt.splat %y_ptr : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
    %yp = tt.addptr %ys, %idx : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
    %y = tt.load %yp, %mask : tensor<512x!tt.ptr<f16>>
    %sum = arith.addf %x, %y : tensor<512xf16>
    %os = tt.splat %out_ptr : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
    %op = tt.addptr %os, %idx : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
    tt.store %op, %sum, %mask : tensor<512x!tt.ptr<f16>>
    tt.return
  }
}
