// convert-triton-gpu-to-llvm lowers the ops inside ttg.warp_specialize and
// keeps the op, with LLVM regions, for convert-warp-specialize-to-llvm.
// Run alone it allocates the warp groups itself; the kernel launches all
// of them; code in a partition sees its own warps, numbered from the
// partition's first warp; a barrier the partition needs is a CTA barrier
// inside it (made a named barrier later); values the lowering uses from
// above become captures.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' | FileCheck %s

// CHECK: module attributes {{{.*}}"ttg.total-num-warps" = 8 : i32
// CHECK-LABEL: llvm.func @partition_thread_ids(
// CHECK-SAME: allocation.offset = 16 : i32
// CHECK-SAME: nvvm.reqntid = array<i32: 256>
// CHECK: %[[CAPTURE:.+]] = builtin.unrealized_conversion_cast %arg0 : !llvm.ptr<1> to !tt.ptr<i32>
// CHECK: ttg.warp_specialize(%[[CAPTURE]])
// CHECK-SAME: allocation.offset = 0 : i32, warpGroupStartIds = array<i32: 4>
// CHECK: default {
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK-NOT: llvm.sub
// CHECK: ttg.warp_yield
// CHECK: partition0(%[[P:.+]]: !tt.ptr<i32>) num_warps(4) {
// CHECK: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[START:.+]] = llvm.mlir.constant(128 : i32)
// CHECK: llvm.sub %[[TID]], %[[START]]
// CHECK: ttg.warp_return
// CHECK: } : (!tt.ptr<i32>) -> ()
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @partition_thread_ids(%p: !tt.ptr<i32>) {
    ttg.warp_specialize(%p)
    default {
      %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b>
      %ps = tt.splat %p : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>, #b>
      %a = tt.addptr %ps, %r : tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>
      tt.store %a, %r : tensor<128x!tt.ptr<i32>, #b>
      ttg.warp_yield
    }
    partition0(%q: !tt.ptr<i32>) num_warps(4) {
      %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b>
      %qs = tt.splat %q : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>, #b>
      %a = tt.addptr %qs, %r : tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>
      tt.store %a, %r : tensor<128x!tt.ptr<i32>, #b>
      ttg.warp_return
    } : (!tt.ptr<i32>) -> ()
    tt.return
  }
}

// -----

// A partition of 2 warps has 2-warp layouts; its layout conversion goes
// through shared memory that no other group's buffer shares, with a CTA
// barrier inside the partition.
// CHECK-LABEL: llvm.func @partition_scratch(
// CHECK-SAME: nvvm.reqntid = array<i32: 256>
// CHECK: partition0() num_warps(2) {
// CHECK: llvm.store
// CHECK: nvvm.barrier0
// CHECK: llvm.load
// CHECK: ttg.warp_return
#b2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [0, 1]}>
#t2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @partition_scratch() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(2) {
      %c = arith.constant dense<1> : tensor<64x64xi32, #b2>
      %t = ttg.convert_layout %c : tensor<64x64xi32, #b2> -> tensor<64x64xi32, #t2>
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
