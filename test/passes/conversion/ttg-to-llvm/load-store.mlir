// convert-triton-gpu-to-llvm on tt.load and tt.store: predicated inline-asm
// ld.global / st.global, masked lanes keep `other` (or 0) through a mov
// before the predicated load. Without contiguity/alignment facts each
// register is one access; with them (make_range + tt.divisibility) runs of
// up to 128 bits become one vector access.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @loads
  // CHECK-SAME: (%[[P:[^:]+]]: !llvm.struct<(ptr<1>)>, %[[M:[^:]+]]: !llvm.struct<(i1)>, %[[O:[^:]+]]: !llvm.struct<(f32)>, %{{[^:]+}}: !llvm.struct<(ptr<1>)>, %{{[^:]+}}: !llvm.struct<(ptr<1>)>, %{{[^:]+}}: !llvm.struct<(ptr<1>)>, %{{[^:]+}}: !llvm.struct<(ptr<1>)>, %[[S:[^:]+]]: !llvm.ptr<1>, %{{[^:]+}}: !llvm.struct<(ptr<1>)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // Unmasked: the predicate is true.
  // CHECK: %[[P0:.+]] = llvm.extractvalue %[[P]][0]
  // CHECK: %[[T:.+]] = llvm.mlir.constant(true) : i1
  // CHECK: %[[L0:.+]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b32 $0, 0;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b" %[[P0]], %[[T]] : (!llvm.ptr<1>, i1) -> i32
  // CHECK: llvm.bitcast %[[L0]] : i32 to f32
  // Masked: the mask predicates the load.
  // CHECK: %[[M0:.+]] = llvm.extractvalue %[[M]][0]
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b32 $0, 0;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b" %{{.+}}, %[[M0]] : (!llvm.ptr<1>, i1) -> i32
  // Masked with other: masked-off lanes get `other`.
  // CHECK: %[[O0:.+]] = llvm.extractvalue %[[O]][0]
  // CHECK: %[[OI:.+]] = llvm.bitcast %[[O0]] : f32 to i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r" %{{.+}}, %{{.+}}, %[[OI]] : (!llvm.ptr<1>, i1, i32) -> i32
  // Cache modifiers and eviction policies are suffixes.
  // CHECK: "mov.b32 $0, 0;\0A\09@$2 ld.global.cg.b32 $0, [ $1 + 0 ];"
  // CHECK: "mov.b32 $0, 0;\0A\09@$2 ld.global.ca.b32 $0, [ $1 + 0 ];"
  // CHECK: "mov.b32 $0, 0;\0A\09@$2 ld.global.cv.b32 $0, [ $1 + 0 ];"
  // CHECK: "mov.b32 $0, 0;\0A\09@$2 ld.global.L1::evict_last.L2::cache_hint.b32 $0, [ $1 + 0 ], $3;"
  // CHECK: "mov.b32 $0, 0;\0A\09@$2 ld.global.L1::evict_first.L2::cache_hint.b32 $0, [ $1 + 0 ], $3;"
  // Volatile.
  // CHECK: "mov.b32 $0, 0;\0A\09@$2 ld.volatile.global.b32 $0, [ $1 + 0 ];"
  // f16: 16-bit register.
  // CHECK: %[[H:.+]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b16 $0, 0;\0A\09@$2 ld.global.b16 $0, [ $1 + 0 ];", "=h,l,b" %{{.+}}, %{{.+}} : (!llvm.ptr<1>, i1) -> i16
  // CHECK: llvm.bitcast %[[H]] : i16 to f16
  // i1: a byte, compared with 0.
  // CHECK: %[[B:.+]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b16 $0, 0;\0A\09@$2 ld.global.u8 $0, [ $1 + 0 ];", "=h,l,b" %{{.+}}, %{{.+}} : (!llvm.ptr<1>, i1) -> i16
  // CHECK: %[[B8:.+]] = llvm.trunc %[[B]] : i16 to i8
  // CHECK: %[[Z:.+]] = llvm.mlir.constant(0 : i8) : i8
  // CHECK: llvm.icmp "ne" %[[B8]], %[[Z]] : i8
  // f64: 64-bit register.
  // CHECK: %[[D:.+]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b64 $0, 0;\0A\09@$2 ld.global.b64 $0, [ $1 + 0 ];", "=l,l,b" %{{.+}}, %{{.+}} : (!llvm.ptr<1>, i1) -> i64
  // CHECK: llvm.bitcast %[[D]] : i64 to f64
  // Pointers: 64-bit, then inttoptr.
  // CHECK: %[[PP:.+]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b64 $0, 0;\0A\09@$2 ld.global.b64 $0, [ $1 + 0 ];", "=l,l,b" %{{.+}}, %{{.+}} : (!llvm.ptr<1>, i1) -> i64
  // CHECK: llvm.inttoptr %[[PP]] : i64 to !llvm.ptr<1>
  // A scalar pointer: one access, the result an i32 directly.
  // CHECK: %[[ST:.+]] = llvm.mlir.constant(true) : i1
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b32 $0, 0;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b" %[[S]], %[[ST]] : (!llvm.ptr<1>, i1) -> i32
  // i8: a byte through a 16-bit register, truncated.
  // CHECK: %[[I8:.+]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b16 $0, 0;\0A\09@$2 ld.global.u8 $0, [ $1 + 0 ];", "=h,l,b" %{{.+}}, %{{.+}} : (!llvm.ptr<1>, i1) -> i16
  // CHECK: llvm.trunc %[[I8]] : i16 to i8
  tt.func public @loads(%p: tensor<128x!tt.ptr<f32>, #b>, %m: tensor<128xi1, #b>, %o: tensor<128xf32, #b>,
                        %ph: tensor<128x!tt.ptr<f16>, #b>, %pb: tensor<128x!tt.ptr<i1>, #b>,
                        %pd: tensor<128x!tt.ptr<f64>, #b>, %pp: tensor<128x!tt.ptr<!tt.ptr<f32>>, #b>,
                        %s: !tt.ptr<i32>, %p8: tensor<128x!tt.ptr<i8>, #b>) {
    %0 = tt.load %p : tensor<128x!tt.ptr<f32>, #b>
    %1 = tt.load %p, %m : tensor<128x!tt.ptr<f32>, #b>
    %2 = tt.load %p, %m, %o : tensor<128x!tt.ptr<f32>, #b>
    %3 = tt.load %p cacheModifier = cg : tensor<128x!tt.ptr<f32>, #b>
    %4 = tt.load %p cacheModifier = ca : tensor<128x!tt.ptr<f32>, #b>
    %5 = tt.load %p cacheModifier = cv : tensor<128x!tt.ptr<f32>, #b>
    %6 = tt.load %p evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>, #b>
    %7 = tt.load %p evictionPolicy = evict_first : tensor<128x!tt.ptr<f32>, #b>
    %8 = tt.load %p {isVolatile = true} : tensor<128x!tt.ptr<f32>, #b>
    %9 = tt.load %ph : tensor<128x!tt.ptr<f16>, #b>
    %10 = tt.load %pb : tensor<128x!tt.ptr<i1>, #b>
    %11 = tt.load %pd : tensor<128x!tt.ptr<f64>, #b>
    %12 = tt.load %pp : tensor<128x!tt.ptr<!tt.ptr<f32>>, #b>
    %13 = tt.load %s : !tt.ptr<i32>
    %14 = tt.load %p8 : tensor<128x!tt.ptr<i8>, #b>
    tt.return
  }

  // CHECK-LABEL: llvm.func @stores
  // CHECK-SAME: (%[[P:[^:]+]]: !llvm.struct<(ptr<1>)>, %[[V:[^:]+]]: !llvm.struct<(f32)>, %[[M:[^:]+]]: !llvm.struct<(i1)>, %{{[^:]+}}: !llvm.struct<(ptr<1>)>, %{{[^:]+}}: !llvm.struct<(f16)>, %{{[^:]+}}: !llvm.struct<(ptr<1>)>, %{{[^:]+}}: !llvm.struct<(i1)>, %{{[^:]+}}: !llvm.struct<(ptr<1>)>, %{{[^:]+}}: !llvm.struct<(f64)>, %{{[^:]+}}: !llvm.struct<(ptr<1>)>, %{{[^:]+}}: !llvm.struct<(ptr<1>)>, %[[S:[^:]+]]: !llvm.ptr<1>, %[[SV:[^:]+]]: i32, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[P0:.+]] = llvm.extractvalue %[[P]][0]
  // CHECK: %[[V0:.+]] = llvm.extractvalue %[[V]][0]
  // CHECK: %[[T:.+]] = llvm.mlir.constant(true) : i1
  // CHECK: %[[VI:.+]] = llvm.bitcast %[[V0]] : f32 to i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$2 st.global.b32 [ $1 + 0 ], $0;", "r,l,b" %[[VI]], %[[P0]], %[[T]] : (i32, !llvm.ptr<1>, i1) -> !llvm.void
  // Masked.
  // CHECK: %[[M0:.+]] = llvm.extractvalue %[[M]][0]
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$2 st.global.b32 [ $1 + 0 ], $0;", "r,l,b" %{{.+}}, %{{.+}}, %[[M0]] : (i32, !llvm.ptr<1>, i1) -> !llvm.void
  // Cache modifiers and eviction policies.
  // CHECK: "@$2 st.global.cs.b32 [ $1 + 0 ], $0;"
  // CHECK: "@$2 st.global.wt.b32 [ $1 + 0 ], $0;"
  // CHECK: "@$2 st.global.L1::evict_first.L2::cache_hint.b32 [ $1 + 0 ], $0, $3;"
  // f16.
  // CHECK: %[[HI:.+]] = llvm.bitcast %{{.+}} : f16 to i16
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$2 st.global.b16 [ $1 + 0 ], $0;", "h,l,b" %[[HI]], %{{.+}}, %{{.+}} : (i16, !llvm.ptr<1>, i1) -> !llvm.void
  // i1: widened to a byte in a 16-bit register.
  // CHECK: %[[B8:.+]] = llvm.zext %{{.+}} : i1 to i8
  // CHECK: %[[B16:.+]] = llvm.zext %[[B8]] : i8 to i16
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$2 st.global.u8 [ $1 + 0 ], $0;", "h,l,b" %[[B16]], %{{.+}}, %{{.+}} : (i16, !llvm.ptr<1>, i1) -> !llvm.void
  // f64.
  // CHECK: %[[DI:.+]] = llvm.bitcast %{{.+}} : f64 to i64
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$2 st.global.b64 [ $1 + 0 ], $0;", "l,l,b" %[[DI]], %{{.+}}, %{{.+}} : (i64, !llvm.ptr<1>, i1) -> !llvm.void
  // Pointers.
  // CHECK: %[[PI:.+]] = llvm.ptrtoint %{{.+}} : !llvm.ptr<1> to i64
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$2 st.global.b64 [ $1 + 0 ], $0;", "l,l,b" %[[PI]], %{{.+}}, %{{.+}} : (i64, !llvm.ptr<1>, i1) -> !llvm.void
  // A scalar store.
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$2 st.global.b32 [ $1 + 0 ], $0;", "r,l,b" %[[SV]], %[[S]], %{{.+}} : (i32, !llvm.ptr<1>, i1) -> !llvm.void
  tt.func public @stores(%p: tensor<128x!tt.ptr<f32>, #b>, %v: tensor<128xf32, #b>, %m: tensor<128xi1, #b>,
                         %ph: tensor<128x!tt.ptr<f16>, #b>, %vh: tensor<128xf16, #b>,
                         %pb: tensor<128x!tt.ptr<i1>, #b>, %vb: tensor<128xi1, #b>,
                         %pd: tensor<128x!tt.ptr<f64>, #b>, %vd: tensor<128xf64, #b>,
                         %pp: tensor<128x!tt.ptr<!tt.ptr<f32>>, #b>, %vp: tensor<128x!tt.ptr<f32>, #b>,
                         %s: !tt.ptr<i32>, %sv: i32) {
    tt.store %p, %v : tensor<128x!tt.ptr<f32>, #b>
    tt.store %p, %v, %m : tensor<128x!tt.ptr<f32>, #b>
    tt.store %p, %v cacheModifier = cs : tensor<128x!tt.ptr<f32>, #b>
    tt.store %p, %v cacheModifier = wt : tensor<128x!tt.ptr<f32>, #b>
    tt.store %p, %v evictionPolicy = evict_first : tensor<128x!tt.ptr<f32>, #b>
    tt.store %ph, %vh : tensor<128x!tt.ptr<f16>, #b>
    tt.store %pb, %vb : tensor<128x!tt.ptr<i1>, #b>
    tt.store %pd, %vd : tensor<128x!tt.ptr<f64>, #b>
    tt.store %pp, %vp : tensor<128x!tt.ptr<!tt.ptr<f32>>, #b>
    tt.store %s, %sv : !tt.ptr<i32>
    tt.return
  }
}

