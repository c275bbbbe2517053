// tile-strength-reduce-multiplies: multiplies by one constant whose other
// operands are the same terms plus different constants share one multiply;
// each product becomes that multiply plus constant * factor.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tile-strength-reduce-multiplies)' | FileCheck %s

// Four registers base + {1, 2, 3, 512} times 3: one multiply of the base
// (built from the terms, before the first multiply), four adds of 3, 6, 9
// and 1536.
// CHECK-LABEL: llvm.func @shared_base
// CHECK-SAME: (%[[LANE:.+]]: i32, %[[WARP:.+]]: i32)
// CHECK: %[[BASE:.+]] = llvm.add %[[LANE]], %[[WARP]] : i32
// CHECK: %[[C3:.+]] = llvm.mlir.constant(3 : i32) : i32
// CHECK: %[[PRODUCT:.+]] = llvm.mul %[[BASE]], %[[C3]] : i32
// CHECK: %[[O3:.+]] = llvm.mlir.constant(3 : i32) : i32
// CHECK: %[[P0:.+]] = llvm.add %[[PRODUCT]], %[[O3]] : i32
// CHECK: %[[O6:.+]] = llvm.mlir.constant(6 : i32) : i32
// CHECK: %[[P1:.+]] = llvm.add %[[PRODUCT]], %[[O6]] : i32
// CHECK: llvm.mlir.constant(9 : i32)
// CHECK: llvm.mlir.constant(1536 : i32)
// CHECK-NOT: llvm.mul
// CHECK: llvm.return
llvm.func @shared_base(%lane: i32, %warp: i32) -> i32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c2 = llvm.mlir.constant(2 : i32) : i32
  %c3 = llvm.mlir.constant(3 : i32) : i32
  %c512 = llvm.mlir.constant(512 : i32) : i32
  // The registers' offsets nest differently: (lane + k) + warp and
  // lane + (warp + k) are the same sum.
  %l1 = llvm.add %lane, %c1 : i32
  %r0 = llvm.add %l1, %warp : i32
  %l2 = llvm.add %lane, %c2 : i32
  %r1 = llvm.add %l2, %warp : i32
  %w3 = llvm.add %warp, %c3 : i32
  %r2 = llvm.add %lane, %w3 : i32
  %l512 = llvm.add %lane, %c512 : i32
  %r3 = llvm.add %warp, %l512 : i32
  %m0 = llvm.mul %r0, %c3 : i32
  %m1 = llvm.mul %c3, %r1 : i32
  %m2 = llvm.mul %r2, %c3 : i32
  %m3 = llvm.mul %r3, %c3 : i32
  %x0 = llvm.xor %m0, %m1 : i32
  %x1 = llvm.xor %m2, %m3 : i32
  %x2 = llvm.xor %x0, %x1 : i32
  llvm.return %x2 : i32
}

// -----

// The register without a constant offset already is the base's product:
// it is reused, and `or disjoint` counts as an add (a plain `or` does not).
// CHECK-LABEL: llvm.func @zero_offset_member
// CHECK-SAME: (%[[BASE:.+]]: i32)
// CHECK: %[[C5:.+]] = llvm.mlir.constant(5 : i32) : i32
// CHECK: %[[PLAIN:.+]] = llvm.or %[[BASE]], %{{.+}} : i32
// CHECK: %[[PRODUCT:.+]] = llvm.mul %[[BASE]], %[[C5]] : i32
// CHECK: %[[O10:.+]] = llvm.mlir.constant(10 : i32) : i32
// CHECK: llvm.add %[[PRODUCT]], %[[O10]] : i32
// CHECK: llvm.mul %[[PLAIN]], %[[C5]] : i32
// CHECK-NOT: llvm.mul
// CHECK: llvm.return
llvm.func @zero_offset_member(%base: i32) -> i32 {
  %c2 = llvm.mlir.constant(2 : i32) : i32
  %c4 = llvm.mlir.constant(4 : i32) : i32
  %c5 = llvm.mlir.constant(5 : i32) : i32
  %r1 = llvm.or disjoint %base, %c2 : i32
  %plain = llvm.or %base, %c4 : i32
  %m0 = llvm.mul %base, %c5 : i32
  %m1 = llvm.mul %r1, %c5 : i32
  %m2 = llvm.mul %plain, %c5 : i32
  %x0 = llvm.xor %m0, %m1 : i32
  %x1 = llvm.xor %x0, %m2 : i32
  llvm.return %x1 : i32
}

// -----

// Left alone: a single multiply of a base, different factors, multiplies in
// different blocks, and multiplies by a power of two (shifts).
// CHECK-LABEL: llvm.func @left_alone
// CHECK-COUNT-4: llvm.mul
// CHECK: ^bb1:
// CHECK: llvm.mul
// CHECK-NOT: llvm.mul
// CHECK: llvm.return
llvm.func @left_alone(%base: i32) -> i32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c2 = llvm.mlir.constant(2 : i32) : i32
  %c7 = llvm.mlir.constant(7 : i32) : i32
  %c9 = llvm.mlir.constant(9 : i32) : i32
  %r0 = llvm.add %base, %c1 : i32
  %r1 = llvm.add %base, %c2 : i32
  %m0 = llvm.mul %r0, %c7 : i32
  %m1 = llvm.mul %r1, %c9 : i32
  %c64 = llvm.mlir.constant(64 : i32) : i32
  %s0 = llvm.mul %r0, %c64 : i32
  %s1 = llvm.mul %r1, %c64 : i32
  %s = llvm.xor %s0, %s1 : i32
  llvm.br ^bb1
^bb1:
  %m2 = llvm.mul %r1, %c7 : i32
  %x0 = llvm.xor %m0, %m1 : i32
  %x1 = llvm.xor %x0, %m2 : i32
  %x2 = llvm.xor %x1, %s : i32
  llvm.return %x2 : i32
}
