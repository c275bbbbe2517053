// tt.fp_to_fp on sm_80: no fp8 instructions, so f8E5M2 takes Triton 3.6's
// bit sequences (f8E5M2 is the top byte of an f16), one element at a time;
// an f32 source is first rounded toward zero to f16 (cvt.rz.f16.f32), as
// Triton does; rtz narrowing to f16 and bf16 is one cvt.rz per element.
// The f8E4M3FN conversions are refused here (fp-to-fp-invalid.mlir).

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|arith)\.}}'

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // f16 -> f8E5M2: the top byte after adding 0x80 (ties away from zero, no
  // saturation), each element on its own.
  // CHECK-LABEL: llvm.func internal @f16_to_e5m2
  // CHECK: %[[X0:.+]] = llvm.extractvalue %{{.+}}[0]
  // CHECK: %[[X1:.+]] = llvm.extractvalue %{{.+}}[1]
  // CHECK: %[[B0:.+]] = llvm.bitcast %[[X0]] : f16 to i16
  // CHECK: %[[H:.+]] = llvm.mlir.constant(128 : i16) : i16
  // CHECK: %[[R0:.+]] = llvm.add %[[B0]], %[[H]] : i16
  // CHECK: %[[E:.+]] = llvm.mlir.constant(8 : i16) : i16
  // CHECK: %[[S0:.+]] = llvm.lshr %[[R0]], %[[E]] : i16
  // CHECK: %[[Y0:.+]] = llvm.trunc %[[S0]] : i16 to i8
  // CHECK: %[[B1:.+]] = llvm.bitcast %[[X1]] : f16 to i16
  // CHECK: llvm.add %[[B1]]
  // CHECK: llvm.lshr
  // CHECK: %[[Y1:.+]] = llvm.trunc %{{.+}} : i16 to i8
  // CHECK: %[[P:.+]] = llvm.insertvalue %[[Y0]], %{{.+}}[0] : !llvm.struct<(i8, i8)>
  // CHECK: llvm.insertvalue %[[Y1]], %[[P]][1] : !llvm.struct<(i8, i8)>
  // CHECK-NOT: llvm.inline_asm
  tt.func private @f16_to_e5m2(%x: tensor<256xf16, #b2>) -> tensor<256xf8E5M2, #b2> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<256xf16, #b2> -> tensor<256xf8E5M2, #b2>
    tt.return %y : tensor<256xf8E5M2, #b2>
  }

  // f32 -> f8E5M2: f32 -> f16 toward zero, then as from f16.
  // CHECK-LABEL: llvm.func internal @f32_to_e5m2
  // CHECK: %[[X:.+]] = llvm.extractvalue %{{.+}}[0] : !llvm.struct<(f32)>
  // CHECK: %[[H:.+]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rz.f16.f32 $0, $1;", "=h,f" %[[X]] : (f32) -> f16
  // CHECK: %[[B:.+]] = llvm.bitcast %[[H]] : f16 to i16
  // CHECK: %[[C:.+]] = llvm.mlir.constant(128 : i16) : i16
  // CHECK: %[[R:.+]] = llvm.add %[[B]], %[[C]] : i16
  // CHECK: %[[S:.+]] = llvm.lshr %[[R]], %{{.+}} : i16
  // CHECK: llvm.trunc %[[S]] : i16 to i8
  tt.func private @f32_to_e5m2(%x: tensor<128xf32, #b1>) -> tensor<128xf8E5M2, #b1> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<128xf32, #b1> -> tensor<128xf8E5M2, #b1>
    tt.return %y : tensor<128xf8E5M2, #b1>
  }

  // f32 -> f8E5M2 toward zero: the top byte of the f16 rounded toward zero.
  // CHECK-LABEL: llvm.func internal @f32_to_e5m2_rtz
  // CHECK: %[[H:.+]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rz.f16.f32 $0, $1;", "=h,f" %{{.+}} : (f32) -> f16
  // CHECK: %[[B:.+]] = llvm.bitcast %[[H]] : f16 to i16
  // CHECK: %[[C:.+]] = llvm.mlir.constant(8 : i16) : i16
  // CHECK: %[[S:.+]] = llvm.lshr %[[B]], %[[C]] : i16
  // CHECK: llvm.trunc %[[S]] : i16 to i8
  tt.func private @f32_to_e5m2_rtz(%x: tensor<128xf32, #b1>) -> tensor<128xf8E5M2, #b1> {
    %y = tt.fp_to_fp %x, rounding = rtz : tensor<128xf32, #b1> -> tensor<128xf8E5M2, #b1>
    tt.return %y : tensor<128xf8E5M2, #b1>
  }

  // bf16 -> f8E5M2: the magnitude clamped to [0x3800, 0x57e0], 0x10 added,
  // the exponent rebiased (-0x3800), shifted left by 3, the sign put back,
  // the top byte taken.
  // CHECK-LABEL: llvm.func internal @bf16_to_e5m2
  // CHECK: %[[B:.+]] = llvm.bitcast %{{.+}} : bf16 to i16
  // CHECK: %[[M:.+]] = llvm.mlir.constant(32767 : i16) : i16
  // CHECK: %[[A:.+]] = llvm.and %[[B]], %[[M]] : i16
  // CHECK: %[[LO:.+]] = llvm.mlir.constant(14336 : i16) : i16
  // CHECK: %[[MAX:.+]] = llvm.intr.umax(%[[A]], %[[LO]]) : (i16, i16) -> i16
  // CHECK: %[[HI:.+]] = llvm.mlir.constant(22496 : i16) : i16
  // CHECK: %[[MIN:.+]] = llvm.intr.umin(%[[MAX]], %[[HI]]) : (i16, i16) -> i16
  // CHECK: %[[REBIAS:.+]] = llvm.mlir.constant(-14320 : i16) : i16
  // CHECK: %[[R:.+]] = llvm.add %[[MIN]], %[[REBIAS]] : i16
  // CHECK: %[[THREE:.+]] = llvm.mlir.constant(3 : i16) : i16
  // CHECK: %[[SH:.+]] = llvm.shl %[[R]], %[[THREE]] : i16
  // CHECK: %[[SM:.+]] = llvm.mlir.constant(-32768 : i16) : i16
  // CHECK: %[[SIGN:.+]] = llvm.and %[[B]], %[[SM]] : i16
  // CHECK: %[[O:.+]] = llvm.or %[[SH]], %[[SIGN]] : i16
  // CHECK: %[[T:.+]] = llvm.lshr %[[O]], %{{.+}} : i16
  // CHECK: llvm.trunc %[[T]] : i16 to i8
  tt.func private @bf16_to_e5m2(%x: tensor<128xbf16, #b1>) -> tensor<128xf8E5M2, #b1> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<128xbf16, #b1> -> tensor<128xf8E5M2, #b1>
    tt.return %y : tensor<128xf8E5M2, #b1>
  }
}

