// convert-triton-gpu-to-llvm on tt.atomic_rmw and tt.atomic_cas: one
// predicated inline-asm `atom.global.<scope>.<sem>.<op>.<type>` per element
// (masked-off lanes return 0 through a mov before it), also where the old
// value is unused (as Triton writes it; ptxas makes it a REDG), packed f16x2 /
// bf16x2 adds for contiguous aligned pairs where the target has them, an
// LLVM atomicrmw for bf16 adds before sm_90. Each element is updated
// once, by its owner; old values other threads hold travel through scratch.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // Every integer kind, old values used: the PTX type names how the bits
  // are read (b: bitwise, u: add and the unsigned min/max, s: min/max).
  // CHECK-LABEL: llvm.func @kinds_i32
  // CHECK-SAME: (%[[P:.+]]: !llvm.struct<(ptr<1>)>, %[[V:.+]]: !llvm.struct<(i32)>, %[[M:.+]]: !llvm.struct<(i1)>
  // CHECK: %[[P0:.+]] = llvm.extractvalue %[[P]][0]
  // CHECK: %[[V0:.+]] = llvm.extractvalue %[[V]][0]
  // CHECK: %[[M0:.+]] = llvm.extractvalue %[[M]][0]
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b32 $0, 0;\0A\09@$3 atom.global.gpu.relaxed.and.b32 $0, [ $1 + 0 ], $2;", "=r,l,r,b" %[[P0]], %[[V0]], %[[M0]] : (!llvm.ptr<1>, i32, i1) -> i32
  // CHECK: "mov.b32 $0, 0;\0A\09@$3 atom.global.gpu.acquire.or.b32 $0, [ $1 + 0 ], $2;"
  // CHECK: "mov.b32 $0, 0;\0A\09@$3 atom.global.gpu.release.xor.b32 $0, [ $1 + 0 ], $2;"
  // CHECK: "mov.b32 $0, 0;\0A\09@$3 atom.global.sys.acq_rel.add.u32 $0, [ $1 + 0 ], $2;"
  // CHECK: "mov.b32 $0, 0;\0A\09@$3 atom.global.cta.acq_rel.max.s32 $0, [ $1 + 0 ], $2;"
  // CHECK: "mov.b32 $0, 0;\0A\09@$3 atom.global.sys.relaxed.min.s32 $0, [ $1 + 0 ], $2;"
  // CHECK: "mov.b32 $0, 0;\0A\09@$3 atom.global.cta.acquire.max.u32 $0, [ $1 + 0 ], $2;"
  // CHECK: "mov.b32 $0, 0;\0A\09@$3 atom.global.cta.release.min.u32 $0, [ $1 + 0 ], $2;"
  // CHECK: "mov.b32 $0, 0;\0A\09@$3 atom.global.gpu.acq_rel.exch.b32 $0, [ $1 + 0 ], $2;"
  // Without a mask: no predicate.
  // CHECK: %[[A:.+]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "atom.global.gpu.acq_rel.add.u32 $0, [ $1 + 0 ], $2;", "=r,l,r" %{{.+}}, %{{.+}} : (!llvm.ptr<1>, i32) -> i32
  // CHECK: llvm.insertvalue %[[A]], %{{.+}}[0] : !llvm.struct<(i32)>
  tt.func public @kinds_i32(%p: tensor<128x!tt.ptr<i32>, #b>, %v: tensor<128xi32, #b>, %m: tensor<128xi1, #b>, %o: tensor<128x!tt.ptr<i32>, #b>) {
    %0 = tt.atomic_rmw and, relaxed, gpu, %p, %v, %m : (tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>, tensor<128xi1, #b>) -> tensor<128xi32, #b>
    %1 = tt.atomic_rmw or, acquire, gpu, %p, %v, %m : (tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>, tensor<128xi1, #b>) -> tensor<128xi32, #b>
    %2 = tt.atomic_rmw xor, release, gpu, %p, %v, %m : (tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>, tensor<128xi1, #b>) -> tensor<128xi32, #b>
    %3 = tt.atomic_rmw add, acq_rel, sys, %p, %v, %m : (tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>, tensor<128xi1, #b>) -> tensor<128xi32, #b>
    %4 = tt.atomic_rmw max, acq_rel, cta, %p, %v, %m : (tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>, tensor<128xi1, #b>) -> tensor<128xi32, #b>
    %5 = tt.atomic_rmw min, relaxed, sys, %p, %v, %m : (tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>, tensor<128xi1, #b>) -> tensor<128xi32, #b>
    %6 = tt.atomic_rmw umax, acquire, cta, %p, %v, %m : (tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>, tensor<128xi1, #b>) -> tensor<128xi32, #b>
    %7 = tt.atomic_rmw umin, release, cta, %p, %v, %m : (tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>, tensor<128xi1, #b>) -> tensor<128xi32, #b>
    %8 = tt.atomic_rmw exch, acq_rel, gpu, %p, %v, %m : (tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>, tensor<128xi1, #b>) -> tensor<128xi32, #b>
    %9 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>) -> tensor<128xi32, #b>
    %s0 = arith.addi %0, %1 : tensor<128xi32, #b>
    %s1 = arith.addi %s0, %2 : tensor<128xi32, #b>
    %s2 = arith.addi %s1, %3 : tensor<128xi32, #b>
    %s3 = arith.addi %s2, %4 : tensor<128xi32, #b>
    %s4 = arith.addi %s3, %5 : tensor<128xi32, #b>
    %s5 = arith.addi %s4, %6 : tensor<128xi32, #b>
    %s6 = arith.addi %s5, %7 : tensor<128xi32, #b>
    %s7 = arith.addi %s6, %8 : tensor<128xi32, #b>
    %s8 = arith.addi %s7, %9 : tensor<128xi32, #b>
    tt.store %o, %s8 : tensor<128x!tt.ptr<i32>, #b>
    tt.return
  }

  // 64-bit elements: 64-bit registers and types.
  // CHECK-LABEL: llvm.func @kinds_i64
  // CHECK: "atom.global.gpu.relaxed.and.b64 $0, [ $1 + 0 ], $2;", "=l,l,l"
  // CHECK: "atom.global.gpu.acq_rel.add.u64 $0, [ $1 + 0 ], $2;", "=l,l,l"
  // CHECK: "atom.global.gpu.acq_rel.max.s64 $0, [ $1 + 0 ], $2;", "=l,l,l"
  // CHECK: "atom.global.gpu.acq_rel.min.u64 $0, [ $1 + 0 ], $2;", "=l,l,l"
  // CHECK: "atom.global.gpu.acq_rel.exch.b64 $0, [ $1 + 0 ], $2;", "=l,l,l"
  tt.func public @kinds_i64(%p: tensor<128x!tt.ptr<i64>, #b>, %v: tensor<128xi64, #b>, %o: tensor<128x!tt.ptr<i64>, #b>) {
    %0 = tt.atomic_rmw and, relaxed, gpu, %p, %v : (tensor<128x!tt.ptr<i64>, #b>, tensor<128xi64, #b>) -> tensor<128xi64, #b>
    %1 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (tensor<128x!tt.ptr<i64>, #b>, tensor<128xi64, #b>) -> tensor<128xi64, #b>
    %2 = tt.atomic_rmw max, acq_rel, gpu, %p, %v : (tensor<128x!tt.ptr<i64>, #b>, tensor<128xi64, #b>) -> tensor<128xi64, #b>
    %3 = tt.atomic_rmw umin, acq_rel, gpu, %p, %v : (tensor<128x!tt.ptr<i64>, #b>, tensor<128xi64, #b>) -> tensor<128xi64, #b>
    %4 = tt.atomic_rmw exch, acq_rel, gpu, %p, %v : (tensor<128x!tt.ptr<i64>, #b>, tensor<128xi64, #b>) -> tensor<128xi64, #b>
    %s0 = arith.addi %0, %1 : tensor<128xi64, #b>
    %s1 = arith.addi %s0, %2 : tensor<128xi64, #b>
    %s2 = arith.addi %s1, %3 : tensor<128xi64, #b>
    %s3 = arith.addi %s2, %4 : tensor<128xi64, #b>
    tt.store %o, %s3 : tensor<128x!tt.ptr<i64>, #b>
    tt.return
  }

  // Float adds: f32 and f64 plain, f16 without flushing subnormals
  // (.noftz), exchange of floats as bits.
  // CHECK-LABEL: llvm.func @float_kinds
  // CHECK: %[[F:.+]] = llvm.bitcast %{{.+}} : f32 to i32
  // CHECK: %[[OF:.+]] = llvm.inline_asm {{.*}}"atom.global.gpu.acq_rel.add.f32 $0, [ $1 + 0 ], $2;", "=r,l,r" %{{.+}}, %[[F]]
  // CHECK: llvm.bitcast %[[OF]] : i32 to f32
  // CHECK: "atom.global.gpu.acq_rel.add.f64 $0, [ $1 + 0 ], $2;", "=l,l,l"
  // CHECK: %[[OH:.+]] = llvm.inline_asm {{.*}}"atom.global.gpu.acq_rel.add.noftz.f16 $0, [ $1 + 0 ], $2;", "=h,l,h"
  // CHECK: llvm.bitcast %[[OH]] : i16 to f16
  // CHECK: "atom.global.gpu.acq_rel.exch.b32 $0, [ $1 + 0 ], $2;", "=r,l,r"
  // CHECK: "atom.global.gpu.acq_rel.exch.b64 $0, [ $1 + 0 ], $2;", "=l,l,l"
  tt.func public @float_kinds(%pf: tensor<128x!tt.ptr<f32>, #b>, %vf: tensor<128xf32, #b>, %of: tensor<128x!tt.ptr<f32>, #b>,
                              %pd: tensor<128x!tt.ptr<f64>, #b>, %vd: tensor<128xf64, #b>, %od: tensor<128x!tt.ptr<f64>, #b>,
                              %ph: tensor<128x!tt.ptr<f16>, #b>, %vh: tensor<128xf16, #b>, %oh: tensor<128x!tt.ptr<f16>, #b>) {
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %pf, %vf : (tensor<128x!tt.ptr<f32>, #b>, tensor<128xf32, #b>) -> tensor<128xf32, #b>
    %1 = tt.atomic_rmw fadd, acq_rel, gpu, %pd, %vd : (tensor<128x!tt.ptr<f64>, #b>, tensor<128xf64, #b>) -> tensor<128xf64, #b>
    %2 = tt.atomic_rmw fadd, acq_rel, gpu, %ph, %vh : (tensor<128x!tt.ptr<f16>, #b>, tensor<128xf16, #b>) -> tensor<128xf16, #b>
    %3 = tt.atomic_rmw exch, acq_rel, gpu, %pf, %vf : (tensor<128x!tt.ptr<f32>, #b>, tensor<128xf32, #b>) -> tensor<128xf32, #b>
    %4 = tt.atomic_rmw exch, acq_rel, gpu, %pd, %vd : (tensor<128x!tt.ptr<f64>, #b>, tensor<128xf64, #b>) -> tensor<128xf64, #b>
    %s0 = arith.addf %0, %3 : tensor<128xf32, #b>
    tt.store %of, %s0 : tensor<128x!tt.ptr<f32>, #b>
    %s1 = arith.addf %1, %4 : tensor<128xf64, #b>
    tt.store %od, %s1 : tensor<128x!tt.ptr<f64>, #b>
    tt.store %oh, %2 : tensor<128x!tt.ptr<f16>, #b>
    tt.return
  }

  // Unused old values: still `atom` (Triton's spelling, which its tests
  // look for), whatever the semantic; ptxas emits a REDG for the ones a
  // reduction can do.
  // CHECK-LABEL: llvm.func @unused_results
  // CHECK-SAME: %{{.+}}: !llvm.struct<(i1)>
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b32 $0, 0;\0A\09@$3 atom.global.gpu.relaxed.add.f32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"
  // CHECK: "atom.global.sys.release.add.u32 $0, [ $1 + 0 ], $2;", "=r,l,r"
  // CHECK: "atom.global.cta.relaxed.max.s32 $0, [ $1 + 0 ], $2;", "=r,l,r"
  // CHECK: "atom.global.gpu.acquire.add.u32 $0, [ $1 + 0 ], $2;"
  // CHECK: "atom.global.gpu.acq_rel.add.u32 $0, [ $1 + 0 ], $2;"
  // CHECK: "atom.global.gpu.relaxed.exch.b32 $0, [ $1 + 0 ], $2;"
  // CHECK-NOT: inline_asm
  // CHECK: llvm.return
  tt.func public @unused_results(%pf: tensor<128x!tt.ptr<f32>, #b>, %vf: tensor<128xf32, #b>, %m: tensor<128xi1, #b>,
                                 %p: tensor<128x!tt.ptr<i32>, #b>, %v: tensor<128xi32, #b>) {
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %pf, %vf, %m : (tensor<128x!tt.ptr<f32>, #b>, tensor<128xf32, #b>, tensor<128xi1, #b>) -> tensor<128xf32, #b>
    %1 = tt.atomic_rmw add, release, sys, %p, %v : (tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>) -> tensor<128xi32, #b>
    %2 = tt.atomic_rmw max, relaxed, cta, %p, %v : (tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>) -> tensor<128xi32, #b>
    %3 = tt.atomic_rmw add, acquire, gpu, %p, %v : (tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>) -> tensor<128xi32, #b>
    %4 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>) -> tensor<128xi32, #b>
    %5 = tt.atomic_rmw exch, relaxed, gpu, %p, %v : (tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>) -> tensor<128xi32, #b>
    tt.return
  }

  // Compare-and-swap of 16-, 32- and 64-bit elements; floats as bits.
  // CHECK-LABEL: llvm.func @cas
  // CHECK: "atom.global.acq_rel.gpu.cas.b16 $0, [ $1 + 0 ], $2, $3;", "=h,l,h,h"
  // CHECK: %[[C:.+]] = llvm.bitcast %{{.+}} : f32 to i32
  // CHECK: %[[N:.+]] = llvm.bitcast %{{.+}} : f32 to i32
  // CHECK: %[[O:.+]] = llvm.inline_asm {{.*}}"atom.global.relaxed.cta.cas.b32 $0, [ $1 + 0 ], $2, $3;", "=r,l,r,r" %{{.+}}, %[[C]], %[[N]]
  // CHECK: llvm.bitcast %[[O]] : i32 to f32
  // CHECK: "atom.global.acquire.sys.cas.b64 $0, [ $1 + 0 ], $2, $3;", "=l,l,l,l"
  tt.func public @cas(%ph: tensor<128x!tt.ptr<i16>, #b>, %h: tensor<128xi16, #b>, %oh: tensor<128x!tt.ptr<i16>, #b>,
                      %pf: tensor<128x!tt.ptr<f32>, #b>, %f: tensor<128xf32, #b>, %of: tensor<128x!tt.ptr<f32>, #b>,
                      %pl: tensor<128x!tt.ptr<i64>, #b>, %l: tensor<128xi64, #b>, %ol: tensor<128x!tt.ptr<i64>, #b>) {
    %0 = tt.atomic_cas acq_rel, gpu, %ph, %h, %h : (tensor<128x!tt.ptr<i16>, #b>, tensor<128xi16, #b>, tensor<128xi16, #b>) -> tensor<128xi16, #b>
    %1 = tt.atomic_cas relaxed, cta, %pf, %f, %f : (tensor<128x!tt.ptr<f32>, #b>, tensor<128xf32, #b>, tensor<128xf32, #b>) -> tensor<128xf32, #b>
    %2 = tt.atomic_cas acquire, sys, %pl, %l, %l : (tensor<128x!tt.ptr<i64>, #b>, tensor<128xi64, #b>, tensor<128xi64, #b>) -> tensor<128xi64, #b>
    tt.store %oh, %0 : tensor<128x!tt.ptr<i16>, #b>
    tt.store %of, %1 : tensor<128x!tt.ptr<f32>, #b>
    tt.store %ol, %2 : tensor<128x!tt.ptr<i64>, #b>
    tt.return
  }

  // sm_80 has no bf16 atomic add: LLVM's atomicrmw (llc writes the
  // compare-and-swap loop) with the op's ordering and scope, under an scf.if
  // on the mask (0 where it is false); the unmasked one needs no if.
  // CHECK-LABEL: llvm.func @bf16_add_sm80
  // CHECK: %[[OLD:[0-9]+]] = scf.if %{{.+}} -> (bf16) {
  // CHECK-NEXT: %[[A:.+]] = llvm.atomicrmw fadd %{{.+}}, %{{.+}} syncscope("device") acq_rel : !llvm.ptr<1>, bf16
  // CHECK-NEXT: scf.yield %[[A]] : bf16
  // CHECK-NEXT: } else {
  // CHECK-NEXT: %[[Z:.+]] = llvm.mlir.zero : bf16
  // CHECK-NEXT: scf.yield %[[Z]] : bf16
  // CHECK: llvm.insertvalue %[[OLD]]
  // CHECK-NOT: scf.if
  // CHECK: llvm.atomicrmw fadd %{{.+}}, %{{.+}} syncscope("block") monotonic : !llvm.ptr<1>, bf16
  // CHECK: llvm.atomicrmw fadd %{{.+}}, %{{.+}} release : !llvm.ptr<1>, bf16
  // CHECK-NOT: add.noftz.bf16
  tt.func public @bf16_add_sm80(%p: tensor<128x!tt.ptr<bf16>, #b>, %v: tensor<128xbf16, #b>, %m: tensor<128xi1, #b>, %o: tensor<128x!tt.ptr<bf16>, #b>) {
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<128x!tt.ptr<bf16>, #b>, tensor<128xbf16, #b>, tensor<128xi1, #b>) -> tensor<128xbf16, #b>
    tt.store %o, %0 : tensor<128x!tt.ptr<bf16>, #b>
    %1 = tt.atomic_rmw fadd, relaxed, cta, %p, %v : (tensor<128x!tt.ptr<bf16>, #b>, tensor<128xbf16, #b>) -> tensor<128xbf16, #b>
    tt.store %o, %1 : tensor<128x!tt.ptr<bf16>, #b>
    %2 = tt.atomic_rmw fadd, release, sys, %p, %v : (tensor<128x!tt.ptr<bf16>, #b>, tensor<128xbf16, #b>) -> tensor<128xbf16, #b>
    tt.store %o, %2 : tensor<128x!tt.ptr<bf16>, #b>
    tt.return
  }
}

// -----

// Contiguous, 4-byte aligned pairs of 16-bit floats (make_range over a
// divisible base, two elements per thread) are added as one packed word;
// the old pair comes back as a vector of two. Without the alignment proof,
// one add per element. bf16 pairs need sm_90; on sm_80 each element loops.
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @packed_f16
  // CHECK: %[[W:.+]] = llvm.bitcast %{{.+}} : vector<2xf16> to i32
  // CHECK: %[[O:.+]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "atom.global.gpu.acq_rel.add.noftz.f16x2 $0, [ $1 + 0 ], $2;", "=r,l,r" %{{.+}}, %[[W]] : (!llvm.ptr<1>, i32) -> i32
  // CHECK: llvm.bitcast %[[O]] : i32 to vector<2xf16>
  // CHECK-COUNT-2: llvm.extractelement
  // CHECK-NOT: atom.
  // CHECK: "mov.b32 $0, 0;\0A\09@$3 atom.global.gpu.relaxed.add.noftz.f16x2 $0, [ $1 + 0 ], $2;", "=r,l,r,b"
  // CHECK-NOT: atom.
  // CHECK: llvm.return
  tt.func public @packed_f16(%q: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %v: tensor<256xf16, #b2>, %o: tensor<256x!tt.ptr<f16>, #b2>, %n: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b2>
    %s = tt.splat %q : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #b2>
    %p = tt.addptr %s, %r : tensor<256x!tt.ptr<f16>, #b2>, tensor<256xi32, #b2>
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (tensor<256x!tt.ptr<f16>, #b2>, tensor<256xf16, #b2>) -> tensor<256xf16, #b2>
    tt.store %o, %0 : tensor<256x!tt.ptr<f16>, #b2>
    %bound = tt.splat %n : i32 -> tensor<256xi32, #b2>
    %m = arith.cmpi slt, %r, %bound : tensor<256xi32, #b2>
    %1 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v, %m : (tensor<256x!tt.ptr<f16>, #b2>, tensor<256xf16, #b2>, tensor<256xi1, #b2>) -> tensor<256xf16, #b2>
    tt.return
  }

  // CHECK-LABEL: llvm.func @unaligned_f16
  // CHECK-COUNT-2: "atom.global.gpu.relaxed.add.noftz.f16 $0, [ $1 + 0 ], $2;", "=h,l,h"
  // CHECK: llvm.return
  tt.func public @unaligned_f16(%q: !tt.ptr<f16>, %v: tensor<256xf16, #b2>) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b2>
    %s = tt.splat %q : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #b2>
    %p = tt.addptr %s, %r : tensor<256x!tt.ptr<f16>, #b2>, tensor<256xi32, #b2>
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (tensor<256x!tt.ptr<f16>, #b2>, tensor<256xf16, #b2>) -> tensor<256xf16, #b2>
    tt.return
  }

  // CHECK-LABEL: llvm.func @bf16_pairs_sm80
  // CHECK-COUNT-2: llvm.atomicrmw fadd %{{.+}}, %{{.+}} syncscope("device") monotonic : !llvm.ptr<1>, bf16
  // CHECK-NOT: bf16x2
  // CHECK: llvm.return
  tt.func public @bf16_pairs_sm80(%q: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %v: tensor<256xbf16, #b2>) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b2>
    %s = tt.splat %q : !tt.ptr<bf16> -> tensor<256x!tt.ptr<bf16>, #b2>
    %p = tt.addptr %s, %r : tensor<256x!tt.ptr<bf16>, #b2>, tensor<256xi32, #b2>
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (tensor<256x!tt.ptr<bf16>, #b2>, tensor<256xbf16, #b2>) -> tensor<256xbf16, #b2>
    tt.return
  }
}

// -----

// sm_90 has bf16 atomic adds, and float adds of vectors (global memory
// only): contiguous, aligned runs of up to 16 bytes of f16, bf16 or f32
// are added by one `.vN` atom or red, as Triton emits them on Hopper
// (Inductor's embedding backward accumulates f32 rows this way).
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b8 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @bf16_sm90
  // CHECK: "atom.global.gpu.acq_rel.add.noftz.bf16 $0, [ $1 + 0 ], $2;", "=h,l,h"
  // CHECK: "atom.global.gpu.relaxed.add.noftz.v2.bf16 { $0, $1 }, [ $2 + 0 ], { $3, $4 };", "=h,=h,l,h,h"
  // CHECK-NOT: cas
  // CHECK: llvm.return
  tt.func public @bf16_sm90(%p: tensor<128x!tt.ptr<bf16>, #b>, %v: tensor<128xbf16, #b>, %o: tensor<128x!tt.ptr<bf16>, #b>,
                            %q: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %w: tensor<256xbf16, #b2>) {
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (tensor<128x!tt.ptr<bf16>, #b>, tensor<128xbf16, #b>) -> tensor<128xbf16, #b>
    tt.store %o, %0 : tensor<128x!tt.ptr<bf16>, #b>
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b2>
    %s = tt.splat %q : !tt.ptr<bf16> -> tensor<256x!tt.ptr<bf16>, #b2>
    %a = tt.addptr %s, %r : tensor<256x!tt.ptr<bf16>, #b2>, tensor<256xi32, #b2>
    %1 = tt.atomic_rmw fadd, relaxed, gpu, %a, %w : (tensor<256x!tt.ptr<bf16>, #b2>, tensor<256xbf16, #b2>) -> tensor<256xbf16, #b2>
    tt.return
  }

  // Eight f32 per thread: two v4 adds; the old values of the second
  // (masked) come back as a struct of four, 0 where the mask is off.
  // CHECK-LABEL: llvm.func @vector_f32_sm90
  // CHECK-COUNT-2: "atom.global.gpu.relaxed.add.v4.f32 { $0, $1, $2, $3 }, [ $4 + 0 ], { $5, $6, $7, $8 };", "=r,=r,=r,=r,l,r,r,r,r"
  // CHECK: "mov.b32 $0, 0;\0A\09mov.b32 $1, 0;\0A\09mov.b32 $2, 0;\0A\09mov.b32 $3, 0;\0A\09@$9 atom.global.gpu.acq_rel.add.v4.f32 { $0, $1, $2, $3 }, [ $4 + 0 ], { $5, $6, $7, $8 };", "=r,=r,=r,=r,l,r,r,r,r,b"
  // CHECK-SAME: -> !llvm.struct<(i32, i32, i32, i32)>
  // CHECK: "mov.b32 $0, 0;
  // CHECK-SAME: add.v4.f32
  // CHECK-NOT: atom.
  // CHECK: llvm.return
  tt.func public @vector_f32_sm90(%q: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %v: tensor<1024xf32, #b8>, %o: tensor<1024x!tt.ptr<f32>, #b8>, %n: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b8>
    %s = tt.splat %q : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b8>
    %p = tt.addptr %s, %r : tensor<1024x!tt.ptr<f32>, #b8>, tensor<1024xi32, #b8>
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (tensor<1024x!tt.ptr<f32>, #b8>, tensor<1024xf32, #b8>) -> tensor<1024xf32, #b8>
    %bound = tt.splat %n : i32 -> tensor<1024xi32, #b8>
    %m = arith.cmpi slt, %r, %bound : tensor<1024xi32, #b8>
    %1 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<1024x!tt.ptr<f32>, #b8>, tensor<1024xf32, #b8>, tensor<1024xi1, #b8>) -> tensor<1024xf32, #b8>
    tt.store %o, %1 : tensor<1024x!tt.ptr<f32>, #b8>
    tt.return
  }

  // Eight f16: one v8 add; f64 has no vector form.
  // CHECK-LABEL: llvm.func @vector_f16_sm90
  // CHECK: "atom.global.gpu.relaxed.add.noftz.v8.f16 { $0, $1, $2, $3, $4, $5, $6, $7 }, [ $8 + 0 ], { $9, $10, $11, $12, $13, $14, $15, $16 };"
  // CHECK-NOT: atom.global.gpu.relaxed.add.noftz
  // CHECK-COUNT-8: "atom.global.gpu.relaxed.add.f64 $0, [ $1 + 0 ], $2;"
  // CHECK: llvm.return
  tt.func public @vector_f16_sm90(%q: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %v: tensor<1024xf16, #b8>, %d: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %w: tensor<1024xf64, #b8>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b8>
    %s = tt.splat %q : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #b8>
    %p = tt.addptr %s, %r : tensor<1024x!tt.ptr<f16>, #b8>, tensor<1024xi32, #b8>
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (tensor<1024x!tt.ptr<f16>, #b8>, tensor<1024xf16, #b8>) -> tensor<1024xf16, #b8>
    %t = tt.splat %d : !tt.ptr<f64> -> tensor<1024x!tt.ptr<f64>, #b8>
    %e = tt.addptr %t, %r : tensor<1024x!tt.ptr<f64>, #b8>, tensor<1024xi32, #b8>
    %1 = tt.atomic_rmw fadd, relaxed, gpu, %e, %w : (tensor<1024x!tt.ptr<f64>, #b8>, tensor<1024xf64, #b8>) -> tensor<1024xf64, #b8>
    tt.return
  }
}

// -----

// Scalar atomics: thread 0 performs them for the CTA. A used old value
// goes through the op's scratch: thread 0 stores it, the CTA synchronizes,
// every thread loads it. A releasing atomic first synchronizes the CTA (so
// that every thread's earlier accesses precede the release), an acquiring
// one whose value is unused synchronizes after it (the exchange's barrier
// does it otherwise).
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @scalar_used
  // CHECK-SAME: (%[[P:.+]]: !llvm.ptr<1>, %[[V:.+]]: i32
  // CHECK-NOT: nvvm.barrier0
  // CHECK: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK: %[[FIRST:.+]] = llvm.icmp "eq" %[[TID]], %{{.+}} : i32
  // CHECK: %[[OLD:.+]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b32 $0, 0;\0A\09@$3 atom.global.gpu.relaxed.add.u32 $0, [ $1 + 0 ], $2;", "=r,l,r,b" %[[P]], %[[V]], %[[FIRST]]
  // CHECK: %[[BASE:.+]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
  // CHECK: %[[SCRATCH:.+]] = llvm.getelementptr %[[BASE]]
  // CHECK: %[[SLOT:.+]] = llvm.getelementptr %[[SCRATCH]][%{{.+}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
  // CHECK: %[[ADDR:.+]] = llvm.ptrtoint %[[SLOT]] : !llvm.ptr<3> to i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %[[ADDR]], %[[OLD]], %[[FIRST]]
  // CHECK-NEXT: nvvm.barrier0
  // CHECK: %[[BACK:.+]] = llvm.load %{{.+}} : !llvm.ptr<3> -> i32
  // CHECK: llvm.add %[[BACK]]
  tt.func public @scalar_used(%p: !tt.ptr<i32>, %v: i32, %o: tensor<128x!tt.ptr<i32>, #b>) {
    %0 = tt.atomic_rmw add, relaxed, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
    %1 = arith.addi %0, %v : i32
    %2 = tt.splat %1 : i32 -> tensor<128xi32, #b>
    tt.store %o, %2 : tensor<128x!tt.ptr<i32>, #b>
    tt.return
  }

  // CHECK-LABEL: llvm.func @scalar_release_acquire
  // CHECK: nvvm.barrier0
  // CHECK: nvvm.read.ptx.sreg.tid.x
  // CHECK: "mov.b32 $0, 0;\0A\09@$3 atom.global.gpu.release.add.f32 $0, [ $1 + 0 ], $2;"
  // CHECK-NOT: nvvm.barrier0
  // CHECK: "mov.b16 $0, 0;\0A\09@$3 atom.global.sys.acquire.add.noftz.f16 $0, [ $1 + 0 ], $2;"
  // CHECK-NEXT: nvvm.barrier0
  // CHECK: nvvm.barrier0
  // CHECK: "mov.b64 $0, 0;\0A\09@$3 atom.global.cta.acq_rel.exch.b64 $0, [ $1 + 0 ], $2;"
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-NEXT: llvm.return
  tt.func public @scalar_release_acquire(%pf: !tt.ptr<f32>, %f: f32, %ph: !tt.ptr<f16>, %h: f16, %pl: !tt.ptr<i64>, %l: i64) {
    %0 = tt.atomic_rmw fadd, release, gpu, %pf, %f : (!tt.ptr<f32>, f32) -> f32
    %1 = tt.atomic_rmw fadd, acquire, sys, %ph, %h : (!tt.ptr<f16>, f16) -> f16
    %2 = tt.atomic_rmw exch, acq_rel, cta, %pl, %l : (!tt.ptr<i64>, i64) -> i64
    tt.return
  }

  // A scalar compare-and-swap whose old value every thread uses; the mask
  // of a masked scalar atomic joins thread 0's predicate.
  // CHECK-LABEL: llvm.func @scalar_cas_and_mask
  // CHECK: %[[FIRST:.+]] = llvm.icmp "eq"
  // CHECK: %[[OLD:.+]] = llvm.inline_asm {{.*}}"mov.u16 $0, 0x0;\0A\09@$4 atom.global.acq_rel.gpu.cas.b16 $0, [ $1 + 0 ], $2, $3;", "=h,l,h,h,b" %{{.+}}, %{{.+}}, %{{.+}}, %[[FIRST]]
  // CHECK: "@$2 st.shared.b16 [ $0 + 0 ], $1;", "r,h,b" %{{.+}}, %[[OLD]], %[[FIRST]]
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load %{{.+}} : !llvm.ptr<3> -> i16
  // CHECK: %[[PRED:.+]] = llvm.and %{{.+}}, %{{.+}} : i1
  // CHECK: "mov.b32 $0, 0;\0A\09@$3 atom.global.gpu.relaxed.add.u32 $0, [ $1 + 0 ], $2;", "=r,l,r,b" %{{.+}}, %{{.+}}, %[[PRED]]
  tt.func public @scalar_cas_and_mask(%p: !tt.ptr<i16>, %c: i16, %o: !tt.ptr<i16>, %q: !tt.ptr<i32>, %v: i32, %m: i1) {
    %0 = tt.atomic_cas acq_rel, gpu, %p, %c, %c : (!tt.ptr<i16>, i16, i16) -> i16
    tt.store %o, %0 : !tt.ptr<i16>
    %1 = tt.atomic_rmw add, relaxed, gpu, %q, %v, %m : (!tt.ptr<i32>, i32, i1) -> i32
    tt.return
  }
}

// -----

// A layout that holds each element in every warp (32 elements, 4 warps):
// only warp 0 updates them; with a used result, warp 0 stores the old
// values at their elements' slots of the scratch and every warp loads its
// copies after a barrier. The release orders the CTA first.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @broadcast_used
  // CHECK: nvvm.barrier0
  // CHECK: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x
  // CHECK: %[[WARP:.+]] = llvm.udiv %[[TID]], %{{.+}} : i32
  // CHECK: %[[BITS:.+]] = llvm.and %[[WARP]], %{{.+}} : i32
  // CHECK: %[[OWNER:.+]] = llvm.icmp "eq" %[[BITS]], %{{.+}} : i32
  // CHECK: %[[OLD:.+]] = llvm.inline_asm {{.*}}"mov.b32 $0, 0;\0A\09@$3 atom.global.gpu.acq_rel.add.f32 $0, [ $1 + 0 ], $2;", "=r,l,r,b" %{{.+}}, %{{.+}}, %[[OWNER]]
  // CHECK: %[[OLDF:.+]] = llvm.bitcast %[[OLD]] : i32 to f32
  // CHECK: nvvm.read.ptx.sreg.tid.x
  // CHECK: %[[SLOT:.+]] = llvm.getelementptr %{{.+}}[%{{.+}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
  // CHECK: llvm.ptrtoint %[[SLOT]]
  // CHECK: llvm.bitcast %[[OLDF]] : f32 to i32
  // CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %{{.+}}, %{{.+}}, %[[OWNER]]
  // CHECK-NEXT: nvvm.barrier0
  // CHECK: llvm.load %{{.+}} : !llvm.ptr<3> -> f32
  tt.func public @broadcast_used(%p: tensor<32x!tt.ptr<f32>, #b>, %v: tensor<32xf32, #b>, %o: tensor<32x!tt.ptr<f32>, #b>) {
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (tensor<32x!tt.ptr<f32>, #b>, tensor<32xf32, #b>) -> tensor<32xf32, #b>
    tt.store %o, %0 : tensor<32x!tt.ptr<f32>, #b>
    tt.return
  }

  // Unused: the owners' predicate, no scratch, no barrier for a relaxed
  // atomic.
  // CHECK-LABEL: llvm.func @broadcast_unused
  // CHECK-NOT: nvvm.barrier0
  // CHECK: %[[OWNER:.+]] = llvm.icmp "eq"
  // CHECK: %[[PRED:.+]] = llvm.and %{{.+}}, %[[OWNER]] : i1
  // CHECK: "mov.b32 $0, 0;\0A\09@$3 atom.global.gpu.relaxed.add.u32 $0, [ $1 + 0 ], $2;", "=r,l,r,b" %{{.+}}, %{{.+}}, %[[PRED]]
  // CHECK-NOT: nvvm.barrier0
  // CHECK-NOT: shared
  // CHECK: llvm.return
  tt.func public @broadcast_unused(%p: tensor<32x!tt.ptr<i32>, #b>, %v: tensor<32xi32, #b>, %m: tensor<32xi1, #b>) {
    %0 = tt.atomic_rmw add, relaxed, gpu, %p, %v, %m : (tensor<32x!tt.ptr<i32>, #b>, tensor<32xi32, #b>, tensor<32xi1, #b>) -> tensor<32xi32, #b>
    tt.return
  }
}

// -----

// In a spin loop the barrier analysis already puts a barrier before the
// atomic (its scratch was read in the previous iteration); that barrier
// also orders the release, so there is one per iteration before the atomic,
// and one for the old value's exchange.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @spin
  // CHECK: scf.while
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-NOT: nvvm.barrier0
  // CHECK: atom.global.acq_rel.gpu.cas.b32
  // CHECK: st.shared.b32
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-NOT: nvvm.barrier0
  // CHECK: scf.condition
  tt.func public @spin(%lock: !tt.ptr<i32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.while : () -> () {
      %old = tt.atomic_cas acq_rel, gpu, %lock, %c0, %c1 : (!tt.ptr<i32>, i32, i32) -> i32
      %busy = arith.cmpi eq, %old, %c1 : i32
      scf.condition(%busy)
    } do {
      scf.yield
    }
    tt.return
  }
}
