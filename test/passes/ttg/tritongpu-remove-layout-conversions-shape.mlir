// tritongpu-remove-layout-conversions around the shape ops that only rename
// registers. trans, join and reshape (keeping element order, not marked
// efficient_layout) are rematerialized in the layout a conversion of their
// result asks for, their operands taking the layout the encoding's dialect
// infers backward; anchor layouts (loads) flow forward through join, split,
// trans and reshape; a reshape that may reorder and an unsplat read any
// layout their lowering can rename registers from. Conversions that only
// bridged to a default layout disappear.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s

// CHECK-DAG: #[[A:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[AT:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[C1:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[JC:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[B1:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[JB:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[R2:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#bt = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#at = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#c1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#jb = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#jc = #ttg.blocked<{sizePerThread = [4, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#d2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#r2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // convert, trans, convert back: the trans of the argument's layout is the
  // target layout, so both conversions go.
  // CHECK-LABEL: tt.func @trans
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<32x64xf32, #[[A]]> -> tensor<64x32xf32, #[[AT]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return
  tt.func @trans(%x: tensor<32x64xf32, #a>) -> tensor<64x32xf32, #at> {
    %0 = ttg.convert_layout %x : tensor<32x64xf32, #a> -> tensor<32x64xf32, #b>
    %1 = tt.trans %0 {order = array<i32: 1, 0>} : tensor<32x64xf32, #b> -> tensor<64x32xf32, #bt>
    %2 = ttg.convert_layout %1 : tensor<64x32xf32, #bt> -> tensor<64x32xf32, #at>
    tt.return %2 : tensor<64x32xf32, #at>
  }
  // The join is recomputed in the layout its result is converted to; its
  // operands then need their own layout back (split of the target).
  // CHECK-LABEL: tt.func @join
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.join %arg0, %arg1 : tensor<512xf32, #[[C1]]> -> tensor<512x2xf32, #[[JC]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return
  tt.func @join(%x: tensor<512xf32, #c1>, %y: tensor<512xf32, #c1>) -> tensor<512x2xf32, #jc> {
    %0 = ttg.convert_layout %x : tensor<512xf32, #c1> -> tensor<512xf32, #b1>
    %1 = ttg.convert_layout %y : tensor<512xf32, #c1> -> tensor<512xf32, #b1>
    %2 = tt.join %0, %1 : tensor<512xf32, #b1> -> tensor<512x2xf32, #jb>
    %3 = ttg.convert_layout %2 : tensor<512x2xf32, #jb> -> tensor<512x2xf32, #jc>
    tt.return %3 : tensor<512x2xf32, #jc>
  }
  // The interleave of two tensors: the reshape of the joined layout is the
  // layout the result is wanted in (two consecutive elements per thread), so
  // the reshape takes the join's result directly.
  // CHECK-LABEL: tt.func @join_reshape
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[J:.+]] = tt.join %arg0, %arg1 : tensor<128xf32, #[[B1]]> -> tensor<128x2xf32, #[[JB]]>
  // CHECK-NEXT: tt.reshape %[[J]] : tensor<128x2xf32, #[[JB]]> -> tensor<256xf32, #[[R2]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return
  tt.func @join_reshape(%x: tensor<128xf32, #b1>, %y: tensor<128xf32, #b1>) -> tensor<256xf32, #r2> {
    %0 = tt.join %x, %y : tensor<128xf32, #b1> -> tensor<128x2xf32, #jb>
    %1 = ttg.convert_layout %0 : tensor<128x2xf32, #jb> -> tensor<128x2xf32, #d2>
    %2 = tt.reshape %1 : tensor<128x2xf32, #d2> -> tensor<256xf32, #b1>
    %3 = ttg.convert_layout %2 : tensor<256xf32, #b1> -> tensor<256xf32, #r2>
    tt.return %3 : tensor<256xf32, #r2>
  }
  // efficient_layout asks to keep the reshape's layout: its conversions stay.
  // CHECK-LABEL: tt.func @efficient
  // CHECK: ttg.convert_layout
  // CHECK: tt.reshape %{{.+}} efficient_layout
  // CHECK: ttg.convert_layout
  // CHECK: tt.return
  tt.func @efficient(%x: tensor<128xf32, #b1>, %y: tensor<128xf32, #b1>) -> tensor<256xf32, #r2> {
    %0 = tt.join %x, %y : tensor<128xf32, #b1> -> tensor<128x2xf32, #jb>
    %1 = ttg.convert_layout %0 : tensor<128x2xf32, #jb> -> tensor<128x2xf32, #d2>
    %2 = tt.reshape %1 efficient_layout : tensor<128x2xf32, #d2> -> tensor<256xf32, #b1>
    %3 = ttg.convert_layout %2 : tensor<256xf32, #b1> -> tensor<256xf32, #r2>
    tt.return %3 : tensor<256xf32, #r2>
  }
}

