// convert-triton-gpu-to-llvm on math: Triton's choices. f32 exp/exp2/log/
// log2/sqrt/rsqrt use the MUFU approximations (exp x = ex2(x * log2 e),
// log x = lg2(x) * ln 2; exp2 is the flush-to-zero ex2, as in Triton); f16/bf16 are computed in f32; f64 and the other
// functions call libdevice (__nv_<fn> for f64, __nv_<fn>f for f32); f32
// division is Triton's div.full.f32, f64 division a plain fdiv. LLVM's
// generic math intrinsics that NVPTX cannot select are never emitted.
// (The exact name of the ex2 intrinsic, and that the result translates, is
// checked by math-translate.mlir.)

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --check-prefix=NOINTR
// NOINTR-NOT: llvm.intr.exp
// NOINTR-NOT: llvm.intr.log
// NOINTR-NOT: llvm.intr.sin
// NOINTR-NOT: llvm.intr.cos
// NOINTR-NOT: llvm.intr.pow
// NOINTR-NOT: llvm.intr.tanh

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @f32_mufu
  // CHECK-SAME: (%[[X:[^:]+]]: !llvm.struct<(f32)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // exp:
  // CHECK: %[[X0:.+]] = llvm.extractvalue %[[X]][0] : !llvm.struct<(f32)>
  // CHECK: %[[LOG2E:.+]] = llvm.mlir.constant(1.44269502 : f32) : f32
  // CHECK: %[[M:.+]] = llvm.fmul %[[X0]], %[[LOG2E]] : f32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f{{(32)?}}"(%[[M]]) : (f32) -> f32
  // log:
  // CHECK: %[[LN2:.+]] = llvm.mlir.constant(0.693147182 : f32) : f32
  // CHECK: %[[L:.+]] = llvm.call_intrinsic "llvm.nvvm.lg2.approx.f"(%{{.+}}) : (f32) -> f32
  // CHECK: llvm.fmul %[[L]], %[[LN2]] : f32
  // exp2, log2, sqrt, rsqrt: the intrinsic alone.
  // CHECK-NOT: llvm.fmul
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"(%{{.+}}) : (f32) -> f32
  // CHECK-NOT: llvm.fmul
  // CHECK: llvm.call_intrinsic "llvm.nvvm.lg2.approx.f"(%{{.+}}) : (f32) -> f32
  // CHECK-NOT: llvm.fmul
  // CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.ftz.f"(%{{.+}}) : (f32) -> f32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.ftz.f"(%{{.+}}) : (f32) -> f32
  // CHECK: llvm.return
  tt.func public @f32_mufu(%x: tensor<128xf32, #b>) {
    %0 = math.exp %x : tensor<128xf32, #b>
    %1 = math.log %x : tensor<128xf32, #b>
    %2 = math.exp2 %x : tensor<128xf32, #b>
    %3 = math.log2 %x : tensor<128xf32, #b>
    %4 = math.sqrt %x : tensor<128xf32, #b>
    %5 = math.rsqrt %x : tensor<128xf32, #b>
    tt.return
  }

  // f16 and bf16 go through f32.
  // CHECK-LABEL: llvm.func @narrow
  // CHECK: %[[W:.+]] = llvm.fpext %{{.+}} : f16 to f32
  // CHECK: %[[M:.+]] = llvm.fmul %[[W]], %{{.+}} : f32
  // CHECK: %[[E:.+]] = llvm.call_intrinsic "llvm.nvvm.ex2.approx.f{{(32)?}}"(%[[M]]) : (f32) -> f32
  // CHECK: llvm.fptrunc %[[E]] : f32 to f16
  // CHECK: %[[WB:.+]] = llvm.fpext %{{.+}} : bf16 to f32
  // CHECK: %[[LB:.+]] = llvm.call_intrinsic "llvm.nvvm.lg2.approx.f"(%[[WB]]) : (f32) -> f32
  // CHECK: %[[MB:.+]] = llvm.fmul %[[LB]], %{{.+}} : f32
  // CHECK: llvm.fptrunc %[[MB]] : f32 to bf16
  // CHECK: %[[WS:.+]] = llvm.fpext %{{.+}} : f16 to f32
  // CHECK: %[[S:.+]] = llvm.call_intrinsic "llvm.nvvm.sqrt.approx.ftz.f"(%[[WS]]) : (f32) -> f32
  // CHECK: llvm.fptrunc %[[S]] : f32 to f16
  // Libdevice functions too: f16 erf is __nv_erff in f32.
  // CHECK: %[[WE:.+]] = llvm.fpext %{{.+}} : f16 to f32
  // CHECK: %[[R:.+]] = llvm.call @__nv_erff(%[[WE]]) : (f32) -> f32
  // CHECK: llvm.fptrunc %[[R]] : f32 to f16
  // CHECK: llvm.fpext %{{.+}} : f16 to f32
  // CHECK: llvm.fpext %{{.+}} : f16 to f32
  // CHECK: %[[P:.+]] = llvm.call @__nv_powf(%{{.+}}, %{{.+}}) : (f32, f32) -> f32
  // CHECK: llvm.fptrunc %[[P]] : f32 to f16
  tt.func public @narrow(%h: tensor<128xf16, #b>, %bf: tensor<128xbf16, #b>) {
    %0 = math.exp %h : tensor<128xf16, #b>
    %1 = math.log %bf : tensor<128xbf16, #b>
    %2 = math.sqrt %h : tensor<128xf16, #b>
    %3 = math.erf %h : tensor<128xf16, #b>
    %4 = math.powf %h, %h : tensor<128xf16, #b>
    tt.return
  }

  // f64 calls libdevice (sqrt is exact in LLVM).
  // CHECK-LABEL: llvm.func @f64
  // CHECK: llvm.call @__nv_exp(%{{.+}}) : (f64) -> f64
  // CHECK: llvm.call @__nv_log(%{{.+}}) : (f64) -> f64
  // CHECK: llvm.call @__nv_exp2(%{{.+}}) : (f64) -> f64
  // CHECK: llvm.call @__nv_rsqrt(%{{.+}}) : (f64) -> f64
  // CHECK: llvm.intr.sqrt(%{{.+}}) : (f64) -> f64
  // CHECK: llvm.call @__nv_sin(%{{.+}}) : (f64) -> f64
  // CHECK: llvm.call @__nv_pow(%{{.+}}, %{{.+}}) : (f64, f64) -> f64
  tt.func public @f64(%d: tensor<128xf64, #b>) {
    %0 = math.exp %d : tensor<128xf64, #b>
    %1 = math.log %d : tensor<128xf64, #b>
    %2 = math.exp2 %d : tensor<128xf64, #b>
    %3 = math.rsqrt %d : tensor<128xf64, #b>
    %4 = math.sqrt %d : tensor<128xf64, #b>
    %5 = math.sin %d : tensor<128xf64, #b>
    %6 = math.powf %d, %d : tensor<128xf64, #b>
    tt.return
  }

  // f32 functions without a MUFU form call libdevice.
  // CHECK-LABEL: llvm.func @libdevice_f32
  // CHECK: llvm.call @__nv_erff(%{{.+}}) : (f32) -> f32
  // CHECK: llvm.call @__nv_tanhf(%{{.+}}) : (f32) -> f32
  // CHECK: llvm.call @__nv_powf(%{{.+}}, %{{.+}}) : (f32, f32) -> f32
  // CHECK: llvm.call @__nv_sinf(%{{.+}}) : (f32) -> f32
  // CHECK: llvm.call @__nv_cosf(%{{.+}}) : (f32) -> f32
  // CHECK: llvm.call @__nv_log1pf(%{{.+}}) : (f32) -> f32
  // CHECK: llvm.call @__nv_atan2f(%{{.+}}, %{{.+}}) : (f32, f32) -> f32
  // Those LLVM can select stay intrinsics.
  // CHECK: llvm.intr.fabs(%{{.+}}) : (f32) -> f32
  // CHECK: llvm.intr.floor(%{{.+}}) : (f32) -> f32
  // CHECK: llvm.intr.fma(%{{.+}}, %{{.+}}, %{{.+}}) : (f32, f32, f32) -> f32
  // CHECK: llvm.intr.copysign(%{{.+}}, %{{.+}}) : (f32, f32) -> f32
  tt.func public @libdevice_f32(%x: tensor<128xf32, #b>, %y: tensor<128xf32, #b>) {
    %0 = math.erf %x : tensor<128xf32, #b>
    %1 = math.tanh %x : tensor<128xf32, #b>
    %2 = math.powf %x, %y : tensor<128xf32, #b>
    %3 = math.sin %x : tensor<128xf32, #b>
    %4 = math.cos %x : tensor<128xf32, #b>
    %5 = math.log1p %x : tensor<128xf32, #b>
    %6 = math.atan2 %x, %y : tensor<128xf32, #b>
    %7 = math.absf %x : tensor<128xf32, #b>
    %8 = math.floor %x : tensor<128xf32, #b>
    %9 = math.fma %x, %y, %x : tensor<128xf32, #b>
    %10 = math.copysign %x, %y : tensor<128xf32, #b>
    tt.return
  }

  // Scalars take the same paths.
  // CHECK-LABEL: llvm.func @scalars
  // CHECK-SAME: (%[[S:[^:]+]]: f32, %[[D:[^:]+]]: f64, %[[H:[^:]+]]: f16, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[M:.+]] = llvm.fmul %[[S]], %{{.+}} : f32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f{{(32)?}}"(%[[M]]) : (f32) -> f32
  // CHECK: llvm.call @__nv_exp(%[[D]]) : (f64) -> f64
  // CHECK: %[[HW:.+]] = llvm.fpext %[[H]] : f16 to f32
  // CHECK: llvm.call @__nv_tanhf(%[[HW]]) : (f32) -> f32
  tt.func public @scalars(%s: f32, %d: f64, %h: f16) {
    %0 = math.exp %s : f32
    %1 = math.exp %d : f64
    %2 = math.tanh %h : f16
    tt.return
  }

  // Integer abs is LLVM's abs with a defined result for the minimum value
  // (abs(INT_MIN) = INT_MIN, as Triton's lowering has it), on tensors per
  // register and on scalars alike.
  // CHECK-LABEL: llvm.func @absi
  // CHECK-SAME: (%[[X:[^:]+]]: !llvm.struct<(i32)>, %[[Y:[^:]+]]: !llvm.struct<(i8)>, %[[S:[^:]+]]: i64, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[X0:.+]] = llvm.extractvalue %[[X]][0] : !llvm.struct<(i32)>
  // CHECK: "llvm.intr.abs"(%[[X0]]) <{is_int_min_poison = false}> : (i32) -> i32
  // CHECK: %[[Y0:.+]] = llvm.extractvalue %[[Y]][0] : !llvm.struct<(i8)>
  // CHECK: "llvm.intr.abs"(%[[Y0]]) <{is_int_min_poison = false}> : (i8) -> i8
  // CHECK: "llvm.intr.abs"(%[[S]]) <{is_int_min_poison = false}> : (i64) -> i64
  tt.func public @absi(%x: tensor<128xi32, #b>, %y: tensor<128xi8, #b>, %s: i64) {
    %0 = math.absi %x : tensor<128xi32, #b>
    %1 = math.absi %y : tensor<128xi8, #b>
    %2 = math.absi %s : i64
    tt.return
  }

  // Division: f32 -> div.full.f32 inline asm (pure arithmetic on "r"
  // registers); f64 and f16 -> fdiv.
  // CHECK-LABEL: llvm.func @divf
  // CHECK-SAME: (%[[X:[^:]+]]: !llvm.struct<(f32)>, %[[Y:[^:]+]]: !llvm.struct<(f32)>, %{{[^:]+}}: !llvm.struct<(f64)>, %{{[^:]+}}: !llvm.struct<(f64)>, %{{[^:]+}}: !llvm.struct<(f16)>, %{{[^:]+}}: !llvm.struct<(f16)>, %[[S:[^:]+]]: f32, %[[T:[^:]+]]: f32, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[X0:.+]] = llvm.extractvalue %[[X]][0]
  // CHECK: %[[Y0:.+]] = llvm.extractvalue %[[Y]][0]
  // CHECK: llvm.inline_asm {{.*}}"div.full.f32 $0, $1, $2;", "=r,r,r" %[[X0]], %[[Y0]] : (f32, f32) -> f32
  // CHECK: llvm.fdiv %{{.+}}, %{{.+}} : f64
  // CHECK: llvm.fdiv %{{.+}}, %{{.+}} : f16
  // CHECK: llvm.inline_asm {{.*}}"div.full.f32 $0, $1, $2;", "=r,r,r" %[[S]], %[[T]] : (f32, f32) -> f32
  tt.func public @divf(%x: tensor<128xf32, #b>, %y: tensor<128xf32, #b>, %d: tensor<128xf64, #b>, %e: tensor<128xf64, #b>,
                       %h: tensor<128xf16, #b>, %g: tensor<128xf16, #b>, %s: f32, %t: f32) {
    %0 = arith.divf %x, %y : tensor<128xf32, #b>
    %1 = arith.divf %d, %e : tensor<128xf64, #b>
    %2 = arith.divf %h, %g : tensor<128xf16, #b>
    %3 = arith.divf %s, %t : f32
    tt.return
  }
}