// -----

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // f8E5M2 -> f16: the byte shifted into the top of an f16.
  // CHECK-LABEL: llvm.func internal @e5m2_to_f16
  // CHECK: %[[Z:.+]] = llvm.zext %{{.+}} : i8 to i16
  // CHECK: %[[C:.+]] = llvm.mlir.constant(8 : i16) : i16
  // CHECK: %[[S:.+]] = llvm.shl %[[Z]], %[[C]] : i16
  // CHECK: llvm.bitcast %[[S]] : i16 to f16
  tt.func private @e5m2_to_f16(%x: tensor<128xf8E5M2, #b1>) -> tensor<128xf16, #b1> {
    %y = tt.fp_to_fp %x : tensor<128xf8E5M2, #b1> -> tensor<128xf16, #b1>
    tt.return %y : tensor<128xf16, #b1>
  }

  // f8E5M2 -> f32: through f16.
  // CHECK-LABEL: llvm.func internal @e5m2_to_f32
  // CHECK: llvm.shl %{{.+}}, %{{.+}} : i16
  // CHECK: %[[H:.+]] = llvm.bitcast %{{.+}} : i16 to f16
  // CHECK: llvm.fpext %[[H]] : f16 to f32
  tt.func private @e5m2_to_f32(%x: tensor<128xf8E5M2, #b1>) -> tensor<128xf32, #b1> {
    %y = tt.fp_to_fp %x : tensor<128xf8E5M2, #b1> -> tensor<128xf32, #b1>
    tt.return %y : tensor<128xf32, #b1>
  }

  // f8E5M2 -> bf16: the magnitude bits shifted right by 3 into bf16's
  // fields (as an f32's top half), times 2^112 in f32 (bf16 multiplies
  // need sm_90), the top half taken, the sign put back.
  // CHECK-LABEL: llvm.func internal @e5m2_to_bf16
  // CHECK: %[[F16:.+]] = llvm.shl %{{.+}}, %{{.+}} : i16
  // CHECK: %[[M:.+]] = llvm.and %[[F16]], %{{.+}} : i16
  // CHECK: %[[THREE:.+]] = llvm.mlir.constant(3 : i16) : i16
  // CHECK: %[[MAG:.+]] = llvm.lshr %[[M]], %[[THREE]] : i16
  // CHECK: %[[SIGN:.+]] = llvm.and %[[F16]], %{{.+}} : i16
  // CHECK: %[[W:.+]] = llvm.zext %[[MAG]] : i16 to i32
  // CHECK: %[[SH:.+]] = llvm.shl %[[W]], %{{.+}} : i32
  // CHECK: %[[SCALE:.+]] = llvm.mlir.constant(5.19229686E+33 : f32) : f32
  // CHECK: %[[F:.+]] = llvm.bitcast %[[SH]] : i32 to f32
  // CHECK: %[[P:.+]] = llvm.fmul %[[F]], %[[SCALE]] : f32
  // CHECK: %[[PB:.+]] = llvm.bitcast %[[P]] : f32 to i32
  // CHECK: %[[TOP:.+]] = llvm.lshr %[[PB]], %{{.+}} : i32
  // CHECK: %[[T:.+]] = llvm.trunc %[[TOP]] : i32 to i16
  // CHECK: %[[O:.+]] = llvm.or %[[T]], %[[SIGN]] : i16
  // CHECK: llvm.bitcast %[[O]] : i16 to bf16
  tt.func private @e5m2_to_bf16(%x: tensor<128xf8E5M2, #b1>) -> tensor<128xbf16, #b1> {
    %y = tt.fp_to_fp %x : tensor<128xf8E5M2, #b1> -> tensor<128xbf16, #b1>
    tt.return %y : tensor<128xbf16, #b1>
  }
}

