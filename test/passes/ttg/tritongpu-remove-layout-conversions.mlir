// tritongpu-remove-layout-conversions: conversions disappear where the
// converted value can be computed in the target layout from cheap ops, or
// where elementwise ops can compute in the source layout instead. A
// conversion whose source is expensive (a load) and whose users need
// another layout stays.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s --enable-var-scope --implicit-check-not=ttg.convert_layout

// The add kernel as tritongpu-coalesce leaves it: every pointer, offset and
// mask computation is rematerialized in the loads' 4-per-thread layout, the
// addf follows the loads, and no conversion or old-layout op is left.
// CHECK: [[$B4:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NOT: #ttg.blocked
// CHECK-LABEL: tt.func public @add_kernel
// CHECK: %[[RANGE:.*]] = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, [[$B4]]>
// CHECK: %[[OFFS:.*]] = arith.addi %{{.*}}, %[[RANGE]] : tensor<1024xi32, [[$B4]]>
// CHECK: %[[MASK:.*]] = arith.cmpi slt, %[[OFFS]], %{{.*}} : tensor<1024xi32, [[$B4]]>
// CHECK: %[[X:.*]] = tt.load %{{.*}}, %[[MASK]] : tensor<1024x!tt.ptr<f32>, [[$B4]]>
// CHECK: %[[Y:.*]] = tt.load %{{.*}}, %[[MASK]] : tensor<1024x!tt.ptr<f32>, [[$B4]]>
// CHECK: %[[SUM:.*]] = arith.addf %[[X]], %[[Y]] : tensor<1024xf32, [[$B4]]>
// CHECK: tt.store %{{.*}}, %[[SUM]], %[[MASK]] : tensor<1024x!tt.ptr<f32>, [[$B4]]>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @add_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<1024xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<1024xi32, #blocked>
    %5 = tt.splat %arg3 : i32 -> tensor<1024xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<1024xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %9 = ttg.convert_layout %8 : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked4>
    %10 = ttg.convert_layout %6 : tensor<1024xi1, #blocked> -> tensor<1024xi1, #blocked4>
    %11 = tt.load %9, %10 : tensor<1024x!tt.ptr<f32>, #blocked4>
    %12 = ttg.convert_layout %11 : tensor<1024xf32, #blocked4> -> tensor<1024xf32, #blocked>
    %13 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %14 = tt.addptr %13, %4 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %15 = ttg.convert_layout %14 : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked4>
    %16 = ttg.convert_layout %6 : tensor<1024xi1, #blocked> -> tensor<1024xi1, #blocked4>
    %17 = tt.load %15, %16 : tensor<1024x!tt.ptr<f32>, #blocked4>
    %18 = ttg.convert_layout %17 : tensor<1024xf32, #blocked4> -> tensor<1024xf32, #blocked>
    %19 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %20 = tt.addptr %19, %4 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %21 = arith.addf %12, %18 : tensor<1024xf32, #blocked>
    %22 = ttg.convert_layout %20 : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked4>
    %23 = ttg.convert_layout %21 : tensor<1024xf32, #blocked> -> tensor<1024xf32, #blocked4>
    %24 = ttg.convert_layout %6 : tensor<1024xi1, #blocked> -> tensor<1024xi1, #blocked4>
    tt.store %22, %23, %24 : tensor<1024x!tt.ptr<f32>, #blocked4>
    tt.return
  }
}

// -----

