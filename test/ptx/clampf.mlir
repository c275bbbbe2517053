// End to end: tt.clampf with propagateNan = all, to PTX that ptxas
// accepts. From sm_80 on it is max.NaN and min.NaN; sm_75 has neither
// (convert-triton-gpu-to-llvm run for compute capability 75), so the
// bounds clamp with plain max and min and a NaN x is selected back
// (setp.nan), as in Triton.
// REQUIRES: ptxas

// RUN: %mlir-tile -p 'builtin.module(allocate-shared-memory, convert-triton-gpu-to-llvm, convert-nv-gpu-to-llvm, reconcile-unrealized-casts)' %s | mlir-translate --mlir-to-llvmir | opt -O3 | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 -o %t.sm80.ptx
// RUN: FileCheck %s --check-prefix=SM80 < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin

// RUN: %mlir-tile -p 'builtin.module(allocate-shared-memory, convert-triton-gpu-to-llvm{compute-capability=75}, convert-nv-gpu-to-llvm, reconcile-unrealized-casts)' %s | mlir-translate --mlir-to-llvmir | opt -O3 | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_75 -mattr=+ptx80 -o %t.sm75.ptx
// RUN: FileCheck %s --check-prefix=SM75 < %t.sm75.ptx
// RUN: %ptxas -arch=sm_75 %t.sm75.ptx -o %t.sm75.cubin

// SM80-LABEL: .visible .entry clampf_nan(
// SM80: max.NaN.f32
// SM80: min.NaN.f32
// SM75-LABEL: .visible .entry clampf_nan(
// SM75-NOT: .NaN
// SM75: setp.nan.f32
// SM75: selp.f32
// SM75-NOT: .NaN
// SM75: ret;

#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @clampf_nan(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %lo: f32, %hi: f32) {
    %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b>
    %xs = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #b>
    %xp = tt.addptr %xs, %range : tensor<256x!tt.ptr<f32>, #b>, tensor<256xi32, #b>
    %x = tt.load %xp : tensor<256x!tt.ptr<f32>, #b>
    %los = tt.splat %lo : f32 -> tensor<256xf32, #b>
    %his = tt.splat %hi : f32 -> tensor<256xf32, #b>
    %r = tt.clampf %x, %los, %his, propagateNan = all : tensor<256xf32, #b>
    %os = tt.splat %out_ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #b>
    %op = tt.addptr %os, %range : tensor<256x!tt.ptr<f32>, #b>, tensor<256xi32, #b>
    tt.store %op, %r : tensor<256x!tt.ptr<f32>, #b>
    tt.return
  }
}