// -----

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // rtz narrowing to f16 and bf16: cvt.rz (bf16 through NVVM's intrinsic).
  // CHECK-LABEL: llvm.func internal @f32_to_f16_rtz
  // CHECK-COUNT-2: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rz.f16.f32 $0, $1;", "=h,f" %{{.+}} : (f32) -> f16
  tt.func private @f32_to_f16_rtz(%x: tensor<256xf32, #b2>) -> tensor<256xf16, #b2> {
    %y = tt.fp_to_fp %x, rounding = rtz : tensor<256xf32, #b2> -> tensor<256xf16, #b2>
    tt.return %y : tensor<256xf16, #b2>
  }
  // CHECK-LABEL: llvm.func internal @f32_to_bf16_rtz
  // CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.f2bf16.rz"(%{{.+}}) : (f32) -> bf16
  tt.func private @f32_to_bf16_rtz(%x: tensor<256xf32, #b2>) -> tensor<256xbf16, #b2> {
    %y = tt.fp_to_fp %x, rounding = rtz : tensor<256xf32, #b2> -> tensor<256xbf16, #b2>
    tt.return %y : tensor<256xbf16, #b2>
  }

  // rtne narrowing and widening among f16, bf16, f32 and f64 are LLVM's
  // fptrunc and fpext, on every target.
  // CHECK-LABEL: llvm.func internal @plain
  // CHECK: llvm.fptrunc %{{.+}} : f64 to bf16
  // CHECK: llvm.fpext %{{.+}} : bf16 to f32
  tt.func private @plain(%x: tensor<128xf64, #b1>) -> tensor<128xf32, #b1> {
    %b = tt.fp_to_fp %x, rounding = rtne : tensor<128xf64, #b1> -> tensor<128xbf16, #b1>
    %y = tt.fp_to_fp %b : tensor<128xbf16, #b1> -> tensor<128xf32, #b1>
    tt.return %y : tensor<128xf32, #b1>
  }
}