// -----

// Contiguous, 16-byte aligned pointers (make_range over a divisible base):
// four f32 or eight f16 per thread travel as one v4.b32 access; a mask
// constant over 4-element groups (100 is a multiple of 4) keeps the width,
// and `other` is packed the same way.
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b8 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @vectorized
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b32 $0, 0;\0A\09mov.b32 $1, 0;\0A\09mov.b32 $2, 0;\0A\09mov.b32 $3, 0;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b" %{{.+}}, %{{.+}} : (!llvm.ptr<1>, i1) -> !llvm.struct<(i32, i32, i32, i32)>
  // Each word is unpacked on its own (as Triton's lowering does), so LLVM
  // converts a word's elements together where they are used.
  // CHECK-COUNT-4: llvm.bitcast %{{.+}} : i32 to vector<2xf16>
  // CHECK-NOT: vector<8x
  // CHECK-COUNT-4: llvm.bitcast %{{.+}} : vector<2xf16> to i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"
  // CHECK-NOT: ld.global.b16
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b,r,r,r,r"
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"
  // CHECK-NOT: st.global.b32
  // CHECK: llvm.return
  tt.func public @vectorized(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b8>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #b8>
    %pp = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f16>, #b8>, tensor<1024xi32, #b8>
    %v = tt.load %pp : tensor<1024x!tt.ptr<f16>, #b8>
    tt.store %pp, %v : tensor<1024x!tt.ptr<f16>, #b8>
    %r4 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b4>
    %qs = tt.splat %q : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b4>
    %qq = tt.addptr %qs, %r4 : tensor<512x!tt.ptr<f32>, #b4>, tensor<512xi32, #b4>
    %o = arith.constant dense<1.0> : tensor<512xf32, #b4>
    %c = arith.constant dense<100> : tensor<512xi32, #b4>
    %m = arith.cmpi slt, %r4, %c : tensor<512xi32, #b4>
    %w = tt.load %qq, %m, %o : tensor<512x!tt.ptr<f32>, #b4>
    tt.store %qq, %w, %m : tensor<512x!tt.ptr<f32>, #b4>
    tt.return
  }

  // A bound that is not a multiple of 4 can change the mask inside a group:
  // one access per element.
  // CHECK-LABEL: llvm.func @mask_breaks_vector
  // CHECK-NOT: .v4.
  // CHECK-COUNT-4: ld.global.b32
  // CHECK-NOT: .v4.
  // CHECK-COUNT-4: st.global.b32
  // CHECK-NOT: .v4.
  // CHECK: llvm.return
  tt.func public @mask_breaks_vector(%q: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r4 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b4>
    %qs = tt.splat %q : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b4>
    %qq = tt.addptr %qs, %r4 : tensor<512x!tt.ptr<f32>, #b4>, tensor<512xi32, #b4>
    %c = arith.constant dense<101> : tensor<512xi32, #b4>
    %m = arith.cmpi slt, %r4, %c : tensor<512xi32, #b4>
    %w = tt.load %qq, %m : tensor<512x!tt.ptr<f32>, #b4>
    tt.store %qq, %w, %m : tensor<512x!tt.ptr<f32>, #b4>
    tt.return
  }
}

