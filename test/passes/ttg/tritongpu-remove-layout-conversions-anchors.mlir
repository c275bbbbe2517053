// tritongpu-remove-layout-conversions, first step: the layouts of anchors
// (loads of at least one element per thread, dots, atomics) are carried
// forward through elementwise ops, broadcasts, reductions (as slices),
// expand_dims (back to the parent), conversions and scf.for values. A value
// two layouts reach takes the tensor-core one, else the first to
// arrive (the last anchor spreads first). A dot's mma layout spreads as
// any anchor's does, into an epilogue too (as Triton 3.6's propagation).
// Inputs are what tritongpu-accelerate-matmul leaves: each dot in #mma with
// its result converted back to #blocked.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s --enable-var-scope

// (a) The attention inner loop on cuda:80: S = Q K in #mma, converted to a
// blocked layout for the row max, the exp2 and the row sum, the running
// max/sum and the output accumulator carried by the loop in blocked
// layouts, and O = P V with P and the accumulator converted back to the
// tensor cores. P's conversion to a dot operand layout brings S's #mma
// back to the tensor cores, so #mma spreads through the whole body: the
// row statistics are carried as slices of #mma (the loop's iter_args, its
// results and their initial constants), the accumulator in #mma, and the
// only conversion from #mma left in the loop is P's, into the dot operand
// layout (K and V are converted from their loads, as before). The epilogue
// divides in #mma and converts once, for the store. This is what keeps P
// and the statistics in registers without a shared-memory round trip per
// iteration.
// CHECK-DAG: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-DAG: [[$LD:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: [[$OUT:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-LABEL: tt.func @attention_body
// CHECK-DAG: %[[ZS:.+]] = arith.constant dense<0.000000e+00> : tensor<64x32xf32, [[$MMA]]>
// CHECK-DAG: %[[ZO:.+]] = arith.constant dense<0.000000e+00> : tensor<64x16xf32, [[$MMA]]>
// CHECK-DAG: %[[NINF:.+]] = arith.constant dense<0xFF800000> : tensor<64xf32, #ttg.slice<{dim = 1, parent = [[$MMA]]}>>
// CHECK-DAG: %[[ZR:.+]] = arith.constant dense<0.000000e+00> : tensor<64xf32, #ttg.slice<{dim = 1, parent = [[$MMA]]}>>
// CHECK: %[[R:.+]]:3 = scf.for {{.+}} iter_args(%[[M:.+]] = %[[NINF]], %[[L:.+]] = %[[ZR]], %[[ACC:.+]] = %[[ZO]]) -> (tensor<64xf32, #ttg.slice<{dim = 1, parent = [[$MMA]]}>>, tensor<64xf32, #ttg.slice<{dim = 1, parent = [[$MMA]]}>>, tensor<64x16xf32, [[$MMA]]>)
// CHECK: %[[K:.+]] = tt.load %arg1 : tensor<16x32x!tt.ptr<f16>, [[$LD]]>
// CHECK-NEXT: %[[KOP:.+]] = ttg.convert_layout %[[K]] : tensor<16x32xf16, [[$LD]]> -> tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>>
// CHECK-NEXT: %[[S:.+]] = tt.dot %arg0, %[[KOP]], %[[ZS]] : {{.+}} -> tensor<64x32xf32, [[$MMA]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[MIJ:.+]] = "tt.reduce"(%[[S]]) <{axis = 1 : i32}>
// CHECK: arith.maxnumf
// CHECK: }) : (tensor<64x32xf32, [[$MMA]]>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = [[$MMA]]}>>
// CHECK-NEXT: %[[MNEW:.+]] = arith.maxnumf %[[M]], %[[MIJ]] : tensor<64xf32, #ttg.slice<{dim = 1, parent = [[$MMA]]}>>
// CHECK-NEXT: %[[M2:.+]] = tt.expand_dims %[[MNEW]] {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = [[$MMA]]}>> -> tensor<64x1xf32, [[$MMA]]>
// CHECK-NEXT: %[[MB:.+]] = tt.broadcast %[[M2]] : tensor<64x1xf32, [[$MMA]]> -> tensor<64x32xf32, [[$MMA]]>
// CHECK-NEXT: %[[D:.+]] = arith.subf %[[S]], %[[MB]] : tensor<64x32xf32, [[$MMA]]>
// CHECK-NEXT: %[[P:.+]] = math.exp2 %[[D]] : tensor<64x32xf32, [[$MMA]]>
// CHECK-NEXT: %[[LIJ:.+]] = "tt.reduce"(%[[P]]) <{axis = 1 : i32}>
// CHECK: arith.addf
// CHECK: }) : (tensor<64x32xf32, [[$MMA]]>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = [[$MMA]]}>>
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[ALPHA:.+]] = math.exp2 %{{.+}} : tensor<64xf32, #ttg.slice<{dim = 1, parent = [[$MMA]]}>>
// CHECK-NEXT: %[[LA:.+]] = arith.mulf %[[L]], %[[ALPHA]] : tensor<64xf32, #ttg.slice<{dim = 1, parent = [[$MMA]]}>>
// CHECK-NEXT: %[[LNEW:.+]] = arith.addf %[[LA]], %[[LIJ]] : tensor<64xf32, #ttg.slice<{dim = 1, parent = [[$MMA]]}>>
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[ACCS:.+]] = arith.mulf %[[ACC]], %{{.+}} : tensor<64x16xf32, [[$MMA]]>
// CHECK-NEXT: %[[V:.+]] = tt.load %arg2 : tensor<32x16x!tt.ptr<f16>, [[$LD]]>
// CHECK-NEXT: %[[P16:.+]] = arith.truncf %[[P]] : tensor<64x32xf32, [[$MMA]]> to tensor<64x32xf16, [[$MMA]]>
// CHECK-NEXT: %[[POP:.+]] = ttg.convert_layout %[[P16]] : tensor<64x32xf16, [[$MMA]]> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>>
// CHECK-NEXT: %[[VOP:.+]] = ttg.convert_layout %[[V]] : tensor<32x16xf16, [[$LD]]> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>>
// CHECK-NEXT: %[[O:.+]] = tt.dot %[[POP]], %[[VOP]], %[[ACCS]] : {{.+}} -> tensor<64x16xf32, [[$MMA]]>
// CHECK-NEXT: scf.yield %[[MNEW]], %[[LNEW]], %[[O]] : tensor<64xf32, #ttg.slice<{dim = 1, parent = [[$MMA]]}>>, tensor<64xf32, #ttg.slice<{dim = 1, parent = [[$MMA]]}>>, tensor<64x16xf32, [[$MMA]]>
// CHECK-NEXT: }
// CHECK-NEXT: %[[L2:.+]] = tt.expand_dims %[[R]]#1 {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = [[$MMA]]}>> -> tensor<64x1xf32, [[$MMA]]>
// CHECK-NEXT: %[[LB:.+]] = tt.broadcast %[[L2]] : tensor<64x1xf32, [[$MMA]]> -> tensor<64x16xf32, [[$MMA]]>
// CHECK-NEXT: %[[OUT:.+]] = arith.divf %[[R]]#2, %[[LB]] : tensor<64x16xf32, [[$MMA]]>
// CHECK-NEXT: %[[OUTB:.+]] = ttg.convert_layout %[[OUT]] : tensor<64x16xf32, [[$MMA]]> -> tensor<64x16xf32, [[$OUT]]>
// CHECK-NEXT: tt.store %arg3, %[[OUTB]] : tensor<64x16x!tt.ptr<f32>, [[$OUT]]>
#blk = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#ld = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dotB = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#row = #ttg.slice<{dim = 1, parent = #blk}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @attention_body(%q: tensor<64x16xf16, #dotA>, %kp: tensor<16x32x!tt.ptr<f16>, #ld>, %vp: tensor<32x16x!tt.ptr<f16>, #ld>, %op: tensor<64x16x!tt.ptr<f32>, #blk>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero_s = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #blk>
    %zero_o = arith.constant dense<0.000000e+00> : tensor<64x16xf32, #blk>
    %ninf = arith.constant dense<0xFF800000> : tensor<64xf32, #row>
    %zero_r = arith.constant dense<0.000000e+00> : tensor<64xf32, #row>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%m_i = %ninf, %l_i = %zero_r, %acc = %zero_o) -> (tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64x16xf32, #blk>) : i32 {
      %k = tt.load %kp : tensor<16x32x!tt.ptr<f16>, #ld>
      %k_op = ttg.convert_layout %k : tensor<16x32xf16, #ld> -> tensor<16x32xf16, #dotB>
      %s_init = ttg.convert_layout %zero_s : tensor<64x32xf32, #blk> -> tensor<64x32xf32, #mma>
      %s_mma = tt.dot %q, %k_op, %s_init : tensor<64x16xf16, #dotA> * tensor<16x32xf16, #dotB> -> tensor<64x32xf32, #mma>
      %s = ttg.convert_layout %s_mma : tensor<64x32xf32, #mma> -> tensor<64x32xf32, #blk>
      %m_ij = "tt.reduce"(%s) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %mx = arith.maxnumf %x, %y : f32
        tt.reduce.return %mx : f32
      }) : (tensor<64x32xf32, #blk>) -> tensor<64xf32, #row>
      %m_new = arith.maxnumf %m_i, %m_ij : tensor<64xf32, #row>
      %m_2d = tt.expand_dims %m_new {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #blk>
      %m_b = tt.broadcast %m_2d : tensor<64x1xf32, #blk> -> tensor<64x32xf32, #blk>
      %d = arith.subf %s, %m_b : tensor<64x32xf32, #blk>
      %p = math.exp2 %d : tensor<64x32xf32, #blk>
      %l_ij = "tt.reduce"(%p) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %sum = arith.addf %x, %y : f32
        tt.reduce.return %sum : f32
      }) : (tensor<64x32xf32, #blk>) -> tensor<64xf32, #row>
      %dm = arith.subf %m_i, %m_new : tensor<64xf32, #row>
      %alpha = math.exp2 %dm : tensor<64xf32, #row>
      %l_a = arith.mulf %l_i, %alpha : tensor<64xf32, #row>
      %l_new = arith.addf %l_a, %l_ij : tensor<64xf32, #row>
      %alpha_2d = tt.expand_dims %alpha {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #blk>
      %alpha_b = tt.broadcast %alpha_2d : tensor<64x1xf32, #blk> -> tensor<64x16xf32, #blk>
      %acc_s = arith.mulf %acc, %alpha_b : tensor<64x16xf32, #blk>
      %v = tt.load %vp : tensor<32x16x!tt.ptr<f16>, #ld>
      %p16 = arith.truncf %p : tensor<64x32xf32, #blk> to tensor<64x32xf16, #blk>
      %p_op = ttg.convert_layout %p16 : tensor<64x32xf16, #blk> -> tensor<64x32xf16, #dotA>
      %v_op = ttg.convert_layout %v : tensor<32x16xf16, #ld> -> tensor<32x16xf16, #dotB>
      %acc_mma = ttg.convert_layout %acc_s : tensor<64x16xf32, #blk> -> tensor<64x16xf32, #mma>
      %o_mma = tt.dot %p_op, %v_op, %acc_mma : tensor<64x32xf16, #dotA> * tensor<32x16xf16, #dotB> -> tensor<64x16xf32, #mma>
      %o = ttg.convert_layout %o_mma : tensor<64x16xf32, #mma> -> tensor<64x16xf32, #blk>
      scf.yield %m_new, %l_new, %o : tensor<64xf32, #row>, tensor<64xf32, #row>, tensor<64x16xf32, #blk>
    }
    %l_2d = tt.expand_dims %r#1 {axis = 1 : i32} : tensor<64xf32, #row> -> tensor<64x1xf32, #blk>
    %l_b = tt.broadcast %l_2d : tensor<64x1xf32, #blk> -> tensor<64x16xf32, #blk>
    %out = arith.divf %r#2, %l_b : tensor<64x16xf32, #blk>
    tt.store %op, %out : tensor<64x16x!tt.ptr<f32>, #blk>
    tt.return
  }
}