// -----

// A reshape that may reorder elements takes the source of a conversion when
// its result layout can hold that source's registers (Triton's
// canonicalization); an unsplat takes any layout.
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#r2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#lin8 = #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>
#s = #ttg.slice<{dim = 1, parent = #b}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @reorder
  // CHECK-NEXT: tt.reshape %arg0 allow_reorder
  // CHECK-NEXT: tt.return
  tt.func @reorder(%x: tensor<32x32xi32, #a>) -> tensor<1024xi32, #b1> {
    %0 = ttg.convert_layout %x : tensor<32x32xi32, #a> -> tensor<32x32xi32, #b>
    %1 = tt.reshape %0 allow_reorder : tensor<32x32xi32, #b> -> tensor<1024xi32, #b1>
    tt.return %1 : tensor<1024xi32, #b1>
  }

  // The argument spreads 64 elements over two warps, the result layout over
  // one (all warps hold the same): the conversion stays.
  // CHECK-LABEL: tt.func @reorder_needs_conversion
  // CHECK-NEXT: %[[C:.+]] = ttg.convert_layout %arg0
  // CHECK-NEXT: tt.reshape %[[C]] allow_reorder
  tt.func @reorder_needs_conversion(%x: tensor<64xf32, #b1>) -> tensor<8x8xf32, #lin8> {
    %0 = ttg.convert_layout %x : tensor<64xf32, #b1> -> tensor<64xf32, #r2>
    %1 = tt.reshape %0 allow_reorder : tensor<64xf32, #r2> -> tensor<8x8xf32, #lin8>
    tt.return %1 : tensor<8x8xf32, #lin8>
  }

  // CHECK-LABEL: tt.func @unsplat
  // CHECK-NEXT: tt.unsplat %arg0 : tensor<1xi32, #ttg.slice<{dim = 1, parent = #{{blocked[0-9]*}}}>>
  tt.func @unsplat(%x: tensor<1xi32, #s>) -> i32 {
    %0 = ttg.convert_layout %x : tensor<1xi32, #s> -> tensor<1xi32, #b1>
    %1 = tt.unsplat %0 : tensor<1xi32, #b1>
    tt.return %1 : i32
  }
}

// -----

// Triton's interleave as convert-triton-to-tritongpu and tritongpu-coalesce
// leave it: the loads' layout carried through the join and the reshape is
// the store's coalesced one (two elements per thread), so no conversion is
// left.
// CHECK-LABEL: tt.func public @interleave
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[J:.+]] = tt.join %{{.+}}, %{{.+}} : tensor<128xf32, #{{blocked[0-9]*}}> -> tensor<128x2xf32, #[[JL:blocked[0-9]*]]>
// CHECK-NEXT: %[[R:.+]] = tt.reshape %[[J]] : tensor<128x2xf32, #[[JL]]> -> tensor<256xf32, #[[ST:blocked[0-9]*]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store %{{.+}}, %[[R]] : tensor<256x!tt.ptr<f32>, #[[ST]]>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @interleave(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %0 = tt.get_program_id x : i32
    %c128_i32 = arith.constant 128 : i32
    %1 = arith.muli %0, %c128_i32 : i32
    %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<128xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<128xi32, #blocked>
    %5 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %6 = tt.addptr %5, %4 : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %7 = tt.load %6 : tensor<128x!tt.ptr<f32>, #blocked>
    %8 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %9 = tt.addptr %8, %4 : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %10 = tt.load %9 : tensor<128x!tt.ptr<f32>, #blocked>
    %11 = tt.join %7, %10 : tensor<128xf32, #blocked> -> tensor<128x2xf32, #blocked1>
    %12 = ttg.convert_layout %11 : tensor<128x2xf32, #blocked1> -> tensor<128x2xf32, #blocked2>
    %13 = tt.reshape %12 : tensor<128x2xf32, #blocked2> -> tensor<256xf32, #blocked>
    %c256_i32 = arith.constant 256 : i32
    %14 = arith.muli %0, %c256_i32 : i32
    %15 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %16 = tt.splat %14 : i32 -> tensor<256xi32, #blocked>
    %17 = arith.addi %16, %15 : tensor<256xi32, #blocked>
    %18 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %19 = tt.addptr %18, %17 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %20 = ttg.convert_layout %19 : tensor<256x!tt.ptr<f32>, #blocked> -> tensor<256x!tt.ptr<f32>, #blocked3>
    %21 = ttg.convert_layout %13 : tensor<256xf32, #blocked> -> tensor<256xf32, #blocked3>
    tt.store %20, %21 : tensor<256x!tt.ptr<f32>, #blocked3>
    tt.return
  }
}

