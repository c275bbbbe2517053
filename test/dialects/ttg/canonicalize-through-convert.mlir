// Canonicalization across ttg.convert_layout (Triton 3.6's rules): ops whose
// result layout does not depend on their input's (histogram, a gather's
// source, a reshape free to reorder where that moves no data between
// threads) read through a conversion, conversions of such ops' results fold
// into them, trans with the identity order becomes a conversion, and an
// immutable copy of an immutable buffer is the buffer.

// RUN: %mlir-tile %s -split-input-file -canonicalize | FileCheck %s

// 64x64 in 8 warps as [1, 8]/[4, 8]/[8, 1] (16 registers per thread) and as
// [1, 1]/[32, 1]/[8, 1] (64 registers, each row held by 4 warps); 4096
// elements in 1-D, [1]/[32]/[8] or [4]/[32]/[8] (16 registers per thread).
#row = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [8, 1], order = [0, 1]}>
#flat = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#flat4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Both layouts hold 16 elements per thread: the reshape reads the
  // conversion's source.
  // CHECK-LABEL: tt.func @reshape_through_convert
  // CHECK-SAME: (%[[X:[^:]+]]: tensor<64x64xf32, #[[$ROW:[^>]+]]>)
  // CHECK-NEXT: %[[R:.+]] = tt.reshape %[[X]] allow_reorder : tensor<64x64xf32, #[[$ROW]]> -> tensor<4096xf32, #{{.+}}>
  // CHECK-NEXT: tt.return %[[R]]
  tt.func @reshape_through_convert(%x: tensor<64x64xf32, #row>) -> tensor<4096xf32, #flat> {
    %c = ttg.convert_layout %x : tensor<64x64xf32, #row> -> tensor<64x64xf32, #col>
    %r = tt.reshape %c allow_reorder : tensor<64x64xf32, #col> -> tensor<4096xf32, #flat>
    tt.return %r : tensor<4096xf32, #flat>
  }

  // 256x16 in #row (a 32x64 tile) is 64 registers per thread, and lanes
  // hold copies of the 16 columns; #flat has 16 registers and no copies:
  // viewing one as the other moves data between threads, so the conversion
  // stays.
  // CHECK-LABEL: tt.func @reshape_expensive_view
  // CHECK-NEXT: ttg.convert_layout
  // CHECK-NEXT: tt.reshape
  tt.func @reshape_expensive_view(%x: tensor<256x16xf32, #row>) -> tensor<4096xf32, #flat> {
    %c = ttg.convert_layout %x : tensor<256x16xf32, #row> -> tensor<256x16xf32, #col>
    %r = tt.reshape %c allow_reorder : tensor<256x16xf32, #col> -> tensor<4096xf32, #flat>
    tt.return %r : tensor<4096xf32, #flat>
  }

  // A conversion of a reorderable reshape's result: a reshape into the
  // target layout (16 registers per thread both ways).
  // CHECK-LABEL: tt.func @convert_of_reshape
  // CHECK-SAME: (%[[X:[^:]+]]: tensor<64x64xf32,
  // CHECK-NEXT: %[[R:.+]] = tt.reshape %[[X]] allow_reorder : tensor<64x64xf32, #{{.+}}> -> tensor<4096xf32, #[[$FLAT4:.+]]>
  // CHECK-NEXT: tt.return %[[R]] : tensor<4096xf32, #[[$FLAT4]]>
  tt.func @convert_of_reshape(%x: tensor<64x64xf32, #row>) -> tensor<4096xf32, #flat4> {
    %r = tt.reshape %x allow_reorder : tensor<64x64xf32, #row> -> tensor<4096xf32, #flat>
    %c = ttg.convert_layout %r : tensor<4096xf32, #flat> -> tensor<4096xf32, #flat4>
    tt.return %c : tensor<4096xf32, #flat4>
  }

  // The compiler chose the reshape's layout (efficient_layout): kept.
  // CHECK-LABEL: tt.func @convert_of_efficient_reshape
  // CHECK-NEXT: tt.reshape
  // CHECK-NEXT: ttg.convert_layout
  tt.func @convert_of_efficient_reshape(%x: tensor<64x64xf32, #row>) -> tensor<4096xf32, #flat4> {
    %r = tt.reshape %x allow_reorder efficient_layout : tensor<64x64xf32, #row> -> tensor<4096xf32, #flat>
    %c = ttg.convert_layout %r : tensor<4096xf32, #flat> -> tensor<4096xf32, #flat4>
    tt.return %c : tensor<4096xf32, #flat4>
  }
}

