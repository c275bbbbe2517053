// tile-to-llvm on TTIR, reached every way a user can: the plugin's alias
// (bare and with options), a textual pipeline, and tile-opt's own flag. The
// output has only LLVM and NVVM ops, so stock mlir-translate takes it.
// RUN: %mlir-tile --tile-to-llvm %s | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng)\.}}'
// RUN: %mlir-tile --tile-to-llvm='target=cuda:80 num-warps=8' %s | FileCheck %s --check-prefix=WARPS8
// RUN: %mlir-tile -p 'builtin.module(tile-to-llvm{target=cuda:90 num-warps=4})' %s | FileCheck %s
// RUN: tile-opt --tile-to-llvm %s | FileCheck %s
// RUN: %mlir-tile --tile-to-llvm %s | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR
// Without the plugin loaded first, the alias does not exist.
// RUN: not mlir-opt --tile-to-llvm %s 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
// The alias prints the pipeline it stands for.
// RUN: %mlir-tile --tile-to-llvm='num-warps=8' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP

// NOPLUGIN: Unknown command line argument '--tile-to-llvm'
// DUMP: tile-to-llvm{line-info=true num-ctas=1 num-stages=3 num-warps=8 ptx-version=0 target=cuda:90 threads-per-warp=32}

// The dead private helper goes, the kernel becomes a PTX kernel whose
// parameters are the tt.func's arguments, then Triton's two scratch
// pointers (global and profile scratch).
// CHECK-NOT: @unused_helper
// CHECK: llvm.func @kernel(%{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: i32, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128>}
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: st.global
// CHECK: llvm.return
// WARPS8: nvvm.reqntid = array<i32: 256>
// LLVMIR: define ptx_kernel void @kernel(ptr addrspace(1) %0, i32 %1, ptr addrspace(1) %2, ptr addrspace(1) %3)
tt.func private @unused_helper() {
  tt.return
}
tt.func public @kernel(%p: !tt.ptr<i32>, %x: i32) {
  %s = tt.splat %x : i32 -> tensor<64x1xi32>
  %b = tt.broadcast %s : tensor<64x1xi32> -> tensor<64x64xi32>
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %c = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %cb = tt.broadcast %c : tensor<1x64xi32> -> tensor<64x64xi32>
  %v = arith.addi %b, %cb : tensor<64x64xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<64x64x!tt.ptr<i32>>
  %pp = tt.addptr %ps, %cb : tensor<64x64x!tt.ptr<i32>>, tensor<64x64xi32>
  tt.store %pp, %v : tensor<64x64x!tt.ptr<i32>>
  tt.return
}