// -----

// The de-interleave: the coalesced load (two elements per thread) reshaped
// holds the split dimension in registers, as the split needs.
// CHECK-LABEL: tt.func public @deinterleave
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[L:.+]] = tt.load %{{.+}} : tensor<256x!tt.ptr<f32>, #[[LD:blocked[0-9]*]]>
// CHECK-NEXT: %[[R:.+]] = tt.reshape %[[L]] : tensor<256xf32, #[[LD]]> -> tensor<128x2xf32, #[[RL:blocked[0-9]*]]>
// CHECK-NEXT: tt.split %[[R]] : tensor<128x2xf32, #[[RL]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @deinterleave(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %0 = tt.get_program_id x : i32
    %c256_i32 = arith.constant 256 : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %6 = tt.addptr %5, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %7 = ttg.convert_layout %6 : tensor<256x!tt.ptr<f32>, #blocked> -> tensor<256x!tt.ptr<f32>, #blocked1>
    %8 = tt.load %7 : tensor<256x!tt.ptr<f32>, #blocked1>
    %9 = ttg.convert_layout %8 : tensor<256xf32, #blocked1> -> tensor<256xf32, #blocked>
    %10 = tt.reshape %9 : tensor<256xf32, #blocked> -> tensor<128x2xf32, #blocked2>
    %11 = ttg.convert_layout %10 : tensor<128x2xf32, #blocked2> -> tensor<128x2xf32, #blocked3>
    %outLHS, %outRHS = tt.split %11 : tensor<128x2xf32, #blocked3> -> tensor<128xf32, #blocked>
    %c128_i32 = arith.constant 128 : i32
    %12 = arith.muli %0, %c128_i32 : i32
    %13 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %14 = tt.splat %12 : i32 -> tensor<128xi32, #blocked>
    %15 = arith.addi %14, %13 : tensor<128xi32, #blocked>
    %16 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %17 = tt.addptr %16, %15 : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    tt.store %17, %outLHS : tensor<128x!tt.ptr<f32>, #blocked>
    %18 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %19 = tt.addptr %18, %15 : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    tt.store %19, %outRHS : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A split whose halves are not the operand layout's first register basis
// (a wgmma accumulator reshaped to 2 x N/2 and permuted: the EPILOGUE_SUBTILE
// epilogue of Triton's persistent matmul tutorial). Several operand layouts
// split into one result layout, so the split is followed forward without
// asking that a join of the result give the operand's layout back: the
// conversion moves past the split and the narrowing, onto the f16 halves,
// where a TMA store takes it without scratch.
// CHECK-LABEL: tt.func @split_of_a_later_register_basis
// CHECK: %[[X:.+]] = tt.load %arg0 : tensor<128x2x2x!tt.ptr<f32>, #[[L:blocked[0-9]*]]>
// CHECK-NEXT: %[[A:.+]], %[[B:.+]] = tt.split %[[X]] : tensor<128x2x2xf32, #[[L]]> -> tensor<128x2xf32, #[[H:linear[0-9]*]]>
// CHECK-NEXT: %[[T:.+]] = arith.truncf %[[A]] : tensor<128x2xf32, #[[H]]> to tensor<128x2xf16, #[[H]]>
// CHECK-NEXT: %[[C:.+]] = ttg.convert_layout %[[T]] : tensor<128x2xf16, #[[H]]> -> tensor<128x2xf16, #{{blocked[0-9]*}}>
// CHECK-NEXT: tt.descriptor_store %arg1[%c0_i32, %c0_i32], %[[C]]
#l = #ttg.blocked<{sizePerThread = [1, 2, 2], threadsPerWarp = [32, 1, 1], warpsPerCTA = [4, 1, 1], order = [1, 2, 0]}>
#s = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [32, 1, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#o = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#w = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @split_of_a_later_register_basis(%p: tensor<128x2x2x!tt.ptr<f32>, #l>, %d: !tt.tensordesc<tensor<128x2xf16>>) {
    %c0 = arith.constant 0 : i32
    %x = tt.load %p : tensor<128x2x2x!tt.ptr<f32>, #l>
    %c = ttg.convert_layout %x : tensor<128x2x2xf32, #l> -> tensor<128x2x2xf32, #s>
    %a, %b = tt.split %c : tensor<128x2x2xf32, #s> -> tensor<128x2xf32, #o>
    %t = arith.truncf %a : tensor<128x2xf32, #o> to tensor<128x2xf16, #o>
    %u = ttg.convert_layout %t : tensor<128x2xf16, #o> -> tensor<128x2xf16, #w>
    tt.descriptor_store %d[%c0, %c0], %u : !tt.tensordesc<tensor<128x2xf16>>, tensor<128x2xf16, #w>
    tt.return
  }
}