// -----

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // The histogram reads the input in its own layout, the mask converted to
  // match it, and produces its bins in the layout wanted.
  // CHECK-LABEL: tt.func @histogram_through_converts
  // CHECK-SAME: (%[[X:[^:]+]]: tensor<256xi32, #[[$B2:[^>]+]]>, %[[M:[^:]+]]: tensor<256xi1, #[[$B4:[^>]+]]>)
  // CHECK-NEXT: %[[MC:.+]] = ttg.convert_layout %[[M]] : tensor<256xi1, #[[$B4]]> -> tensor<256xi1, #[[$B2]]>
  // CHECK-NEXT: %[[H:.+]] = tt.histogram %[[X]], %[[MC]] : tensor<256xi32, #[[$B2]]> -> tensor<512xi32, #[[$B4]]>
  // CHECK-NEXT: tt.return %[[H]]
  tt.func @histogram_through_converts(%x: tensor<256xi32, #b2>, %m: tensor<256xi1, #b4>) -> tensor<512xi32, #b4> {
    %xc = ttg.convert_layout %x : tensor<256xi32, #b2> -> tensor<256xi32, #b1>
    %mc = ttg.convert_layout %m : tensor<256xi1, #b4> -> tensor<256xi1, #b1>
    %h = tt.histogram %xc, %mc : tensor<256xi32, #b1> -> tensor<512xi32, #b1>
    %hc = ttg.convert_layout %h : tensor<512xi32, #b1> -> tensor<512xi32, #b4>
    tt.return %hc : tensor<512xi32, #b4>
  }

  // A cat into a layout with at least as many registers per thread is made
  // there (2 in #b1 and #b2); into one with fewer the conversion stays (4 in
  // #b4, whose warps hold copies, against 2 in #b1).
  // CHECK-LABEL: tt.func @convert_of_cat
  // CHECK-NEXT: %[[C:.+]] = tt.cat %arg0, %arg1 : tensor<128xf32, #[[$B1:[^>]+]]> -> tensor<256xf32, #[[$B2]]>
  // CHECK-NEXT: %[[D:.+]] = tt.cat %arg2, %arg2 : tensor<128xf32, #[[$B4]]> -> tensor<256xf32, #[[$B4]]>
  // CHECK-NEXT: %[[E:.+]] = ttg.convert_layout %[[D]] : tensor<256xf32, #[[$B4]]> -> tensor<256xf32, #[[$B1]]>
  // CHECK-NEXT: tt.return %[[C]], %[[E]]
  tt.func @convert_of_cat(%a: tensor<128xf32, #b1>, %b: tensor<128xf32, #b1>, %c: tensor<128xf32, #b4>) -> (tensor<256xf32, #b2>, tensor<256xf32, #b1>) {
    %0 = tt.cat %a, %b : tensor<128xf32, #b1> -> tensor<256xf32, #b1>
    %1 = ttg.convert_layout %0 : tensor<256xf32, #b1> -> tensor<256xf32, #b2>
    %2 = tt.cat %c, %c : tensor<128xf32, #b4> -> tensor<256xf32, #b4>
    %3 = ttg.convert_layout %2 : tensor<256xf32, #b4> -> tensor<256xf32, #b1>
    tt.return %1, %3 : tensor<256xf32, #b2>, tensor<256xf32, #b1>
  }
}

// -----

