// End to end: a conversion within a warp moves 16-bit elements two to a
// 32-bit shuffle and 8-bit elements four, where consecutive registers of
// the result come from one source lane, as Triton does. A bf16 pair
// truncated from f32 just before is then one cvt.rn.bf16x2.f32 (Inductor's
// layer-norm backward rounds its f32 rows to bf16 and converts them to the
// store's layout: tile shuffled each bf16 alone, 32 shuffles and 32
// conversions per thread where Triton has 16 of each).
// REQUIRES: ptxas

// RUN: %mlir-tile --tile-to-llvm %s | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -o %t.sm90.ptx
// RUN: FileCheck %s < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o %t.sm90.cubin
// RUN: %mlir-tile --tile-to-llvm %s | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 -o %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin

// The lanes that read one source lane take its words in turns: words, not
// bf16 halves, are selected before and after the shuffles.
// CHECK-LABEL: .visible .entry rows_to_bf16(
// CHECK-COUNT-16: cvt.rn.bf16x2.f32
// CHECK-NOT: cvt.rn.bf16.f32
// CHECK-COUNT-16: selp.b32
// CHECK-COUNT-16: shfl.sync.idx.b32
// CHECK-NOT: shfl.sync
// CHECK-COUNT-16: selp.b32
// CHECK-NOT: selp.b16
// CHECK: ret;
// CHECK-LABEL: .visible .entry bytes_four_to_a_word(
// CHECK-COUNT-2: shfl.sync.idx.b32
// CHECK-NOT: shfl.sync
// CHECK: ret;

#four = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
#eight = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
#row4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#row8 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rows_to_bf16(%in: !tt.ptr<f32>, %out: !tt.ptr<bf16>) {
    %x = tt.call @load_rows(%in) : (!tt.ptr<f32>) -> tensor<2x512xf32, #four>
    %h = arith.truncf %x : tensor<2x512xf32, #four> to tensor<2x512xbf16, #four>
    %y = ttg.convert_layout %h : tensor<2x512xbf16, #four> -> tensor<2x512xbf16, #eight>
    %offs = tt.call @offsets_eight() : () -> tensor<2x512xi32, #eight>
    %base = tt.splat %out : !tt.ptr<bf16> -> tensor<2x512x!tt.ptr<bf16>, #eight>
    %ptrs = tt.addptr %base, %offs : tensor<2x512x!tt.ptr<bf16>, #eight>, tensor<2x512xi32, #eight>
    tt.store %ptrs, %y : tensor<2x512x!tt.ptr<bf16>, #eight>
    tt.return
  }
  tt.func private @load_rows(%in: !tt.ptr<f32>) -> tensor<2x512xf32, #four> attributes {noinline = false} {
    %rows = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #ttg.slice<{dim = 1, parent = #four}>>
    %cols = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #ttg.slice<{dim = 0, parent = #four}>>
    %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<2xi32, #ttg.slice<{dim = 1, parent = #four}>> -> tensor<2x1xi32, #four>
    %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<512xi32, #ttg.slice<{dim = 0, parent = #four}>> -> tensor<1x512xi32, #four>
    %c512 = arith.constant dense<512> : tensor<2x1xi32, #four>
    %rs = arith.muli %r, %c512 : tensor<2x1xi32, #four>
    %rb = tt.broadcast %rs : tensor<2x1xi32, #four> -> tensor<2x512xi32, #four>
    %cb = tt.broadcast %c : tensor<1x512xi32, #four> -> tensor<2x512xi32, #four>
    %offs = arith.addi %rb, %cb : tensor<2x512xi32, #four>
    %base = tt.splat %in : !tt.ptr<f32> -> tensor<2x512x!tt.ptr<f32>, #four>
    %ptrs = tt.addptr %base, %offs : tensor<2x512x!tt.ptr<f32>, #four>, tensor<2x512xi32, #four>
    %x = tt.load %ptrs : tensor<2x512x!tt.ptr<f32>, #four>
    tt.return %x : tensor<2x512xf32, #four>
  }
  tt.func private @offsets_eight() -> tensor<2x512xi32, #eight> attributes {noinline = false} {
    %rows = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #ttg.slice<{dim = 1, parent = #eight}>>
    %cols = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #ttg.slice<{dim = 0, parent = #eight}>>
    %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<2xi32, #ttg.slice<{dim = 1, parent = #eight}>> -> tensor<2x1xi32, #eight>
    %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<512xi32, #ttg.slice<{dim = 0, parent = #eight}>> -> tensor<1x512xi32, #eight>
    %c512 = arith.constant dense<512> : tensor<2x1xi32, #eight>
    %rs = arith.muli %r, %c512 : tensor<2x1xi32, #eight>
    %rb = tt.broadcast %rs : tensor<2x1xi32, #eight> -> tensor<2x512xi32, #eight>
    %cb = tt.broadcast %c : tensor<1x512xi32, #eight> -> tensor<2x512xi32, #eight>
    %offs = arith.addi %rb, %cb : tensor<2x512xi32, #eight>
    tt.return %offs : tensor<2x512xi32, #eight>
  }
  tt.func public @bytes_four_to_a_word(%in: !tt.ptr<i8>, %out: !tt.ptr<i8>) {
    %i4 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #row4>
    %b4 = tt.splat %in : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #row4>
    %p4 = tt.addptr %b4, %i4 : tensor<256x!tt.ptr<i8>, #row4>, tensor<256xi32, #row4>
    %x = tt.load %p4 : tensor<256x!tt.ptr<i8>, #row4>
    %y = ttg.convert_layout %x : tensor<256xi8, #row4> -> tensor<256xi8, #row8>
    %i8 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #row8>
    %b8 = tt.splat %out : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #row8>
    %p8 = tt.addptr %b8, %i8 : tensor<256x!tt.ptr<i8>, #row8>, tensor<256xi32, #row8>
    tt.store %p8, %y : tensor<256x!tt.ptr<i8>, #row8>
    tt.return
  }
}
