// tt.fp_to_fp on sm_89, where Triton 3.6 differs from sm_90: an f32 source
// is first rounded toward zero to f16 (the f16x2 cvt then rounds to
// nearest even), f8E4M3FN -> bf16 goes through f32 (cvt.bf16.f16 needs
// sm_90), and f8E5M2 -> bf16 multiplies in f32.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|arith)\.}}'

#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:89", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @f32_to_e4m3
  // CHECK: %[[H0:.+]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rz.f16.f32 $0, $1;", "=h,f" %{{.+}} : (f32) -> f16
  // CHECK: %[[H1:.+]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rz.f16.f32 $0, $1;", "=h,f" %{{.+}} : (f32) -> f16
  // CHECK: %[[V0:.+]] = llvm.insertelement %[[H0]], %{{.+}}[%{{.+}} : i32] : vector<2xf16>
  // CHECK: %[[V1:.+]] = llvm.insertelement %[[H1]], %[[V0]][%{{.+}} : i32] : vector<2xf16>
  // CHECK: %[[W:.+]] = llvm.bitcast %[[V1]] : vector<2xf16> to i32
  // CHECK: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.satfinite.e4m3x2.f16x2 $0, $1;", "=h,r" %[[W]] : (i32) -> i16
  tt.func private @f32_to_e4m3(%x: tensor<256xf32, #b2>) -> tensor<256xf8E4M3FN, #b2> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<256xf32, #b2> -> tensor<256xf8E4M3FN, #b2>
    tt.return %y : tensor<256xf8E4M3FN, #b2>
  }

  // CHECK-LABEL: llvm.func internal @bf16_to_e5m2
  // CHECK: llvm.fpext %{{.+}} : bf16 to f32
  // CHECK: llvm.fpext %{{.+}} : bf16 to f32
  // CHECK: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.satfinite.e5m2x2.f32 $0, $1, $2;"
  tt.func private @bf16_to_e5m2(%x: tensor<256xbf16, #b2>) -> tensor<256xf8E5M2, #b2> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<256xbf16, #b2> -> tensor<256xf8E5M2, #b2>
    tt.return %y : tensor<256xf8E5M2, #b2>
  }

  // CHECK-LABEL: llvm.func internal @e4m3_to_bf16
  // CHECK: %[[P:.+]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h" %{{.+}} : (i16) -> i32
  // CHECK: %[[F:.+]] = llvm.bitcast %[[P]] : i32 to vector<2xf16>
  // CHECK: %[[H0:.+]] = llvm.extractelement %[[F]]
  // CHECK: %[[H1:.+]] = llvm.extractelement %[[F]]
  // CHECK: %[[W0:.+]] = llvm.fpext %[[H0]] : f16 to f32
  // CHECK: llvm.fptrunc %[[W0]] : f32 to bf16
  // CHECK: %[[W1:.+]] = llvm.fpext %[[H1]] : f16 to f32
  // CHECK: llvm.fptrunc %[[W1]] : f32 to bf16
  tt.func private @e4m3_to_bf16(%x: tensor<256xf8E4M3FN, #b2>) -> tensor<256xbf16, #b2> {
    %y = tt.fp_to_fp %x : tensor<256xf8E4M3FN, #b2> -> tensor<256xbf16, #b2>
    tt.return %y : tensor<256xbf16, #b2>
  }

  // CHECK-LABEL: llvm.func internal @e5m2_to_bf16
  // CHECK-COUNT-2: llvm.fmul %{{.+}}, %{{.+}} : f32
  tt.func private @e5m2_to_bf16(%x: tensor<256xf8E5M2, #b2>) -> tensor<256xbf16, #b2> {
    %y = tt.fp_to_fp %x : tensor<256xf8E5M2, #b2> -> tensor<256xbf16, #b2>
    tt.return %y : tensor<256xbf16, #b2>
  }

  // CHECK-LABEL: llvm.func internal @e5m2_to_f16
  // CHECK: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.f16x2.e5m2x2 $0, $1;", "=r,h" %{{.+}} : (i16) -> i32
  tt.func private @e5m2_to_f16(%x: tensor<256xf8E5M2, #b2>) -> tensor<256xf16, #b2> {
    %y = tt.fp_to_fp %x : tensor<256xf8E5M2, #b2> -> tensor<256xf16, #b2>
    tt.return %y : tensor<256xf16, #b2>
  }
}
