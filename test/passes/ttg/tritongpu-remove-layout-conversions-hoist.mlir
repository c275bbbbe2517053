// tritongpu-remove-layout-conversions, last steps. A conversion to an mma
// dot operand that a dot post-dominates moves up to the load it converts,
// through ops that need no data movement between threads, which are then
// computed in the dot operand layout (Triton's hoistConvertDotOperand).
// An fp8 operand of mma.sync below cuda:89 is upcast to f16: hoisted, the
// fp8 bytes go through shared memory (half the buffer of f16) and the
// upcast runs on the loaded registers, as in Triton's TTGIR. Any other
// conversion of a value made by one widening op moves above that op.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s --enable-var-scope

// CHECK-LABEL: tt.func @fp8_upcast
// CHECK: %[[X:.+]] = tt.load %arg0 : tensor<64x64x!tt.ptr<f8E5M2>, #blocked>
// CHECK-NEXT: %[[D:.+]] = ttg.convert_layout %[[X]] : tensor<64x64xf8E5M2, #blocked> -> tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
// CHECK: %[[F:.+]] = tt.fp_to_fp %[[D]] : tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
// CHECK: %[[S:.+]] = arith.mulf %[[F]], %{{.+}} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
// CHECK: tt.dot %[[S]], %arg1, %arg2
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @fp8_upcast(%p: tensor<64x64x!tt.ptr<f8E5M2>, #blocked>, %b: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %scale = arith.constant dense<2.0> : tensor<64x64xf16, #blocked>
    %x = tt.load %p : tensor<64x64x!tt.ptr<f8E5M2>, #blocked>
    %f = tt.fp_to_fp %x : tensor<64x64xf8E5M2, #blocked> -> tensor<64x64xf16, #blocked>
    %s = arith.mulf %f, %scale : tensor<64x64xf16, #blocked>
    %a = ttg.convert_layout %s : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %d = tt.dot %a, %b, %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// A reduction moves data between threads: the conversion stays after it.
// CHECK-LABEL: tt.func @stops_at_reduction
// CHECK: tt.reduce
// CHECK: %[[E:.+]] = math.exp %{{.+}} : tensor<64x64xf16, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT: ttg.convert_layout %[[E]] : tensor<64x64xf16, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<64x64xf16, #ttg.dot_op
// CHECK-NEXT: tt.dot
#blocked = #ttg.blocked<{sizePerThread = [1, 1, 16], threadsPerWarp = [1, 8, 4], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @stops_at_reduction(%x: tensor<2x64x64xf16, #blocked>, %b: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%l: f16, %m: f16):
      %s = arith.addf %l, %m : f16
      tt.reduce.return %s : f16
    }) : (tensor<2x64x64xf16, #blocked>) -> tensor<64x64xf16, #ttg.slice<{dim = 0, parent = #blocked}>>
    %q = ttg.convert_layout %r : tensor<64x64xf16, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<64x64xf16, #blocked2>
    %e = math.exp %q : tensor<64x64xf16, #blocked2>
    %a = ttg.convert_layout %e : tensor<64x64xf16, #blocked2> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %a, %b, %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// Any other conversion of a value one widening op made (extf here) converts
// the narrower operand instead: the bf16 transpose of a to_copy goes
// through shared memory as bf16, half the bytes of f32 (Triton's
// hoistConvertOnTopOfExtOrBroadcast). The multiply after the extf is
// computed again in the stored layout.
// CHECK-LABEL: tt.func @transposed_upcast
// CHECK: %[[X:.+]] = tt.load %arg0 : tensor<64x64x!tt.ptr<bf16>, #[[ROW:blocked[0-9]*]]>
// CHECK: %[[C:.+]] = ttg.convert_layout %[[X]] : tensor<64x64xbf16, #[[ROW]]> -> tensor<64x64xbf16, #[[COL:blocked[0-9]*]]>
// CHECK: %[[E:.+]] = arith.extf %[[C]] : tensor<64x64xbf16, #[[COL]]> to tensor<64x64xf32, #[[COL]]>
// CHECK: %[[M:.+]] = arith.mulf %[[E]], %{{.+}} : tensor<64x64xf32, #[[COL]]>
// CHECK: tt.store %arg1, %[[M]] : tensor<64x64x!tt.ptr<f32>, #[[COL]]>
#row = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @transposed_upcast(%p: tensor<64x64x!tt.ptr<bf16>, #row>, %q: tensor<64x64x!tt.ptr<f32>, #col>) {
    %two = arith.constant dense<2.0> : tensor<64x64xf32, #row>
    %x = tt.load %p : tensor<64x64x!tt.ptr<bf16>, #row>
    %e = arith.extf %x : tensor<64x64xbf16, #row> to tensor<64x64xf32, #row>
    %m = arith.mulf %e, %two : tensor<64x64xf32, #row>
    %c = ttg.convert_layout %m : tensor<64x64xf32, #row> -> tensor<64x64xf32, #col>
    tt.store %q, %c : tensor<64x64x!tt.ptr<f32>, #col>
    tt.return
  }
}