#row = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [8, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // The gather lowering goes through shared memory, so any source layout
  // does; unless the compiler chose it (efficient_layout).
  // CHECK-LABEL: tt.func @gather_through_convert
  // CHECK-NEXT: %[[G:.+]] = tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<16x16xf16, #[[$ROW:[^>]+]]>, tensor<16x16xi32, #[[$ROW]]>)
  // CHECK-NEXT: %[[C:.+]] = ttg.convert_layout %arg0
  // CHECK-NEXT: %[[E:.+]] = tt.gather %[[C]][%arg1] {axis = 0 : i32, efficient_layout}
  // CHECK-NEXT: tt.return %[[G]], %[[E]]
  tt.func @gather_through_convert(%src: tensor<16x16xf16, #row>, %idx: tensor<16x16xi32, #row>) -> (tensor<16x16xf16, #row>, tensor<16x16xf16, #row>) {
    %c = ttg.convert_layout %src : tensor<16x16xf16, #row> -> tensor<16x16xf16, #col>
    %g = tt.gather %c[%idx] {axis = 0 : i32} : (tensor<16x16xf16, #col>, tensor<16x16xi32, #row>) -> tensor<16x16xf16, #row>
    %c2 = ttg.convert_layout %src : tensor<16x16xf16, #row> -> tensor<16x16xf16, #col>
    %e = tt.gather %c2[%idx] {axis = 0 : i32, efficient_layout} : (tensor<16x16xf16, #col>, tensor<16x16xi32, #row>) -> tensor<16x16xf16, #row>
    tt.return %g, %e : tensor<16x16xf16, #row>, tensor<16x16xf16, #row>
  }
}

// -----

// #lin is #blocked written as a linear layout: converting between them is
// trivial, and a transpose reads through it. trans(trans(x)) with orders
// that cancel is the identity trans, which becomes a conversion (here from
// #lin to #blocked, which prints as one although it moves nothing).
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [1, 0]}>
#lin = #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [0, 16]], block = []}>
#blocked_t = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @trans_through_trivial_convert
  // CHECK-NEXT: %[[T:.+]] = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<8x32xf32, #{{.+}}> -> tensor<32x8xf32,
  // CHECK-NEXT: tt.return %[[T]]
  tt.func @trans_through_trivial_convert(%x: tensor<8x32xf32, #lin>) -> tensor<32x8xf32, #blocked_t> {
    %c = ttg.convert_layout %x : tensor<8x32xf32, #lin> -> tensor<8x32xf32, #blocked>
    %t = tt.trans %c {order = array<i32: 1, 0>} : tensor<8x32xf32, #blocked> -> tensor<32x8xf32, #blocked_t>
    tt.return %t : tensor<32x8xf32, #blocked_t>
  }

  // CHECK-LABEL: tt.func @trans_trans_is_convert
  // CHECK-NEXT: %[[C:.+]] = ttg.convert_layout %arg0 : tensor<8x32xf32, #{{.+}}> -> tensor<8x32xf32,
  // CHECK-NEXT: tt.return %[[C]]
  tt.func @trans_trans_is_convert(%x: tensor<8x32xf32, #lin>) -> tensor<8x32xf32, #blocked> {
    %a = tt.trans %x {order = array<i32: 1, 0>} : tensor<8x32xf32, #lin> -> tensor<32x8xf32, #blocked_t>
    %b = tt.trans %a {order = array<i32: 1, 0>} : tensor<32x8xf32, #blocked_t> -> tensor<8x32xf32, #blocked>
    tt.return %b : tensor<8x32xf32, #blocked>
  }
}

// -----