// A 2-D copy: the pointer math goes through expand_dims and broadcast; the
// make_ranges are rebuilt in slices of the new layout.
// CHECK: [[$V:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NOT: #ttg.blocked
// CHECK-LABEL: tt.func @copy_2d
// CHECK: tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = [[$V]]}>>
// CHECK: tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = [[$V]]}>>
// CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = [[$V]]}>> -> tensor<64x1xi32, [[$V]]>
// CHECK: tt.broadcast %{{.*}} : tensor<64x1xi32, [[$V]]> -> tensor<64x64xi32, [[$V]]>
// CHECK: %[[V:.*]] = tt.load %{{.*}} : tensor<64x64x!tt.ptr<f16>, [[$V]]>
// CHECK: tt.store %{{.*}}, %[[V]] : tensor<64x64x!tt.ptr<f16>, [[$V]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#vec = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @copy_2d(%src: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %dst: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %c64 = arith.constant dense<64> : tensor<64x1xi32, #blocked>
    %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %rs = arith.muli %r, %c64 : tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %rs : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %cb = tt.broadcast %c : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %offs = arith.addi %rb, %cb : tensor<64x64xi32, #blocked>
    %sp = tt.splat %src : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %sptrs = tt.addptr %sp, %offs : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %dp = tt.splat %dst : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %dptrs = tt.addptr %dp, %offs : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %0 = ttg.convert_layout %sptrs : tensor<64x64x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #vec>
    %1 = tt.load %0 : tensor<64x64x!tt.ptr<f16>, #vec>
    %2 = ttg.convert_layout %1 : tensor<64x64xf16, #vec> -> tensor<64x64xf16, #blocked>
    %3 = ttg.convert_layout %dptrs : tensor<64x64x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #vec>
    %4 = ttg.convert_layout %2 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #vec>
    tt.store %3, %4 : tensor<64x64x!tt.ptr<f16>, #vec>
    tt.return
  }
}

// -----

// A row-major load feeding a column-major store: the loaded values must move
// between threads, so that conversion stays (and only that one).
// CHECK-DAG: [[$ROW:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 4]
// CHECK-DAG: [[$COL:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [4, 1]
// CHECK-LABEL: tt.func @transpose
// CHECK: %[[V:.*]] = tt.load %{{.*}} : tensor<32x32x!tt.ptr<f32>, [[$ROW]]>
// CHECK: %[[T:.*]] = ttg.convert_layout %[[V]] : tensor<32x32xf32, [[$ROW]]> -> tensor<32x32xf32, [[$COL]]>
// CHECK: tt.store %{{.*}}, %[[T]] : tensor<32x32x!tt.ptr<f32>, [[$COL]]>
#row = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @transpose(%src: tensor<32x32x!tt.ptr<f32>, #row>, %dst: tensor<32x32x!tt.ptr<f32>, #col>) {
    %v = tt.load %src : tensor<32x32x!tt.ptr<f32>, #row>
    %t = ttg.convert_layout %v : tensor<32x32xf32, #row> -> tensor<32x32xf32, #col>
    tt.store %dst, %t : tensor<32x32x!tt.ptr<f32>, #col>
    tt.return
  }
}

// -----

// Forward propagation: the exp follows the load into its layout instead of
// being computed twice; the conversion back to the load's layout folds and
// the one to a third layout stays, now from the load's layout.
// CHECK-DAG: [[$L:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [4]
// CHECK-DAG: [[$S:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [2]
// CHECK-LABEL: tt.func @forward
// CHECK: %[[V:.*]] = tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, [[$L]]>
// CHECK: %[[E:.*]] = math.exp %[[V]] : tensor<1024xf32, [[$L]]>
// CHECK-NOT: math.exp
// CHECK: tt.store %{{.*}}, %[[E]] : tensor<1024x!tt.ptr<f32>, [[$L]]>
// CHECK: %[[C:.*]] = ttg.convert_layout %[[E]] : tensor<1024xf32, [[$L]]> -> tensor<1024xf32, [[$S]]>
// CHECK: tt.store %{{.*}}, %[[C]] : tensor<1024x!tt.ptr<f32>, [[$S]]>
#one = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#two = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#four = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @forward(%p: tensor<1024x!tt.ptr<f32>, #four>, %q: tensor<1024x!tt.ptr<f32>, #two>) {
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #four>
    %0 = ttg.convert_layout %v : tensor<1024xf32, #four> -> tensor<1024xf32, #one>
    %e = math.exp %0 : tensor<1024xf32, #one>
    %1 = ttg.convert_layout %e : tensor<1024xf32, #one> -> tensor<1024xf32, #four>
    tt.store %p, %1 : tensor<1024x!tt.ptr<f32>, #four>
    %2 = ttg.convert_layout %e : tensor<1024xf32, #one> -> tensor<1024xf32, #two>
    tt.store %q, %2 : tensor<1024x!tt.ptr<f32>, #two>
    tt.return
  }
}