// -----

// (b) A matmul without a loop: dot -> truncf -> store. #mma spreads from
// the dot into the truncf: the one conversion left, before the store,
// moves f16 values (as in Triton's TTGIR of a loop-free matmul). The loads
// are anchors, but their layout only reaches the conversions to the dot
// operand layouts, which stay; the accumulator's zero constant is
// rematerialized in #mma.
// CHECK-DAG: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-DAG: [[$B:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @matmul_epilogue
// CHECK: %[[Z:.+]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, [[$MMA]]>
// CHECK: %[[C:.+]] = tt.dot %{{.+}}, %{{.+}}, %[[Z]] : {{.+}} -> tensor<64x64xf32, [[$MMA]]>
// CHECK-NEXT: %[[C16:.+]] = arith.truncf %[[C]] : tensor<64x64xf32, [[$MMA]]> to tensor<64x64xf16, [[$MMA]]>
// CHECK-NEXT: %[[CB:.+]] = ttg.convert_layout %[[C16]] : tensor<64x64xf16, [[$MMA]]> -> tensor<64x64xf16, [[$B]]>
// CHECK-NEXT: tt.store %arg2, %[[CB]] : tensor<64x64x!tt.ptr<f16>, [[$B]]>
#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dotB = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @matmul_epilogue(%ap: tensor<64x32x!tt.ptr<f16>, #blk>, %bp: tensor<32x64x!tt.ptr<f16>, #blk>, %cp: tensor<64x64x!tt.ptr<f16>, #blk>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blk>
    %a = tt.load %ap : tensor<64x32x!tt.ptr<f16>, #blk>
    %b = tt.load %bp : tensor<32x64x!tt.ptr<f16>, #blk>
    %a_op = ttg.convert_layout %a : tensor<64x32xf16, #blk> -> tensor<64x32xf16, #dotA>
    %b_op = ttg.convert_layout %b : tensor<32x64xf16, #blk> -> tensor<32x64xf16, #dotB>
    %c_init = ttg.convert_layout %zero : tensor<64x64xf32, #blk> -> tensor<64x64xf32, #mma>
    %c_mma = tt.dot %a_op, %b_op, %c_init : tensor<64x32xf16, #dotA> * tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
    %c = ttg.convert_layout %c_mma : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blk>
    %c16 = arith.truncf %c : tensor<64x64xf32, #blk> to tensor<64x64xf16, #blk>
    tt.store %cp, %c16 : tensor<64x64x!tt.ptr<f16>, #blk>
    tt.return
  }
}

