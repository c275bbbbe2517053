// End to end: dots smaller than one mma.sync tile (2x4, 1x2 and 4x8 results
// on one warp) take the tensor cores, as Triton 3.6's do: the layouts hold
// the 16x8 tile broadcast and each instruction runs once per K step, through
// tile-to-llvm, mlir-translate, llc and ptxas. f16, and fp8 widened to f16
// as Triton's mma.sync path does, give one m16n8k16 per 16 of K;
// f64 gives m8n8k4 on cuda:80, once per K step of 4 since a 4-row result
// has only the first row half, and one m16n8k16 on cuda:90.
// REQUIRES: ptxas

// RUN: %mlir-tile --tile-to-llvm='target=cuda:80 num-warps=1' %s \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 -o %t.sm80.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM80 < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin

// RUN: %mlir-tile --tile-to-llvm='target=cuda:90 num-warps=1' %s \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -o %t.sm90.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM90 < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o %t.sm90.cubin

// CHECK-LABEL: .entry small_f16(
// CHECK-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: mma.sync
// CHECK: ret;

// CHECK-LABEL: .entry small_fp8(
// CHECK-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: mma.sync
// CHECK: ret;

// CHECK-LABEL: .entry small_f64(
// SM80-COUNT-4: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// SM90: mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64
// CHECK-NOT: mma.sync
// CHECK: ret;