// -----

// Stores where the layout holds an element several times store it once,
// from its owner: 32 elements over 4 warps repeat in every warp (warp bits
// free), and 16 elements over 32 lanes repeat in lanes 16-31 (lane bit 4
// free) as well.
#rep = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @store_broadcast_over_warps
  // CHECK: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x
  // CHECK: %[[WARP:.+]] = llvm.udiv %[[TID]], %{{.+}} : i32
  // CHECK: %[[MASK:.+]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK: %[[BITS:.+]] = llvm.and %[[WARP]], %[[MASK]] : i32
  // CHECK: %[[OWNER:.+]] = llvm.icmp "eq" %[[BITS]], %{{.+}} : i32
  // CHECK: llvm.inline_asm {{.*}}st.global.b32{{.*}} %{{.+}}, %{{.+}}, %[[OWNER]]
  // CHECK-NOT: st.global
  // CHECK: llvm.return
  tt.func public @store_broadcast_over_warps(%p: tensor<32x!tt.ptr<f32>, #rep>, %v: tensor<32xf32, #rep>) {
    tt.store %p, %v : tensor<32x!tt.ptr<f32>, #rep>
    tt.return
  }

  // CHECK-LABEL: llvm.func @store_broadcast_over_lanes_and_warps
  // CHECK: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x
  // CHECK: %[[LANE:.+]] = llvm.urem %[[TID]], %{{.+}} : i32
  // CHECK: %[[WARP:.+]] = llvm.udiv %[[TID]], %{{.+}} : i32
  // CHECK: %[[LMASK:.+]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK: llvm.and %[[LANE]], %[[LMASK]] : i32
  // CHECK: %[[WMASK:.+]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK: llvm.and %[[WARP]], %[[WMASK]] : i32
  // CHECK: %[[OWNER:.+]] = llvm.and %{{.+}}, %{{.+}} : i1
  // CHECK: %[[PRED:.+]] = llvm.and %{{.+}}, %[[OWNER]] : i1
  // CHECK: llvm.inline_asm {{.*}}st.global.b32{{.*}} %{{.+}}, %{{.+}}, %[[PRED]]
  // CHECK-NOT: st.global
  // CHECK: llvm.return
  tt.func public @store_broadcast_over_lanes_and_warps(%p: tensor<16x!tt.ptr<f32>, #rep>, %v: tensor<16xf32, #rep>, %m: tensor<16xi1, #rep>) {
    tt.store %p, %v, %m : tensor<16x!tt.ptr<f32>, #rep>
    tt.return
  }
}

// -----

// A lane bit whose basis repeats a register basis holds the same elements
// in the other order: lane 2k+1 holds elements 4k+1, 4k (registers 0, 1) of
// lane 2k. Only the even lanes store.
#swap = #ttg.linear<{register = [[1]], lane = [[1], [2], [4], [8], [16]], warp = [[32], [64]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @store_lane_repeats_register
  // CHECK: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x
  // CHECK: %[[LANE:.+]] = llvm.urem %[[TID]], %{{.+}} : i32
  // CHECK: %[[ONE:.+]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK: %[[BIT:.+]] = llvm.and %[[LANE]], %[[ONE]] : i32
  // CHECK: %[[OWNER:.+]] = llvm.icmp "eq" %[[BIT]], %{{.+}} : i32
  // CHECK-COUNT-2: st.global.b32{{.*}} %[[OWNER]]
  // CHECK-NOT: st.global
  // CHECK: llvm.return
  tt.func public @store_lane_repeats_register(%p: tensor<128x!tt.ptr<f32>, #swap>, %v: tensor<128xf32, #swap>) {
    tt.store %p, %v : tensor<128x!tt.ptr<f32>, #swap>
    tt.return
  }
}
