// convert-triton-gpu-to-llvm's ptx-version: the vector float adds of sm_90
// (atom.global.add.v4.f32, .noftz.v8.f16) are PTX 8.1 instructions, so at
// ptx-version=80 contiguous f32 elements take one scalar add each and f16
// pairs the packed f16x2 add, as Triton's lowering does; from 81 on, and
// with the version left open (0, the default), the vector forms.

// RUN: %mlir-tile %s -p 'builtin.module(convert-triton-gpu-to-llvm{ptx-version=80})' \
// RUN:   | FileCheck %s --check-prefix=PTX80
// RUN: %mlir-tile %s -p 'builtin.module(convert-triton-gpu-to-llvm{ptx-version=81})' \
// RUN:   | FileCheck %s --check-prefix=PTX81
// RUN: %mlir-tile %s -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --check-prefix=PTX81
// A version without the module's target (cuda:90: PTX 8.0 on) is refused.
// RUN: not %mlir-tile %s -p 'builtin.module(convert-triton-gpu-to-llvm{ptx-version=78})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OLD
// OLD: error: convert-triton-gpu-to-llvm: unsupported ptx-version=78 for cuda:90; expected 0 (the version the kernel needs) or at least 80 (PTX 8.0, the first with cuda:90)

// Eight f32 and eight f16 per thread, contiguous and 16-byte aligned.
// PTX80-LABEL: llvm.func @vector_adds
// PTX80-COUNT-8: "atom.global.gpu.relaxed.add.f32 $0, [ $1 + 0 ], $2;"
// PTX80-COUNT-4: "atom.global.gpu.relaxed.add.noftz.f16x2 $0, [ $1 + 0 ], $2;"
// PTX80-NOT: atom.global
// PTX80: llvm.return
// PTX81-LABEL: llvm.func @vector_adds
// PTX81-COUNT-2: "atom.global.gpu.relaxed.add.v4.f32 { $0, $1, $2, $3 }, [ $4 + 0 ], { $5, $6, $7, $8 };"
// PTX81: "atom.global.gpu.relaxed.add.noftz.v8.f16 { $0, $1, $2, $3, $4, $5, $6, $7 }, [ $8 + 0 ], { $9, $10, $11, $12, $13, $14, $15, $16 };"
// PTX81-NOT: atom.global
// PTX81: llvm.return
#b8 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @vector_adds(%q: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %v: tensor<1024xf32, #b8>, %h: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %w: tensor<1024xf16, #b8>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b8>
    %s = tt.splat %q : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b8>
    %p = tt.addptr %s, %r : tensor<1024x!tt.ptr<f32>, #b8>, tensor<1024xi32, #b8>
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (tensor<1024x!tt.ptr<f32>, #b8>, tensor<1024xf32, #b8>) -> tensor<1024xf32, #b8>
    %t = tt.splat %h : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #b8>
    %e = tt.addptr %t, %r : tensor<1024x!tt.ptr<f16>, #b8>, tensor<1024xi32, #b8>
    %1 = tt.atomic_rmw fadd, relaxed, gpu, %e, %w : (tensor<1024x!tt.ptr<f16>, #b8>, tensor<1024xf16, #b8>) -> tensor<1024xf16, #b8>
    tt.return
  }
}
