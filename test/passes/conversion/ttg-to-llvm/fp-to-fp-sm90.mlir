// tt.fp_to_fp on sm_90: fp8 goes through the hardware's cvt, two elements
// per instruction (a register pair: consecutive registers of the thread,
// an odd last one padded), as Triton 3.6 emits it. Down: round to nearest
// even, saturating to the largest finite value (.satfinite), from f32
// directly and from bf16 through f32; rtz from f32 (to f8E5M2 only) is
// f32 -> f16 toward zero and the f16's top byte. Up: cvt.rn.f16x2 from a
// pair of fp8, then to bf16 (cvt.rn.bf16.f16) or f32 (fpext); f8E5M2 ->
// bf16 is Triton's multiply by 2^112, in bf16 here.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|arith)\.}}'

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Four registers, two cvt: registers 0 and 1, then 2 and 3. PTX puts the
  // first source operand in the high byte, so the odd register goes first.
  // CHECK-LABEL: llvm.func internal @f32_to_e4m3
  // CHECK: %[[X0:.+]] = llvm.extractvalue %{{.+}}[0] : !llvm.struct<(f32, f32, f32, f32)>
  // CHECK: %[[X1:.+]] = llvm.extractvalue %{{.+}}[1]
  // CHECK: %[[X2:.+]] = llvm.extractvalue %{{.+}}[2]
  // CHECK: %[[X3:.+]] = llvm.extractvalue %{{.+}}[3]
  // CHECK: %[[P0:.+]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.satfinite.e4m3x2.f32 $0, $1, $2;", "=h,f,f" %[[X1]], %[[X0]] : (f32, f32) -> i16
  // CHECK: %[[V0:.+]] = llvm.bitcast %[[P0]] : i16 to vector<2xi8>
  // CHECK: %[[Y0:.+]] = llvm.extractelement %[[V0]][%{{.+}} : i32] : vector<2xi8>
  // CHECK: %[[Y1:.+]] = llvm.extractelement %[[V0]][%{{.+}} : i32] : vector<2xi8>
  // CHECK: %[[P1:.+]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.satfinite.e4m3x2.f32 $0, $1, $2;", "=h,f,f" %[[X3]], %[[X2]] : (f32, f32) -> i16
  // CHECK: %[[V1:.+]] = llvm.bitcast %[[P1]] : i16 to vector<2xi8>
  // CHECK: %[[Y2:.+]] = llvm.extractelement %[[V1]]
  // CHECK: %[[Y3:.+]] = llvm.extractelement %[[V1]]
  // CHECK: %[[R0:.+]] = llvm.insertvalue %[[Y0]], %{{.+}}[0] : !llvm.struct<(i8, i8, i8, i8)>
  // CHECK: %[[R1:.+]] = llvm.insertvalue %[[Y1]], %[[R0]][1]
  // CHECK: %[[R2:.+]] = llvm.insertvalue %[[Y2]], %[[R1]][2]
  // CHECK: llvm.insertvalue %[[Y3]], %[[R2]][3]
  tt.func private @f32_to_e4m3(%x: tensor<512xf32, #b4>) -> tensor<512xf8E4M3FN, #b4> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<512xf32, #b4> -> tensor<512xf8E4M3FN, #b4>
    tt.return %y : tensor<512xf8E4M3FN, #b4>
  }

  // One register: the pair's other half is undef and its result dropped.
  // CHECK-LABEL: llvm.func internal @odd
  // CHECK: %[[X:.+]] = llvm.extractvalue %{{.+}}[0] : !llvm.struct<(f32)>
  // CHECK: %[[U:.+]] = llvm.mlir.undef : f32
  // CHECK: %[[P:.+]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.satfinite.e5m2x2.f32 $0, $1, $2;", "=h,f,f" %[[U]], %[[X]] : (f32, f32) -> i16
  // CHECK: %[[V:.+]] = llvm.bitcast %[[P]] : i16 to vector<2xi8>
  // CHECK: %[[Y:.+]] = llvm.extractelement %[[V]][%{{.+}} : i32] : vector<2xi8>
  // CHECK: llvm.insertvalue %[[Y]], %{{.+}}[0] : !llvm.struct<(i8)>
  tt.func private @odd(%x: tensor<128xf32, #b1>) -> tensor<128xf8E5M2, #b1> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<128xf32, #b1> -> tensor<128xf8E5M2, #b1>
    tt.return %y : tensor<128xf8E5M2, #b1>
  }

  // A scalar is a pair of one.
  // CHECK-LABEL: llvm.func internal @scalar
  // CHECK-SAME: (%[[X:.+]]: f16) -> i8
  // CHECK: %[[U:.+]] = llvm.mlir.undef : f16
  // CHECK: %[[V0:.+]] = llvm.insertelement %[[X]], %{{.+}}[%{{.+}} : i32] : vector<2xf16>
  // CHECK: %[[V1:.+]] = llvm.insertelement %[[U]], %[[V0]][%{{.+}} : i32] : vector<2xf16>
  // CHECK: %[[W:.+]] = llvm.bitcast %[[V1]] : vector<2xf16> to i32
  // CHECK: %[[P:.+]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.satfinite.e4m3x2.f16x2 $0, $1;", "=h,r" %[[W]] : (i32) -> i16
  // CHECK: %[[B:.+]] = llvm.bitcast %[[P]] : i16 to vector<2xi8>
  // CHECK: %[[Y:.+]] = llvm.extractelement %[[B]]
  // CHECK: llvm.return %[[Y]] : i8
  tt.func private @scalar(%x: f16) -> f8E4M3FN {
    %y = tt.fp_to_fp %x, rounding = rtne : f16 -> f8E4M3FN
    tt.return %y : f8E4M3FN
  }
}