// -----

// Two widening ops would need two conversions: left alone.
// CHECK-LABEL: tt.func @two_widenings_stay
// CHECK: arith.addf {{.+}} : tensor<64x64xf32, #[[ROW2:blocked[0-9]*]]>
// CHECK-NEXT: ttg.convert_layout %{{.+}} : tensor<64x64xf32, #[[ROW2]]> -> tensor<64x64xf32,
#row = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @two_widenings_stay(%p: tensor<64x64x!tt.ptr<bf16>, #row>, %r: tensor<64x64x!tt.ptr<f16>, #row>, %q: tensor<64x64x!tt.ptr<f32>, #col>) {
    %x = tt.load %p : tensor<64x64x!tt.ptr<bf16>, #row>
    %y = tt.load %r : tensor<64x64x!tt.ptr<f16>, #row>
    %ex = arith.extf %x : tensor<64x64xbf16, #row> to tensor<64x64xf32, #row>
    %ey = arith.extf %y : tensor<64x64xf16, #row> to tensor<64x64xf32, #row>
    %s = arith.addf %ex, %ey : tensor<64x64xf32, #row>
    %c = ttg.convert_layout %s : tensor<64x64xf32, #row> -> tensor<64x64xf32, #col>
    tt.store %q, %c : tensor<64x64x!tt.ptr<f32>, #col>
    tt.return
  }
}

// -----

// Flex attention's score_mod in its kv loop: bias = slope * (q_idx - kv_idx)
// added to the mma scores, with kv_idx a 1x128 row the loop carries in a
// blocked layout and q_idx and the slope made before the loop. Only the
// carried row needs moving: it is converted (128 elements, not 128x128)
// and broadcast in the mma layout; q_idx and the slope, broadcasts too
// but of values cheap to compute again, are computed in the mma layout
// before the loop, as in Triton's TTGIR. tile used to convert the 128x128
// bias every iteration (64 KiB of scratch).
// CHECK-LABEL: tt.func @score_mod_in_loop
// CHECK: %[[QIDX:.+]] = tt.broadcast %{{.+}} : tensor<128x1xi32, #mma> -> tensor<128x128xi32, #mma>
// CHECK: scf.for {{.*}} iter_args(%{{.+}} = %{{.+}}, %[[KV:.+]] = %{{.+}})
// CHECK-NOT: ttg.convert_layout {{.*}} tensor<128x128
// CHECK: %[[ROW:.+]] = ttg.convert_layout %[[KV]] : tensor<1x128xi32, #blocked> -> tensor<1x128xi32, #mma>
// CHECK: %[[B:.+]] = tt.broadcast %[[ROW]] : tensor<1x128xi32, #mma> -> tensor<128x128xi32, #mma>
// CHECK: arith.subi %[[QIDX]], %[[B]] : tensor<128x128xi32, #mma>
// CHECK-NOT: ttg.convert_layout {{.*}} tensor<128x128
// CHECK: scf.yield
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @score_mod_in_loop(%scores: tensor<128x128xf32, #mma>, %slope: f32, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c128 = arith.constant dense<128> : tensor<1x128xi32, #blocked>
    %q = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %q2 = tt.expand_dims %q {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %qidx = tt.broadcast %q2 : tensor<128x1xi32, #blocked> -> tensor<128x128xi32, #blocked>
    %slopes = tt.splat %slope : f32 -> tensor<128x128xf32, #blocked>
    %k = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %k2 = tt.expand_dims %k {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %scores, %kv = %k2) -> (tensor<128x128xf32, #mma>, tensor<1x128xi32, #blocked>) : i32 {
      %kvb = tt.broadcast %kv : tensor<1x128xi32, #blocked> -> tensor<128x128xi32, #blocked>
      %diff = arith.subi %qidx, %kvb : tensor<128x128xi32, #blocked>
      %f = arith.sitofp %diff : tensor<128x128xi32, #blocked> to tensor<128x128xf32, #blocked>
      %bias = arith.mulf %slopes, %f : tensor<128x128xf32, #blocked>
      %cb = ttg.convert_layout %bias : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, #mma>
      %s = arith.addf %acc, %cb : tensor<128x128xf32, #mma>
      %next = arith.addi %kv, %c128 : tensor<1x128xi32, #blocked>
      scf.yield %s, %next : tensor<128x128xf32, #mma>, tensor<1x128xi32, #blocked>
    }
    tt.return %r#0 : tensor<128x128xf32, #mma>
  }
}

// -----

