// tritongpu-F32DotTC splits f32 dots of tf32x3 (with emu-tf32), bf16x3 and
// bf16x6 precision into tensor-core dots of the operands' parts; other dots
// stay as they are.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-F32DotTC{emu-tf32=true})' \
// RUN:   | FileCheck %s
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-F32DotTC)' \
// RUN:   | FileCheck %s --check-prefix=NOEMU

// tf32x3: big = the operand rounded to tf32, small = the rest; the two
// cross products first, NaNs of their sum zeroed, then big * big, then c.
// CHECK-LABEL: tt.func @tf32x3
// CHECK-SAME: %[[A:[^:]+]]: tensor<32x16xf32>, %[[B:[^:]+]]: tensor<16x32xf32>, %[[C:[^:]+]]: tensor<32x32xf32>
// CHECK-DAG: %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
// CHECK-DAG: %[[ABIG:.+]] = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %[[A]]
// CHECK-DAG: %[[BBIG:.+]] = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {{.*}} %[[B]]
// CHECK-DAG: %[[ASMALL:.+]] = arith.subf %[[A]], %[[ABIG]]
// CHECK-DAG: %[[BSMALL:.+]] = arith.subf %[[B]], %[[BBIG]]
// CHECK: %[[D1:.+]] = tt.dot %[[ASMALL]], %[[BBIG]], %[[ZERO]], inputPrecision = tf32
// CHECK: %[[D2:.+]] = tt.dot %[[ABIG]], %[[BSMALL]], %[[D1]], inputPrecision = tf32
// CHECK: %[[NAN:.+]] = arith.cmpf uno, %[[D2]], %[[D2]]
// CHECK: %[[MASKED:.+]] = arith.select %[[NAN]], %{{.+}}, %[[D2]]
// CHECK: %[[D3:.+]] = tt.dot %[[ABIG]], %[[BBIG]], %[[MASKED]], inputPrecision = tf32
// CHECK: %[[SUM:.+]] = arith.addf %[[D3]], %[[C]]
// CHECK: tt.return %[[SUM]]
// Without emu-tf32 a tf32x3 dot stays.
// NOEMU-LABEL: tt.func @tf32x3
// NOEMU: tt.dot %{{.+}}, inputPrecision = tf32x3
// NOEMU-NOT: tt.dot
tt.func @tf32x3(%a: tensor<32x16xf32>, %b: tensor<16x32xf32>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

// bf16x3: hi = bf16(x), mid = bf16(x - hi); mid*hi + hi*mid, NaNs zeroed,
// then hi*hi, then c. Split whether or not emu-tf32 is set.
// CHECK-LABEL: tt.func @bf16x3
// CHECK-SAME: %[[A:[^:]+]]: tensor<32x16xf32>, %[[B:[^:]+]]: tensor<16x32xf32>, %[[C:[^:]+]]: tensor<32x32xf32>
// CHECK: %[[AHI:.+]] = arith.truncf %[[A]] : tensor<32x16xf32> to tensor<32x16xbf16>
// CHECK: %[[AHI32:.+]] = arith.extf %[[AHI]]
// CHECK: %[[AREST:.+]] = arith.subf %[[A]], %[[AHI32]]
// CHECK: %[[AMID:.+]] = arith.truncf %[[AREST]]
// CHECK: %[[BHI:.+]] = arith.truncf %[[B]]
// CHECK: %[[BMID:.+]] = arith.truncf
// CHECK: %[[D1:.+]] = tt.dot %[[AMID]], %[[BHI]], %{{.+}} : tensor<32x16xbf16> * tensor<16x32xbf16> -> tensor<32x32xf32>
// CHECK: %[[D2:.+]] = tt.dot %[[AHI]], %[[BMID]], %[[D1]]
// CHECK: arith.cmpf uno, %[[D2]], %[[D2]]
// CHECK: %[[MASKED:.+]] = arith.select
// CHECK: %[[D3:.+]] = tt.dot %[[AHI]], %[[BHI]], %[[MASKED]]
// CHECK: arith.addf %[[D3]], %[[C]]
// CHECK-NOT: tt.dot
// NOEMU-LABEL: tt.func @bf16x3
// NOEMU-COUNT-3: tt.dot
tt.func @bf16x3(%a: tensor<32x16xf32>, %b: tensor<16x32xf32>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

// bf16x6: three parts; mid*mid, lo*hi, hi*lo, mid*hi, hi*mid, then hi*hi.
// CHECK-LABEL: tt.func @bf16x6
// CHECK-COUNT-3: arith.truncf %{{.+}} : tensor<32x16xf32> to tensor<32x16xbf16>
// CHECK-COUNT-3: arith.truncf %{{.+}} : tensor<16x32xf32> to tensor<16x32xbf16>
// CHECK-COUNT-5: tt.dot
// CHECK: arith.cmpf uno
// CHECK: arith.select
// CHECK: tt.dot
// CHECK: arith.addf
// CHECK-NOT: tt.dot
tt.func @bf16x6(%a: tensor<32x16xf32>, %b: tensor<16x32xf32>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = bf16x6 : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

// tf32 and ieee dots, and dots of other element types, are left alone.
// CHECK-LABEL: tt.func @untouched
// CHECK-NEXT: tt.dot %{{.+}}, inputPrecision = tf32
// CHECK-NEXT: tt.dot %{{.+}} : tensor<32x16xf32>
// CHECK-NEXT: tt.dot %{{.+}} : tensor<32x16xf16>
// CHECK-NEXT: tt.return
tt.func @untouched(%a: tensor<32x16xf32>, %b: tensor<16x32xf32>, %c: tensor<32x32xf32>, %h: tensor<32x16xf16>, %g: tensor<16x32xf16>) {
  %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
  %e = tt.dot %a, %b, %d : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
  %f = tt.dot %h, %g, %e, inputPrecision = bf16x3 : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
  tt.return
}