// -----

// (b2) The same matmul with a bias added in f32 before the truncation
// (Inductor's addmm epilogue). The addf takes #mma, as in Triton: the
// bias, a load anchored in #blocked, is converted to #mma as bf16 (before
// its extf), and the bf16 sum back to #blocked for the store: two 2-byte
// conversions, where the f32 accumulator converted to #blocked took 254
// registers against Triton's 227 in a 128x128 tile and ran 0.96x.
// CHECK-LABEL: tt.func @matmul_bias_epilogue
// CHECK: %[[BIAS:.+]] = tt.load %arg3 : tensor<64x64x!tt.ptr<bf16>, [[$B]]>
// CHECK: %[[C:.+]] = tt.dot {{.+}} -> tensor<64x64xf32, [[$MMA]]>
// CHECK: %[[BM:.+]] = ttg.convert_layout %[[BIAS]] : tensor<64x64xbf16, [[$B]]> -> tensor<64x64xbf16, [[$MMA]]>
// CHECK: %[[BF:.+]] = arith.extf %[[BM]] : tensor<64x64xbf16, [[$MMA]]> to tensor<64x64xf32, [[$MMA]]>
// CHECK: %[[SUM:.+]] = arith.addf %[[C]], %[[BF]] : tensor<64x64xf32, [[$MMA]]>
// CHECK: %[[S16:.+]] = arith.truncf %[[SUM]] : tensor<64x64xf32, [[$MMA]]> to tensor<64x64xbf16, [[$MMA]]>
// CHECK: %[[SB:.+]] = ttg.convert_layout %[[S16]] : tensor<64x64xbf16, [[$MMA]]> -> tensor<64x64xbf16, [[$B]]>
// CHECK: tt.store %arg2, %[[SB]] : tensor<64x64x!tt.ptr<bf16>, [[$B]]>
// CHECK-NOT: ttg.convert_layout
#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dotB = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @matmul_bias_epilogue(%ap: tensor<64x32x!tt.ptr<bf16>, #blk>, %bp: tensor<32x64x!tt.ptr<bf16>, #blk>, %cp: tensor<64x64x!tt.ptr<bf16>, #blk>, %biasp: tensor<64x64x!tt.ptr<bf16>, #blk>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blk>
    %a = tt.load %ap : tensor<64x32x!tt.ptr<bf16>, #blk>
    %b = tt.load %bp : tensor<32x64x!tt.ptr<bf16>, #blk>
    %bias = tt.load %biasp : tensor<64x64x!tt.ptr<bf16>, #blk>
    %a_op = ttg.convert_layout %a : tensor<64x32xbf16, #blk> -> tensor<64x32xbf16, #dotA>
    %b_op = ttg.convert_layout %b : tensor<32x64xbf16, #blk> -> tensor<32x64xbf16, #dotB>
    %c_init = ttg.convert_layout %zero : tensor<64x64xf32, #blk> -> tensor<64x64xf32, #mma>
    %c_mma = tt.dot %a_op, %b_op, %c_init : tensor<64x32xbf16, #dotA> * tensor<32x64xbf16, #dotB> -> tensor<64x64xf32, #mma>
    %c = ttg.convert_layout %c_mma : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blk>
    %bias32 = arith.extf %bias : tensor<64x64xbf16, #blk> to tensor<64x64xf32, #blk>
    %sum = arith.addf %c, %bias32 : tensor<64x64xf32, #blk>
    %c16 = arith.truncf %sum : tensor<64x64xf32, #blk> to tensor<64x64xbf16, #blk>
    tt.store %cp, %c16 : tensor<64x64x!tt.ptr<bf16>, #blk>
    tt.return
  }
}

