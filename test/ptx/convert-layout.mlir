// End to end: ttg.convert_layout through all three strategies (a warp
// shuffle of f16, an mma accumulator through swizzled scratch, pointers
// and f64 through scratch) as PTX that ptxas accepts, for sm_80 and sm_90a.
// REQUIRES: ptxas

// RUN: %mlir-tile --tile-to-llvm %s | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 -o %t.sm80.ptx
// RUN: FileCheck %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin
// RUN: %mlir-tile --tile-to-llvm %s | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -o %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o %t.sm90.cubin

// CHECK: .extern .shared .align 16 .b8 global_smem[];
// CHECK-LABEL: .visible .entry shuffle_f16(
// CHECK-COUNT-8: shfl.sync.idx.b32
// CHECK-NOT: bar.sync
// CHECK: ret;
// CHECK-LABEL: .visible .entry mma_to_blocked(
// CHECK-COUNT-8: st.shared.v4.b32
// CHECK: bar.sync 0;
// CHECK-COUNT-8: ld.shared.v4.b32
// CHECK: ret;
// CHECK-LABEL: .visible .entry pointers_f64(
// CHECK: st.shared{{(.v2)?}}.b64
// CHECK: bar.sync 0;
// CHECK: ld.shared{{(.v2)?}}.b64
// CHECK: ret;

#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#quads = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @shuffle_f16(%in: !tt.ptr<f16>, %out: !tt.ptr<f16>) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #rows}>>
    %re = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #rows}>> -> tensor<32x1xi32, #rows>
    %n = arith.constant dense<32> : tensor<32x1xi32, #rows>
    %rm = arith.muli %re, %n : tensor<32x1xi32, #rows>
    %rb = tt.broadcast %rm : tensor<32x1xi32, #rows> -> tensor<32x32xi32, #rows>
    %c = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #rows}>>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #rows}>> -> tensor<1x32xi32, #rows>
    %cb = tt.broadcast %ce : tensor<1x32xi32, #rows> -> tensor<32x32xi32, #rows>
    %off = arith.addi %rb, %cb : tensor<32x32xi32, #rows>
    %p0 = tt.splat %in : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #rows>
    %p = tt.addptr %p0, %off : tensor<32x32x!tt.ptr<f16>, #rows>, tensor<32x32xi32, #rows>
    %x = tt.load %p : tensor<32x32x!tt.ptr<f16>, #rows>
    %y = ttg.convert_layout %x : tensor<32x32xf16, #rows> -> tensor<32x32xf16, #cols>
    %q0 = tt.splat %out : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #rows>
    %q = tt.addptr %q0, %off : tensor<32x32x!tt.ptr<f16>, #rows>, tensor<32x32xi32, #rows>
    %qc = ttg.convert_layout %q : tensor<32x32x!tt.ptr<f16>, #rows> -> tensor<32x32x!tt.ptr<f16>, #cols>
    tt.store %qc, %y : tensor<32x32x!tt.ptr<f16>, #cols>
    tt.return
  }

  tt.func public @mma_to_blocked(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #mma}>>
    %re = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<64x1xi32, #mma>
    %n = arith.constant dense<64> : tensor<64x1xi32, #mma>
    %rm = arith.muli %re, %n : tensor<64x1xi32, #mma>
    %rb = tt.broadcast %rm : tensor<64x1xi32, #mma> -> tensor<64x64xi32, #mma>
    %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #mma}>>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #mma}>> -> tensor<1x64xi32, #mma>
    %cb = tt.broadcast %ce : tensor<1x64xi32, #mma> -> tensor<64x64xi32, #mma>
    %off = arith.addi %rb, %cb : tensor<64x64xi32, #mma>
    %p0 = tt.splat %in : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #mma>
    %p = tt.addptr %p0, %off : tensor<64x64x!tt.ptr<f32>, #mma>, tensor<64x64xi32, #mma>
    %x = tt.load %p : tensor<64x64x!tt.ptr<f32>, #mma>
    %y = ttg.convert_layout %x : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #quads>
    %offq = ttg.convert_layout %off : tensor<64x64xi32, #mma> -> tensor<64x64xi32, #quads>
    %q0 = tt.splat %out : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #quads>
    %q = tt.addptr %q0, %offq : tensor<64x64x!tt.ptr<f32>, #quads>, tensor<64x64xi32, #quads>
    tt.store %q, %y : tensor<64x64x!tt.ptr<f32>, #quads>
    tt.return
  }

  tt.func public @pointers_f64(%in: !tt.ptr<f64>, %out: !tt.ptr<f64>) {
    %off = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b1>
    %p0 = tt.splat %in : !tt.ptr<f64> -> tensor<512x!tt.ptr<f64>, #b1>
    %p = tt.addptr %p0, %off : tensor<512x!tt.ptr<f64>, #b1>, tensor<512xi32, #b1>
    %x = tt.load %p : tensor<512x!tt.ptr<f64>, #b1>
    %y = ttg.convert_layout %x : tensor<512xf64, #b1> -> tensor<512xf64, #b2>
    %q0 = tt.splat %out : !tt.ptr<f64> -> tensor<512x!tt.ptr<f64>, #b1>
    %q = tt.addptr %q0, %off : tensor<512x!tt.ptr<f64>, #b1>, tensor<512xi32, #b1>
    %qc = ttg.convert_layout %q : tensor<512x!tt.ptr<f64>, #b1> -> tensor<512x!tt.ptr<f64>, #b2>
    tt.store %qc, %y : tensor<512x!tt.ptr<f64>, #b2>
    tt.return
  }
}