// Inductor's layer-norm backward scales each row by a per-column weight
// loaded in its own coalesced layout (#c) while the rows stay in #b. The
// conversion of the product back to #b reaches the weight's broadcast
// through an earlier conversion from #b (free to skip: the product takes
// its source), so it moves above the broadcast: the 1x1024 weight is
// converted instead of the 4x1024 product, as in Triton. A second
// conversion of a value computed from the same broadcast reuses the
// weight's conversion and needs none of its own.
// CHECK-DAG: [[$B:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [2, 4], order = [1, 0]}>
// CHECK-DAG: [[$C:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
// CHECK-LABEL: tt.func @scale_rows_twice
// CHECK: %[[X:.+]] = tt.load %arg0 : tensor<4x1024x!tt.ptr<f32>, [[$B]]>
// CHECK: %[[W:.+]] = tt.load %arg1 : tensor<1x1024x!tt.ptr<f32>, [[$C]]>
// CHECK-NEXT: %[[WB:.+]] = ttg.convert_layout %[[W]] : tensor<1x1024xf32, [[$C]]> -> tensor<1x1024xf32, [[$B]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.broadcast %[[WB]] : tensor<1x1024xf32, [[$B]]> -> tensor<4x1024xf32, [[$B]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store %arg2, %{{.+}} : tensor<4x1024x!tt.ptr<f32>, [[$B]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store %arg3, %{{.+}} : tensor<4x1024x!tt.ptr<f32>, [[$B]]>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [2, 4], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scale_rows_twice(%xp: tensor<4x1024x!tt.ptr<f32>, #b>, %wp: tensor<1x1024x!tt.ptr<f32>, #c>, %op: tensor<4x1024x!tt.ptr<f32>, #b>, %qp: tensor<4x1024x!tt.ptr<f32>, #b>) {
    %x = tt.load %xp : tensor<4x1024x!tt.ptr<f32>, #b>
    %xc = ttg.convert_layout %x : tensor<4x1024xf32, #b> -> tensor<4x1024xf32, #c>
    %w = tt.load %wp : tensor<1x1024x!tt.ptr<f32>, #c>
    %wb = tt.broadcast %w : tensor<1x1024xf32, #c> -> tensor<4x1024xf32, #c>
    %m = arith.mulf %xc, %wb : tensor<4x1024xf32, #c>
    %mb = ttg.convert_layout %m : tensor<4x1024xf32, #c> -> tensor<4x1024xf32, #b>
    tt.store %op, %mb : tensor<4x1024x!tt.ptr<f32>, #b>
    %n = arith.addf %m, %wb : tensor<4x1024xf32, #c>
    %nb = ttg.convert_layout %n : tensor<4x1024xf32, #c> -> tensor<4x1024xf32, #b>
    tt.store %qp, %nb : tensor<4x1024x!tt.ptr<f32>, #b>
    tt.return
  }
}

// -----

// After the hoists, a conversion of a row sum back to the rows' layout #b
// whose operand was converted from #b into the weight's layout #c: the
// reduction is used once and the weight is already converted to #b before
// its uses, so the sum is computed again in #b (Triton's rematerialization
// through reductions) and the 4x1024 conversion of the rows dies with the
// old chain. One conversion is left, the weight's.
// CHECK-LABEL: tt.func @weighted_row_sums
// CHECK: %[[W:.+]] = tt.load %arg1
// CHECK-NEXT: %[[WB:.+]] = ttg.convert_layout %[[W]] : tensor<1x1024xf32, [[$C:#[a-z0-9]+]]> -> tensor<1x1024xf32, [[$B:#[a-z0-9]+]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: "tt.reduce"
// CHECK: }) : (tensor<4x1024xf32, [[$B]]>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = [[$B]]}>>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [2, 4], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @weighted_row_sums(%xp: tensor<4x1024x!tt.ptr<f32>, #b>, %wp: tensor<1x1024x!tt.ptr<f32>, #c>, %op: tensor<4x1x!tt.ptr<f32>, #b>, %qp: tensor<4x1024x!tt.ptr<f32>, #b>) {
    %x = tt.load %xp : tensor<4x1024x!tt.ptr<f32>, #b>
    %w = tt.load %wp : tensor<1x1024x!tt.ptr<f32>, #c>
    %wq = ttg.convert_layout %w : tensor<1x1024xf32, #c> -> tensor<1x1024xf32, #b>
    %wqb = tt.broadcast %wq : tensor<1x1024xf32, #b> -> tensor<4x1024xf32, #b>
    %q = arith.mulf %x, %wqb : tensor<4x1024xf32, #b>
    tt.store %qp, %q : tensor<4x1024x!tt.ptr<f32>, #b>
    %xc = ttg.convert_layout %x : tensor<4x1024xf32, #b> -> tensor<4x1024xf32, #c>
    %wb = tt.broadcast %w : tensor<1x1024xf32, #c> -> tensor<4x1024xf32, #c>
    %p = arith.mulf %xc, %wb : tensor<4x1024xf32, #c>
    %s = "tt.reduce"(%p) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b2: f32):
      %r = arith.addf %a, %b2 : f32
      tt.reduce.return %r : f32
    }) : (tensor<4x1024xf32, #c>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #c}>>
    %se = tt.expand_dims %s {axis = 1 : i32} : tensor<4xf32, #ttg.slice<{dim = 1, parent = #c}>> -> tensor<4x1xf32, #c>
    %sb = ttg.convert_layout %se : tensor<4x1xf32, #c> -> tensor<4x1xf32, #b>
    tt.store %op, %sb : tensor<4x1x!tt.ptr<f32>, #b>
    tt.return
  }
}