// -----

// (c) A conflict: the accumulator the loop carries starts from a load (an
// anchor in the blocked layout, which reaches the iter_arg through its
// initial value) and is updated by a dot (#mma, which reaches it through
// the yield, and comes back to the tensor cores as the next iteration's
// accumulator). The tensor-core layout wins even though the load's layout
// arrives first: the loop carries #mma, the load is converted once before
// the loop and the result once after it, for the store; the body has no
// conversion left.
// CHECK-DAG: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-DAG: [[$B:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @conflict
// CHECK: %[[INIT:.+]] = tt.load %arg2 : tensor<64x64x!tt.ptr<f32>, [[$B]]>
// CHECK-NEXT: %[[INITM:.+]] = ttg.convert_layout %[[INIT]] : tensor<64x64xf32, [[$B]]> -> tensor<64x64xf32, [[$MMA]]>
// CHECK-NEXT: %[[R:.+]] = scf.for {{.+}} iter_args(%[[ACC:.+]] = %[[INITM]]) -> (tensor<64x64xf32, [[$MMA]]>)
// CHECK-NEXT: %[[D:.+]] = tt.dot %arg0, %arg1, %[[ACC]] : {{.+}} -> tensor<64x64xf32, [[$MMA]]>
// CHECK-NEXT: scf.yield %[[D]] : tensor<64x64xf32, [[$MMA]]>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RB:.+]] = ttg.convert_layout %[[R]] : tensor<64x64xf32, [[$MMA]]> -> tensor<64x64xf32, [[$B]]>
// CHECK-NEXT: tt.store %arg2, %[[RB]] : tensor<64x64x!tt.ptr<f32>, [[$B]]>
#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#dotA = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dotB = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @conflict(%a: tensor<64x32xf16, #dotA>, %b: tensor<32x64xf16, #dotB>, %cp: tensor<64x64x!tt.ptr<f32>, #blk>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %init = tt.load %cp : tensor<64x64x!tt.ptr<f32>, #blk>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x64xf32, #blk>) : i32 {
      %acc_mma = ttg.convert_layout %acc : tensor<64x64xf32, #blk> -> tensor<64x64xf32, #mma>
      %d = tt.dot %a, %b, %acc_mma : tensor<64x32xf16, #dotA> * tensor<32x64xf16, #dotB> -> tensor<64x64xf32, #mma>
      %d_blk = ttg.convert_layout %d : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blk>
      scf.yield %d_blk : tensor<64x64xf32, #blk>
    }
    tt.store %cp, %r : tensor<64x64x!tt.ptr<f32>, #blk>
    tt.return
  }
}

