// convert-triton-gpu-to-llvm inserts barriers between conflicting
// shared-memory accesses itself (as Triton's lowering does), after
// allocating when the module has no allocation yet; after
// tile-insert-barriers, which marks the module, it inserts none.
//
// The corpus softmax has two reductions across its 8 warps sharing scratch
// at offset 0: each reduction has its own two barriers (the warps' partials
// stored, barrier0, shuffled among lanes and the results stored, barrier0,
// loaded), and one more goes between them. Alone or after the visible
// passes: five.

// RUN: %mlir-tile %S/../../../corpus/softmax_f32_4096.ttgir -p 'builtin.module(convert-triton-gpu-to-llvm)' | FileCheck %s --check-prefix=SOFTMAX
// RUN: %mlir-tile %S/../../../corpus/softmax_f32_4096.ttgir -p 'builtin.module(allocate-shared-memory,tile-insert-barriers,convert-triton-gpu-to-llvm)' | FileCheck %s --check-prefix=SOFTMAX
// RUN: %mlir-tile %S/../../../corpus/softmax_f32_4096.ttgir -p 'builtin.module(allocate-shared-memory,tile-insert-barriers,tile-insert-barriers,convert-triton-gpu-to-llvm)' | FileCheck %s --check-prefix=SOFTMAX
// SOFTMAX-NOT: tile.barriers-inserted
// SOFTMAX-COUNT-5: nvvm.barrier0
// SOFTMAX-NOT: nvvm.barrier0

// The marker is trusted: a module that carries it gets no barrier from the
// lowering beyond the one inside each reduction.
// RUN: %mlir-tile %s -p 'builtin.module(convert-triton-gpu-to-llvm)' | FileCheck %s --check-prefix=MARKED
// MARKED-LABEL: llvm.func @marked
// MARKED-COUNT-2: nvvm.barrier0
// MARKED-NOT: nvvm.barrier0
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"tile.barriers-inserted", "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @marked(%x: tensor<256xf32, #b>, %p: !tt.ptr<f32>) {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %c: f32):
      %r = arith.addf %a, %c : f32
      tt.reduce.return %r : f32
    }) : (tensor<256xf32, #b>) -> f32
    %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %c: f32):
      %r = arith.maxnumf %a, %c : f32
      tt.reduce.return %r : f32
    }) : (tensor<256xf32, #b>) -> f32
    %t = arith.addf %s, %m : f32
    tt.store %p, %t : !tt.ptr<f32>
    tt.return
  }
}
