// End to end: a cp.async of a row whose layout gives each element to many
// threads (a slice of a wgmma accumulator, as the log-sum-exp row of an
// attention backward, pipelined). Only the owner of each element copies it:
// the 8-byte copies are predicated on the lane and warp bits the layout
// leaves free (rows), as Triton's are, instead of 32 threads writing the
// same bytes; the row is read back in the same layout and stored. PTX that
// ptxas accepts for sm_90a.
// REQUIRES: ptxas

// RUN: %mlir-tile --tile-to-llvm %s | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// CHECK-LABEL: .visible .entry broadcast_row(
// CHECK-NOT: cp.async.ca
// CHECK-COUNT-8: @%p{{[0-9]+}} cp.async.ca.shared.global [ %r{{[0-9]+}} + 0 ], [ %rd{{[0-9]+}} + 0 ], 8, %r{{[0-9]+}};
// CHECK-NOT: cp.async.ca
// CHECK: cp.async.commit_group;
// CHECK: cp.async.wait_group 0;
// CHECK: ret;
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#row = #ttg.slice<{dim = 0, parent = #mma}>
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @broadcast_row(%src: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %dst: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #row>
    %sp = tt.splat %src : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #row>
    %p = tt.addptr %sp, %r : tensor<64x!tt.ptr<f32>, #row>, tensor<64xi32, #row>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64xf32, #s, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %buf : tensor<64x!tt.ptr<f32>, #row> -> <64xf32, #s, #smem, mutable>
    %c = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %c {num = 0 : i32}
    %v = ttg.local_load %buf token %w : !ttg.memdesc<64xf32, #s, #smem, mutable> -> tensor<64xf32, #row>
    %dp = tt.splat %dst : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #row>
    %q = tt.addptr %dp, %r : tensor<64x!tt.ptr<f32>, #row>, tensor<64xi32, #row>
    tt.store %q, %v : tensor<64x!tt.ptr<f32>, #row>
    tt.return
  }
}