// -----

// (d) Reductions to a scalar: a rank-1 tensor has no slice layout, so the
// load's layout stops at the reduction's f32 result (no crash). Up to it,
// the load's layout is carried: the exp2 and the reduction compute in the
// load's 4-per-thread layout. Likewise a row reduction (its result a slice
// of the load's layout) followed by a reduction of the rows to a scalar.
// No conversion is left.
// CHECK-DAG: [[$B4:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: [[$L2:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @rank1_reduce
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[X:.+]] = tt.load %arg0 : tensor<512x!tt.ptr<f32>, [[$B4]]>
// CHECK-NEXT: %[[E:.+]] = math.exp2 %[[X]] : tensor<512xf32, [[$B4]]>
// CHECK-NEXT: %[[S:.+]] = "tt.reduce"(%[[E]]) <{axis = 0 : i32}>
// CHECK: }) : (tensor<512xf32, [[$B4]]>) -> f32
// CHECK-NEXT: tt.store %arg1, %[[S]] : !tt.ptr<f32>
// CHECK-LABEL: tt.func @rows_then_scalar
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[X:.+]] = tt.load %arg0 : tensor<32x64x!tt.ptr<f32>, [[$L2]]>
// CHECK-NEXT: %[[ROWS:.+]] = "tt.reduce"(%[[X]]) <{axis = 1 : i32}>
// CHECK: }) : (tensor<32x64xf32, [[$L2]]>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = [[$L2]]}>>
// CHECK-NEXT: %[[S:.+]] = "tt.reduce"(%[[ROWS]]) <{axis = 0 : i32}>
// CHECK: }) : (tensor<32xf32, #ttg.slice<{dim = 1, parent = [[$L2]]}>>) -> f32
// CHECK-NEXT: tt.store %arg1, %[[S]] : !tt.ptr<f32>
// CHECK-NOT: ttg.convert_layout
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#l2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#o2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @rank1_reduce(%p: tensor<512x!tt.ptr<f32>, #b4>, %out: !tt.ptr<f32>) {
    %x = tt.load %p : tensor<512x!tt.ptr<f32>, #b4>
    %y = ttg.convert_layout %x : tensor<512xf32, #b4> -> tensor<512xf32, #b1>
    %e = math.exp2 %y : tensor<512xf32, #b1>
    %s = "tt.reduce"(%e) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %r: f32):
      %sum = arith.addf %l, %r : f32
      tt.reduce.return %sum : f32
    }) : (tensor<512xf32, #b1>) -> f32
    tt.store %out, %s : !tt.ptr<f32>
    tt.return
  }
  tt.func @rows_then_scalar(%p: tensor<32x64x!tt.ptr<f32>, #l2>, %out: !tt.ptr<f32>) {
    %x = tt.load %p : tensor<32x64x!tt.ptr<f32>, #l2>
    %y = ttg.convert_layout %x : tensor<32x64xf32, #l2> -> tensor<32x64xf32, #o2>
    %rows = "tt.reduce"(%y) <{axis = 1 : i32}> ({
    ^bb0(%l: f32, %r: f32):
      %m = arith.maxnumf %l, %r : f32
      tt.reduce.return %m : f32
    }) : (tensor<32x64xf32, #o2>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #o2}>>
    %s = "tt.reduce"(%rows) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %r: f32):
      %sum = arith.addf %l, %r : f32
      tt.reduce.return %sum : f32
    }) : (tensor<32xf32, #ttg.slice<{dim = 1, parent = #o2}>>) -> f32
    tt.store %out, %s : !tt.ptr<f32>
    tt.return
  }
}