module {
  tt.func public @small_f16(%X: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %Y: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %Z: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %cst = arith.constant dense<4> : tensor<2x1xi32>
    %z = arith.constant dense<0.000000e+00> : tensor<2x4xf32>
    %y = arith.constant dense<4> : tensor<32x1xi32>
    %x = arith.constant dense<32> : tensor<2x1xi32>
    %rm = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %rn = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %rk = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %x_0 = tt.expand_dims %rm {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
    %x_1 = arith.muli %x_0, %x : tensor<2x1xi32>
    %x_2 = tt.splat %X : !tt.ptr<f16> -> tensor<2x1x!tt.ptr<f16>>
    %x_3 = tt.addptr %x_2, %x_1 : tensor<2x1x!tt.ptr<f16>>, tensor<2x1xi32>
    %x_4 = tt.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %x_5 = tt.broadcast %x_3 : tensor<2x1x!tt.ptr<f16>> -> tensor<2x32x!tt.ptr<f16>>
    %x_6 = tt.broadcast %x_4 : tensor<1x32xi32> -> tensor<2x32xi32>
    %x_7 = tt.addptr %x_5, %x_6 : tensor<2x32x!tt.ptr<f16>>, tensor<2x32xi32>
    %x_8 = tt.load %x_7 : tensor<2x32x!tt.ptr<f16>>
    %y_9 = tt.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %y_10 = arith.muli %y_9, %y : tensor<32x1xi32>
    %y_11 = tt.splat %Y : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>>
    %y_12 = tt.addptr %y_11, %y_10 : tensor<32x1x!tt.ptr<f16>>, tensor<32x1xi32>
    %y_13 = tt.expand_dims %rn {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
    %y_14 = tt.broadcast %y_12 : tensor<32x1x!tt.ptr<f16>> -> tensor<32x4x!tt.ptr<f16>>
    %y_15 = tt.broadcast %y_13 : tensor<1x4xi32> -> tensor<32x4xi32>
    %y_16 = tt.addptr %y_14, %y_15 : tensor<32x4x!tt.ptr<f16>>, tensor<32x4xi32>
    %y_17 = tt.load %y_16 : tensor<32x4x!tt.ptr<f16>>
    %z_18 = tt.dot %x_8, %y_17, %z, inputPrecision = tf32 : tensor<2x32xf16> * tensor<32x4xf16> -> tensor<2x4xf32>
    %0 = arith.muli %x_0, %cst : tensor<2x1xi32>
    %1 = tt.splat %Z : !tt.ptr<f32> -> tensor<2x1x!tt.ptr<f32>>
    %2 = tt.addptr %1, %0 : tensor<2x1x!tt.ptr<f32>>, tensor<2x1xi32>
    %3 = tt.broadcast %2 : tensor<2x1x!tt.ptr<f32>> -> tensor<2x4x!tt.ptr<f32>>
    %4 = tt.broadcast %y_13 : tensor<1x4xi32> -> tensor<2x4xi32>
    %5 = tt.addptr %3, %4 : tensor<2x4x!tt.ptr<f32>>, tensor<2x4xi32>
    tt.store %5, %z_18 : tensor<2x4x!tt.ptr<f32>>
    tt.return
  }

  tt.func public @small_fp8(%X: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}, %Y: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}, %Z: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %z = arith.constant dense<0.000000e+00> : tensor<1x2xf32>
    %y = arith.constant dense<2> : tensor<32x1xi32>
    %rn = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %rk = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %x = tt.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %x_0 = tt.splat %X : !tt.ptr<f8E5M2> -> tensor<1x32x!tt.ptr<f8E5M2>>
    %x_1 = tt.addptr %x_0, %x : tensor<1x32x!tt.ptr<f8E5M2>>, tensor<1x32xi32>
    %x_2 = tt.load %x_1 : tensor<1x32x!tt.ptr<f8E5M2>>
    %y_3 = tt.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %y_4 = arith.muli %y_3, %y : tensor<32x1xi32>
    %y_5 = tt.splat %Y : !tt.ptr<f8E5M2> -> tensor<32x1x!tt.ptr<f8E5M2>>
    %y_6 = tt.addptr %y_5, %y_4 : tensor<32x1x!tt.ptr<f8E5M2>>, tensor<32x1xi32>
    %y_7 = tt.expand_dims %rn {axis = 0 : i32} : tensor<2xi32> -> tensor<1x2xi32>
    %y_8 = tt.broadcast %y_6 : tensor<32x1x!tt.ptr<f8E5M2>> -> tensor<32x2x!tt.ptr<f8E5M2>>
    %y_9 = tt.broadcast %y_7 : tensor<1x2xi32> -> tensor<32x2xi32>
    %y_10 = tt.addptr %y_8, %y_9 : tensor<32x2x!tt.ptr<f8E5M2>>, tensor<32x2xi32>
    %y_11 = tt.load %y_10 : tensor<32x2x!tt.ptr<f8E5M2>>
    %z_12 = tt.dot %x_2, %y_11, %z, inputPrecision = tf32 {maxNumImpreciseAcc = 1073741824 : i32} : tensor<1x32xf8E5M2> * tensor<32x2xf8E5M2> -> tensor<1x2xf32>
    %0 = tt.splat %Z : !tt.ptr<f32> -> tensor<1x2x!tt.ptr<f32>>
    %1 = tt.addptr %0, %y_7 : tensor<1x2x!tt.ptr<f32>>, tensor<1x2xi32>
    tt.store %1, %z_12 : tensor<1x2x!tt.ptr<f32>>
    tt.return
  }

  tt.func public @small_f64(%X: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %Y: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %Z: !tt.ptr<f64> {tt.divisibility = 16 : i32}) {
    %cst = arith.constant dense<8> : tensor<4x1xi32>
    %z = arith.constant dense<0.000000e+00> : tensor<4x8xf64>
    %y = arith.constant dense<8> : tensor<16x1xi32>
    %x = arith.constant dense<16> : tensor<4x1xi32>
    %rm = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %rn = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %rk = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %x_0 = tt.expand_dims %rm {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %x_1 = arith.muli %x_0, %x : tensor<4x1xi32>
    %x_2 = tt.splat %X : !tt.ptr<f64> -> tensor<4x1x!tt.ptr<f64>>
    %x_3 = tt.addptr %x_2, %x_1 : tensor<4x1x!tt.ptr<f64>>, tensor<4x1xi32>
    %x_4 = tt.expand_dims %rk {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %x_5 = tt.broadcast %x_3 : tensor<4x1x!tt.ptr<f64>> -> tensor<4x16x!tt.ptr<f64>>
    %x_6 = tt.broadcast %x_4 : tensor<1x16xi32> -> tensor<4x16xi32>
    %x_7 = tt.addptr %x_5, %x_6 : tensor<4x16x!tt.ptr<f64>>, tensor<4x16xi32>
    %x_8 = tt.load %x_7 : tensor<4x16x!tt.ptr<f64>>
    %y_9 = tt.expand_dims %rk {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %y_10 = arith.muli %y_9, %y : tensor<16x1xi32>
    %y_11 = tt.splat %Y : !tt.ptr<f64> -> tensor<16x1x!tt.ptr<f64>>
    %y_12 = tt.addptr %y_11, %y_10 : tensor<16x1x!tt.ptr<f64>>, tensor<16x1xi32>
    %y_13 = tt.expand_dims %rn {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %y_14 = tt.broadcast %y_12 : tensor<16x1x!tt.ptr<f64>> -> tensor<16x8x!tt.ptr<f64>>
    %y_15 = tt.broadcast %y_13 : tensor<1x8xi32> -> tensor<16x8xi32>
    %y_16 = tt.addptr %y_14, %y_15 : tensor<16x8x!tt.ptr<f64>>, tensor<16x8xi32>
    %y_17 = tt.load %y_16 : tensor<16x8x!tt.ptr<f64>>
    %z_18 = tt.dot %x_8, %y_17, %z, inputPrecision = tf32 : tensor<4x16xf64> * tensor<16x8xf64> -> tensor<4x8xf64>
    %0 = arith.muli %x_0, %cst : tensor<4x1xi32>
    %1 = tt.splat %Z : !tt.ptr<f64> -> tensor<4x1x!tt.ptr<f64>>
    %2 = tt.addptr %1, %0 : tensor<4x1x!tt.ptr<f64>>, tensor<4x1xi32>
    %3 = tt.broadcast %2 : tensor<4x1x!tt.ptr<f64>> -> tensor<4x8x!tt.ptr<f64>>
    %4 = tt.broadcast %y_13 : tensor<1x8xi32> -> tensor<4x8xi32>
    %5 = tt.addptr %3, %4 : tensor<4x8x!tt.ptr<f64>>, tensor<4x8xi32>
    tt.store %5, %z_18 : tensor<4x8x!tt.ptr<f64>>
    tt.return
  }
}