// -----

// Libdevice functions are declared once per module, whatever the number of
// calls.
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: llvm.func @__nv_erff(f32) -> f32
  // CHECK-NOT: llvm.func @__nv_erff
  // CHECK-LABEL: llvm.func @declared_once
  // CHECK-COUNT-8: llvm.call @__nv_erff
  tt.func public @declared_once(%x: tensor<512xf32, #b>) {
    %0 = math.erf %x : tensor<512xf32, #b>
    %1 = math.erf %0 : tensor<512xf32, #b>
    tt.return
  }
}

// -----

// math.absf on fp8 (tl.abs of an fp8 tensor; Triton's frontend leaves it
// in fp8) clears the sign bit of each byte, as Triton does: no arithmetic,
// so no widening. Every fp8 format NVIDIA has keeps its sign in bit 7.
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @absf_fp8
  // CHECK: %[[M0:.+]] = llvm.mlir.constant(127 : i8) : i8
  // CHECK-NEXT: llvm.and %{{.+}}, %[[M0]] : i8
  // CHECK: %[[M1:.+]] = llvm.mlir.constant(127 : i8) : i8
  // CHECK-NEXT: llvm.and %{{.+}}, %[[M1]] : i8
  // CHECK: %[[M2:.+]] = llvm.mlir.constant(127 : i8) : i8
  // CHECK-NEXT: llvm.and %{{.+}}, %[[M2]] : i8
  // CHECK: %[[M3:.+]] = llvm.mlir.constant(127 : i8) : i8
  // CHECK-NEXT: llvm.and %{{.+}}, %[[M3]] : i8
  // CHECK-NOT: llvm.and
  // CHECK: llvm.return
  tt.func public @absf_fp8(%x: tensor<512xf8E4M3FN, #b>, %p: tensor<512x!tt.ptr<f8E4M3FN>, #b>) {
    %0 = math.absf %x : tensor<512xf8E4M3FN, #b>
    tt.store %p, %0 : tensor<512x!tt.ptr<f8E4M3FN>, #b>
    tt.return
  }
}