// -----

// (e) A load of fewer elements than threads (16 with 4 warps = 128
// threads) is no anchor: most threads load the same lines, any layout is as
// cheap, so its layout is not carried and the function is unchanged (the
// conversion after the load stays, the add and the store keep #B). With
// 128 elements (one per thread) the same load is an anchor: its layout is
// carried through the conversion into the add (the other operand is
// converted to it) and converted back for the store, which needs #B.
// CHECK-DAG: [[$A:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: [[$B:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @small_load
// CHECK-NEXT: %[[X:.+]] = tt.load %arg0 : tensor<16x!tt.ptr<f32>, [[$A]]>
// CHECK-NEXT: %[[Y:.+]] = ttg.convert_layout %[[X]] : tensor<16xf32, [[$A]]> -> tensor<16xf32, [[$B]]>
// CHECK-NEXT: %[[Z:.+]] = arith.addf %[[Y]], %arg1 : tensor<16xf32, [[$B]]>
// CHECK-NEXT: tt.store %arg2, %[[Z]] : tensor<16x!tt.ptr<f32>, [[$B]]>
// CHECK-LABEL: tt.func @large_load
// CHECK-DAG: %[[W:.+]] = ttg.convert_layout %arg1 : tensor<128xf32, [[$B]]> -> tensor<128xf32, [[$A]]>
// CHECK-DAG: %[[X:.+]] = tt.load %arg0 : tensor<128x!tt.ptr<f32>, [[$A]]>
// CHECK: %[[Z:.+]] = arith.addf %[[X]], %[[W]] : tensor<128xf32, [[$A]]>
// CHECK-NEXT: %[[ZB:.+]] = ttg.convert_layout %[[Z]] : tensor<128xf32, [[$A]]> -> tensor<128xf32, [[$B]]>
// CHECK-NEXT: tt.store %arg2, %[[ZB]] : tensor<128x!tt.ptr<f32>, [[$B]]>
// CHECK-NEXT: tt.return
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @small_load(%p: tensor<16x!tt.ptr<f32>, #a>, %w: tensor<16xf32, #b>, %q: tensor<16x!tt.ptr<f32>, #b>) {
    %x = tt.load %p : tensor<16x!tt.ptr<f32>, #a>
    %y = ttg.convert_layout %x : tensor<16xf32, #a> -> tensor<16xf32, #b>
    %z = arith.addf %y, %w : tensor<16xf32, #b>
    tt.store %q, %z : tensor<16x!tt.ptr<f32>, #b>
    tt.return
  }
  tt.func @large_load(%p: tensor<128x!tt.ptr<f32>, #a>, %w: tensor<128xf32, #b>, %q: tensor<128x!tt.ptr<f32>, #b>) {
    %x = tt.load %p : tensor<128x!tt.ptr<f32>, #a>
    %y = ttg.convert_layout %x : tensor<128xf32, #a> -> tensor<128xf32, #b>
    %z = arith.addf %y, %w : tensor<128xf32, #b>
    tt.store %q, %z : tensor<128x!tt.ptr<f32>, #b>
    tt.return
  }
}