// -----

// Chains of conversions fold. The mulf then follows %x into its layout (the
// constant is rebuilt there), so only the conversion the result needs stays.
// CHECK-DAG: [[$A:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1]
// CHECK-DAG: [[$C:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [4]
// CHECK-LABEL: tt.func @fold
// CHECK-SAME: (%[[X:.*]]: tensor<1024xf32, [[$A]]>
// CHECK: %[[K:.*]] = arith.constant dense<2.000000e+00> : tensor<1024xf32, [[$A]]>
// CHECK: %[[M:.*]] = arith.mulf %[[X]], %[[K]] : tensor<1024xf32, [[$A]]>
// CHECK: %[[MC:.*]] = ttg.convert_layout %[[M]] : tensor<1024xf32, [[$A]]> -> tensor<1024xf32, [[$C]]>
// CHECK: tt.return %[[X]], %[[MC]]
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#c = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @fold(%x: tensor<1024xf32, #a>) -> (tensor<1024xf32, #a>, tensor<1024xf32, #c>) {
    %k = arith.constant dense<2.0> : tensor<1024xf32, #b>
    %0 = ttg.convert_layout %x : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
    %1 = ttg.convert_layout %0 : tensor<1024xf32, #b> -> tensor<1024xf32, #a>
    %2 = arith.mulf %0, %k : tensor<1024xf32, #b>
    %3 = ttg.convert_layout %2 : tensor<1024xf32, #b> -> tensor<1024xf32, #c>
    tt.return %1, %3 : tensor<1024xf32, #a>, tensor<1024xf32, #c>
  }
}

// -----

// A reduction reduces in whatever layout its operand has: the load's
// layout flows forward through the elementwise ops into both reductions
// (softmax's shape), and no conversion is left.
// CHECK-LABEL: tt.func @reduce_takes_the_load_layout
// CHECK-NOT: ttg.convert_layout
// CHECK: "tt.reduce"(%{{.+}}) <{axis = 0 : i32}>
// CHECK: (tensor<1024xf32, #[[V4:.+]]>) -> f32
// CHECK: math.exp %{{.+}} : tensor<1024xf32, #[[V4]]>
// CHECK: (tensor<1024xf32, #[[V4]]>) -> f32
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
#v4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#v1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reduce_takes_the_load_layout(%p: tensor<1024x!tt.ptr<f32>, #v4>) -> f32 {
    %x4 = tt.load %p : tensor<1024x!tt.ptr<f32>, #v4>
    %x = ttg.convert_layout %x4 : tensor<1024xf32, #v4> -> tensor<1024xf32, #v1>
    %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.maxnumf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<1024xf32, #v1>) -> f32
    %ms = tt.splat %m : f32 -> tensor<1024xf32, #v1>
    %d = arith.subf %x, %ms : tensor<1024xf32, #v1>
    %e = math.exp %d : tensor<1024xf32, #v1>
    %s = "tt.reduce"(%e) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<1024xf32, #v1>) -> f32
    tt.return %s : f32
  }
}

// -----

// A reduction with a tensor result: it reduces in the load's layout and its
// result (a slice of that layout) is converted to what its user had.
// CHECK-LABEL: tt.func @reduce_rows
// CHECK: %[[R:.+]] = "tt.reduce"
// CHECK: (tensor<4x128xf32, #[[L:.+]]>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #[[L]]}>>
// CHECK: ttg.convert_layout %[[R]] : tensor<4xf32, #ttg.slice<{dim = 1, parent = #[[L]]}>> -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #{{.+}}}>>
#l4 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#l1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reduce_rows(%p: tensor<4x128x!tt.ptr<f32>, #l4>, %q: tensor<4x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #l1}>>) {
    %x4 = tt.load %p : tensor<4x128x!tt.ptr<f32>, #l4>
    %x = ttg.convert_layout %x4 : tensor<4x128xf32, #l4> -> tensor<4x128xf32, #l1>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<4x128xf32, #l1>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #l1}>>
    tt.store %q, %s : tensor<4x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #l1}>>
    tt.return
  }
}