// -----

#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @f16_to_e5m2
  // CHECK: %[[W:.+]] = llvm.bitcast %{{.+}} : vector<2xf16> to i32
  // CHECK: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.satfinite.e5m2x2.f16x2 $0, $1;", "=h,r" %[[W]] : (i32) -> i16
  tt.func private @f16_to_e5m2(%x: tensor<256xf16, #b2>) -> tensor<256xf8E5M2, #b2> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<256xf16, #b2> -> tensor<256xf8E5M2, #b2>
    tt.return %y : tensor<256xf8E5M2, #b2>
  }

  // bf16: each element widened to f32 (exact), then the f32 pair cvt.
  // CHECK-LABEL: llvm.func internal @bf16_to_e4m3
  // CHECK: %[[X0:.+]] = llvm.extractvalue %{{.+}}[0] : !llvm.struct<(bf16, bf16)>
  // CHECK: %[[X1:.+]] = llvm.extractvalue %{{.+}}[1]
  // CHECK: %[[W0:.+]] = llvm.fpext %[[X0]] : bf16 to f32
  // CHECK: %[[W1:.+]] = llvm.fpext %[[X1]] : bf16 to f32
  // CHECK: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.satfinite.e4m3x2.f32 $0, $1, $2;", "=h,f,f" %[[W1]], %[[W0]] : (f32, f32) -> i16
  tt.func private @bf16_to_e4m3(%x: tensor<256xbf16, #b2>) -> tensor<256xf8E4M3FN, #b2> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<256xbf16, #b2> -> tensor<256xf8E4M3FN, #b2>
    tt.return %y : tensor<256xf8E4M3FN, #b2>
  }

  // rtz to f8E5M2: no cvt rounds toward zero to fp8; f16's top byte does.
  // CHECK-LABEL: llvm.func internal @f32_to_e5m2_rtz
  // CHECK-COUNT-2: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rz.f16.f32 $0, $1;", "=h,f" %{{.+}} : (f32) -> f16
  // CHECK-NOT: cvt.rn
  tt.func private @f32_to_e5m2_rtz(%x: tensor<256xf32, #b2>) -> tensor<256xf8E5M2, #b2> {
    %y = tt.fp_to_fp %x, rounding = rtz : tensor<256xf32, #b2> -> tensor<256xf8E5M2, #b2>
    tt.return %y : tensor<256xf8E5M2, #b2>
  }
}

// -----