// -----

// The order in which anchors spread decides a value two layouts reach (no
// tensor-core one among them): the first layout to arrive wins, and the
// last anchor of the function spreads first, as in Triton's propagation
// (its queue of anchors is taken from the back). Inductor's fused batch
// norm + add over a 64x16 tile: the data tile is loaded in #D (first
// anchor), the per-channel scale and shift as 64x1 columns in #C (last
// anchors). The columns' layout reaches the sub, mul and add first, so the
// data tile is converted once to #C and the result once back for the
// store, where the first anchor first would convert every column.
// CHECK-DAG: [[$D:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
// CHECK-DAG: [[$C:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
// CHECK-LABEL: tt.func @last_anchor_spreads_first
// CHECK: %[[X:.+]] = tt.load %arg0 : tensor<64x16x!tt.ptr<f32>, [[$D]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[XC:.+]] = ttg.convert_layout %[[X]] : tensor<64x16xf32, [[$D]]> -> tensor<64x16xf32, [[$C]]>
// CHECK-NEXT: %[[M:.+]] = arith.mulf %[[XC]], %{{.+}} : tensor<64x16xf32, [[$C]]>
// CHECK-NEXT: %[[Y:.+]] = arith.addf %[[M]], %{{.+}} : tensor<64x16xf32, [[$C]]>
// CHECK-NEXT: %[[YD:.+]] = ttg.convert_layout %[[Y]] : tensor<64x16xf32, [[$C]]> -> tensor<64x16xf32, [[$D]]>
// CHECK-NEXT: tt.store %arg0, %[[YD]] : tensor<64x16x!tt.ptr<f32>, [[$D]]>
#d = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
#c = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
#e = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @last_anchor_spreads_first(%xp: tensor<64x16x!tt.ptr<f32>, #d>, %sp: tensor<64x1x!tt.ptr<f32>, #c>, %bp: tensor<64x1x!tt.ptr<f32>, #c>) {
    %x = tt.load %xp : tensor<64x16x!tt.ptr<f32>, #d>
    %xe = ttg.convert_layout %x : tensor<64x16xf32, #d> -> tensor<64x16xf32, #e>
    %s = tt.load %sp : tensor<64x1x!tt.ptr<f32>, #c>
    %se = ttg.convert_layout %s : tensor<64x1xf32, #c> -> tensor<64x1xf32, #e>
    %sb = tt.broadcast %se : tensor<64x1xf32, #e> -> tensor<64x16xf32, #e>
    %b = tt.load %bp : tensor<64x1x!tt.ptr<f32>, #c>
    %be = ttg.convert_layout %b : tensor<64x1xf32, #c> -> tensor<64x1xf32, #e>
    %bb = tt.broadcast %be : tensor<64x1xf32, #e> -> tensor<64x16xf32, #e>
    %m = arith.mulf %xe, %sb : tensor<64x16xf32, #e>
    %y = arith.addf %m, %bb : tensor<64x16xf32, #e>
    %yd = ttg.convert_layout %y : tensor<64x16xf32, #e> -> tensor<64x16xf32, #d>
    tt.store %xp, %yd : tensor<64x16x!tt.ptr<f32>, #d>
    tt.return
  }
}
