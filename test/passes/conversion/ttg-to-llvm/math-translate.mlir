// The MUFU intrinsics emitted for f32 math must exist in LLVM 22, so that
// stock mlir-translate turns the module into LLVM IR. LLVM 22 renamed
// llvm.nvvm.ex2.approx.f to llvm.nvvm.ex2.approx.f32 (triton.md §5.3, Triton
// #8766), and llvm.nvvm.ex2.approx.ftz.f to .ftz.f32 (math.exp2 flushes
// subnormals, as Triton's lowering does); lg2/sqrt/rsqrt kept their names.

// RUN: %mlir-tile %s -p 'builtin.module(convert-triton-gpu-to-llvm)' | FileCheck %s
// RUN: %mlir-tile %s -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR

// CHECK-LABEL: llvm.func @mufu
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"(%{{.+}}) : (f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"(%{{.+}}) : (f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.lg2.approx.f"(%{{.+}}) : (f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.ftz.f"(%{{.+}}) : (f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.ftz.f"(%{{.+}}) : (f32) -> f32

// LLVMIR-LABEL: define ptx_kernel void @mufu
// LLVMIR: fmul float %{{.+}}, 0x3FF7154760000000
// LLVMIR: call float @llvm.nvvm.ex2.approx.f32(float
// LLVMIR: call float @llvm.nvvm.ex2.approx.ftz.f32(float
// LLVMIR: call float @llvm.nvvm.lg2.approx.f(float
// LLVMIR: call float @llvm.nvvm.sqrt.approx.ftz.f(float
// LLVMIR: call float @llvm.nvvm.rsqrt.approx.ftz.f(float

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mufu(%p: !tt.ptr<f32>, %x: f32) {
    %0 = math.exp %x : f32
    %1 = math.exp2 %0 : f32
    %2 = math.log2 %1 : f32
    %3 = math.sqrt %2 : f32
    %4 = math.rsqrt %3 : f32
    tt.store %p, %4 : !tt.ptr<f32>
    tt.return
  }
}