// -----

// An assert reads its condition in whatever layout it has: the loaded
// condition is checked where it was loaded, with no conversion.
// CHECK: [[$B4:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @assert_in_load_layout
  // CHECK: %[[C:.+]] = tt.load %{{.+}} : tensor<1024x!tt.ptr<i1>, [[$B4]]>
  // CHECK-NEXT: tt.assert %[[C]], "bad" : tensor<1024xi1, [[$B4]]>
  tt.func @assert_in_load_layout(%p: tensor<1024x!tt.ptr<i1>, #b4>) {
    %c = tt.load %p : tensor<1024x!tt.ptr<i1>, #b4>
    %c1 = ttg.convert_layout %c : tensor<1024xi1, #b4> -> tensor<1024xi1, #b1>
    tt.assert %c1, "bad" : tensor<1024xi1, #b1>
    tt.return
  }
}

// -----

// A load of fewer elements than threads is cheap in any layout: it is
// loaded again in the layout its user needs, with its pointers, instead of
// converted. A load of one element per thread or more is not.
// CHECK-DAG: [[$L0:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: [[$L1:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#l0 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#l1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @reload_small
  // CHECK: %[[P:.+]] = tt.splat %{{.+}} : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>, [[$L1]]>
  // CHECK: %[[Q:.+]] = tt.addptr %[[P]], %{{.+}} : tensor<16x!tt.ptr<i32>, [[$L1]]>
  // CHECK: %[[V:.+]] = tt.load %[[Q]] : tensor<16x!tt.ptr<i32>, [[$L1]]>
  // CHECK: tt.store %[[Q]], %[[V]] : tensor<16x!tt.ptr<i32>, [[$L1]]>
  tt.func @reload_small(%arg: !tt.ptr<i32>) {
    %0 = tt.splat %arg : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>, #l0>
    %1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #l0>
    %2 = tt.addptr %0, %1 : tensor<16x!tt.ptr<i32>, #l0>, tensor<16xi32, #l0>
    %3 = tt.load %2 : tensor<16x!tt.ptr<i32>, #l0>
    %4 = ttg.convert_layout %3 : tensor<16xi32, #l0> -> tensor<16xi32, #l1>
    %5 = ttg.convert_layout %2 : tensor<16x!tt.ptr<i32>, #l0> -> tensor<16x!tt.ptr<i32>, #l1>
    tt.store %5, %4 : tensor<16x!tt.ptr<i32>, #l1>
    tt.return
  }

  // CHECK-LABEL: tt.func @keep_large
  // CHECK: %[[V:.+]] = tt.load %{{.+}} : tensor<256x!tt.ptr<i32>, [[$L0]]>
  // CHECK: ttg.convert_layout %[[V]] : tensor<256xi32, [[$L0]]> -> tensor<256xi32, [[$L1]]>
  tt.func @keep_large(%arg: !tt.ptr<i32>) {
    %0 = tt.splat %arg : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #l0>
    %1 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #l0>
    %2 = tt.addptr %0, %1 : tensor<256x!tt.ptr<i32>, #l0>, tensor<256xi32, #l0>
    %3 = tt.load %2 : tensor<256x!tt.ptr<i32>, #l0>
    %4 = ttg.convert_layout %3 : tensor<256xi32, #l0> -> tensor<256xi32, #l1>
    %5 = ttg.convert_layout %2 : tensor<256x!tt.ptr<i32>, #l0> -> tensor<256x!tt.ptr<i32>, #l1>
    tt.store %5, %4 : tensor<256x!tt.ptr<i32>, #l1>
    tt.return
  }
}
