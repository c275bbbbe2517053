// End to end: integer reductions over a whole warp, to PTX that ptxas
// accepts. On sm_80 and later an i32 sum, an i8 signed max and an i16
// unsigned min across the 32 lanes are one redux.sync each (as in Triton);
// the two warps' partials then meet through shared memory. sm_75 has no
// redux.sync, so the lanes shuffle (five butterfly steps per reduction).
// REQUIRES: ptxas

// RUN: %mlir-tile -p 'builtin.module(allocate-shared-memory, convert-triton-gpu-to-llvm, convert-nv-gpu-to-llvm, reconcile-unrealized-casts)' %s | mlir-translate --mlir-to-llvmir | opt -O3 | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -o %t.sm90.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o %t.sm90.cubin

// RUN: %mlir-tile -p 'builtin.module(allocate-shared-memory, convert-triton-gpu-to-llvm{compute-capability=75}, convert-nv-gpu-to-llvm, reconcile-unrealized-casts)' %s | mlir-translate --mlir-to-llvmir | opt -O3 | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_75 -mattr=+ptx80 -o %t.sm75.ptx
// RUN: FileCheck %s --check-prefix=SM75 < %t.sm75.ptx
// RUN: %ptxas -arch=sm_75 %t.sm75.ptx -o %t.sm75.cubin

// SM90-LABEL: .visible .entry int_reductions(
// SM90-DAG: redux.sync.add.s32
// SM90-DAG: redux.sync.max.s32
// SM90-DAG: redux.sync.min.u32
// SM90-NOT: shfl.sync
// SM90: bar.sync 0;
// SM75-LABEL: .visible .entry int_reductions(
// SM75-NOT: redux.sync
// SM75-COUNT-15: shfl.sync.bfly.b32
#i = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @int_reductions(%px: !tt.ptr<i32>, %py: !tt.ptr<i8>, %pz: !tt.ptr<i16>, %out: !tt.ptr<i32>, %outm: !tt.ptr<i8>, %outu: !tt.ptr<i16>) {
    %offsets = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #i>
    %bx = tt.splat %px : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #i>
    %ax = tt.addptr %bx, %offsets : tensor<64x!tt.ptr<i32>, #i>, tensor<64xi32, #i>
    %x = tt.load %ax : tensor<64x!tt.ptr<i32>, #i>
    %by = tt.splat %py : !tt.ptr<i8> -> tensor<64x!tt.ptr<i8>, #i>
    %ay = tt.addptr %by, %offsets : tensor<64x!tt.ptr<i8>, #i>, tensor<64xi32, #i>
    %y = tt.load %ay : tensor<64x!tt.ptr<i8>, #i>
    %bz = tt.splat %pz : !tt.ptr<i16> -> tensor<64x!tt.ptr<i16>, #i>
    %az = tt.addptr %bz, %offsets : tensor<64x!tt.ptr<i16>, #i>, tensor<64xi32, #i>
    %z = tt.load %az : tensor<64x!tt.ptr<i16>, #i>
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.reduce.return %c : i32
    }) : (tensor<64xi32, #i>) -> i32
    %m = "tt.reduce"(%y) <{axis = 0 : i32}> ({
    ^bb0(%a: i8, %b: i8):
      %c = arith.maxsi %a, %b : i8
      tt.reduce.return %c : i8
    }) : (tensor<64xi8, #i>) -> i8
    %u = "tt.reduce"(%z) <{axis = 0 : i32}> ({
    ^bb0(%a: i16, %b: i16):
      %c = arith.minui %a, %b : i16
      tt.reduce.return %c : i16
    }) : (tensor<64xi16, #i>) -> i16
    tt.store %out, %s : !tt.ptr<i32>
    tt.store %outm, %m : !tt.ptr<i8>
    tt.store %outu, %u : !tt.ptr<i16>
    tt.return
  }
}