#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // The fp8 pair in a 16-bit register, element 0 in the low byte.
  // CHECK-LABEL: llvm.func internal @e4m3_to_f16
  // CHECK: %[[X0:.+]] = llvm.extractvalue %{{.+}}[0] : !llvm.struct<(i8, i8)>
  // CHECK: %[[X1:.+]] = llvm.extractvalue %{{.+}}[1]
  // CHECK: %[[V0:.+]] = llvm.insertelement %[[X0]], %{{.+}}[%{{.+}} : i32] : vector<2xi8>
  // CHECK: %[[V1:.+]] = llvm.insertelement %[[X1]], %[[V0]][%{{.+}} : i32] : vector<2xi8>
  // CHECK: %[[H:.+]] = llvm.bitcast %[[V1]] : vector<2xi8> to i16
  // CHECK: %[[P:.+]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h" %[[H]] : (i16) -> i32
  // CHECK: %[[F:.+]] = llvm.bitcast %[[P]] : i32 to vector<2xf16>
  // CHECK: %[[Y0:.+]] = llvm.extractelement %[[F]]
  // CHECK: %[[Y1:.+]] = llvm.extractelement %[[F]]
  // CHECK: %[[R0:.+]] = llvm.insertvalue %[[Y0]], %{{.+}}[0] : !llvm.struct<(f16, f16)>
  // CHECK: llvm.insertvalue %[[Y1]], %[[R0]][1]
  tt.func private @e4m3_to_f16(%x: tensor<256xf8E4M3FN, #b2>) -> tensor<256xf16, #b2> {
    %y = tt.fp_to_fp %x : tensor<256xf8E4M3FN, #b2> -> tensor<256xf16, #b2>
    tt.return %y : tensor<256xf16, #b2>
  }

  // CHECK-LABEL: llvm.func internal @e5m2_to_f32
  // CHECK: %[[P:.+]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.f16x2.e5m2x2 $0, $1;", "=r,h" %{{.+}} : (i16) -> i32
  // CHECK: %[[F:.+]] = llvm.bitcast %[[P]] : i32 to vector<2xf16>
  // CHECK: %[[H0:.+]] = llvm.extractelement %[[F]]
  // CHECK: %[[H1:.+]] = llvm.extractelement %[[F]]
  // CHECK: llvm.fpext %[[H0]] : f16 to f32
  // CHECK: llvm.fpext %[[H1]] : f16 to f32
  tt.func private @e5m2_to_f32(%x: tensor<256xf8E5M2, #b2>) -> tensor<256xf32, #b2> {
    %y = tt.fp_to_fp %x : tensor<256xf8E5M2, #b2> -> tensor<256xf32, #b2>
    tt.return %y : tensor<256xf32, #b2>
  }

  // CHECK-LABEL: llvm.func internal @e4m3_to_bf16
  // CHECK: %[[P:.+]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h" %{{.+}} : (i16) -> i32
  // CHECK: %[[F:.+]] = llvm.bitcast %[[P]] : i32 to vector<2xf16>
  // CHECK: %[[H0:.+]] = llvm.extractelement %[[F]]
  // CHECK: %[[H1:.+]] = llvm.extractelement %[[F]]
  // CHECK: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.bf16.f16 $0, $1;", "=h,h" %[[H0]] : (f16) -> bf16
  // CHECK: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.bf16.f16 $0, $1;", "=h,h" %[[H1]] : (f16) -> bf16
  tt.func private @e4m3_to_bf16(%x: tensor<256xf8E4M3FN, #b2>) -> tensor<256xbf16, #b2> {
    %y = tt.fp_to_fp %x : tensor<256xf8E4M3FN, #b2> -> tensor<256xbf16, #b2>
    tt.return %y : tensor<256xbf16, #b2>
  }

  // f8E5M2 -> bf16: the magnitude shifted into bf16's fields with the sign,
  // times 2^112 in bf16.
  // CHECK-LABEL: llvm.func internal @e5m2_to_bf16
  // CHECK: %[[Z:.+]] = llvm.zext %{{.+}} : i8 to i16
  // CHECK: %[[F16:.+]] = llvm.shl %[[Z]], %{{.+}} : i16
  // CHECK: %[[M:.+]] = llvm.and %[[F16]], %{{.+}} : i16
  // CHECK: %[[MAG:.+]] = llvm.lshr %[[M]], %{{.+}} : i16
  // CHECK: %[[SIGN:.+]] = llvm.and %[[F16]], %{{.+}} : i16
  // CHECK: %[[S:.+]] = llvm.or %[[MAG]], %[[SIGN]] : i16
  // CHECK: %[[SCALE:.+]] = llvm.mlir.constant(5.192300e+33 : bf16) : bf16
  // CHECK: %[[B:.+]] = llvm.bitcast %[[S]] : i16 to bf16
  // CHECK: llvm.fmul %[[B]], %[[SCALE]] : bf16
  // CHECK-NOT: llvm.inline_asm
  tt.func private @e5m2_to_bf16(%x: tensor<256xf8E5M2, #b2>) -> tensor<256xbf16, #b2> {
    %y = tt.fp_to_fp %x : tensor<256xf8E5M2, #b2> -> tensor<256xbf16, #b2>
    tt.return %y : tensor<256xbf16, #b2>
  }
}
