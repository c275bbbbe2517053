// tt.elementwise_inline_asm runs the user's assembly once per pack of
// registers: elements narrower than 32 bits travel as vectors filling a
// 32-bit register, wider ones one by one; several outputs form a struct;
// `pure = false` keeps the assembly as a side effect.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg)\.}}'

// One element per call: four calls for four registers, pure.
// CHECK-LABEL: llvm.func internal @pack1
// CHECK-COUNT-4: llvm.inline_asm asm_dialect = att "cvt.rna.tf32.f32 $0, $1;", "=r,r" %{{.+}} : (f32) -> f32
// CHECK-NOT: llvm.inline_asm
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @pack1(%x: tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked> {
    %r = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<512xf32, #blocked> -> tensor<512xf32, #blocked>
    tt.return %r : tensor<512xf32, #blocked>
  }
}

// -----

// Four elements per call, two calls per thread: the four i8 of a pack in
// one vector<4xi8>, the f32 one by one; the f16 result as two
// vector<2xf16>, the i32 result as four i32; with side effects.
// CHECK-LABEL: llvm.func internal @pack4
// CHECK-COUNT-2: llvm.inline_asm has_side_effects asm_dialect = att "{{.+}}", "=r,=r,=r,=r,=r,=r,r,r,r,r,r" %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : (vector<4xi8>, f32, f32, f32, f32) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, i32, i32, i32, i32)>
// CHECK-NOT: llvm.inline_asm
#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @pack4(%x: tensor<1024xi8, #blocked>, %y: tensor<1024xf32, #blocked>) -> tensor<1024xf16, #blocked> {
    %r:2 = tt.elementwise_inline_asm "{ op $0, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10; }" {constraints = "=r,=r,=r,=r,=r,=r,r,r,r,r,r", packed_element = 4 : i32, pure = false} %x, %y : tensor<1024xi8, #blocked>, tensor<1024xf32, #blocked> -> tensor<1024xf16, #blocked>, tensor<1024xi32, #blocked>
    tt.return %r#0 : tensor<1024xf16, #blocked>
  }
}

// -----

// A scalar operand serves every pack; a scalar op is one call.
// CHECK-LABEL: llvm.func internal @scalar_operand
// CHECK-COUNT-2: llvm.inline_asm asm_dialect = att "add.s32 $0, $1, $2;", "=r,r,r" %{{.+}}, %arg1 : (i32, i32) -> i32
// CHECK: llvm.inline_asm asm_dialect = att "add.s32 $0, $1, $2;", "=r,r,r" %arg1, %arg1 : (i32, i32) -> i32
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @scalar_operand(%x: tensor<64xi32, #blocked>, %s: i32) -> i32 {
    %r = tt.elementwise_inline_asm "add.s32 $0, $1, $2;" {constraints = "=r,r,r", packed_element = 1 : i32, pure = true} %x, %s : tensor<64xi32, #blocked>, i32 -> tensor<64xi32, #blocked>
    %t = tt.elementwise_inline_asm "add.s32 $0, $1, $2;" {constraints = "=r,r,r", packed_element = 1 : i32, pure = true} %s, %s : i32, i32 -> i32
    tt.return %t : i32
  }
}
