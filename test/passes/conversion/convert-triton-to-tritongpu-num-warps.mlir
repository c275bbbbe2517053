// convert-triton-to-tritongpu with max-num-warps (tile's pipeline sets 8):
// a loop carrying dot accumulators of more than 192 registers a thread at
// num-warps gets twice the warps, while within the option and while every
// dot keeps 16 rows a warp. Without the option (Triton's pass) num-warps
// stays.
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-to-tritongpu{max-num-warps=8})' | FileCheck %s
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-to-tritongpu)' | FileCheck %s --check-prefix=OFF
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-to-tritongpu{max-num-warps=16})' | FileCheck %s --check-prefix=MAX16

// OFF-COUNT-5: "ttg.num-warps" = 4 : i32

// Two 128x128 f32 accumulators (a backward's dK and dV): 256 registers a
// thread at 4 warps, 128 at 8; 16 warps would leave a 128-row dot 8 rows a
// warp. The layouts are 8 warps' and the module says so.
// CHECK: #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 4], order = [1, 0]}>
// CHECK: "ttg.num-warps" = 8 : i32
// CHECK-LABEL: tt.func @two_accumulators
// MAX16: "ttg.num-warps" = 8 : i32
tt.func @two_accumulators(%a: tensor<128x32xf16>, %b: tensor<32x128xf16>, %n: i32) -> (tensor<128x128xf32>, tensor<128x128xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%dk = %zero, %dv = %zero) -> (tensor<128x128xf32>, tensor<128x128xf32>) : i32 {
    %k = tt.dot %a, %b, %dk : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
    %v = tt.dot %a, %b, %dv : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
    scf.yield %k, %v : tensor<128x128xf32>, tensor<128x128xf32>
  }
  tt.return %r#0, %r#1 : tensor<128x128xf32>, tensor<128x128xf32>
}

// -----

// One 128x128 accumulator: 128 registers a thread at 4 warps, which fit.
// CHECK: "ttg.num-warps" = 4 : i32
// CHECK-LABEL: tt.func @one_accumulator
tt.func @one_accumulator(%a: tensor<128x32xf16>, %b: tensor<32x128xf16>, %n: i32) -> tensor<128x128xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32>) : i32 {
    %d = tt.dot %a, %b, %acc : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  tt.return %r : tensor<128x128xf32>
}

// -----

// A 64x512 accumulator (256 registers a thread at 4 warps) whose dot has
// 64 rows: 8 warps would leave it 8 rows a warp, so the kernel keeps 4.
// CHECK: "ttg.num-warps" = 4 : i32
// CHECK-LABEL: tt.func @few_rows
tt.func @few_rows(%a: tensor<64x32xf16>, %b: tensor<32x512xf16>, %n: i32) -> tensor<64x512xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<64x512xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x512xf32>) : i32 {
    %d = tt.dot %a, %b, %acc : tensor<64x32xf16> * tensor<32x512xf16> -> tensor<64x512xf32>
    scf.yield %d : tensor<64x512xf32>
  }
  tt.return %r : tensor<64x512xf32>
}

// -----

// A value the loop carries that is not a dot's own accumulator (the dot's
// result is added to it afterwards) does not count: it is not held across
// the dot.
// CHECK: "ttg.num-warps" = 4 : i32
// CHECK-LABEL: tt.func @not_accumulated_in_place
tt.func @not_accumulated_in_place(%a: tensor<128x32xf16>, %b: tensor<32x256xf16>, %n: i32) -> tensor<128x256xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<128x256xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x256xf32>) : i32 {
    %d = tt.dot %a, %b, %zero : tensor<128x32xf16> * tensor<32x256xf16> -> tensor<128x256xf32>
    %s = arith.addf %acc, %d : tensor<128x256xf32>
    scf.yield %s : tensor<128x256xf32>
  }
  tt.return %r : tensor<128x256xf32>
}

// -----

// A loop marked for warp specialization keeps the kernel's 4 warps: its
// rewrite splits a kernel of 4.
// CHECK: "ttg.num-warps" = 4 : i32
// CHECK-LABEL: tt.func @marked
tt.func @marked(%a: tensor<128x32xf16>, %b: tensor<32x256xf16>, %n: i32) -> tensor<128x256xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<128x256xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x256xf32>) : i32 {
    %d = tt.dot %a, %b, %acc : tensor<128x32xf16> * tensor<32x256xf16> -> tensor<128x256xf32>
    scf.yield %d : tensor<128x256xf32>
  } {tt.warp_specialize}
  tt.return %r : tensor<128x256xf32>
}
