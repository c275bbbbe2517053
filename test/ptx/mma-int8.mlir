// End to end: an int8 dot on mma.sync (sm_80) through tile-to-llvm,
// mlir-translate, llc and ptxas. Its s32 sums saturate (.satfinite), as
// Triton's mma.sync does; Triton's test_dot looks for this instruction.
// REQUIRES: ptxas

// RUN: %mlir-tile --tile-to-llvm='target=cuda:80 num-warps=4' %s \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin

// CHECK: mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32
// CHECK-NOT: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32

module {
  tt.func public @dot_i8(%a: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %b: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %c: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %c64 = arith.constant dense<64> : tensor<64x1xi32>
    %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %rowOff = arith.muli %r2, %c64 : tensor<64x1xi32>
    %c2 = tt.expand_dims %rows {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %rowB = tt.broadcast %rowOff : tensor<64x1xi32> -> tensor<64x64xi32>
    %colB = tt.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
    %off = arith.addi %rowB, %colB : tensor<64x64xi32>
    %pa = tt.splat %a : !tt.ptr<i8> -> tensor<64x64x!tt.ptr<i8>>
    %pa2 = tt.addptr %pa, %off : tensor<64x64x!tt.ptr<i8>>, tensor<64x64xi32>
    %pb = tt.splat %b : !tt.ptr<i8> -> tensor<64x64x!tt.ptr<i8>>
    %pb2 = tt.addptr %pb, %off : tensor<64x64x!tt.ptr<i8>>, tensor<64x64xi32>
    %pc = tt.splat %c : !tt.ptr<i32> -> tensor<64x64x!tt.ptr<i32>>
    %pc2 = tt.addptr %pc, %off : tensor<64x64x!tt.ptr<i32>>, tensor<64x64xi32>
    %x = tt.load %pa2 : tensor<64x64x!tt.ptr<i8>>
    %y = tt.load %pb2 : tensor<64x64x!tt.ptr<i8>>
    %zero = arith.constant dense<0> : tensor<64x64xi32>
    %d = tt.dot %x, %y, %zero : tensor<64x64xi8> * tensor<64x64xi8> -> tensor<64x64xi32>
    tt.store %pc2, %d : tensor<64x64x!tt.ptr<i32>>
    tt.return
  }
}