// split reads through a conversion whose source splits into the same
// layout: #jlin is #j as a linear layout, and its split is #blin (#blocked as
// a linear layout), which the split of #j may be written as.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#j = #ttg.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [8, 4, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#jlin = #ttg.linear<{register = [[0, 0, 1], [0, 1, 0], [0, 2, 0]], lane = [[0, 4, 0], [0, 8, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = [[8, 0, 0], [16, 0, 0]], block = []}>
#blin = #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
#k = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @split_through_convert
  // CHECK-NEXT: %{{.+}}, %{{.+}} = tt.split %arg0 : tensor<32x16x2xf32, #{{.+}}> -> tensor<32x16xf32,
  // CHECK-NEXT: ttg.convert_layout %arg1
  // CHECK-NEXT: tt.split
  tt.func @split_through_convert(%x: tensor<32x16x2xf32, #jlin>, %y: tensor<32x16x2xf32, #k>) -> (tensor<32x16xf32, #blin>, tensor<32x16xf32, #blocked>) {
    %c = ttg.convert_layout %x : tensor<32x16x2xf32, #jlin> -> tensor<32x16x2xf32, #j>
    %l, %r = tt.split %c : tensor<32x16x2xf32, #j> -> tensor<32x16xf32, #blin>
    // #k splits into another layout: the conversion stays.
    %d = ttg.convert_layout %y : tensor<32x16x2xf32, #k> -> tensor<32x16x2xf32, #j>
    %l2, %r2 = tt.split %d : tensor<32x16x2xf32, #j> -> tensor<32x16xf32, #blocked>
    tt.return %l, %r2 : tensor<32x16xf32, #blin>, tensor<32x16xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 2, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // An immutable copy of an immutable buffer of the same type is it.
  // CHECK-LABEL: tt.func @copy_of_immutable_buffer
  // CHECK-NEXT: %[[A:.+]] = ttg.local_alloc %arg0
  // CHECK-NEXT: tt.return %[[A]]
  tt.func @copy_of_immutable_buffer(%x: tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem> {
    %0 = ttg.local_alloc %x : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
    %2 = ttg.local_alloc %1 : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    tt.return %2 : !ttg.memdesc<16x16xf16, #shared, #smem>
  }

  // A mutable source may change, and a copy in another layout is another
  // buffer: both copies stay.
  // CHECK-LABEL: tt.func @copies_kept
  // CHECK: ttg.local_load
  // CHECK-NEXT: ttg.local_alloc
  // CHECK: ttg.local_load
  // CHECK-NEXT: ttg.local_alloc
  tt.func @copies_kept(%x: tensor<16x16xf16, #blocked>) -> (!ttg.memdesc<16x16xf16, #shared, #smem>, !ttg.memdesc<16x16xf16, #shared1, #smem>) {
    %0 = ttg.local_alloc %x : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
    %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #shared, #smem, mutable> -> tensor<16x16xf16, #blocked>
    %2 = ttg.local_alloc %1 : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %3 = ttg.local_alloc %x : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %4 = ttg.local_load %3 : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
    %5 = ttg.local_alloc %4 : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared1, #smem>
    tt.return %2, %5 : !ttg.memdesc<16x16xf16, #shared, #smem>, !ttg.memdesc<16x16xf16, #shared1, #smem>
  }
}

// -----

// ttg.warp_specialize: results nobody reads, captures no partition reads,
// and repeated captures go.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @warp_specialize_cleanup
  // CHECK-NEXT: %[[W:.+]]:2 = ttg.warp_specialize(%arg0, %arg1, %arg3)
  // CHECK-NEXT: default {
  // CHECK-NEXT: ttg.warp_yield %arg0, %arg2 : i32, i32
  // CHECK-NEXT: }
  // CHECK-NEXT: partition0(%[[A:.+]]: i32, %[[B:.+]]: i32, %[[P:.+]]: !tt.ptr<i32>) num_warps(4) {
  // CHECK-NEXT: %[[S:.+]] = arith.addi %[[A]], %[[B]]
  // CHECK-NEXT: %[[T:.+]] = arith.muli %[[B]], %[[A]]
  // CHECK: } : (i32, i32, !tt.ptr<i32>) -> (i32, i32)
  // CHECK-NEXT: tt.return %[[W]]#0, %[[W]]#1 : i32, i32
  tt.func @warp_specialize_cleanup(%a: i32, %b: i32, %c: i32, %p: !tt.ptr<i32>) -> (i32, i32) {
    %r:3 = ttg.warp_specialize(%a, %b, %c, %b, %a, %p)
    default {
      ttg.warp_yield %a, %b, %c : i32, i32, i32
    }
    partition0(%x: i32, %y: i32, %z: i32, %y2: i32, %x2: i32, %q: !tt.ptr<i32>) num_warps(4) {
      %s = arith.addi %x, %y : i32
      %t = arith.muli %y2, %x2 : i32
      %u = arith.addi %s, %t : i32
      tt.store %q, %u : !tt.ptr<i32>
      ttg.warp_return
    } : (i32, i32, i32, i32, i32, !tt.ptr<i32>) -> (i32, i32, i32)
    tt.return %r#0, %r#2 : i32, i32
  }
}
