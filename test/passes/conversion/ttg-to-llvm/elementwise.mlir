// convert-triton-gpu-to-llvm on elementwise ops: a tensor op becomes one
// scalar LLVM op per register of the thread (two here: 256 elements,
// sizePerThread 2, 128 threads); scalar ops lower as upstream arith does;
// tt's own elementwise ops (addptr, int_to_ptr, ptr_to_int, bitcast,
// clampf, mulhiui, precise ops, fp_to_fp) are lowered per element too.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @int_tensors
  // CHECK-SAME: (%[[A1:[^:]+]]: !llvm.struct<(i1, i1)>, %{{[^:]+}}: !llvm.struct<(i1, i1)>, %{{[^:]+}}: !llvm.struct<(i8, i8)>, %{{[^:]+}}: !llvm.struct<(i8, i8)>, %{{[^:]+}}: !llvm.struct<(i16, i16)>, %{{[^:]+}}: !llvm.struct<(i16, i16)>, %{{[^:]+}}: !llvm.struct<(i32, i32)>, %{{[^:]+}}: !llvm.struct<(i32, i32)>, %{{[^:]+}}: !llvm.struct<(i64, i64)>, %{{[^:]+}}: !llvm.struct<(i64, i64)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[X0:.+]] = llvm.extractvalue %[[A1]][0] : !llvm.struct<(i1, i1)>
  // CHECK: %[[X1:.+]] = llvm.extractvalue %[[A1]][1] : !llvm.struct<(i1, i1)>
  // CHECK: %[[Y0:.+]] = llvm.extractvalue %{{.+}}[0] : !llvm.struct<(i1, i1)>
  // CHECK: %[[Y1:.+]] = llvm.extractvalue %{{.+}}[1] : !llvm.struct<(i1, i1)>
  // CHECK: %[[R0:.+]] = llvm.xor %[[X0]], %[[Y0]] : i1
  // CHECK: %[[R1:.+]] = llvm.xor %[[X1]], %[[Y1]] : i1
  // CHECK: %[[U:.+]] = llvm.mlir.undef : !llvm.struct<(i1, i1)>
  // CHECK: %[[P0:.+]] = llvm.insertvalue %[[R0]], %[[U]][0]
  // CHECK: llvm.insertvalue %[[R1]], %[[P0]][1]
  // CHECK-COUNT-2: llvm.add %{{.+}}, %{{.+}} : i8
  // CHECK-COUNT-2: llvm.mul %{{.+}}, %{{.+}} : i16
  // CHECK-COUNT-2: llvm.sub %{{.+}}, %{{.+}} : i32
  // CHECK-COUNT-2: llvm.sdiv %{{.+}}, %{{.+}} : i64
  // CHECK-COUNT-2: llvm.udiv %{{.+}}, %{{.+}} : i32
  // CHECK-COUNT-2: llvm.srem %{{.+}}, %{{.+}} : i16
  // CHECK-COUNT-2: llvm.shl %{{.+}}, %{{.+}} : i32
  // CHECK-COUNT-2: llvm.ashr %{{.+}}, %{{.+}} : i64
  // CHECK-COUNT-2: llvm.and %{{.+}}, %{{.+}} : i8
  // CHECK-COUNT-2: llvm.or %{{.+}}, %{{.+}} : i1
  // CHECK-COUNT-2: llvm.icmp "slt" %{{.+}}, %{{.+}} : i32
  // CHECK-COUNT-2: llvm.icmp "uge" %{{.+}}, %{{.+}} : i64
  // CHECK-COUNT-2: llvm.select %{{.+}}, %{{.+}}, %{{.+}} : i1, i32
  // CHECK-COUNT-2: llvm.sext %{{.+}} : i8 to i32
  // CHECK-COUNT-2: llvm.zext %{{.+}} : i1 to i32
  // CHECK-COUNT-2: llvm.trunc %{{.+}} : i64 to i16
  // CHECK: llvm.return
  tt.func public @int_tensors(%a1: tensor<256xi1, #b>, %b1: tensor<256xi1, #b>,
                              %a8: tensor<256xi8, #b>, %b8: tensor<256xi8, #b>,
                              %a16: tensor<256xi16, #b>, %b16: tensor<256xi16, #b>,
                              %a32: tensor<256xi32, #b>, %b32: tensor<256xi32, #b>,
                              %a64: tensor<256xi64, #b>, %b64: tensor<256xi64, #b>) {
    %0 = arith.xori %a1, %b1 : tensor<256xi1, #b>
    %1 = arith.addi %a8, %b8 : tensor<256xi8, #b>
    %2 = arith.muli %a16, %b16 : tensor<256xi16, #b>
    %3 = arith.subi %a32, %b32 : tensor<256xi32, #b>
    %4 = arith.divsi %a64, %b64 : tensor<256xi64, #b>
    %5 = arith.divui %a32, %b32 : tensor<256xi32, #b>
    %6 = arith.remsi %a16, %b16 : tensor<256xi16, #b>
    %7 = arith.shli %a32, %b32 : tensor<256xi32, #b>
    %8 = arith.shrsi %a64, %b64 : tensor<256xi64, #b>
    %9 = arith.andi %a8, %b8 : tensor<256xi8, #b>
    %10 = arith.ori %a1, %b1 : tensor<256xi1, #b>
    %11 = arith.cmpi slt, %a32, %b32 : tensor<256xi32, #b>
    %12 = arith.cmpi uge, %a64, %b64 : tensor<256xi64, #b>
    %13 = arith.select %11, %a32, %b32 : tensor<256xi1, #b>, tensor<256xi32, #b>
    %14 = arith.extsi %a8 : tensor<256xi8, #b> to tensor<256xi32, #b>
    %15 = arith.extui %a1 : tensor<256xi1, #b> to tensor<256xi32, #b>
    %16 = arith.trunci %a64 : tensor<256xi64, #b> to tensor<256xi16, #b>
    tt.return
  }

  // f16 and bf16 arithmetic is emitted in its own type (llc promotes where
  // the target lacks it).
  // CHECK-LABEL: llvm.func @float_tensors
  // CHECK-COUNT-2: llvm.fadd %{{.+}}, %{{.+}} : f16
  // CHECK-COUNT-2: llvm.fmul %{{.+}}, %{{.+}} : bf16
  // CHECK-COUNT-2: llvm.fsub %{{.+}}, %{{.+}} : f32
  // CHECK-COUNT-2: llvm.fadd %{{.+}}, %{{.+}} : f64
  // CHECK-COUNT-2: llvm.fneg %{{.+}} : f32
  // CHECK-COUNT-2: llvm.intr.maxnum(%{{.+}}, %{{.+}}) : (f32, f32) -> f32
  // CHECK-COUNT-2: llvm.intr.minimum(%{{.+}}, %{{.+}}) : (f16, f16) -> f16
  // CHECK-COUNT-2: llvm.fcmp "olt" %{{.+}}, %{{.+}} : f32
  // CHECK-COUNT-2: llvm.fcmp "une" %{{.+}}, %{{.+}} : f64
  // CHECK-COUNT-2: llvm.select %{{.+}}, %{{.+}}, %{{.+}} : i1, f32
  // CHECK-COUNT-2: llvm.fpext %{{.+}} : f16 to f32
  // CHECK-COUNT-2: llvm.fpext %{{.+}} : bf16 to f32
  // CHECK-COUNT-2: llvm.fptrunc %{{.+}} : f32 to bf16
  // CHECK-COUNT-2: llvm.fptrunc %{{.+}} : f64 to f16
  // CHECK-COUNT-2: llvm.sitofp %{{.+}} : i32 to f32
  // CHECK-COUNT-2: llvm.uitofp %{{.+}} : i8 to f16
  // CHECK-COUNT-2: llvm.fptosi %{{.+}} : f32 to i32
  // CHECK-COUNT-2: llvm.fptoui %{{.+}} : f64 to i64
  // CHECK-COUNT-2: llvm.bitcast %{{.+}} : f32 to i32
  // CHECK-COUNT-2: llvm.bitcast %{{.+}} : i16 to bf16
  // CHECK: llvm.return
  tt.func public @float_tensors(%h: tensor<256xf16, #b>, %h2: tensor<256xf16, #b>,
                                %bf: tensor<256xbf16, #b>, %bf2: tensor<256xbf16, #b>,
                                %f: tensor<256xf32, #b>, %f2: tensor<256xf32, #b>,
                                %d: tensor<256xf64, #b>, %d2: tensor<256xf64, #b>,
                                %i: tensor<256xi32, #b>, %i8: tensor<256xi8, #b>, %i16: tensor<256xi16, #b>) {
    %0 = arith.addf %h, %h2 : tensor<256xf16, #b>
    %1 = arith.mulf %bf, %bf2 : tensor<256xbf16, #b>
    %2 = arith.subf %f, %f2 : tensor<256xf32, #b>
    %3 = arith.addf %d, %d2 : tensor<256xf64, #b>
    %4 = arith.negf %f : tensor<256xf32, #b>
    %5 = arith.maxnumf %f, %f2 : tensor<256xf32, #b>
    %6 = arith.minimumf %h, %h2 : tensor<256xf16, #b>
    %7 = arith.cmpf olt, %f, %f2 : tensor<256xf32, #b>
    %8 = arith.cmpf une, %d, %d2 : tensor<256xf64, #b>
    %9 = arith.select %7, %f, %f2 : tensor<256xi1, #b>, tensor<256xf32, #b>
    %10 = arith.extf %h : tensor<256xf16, #b> to tensor<256xf32, #b>
    %11 = arith.extf %bf : tensor<256xbf16, #b> to tensor<256xf32, #b>
    %12 = arith.truncf %f : tensor<256xf32, #b> to tensor<256xbf16, #b>
    %13 = arith.truncf %d : tensor<256xf64, #b> to tensor<256xf16, #b>
    %14 = arith.sitofp %i : tensor<256xi32, #b> to tensor<256xf32, #b>
    %15 = arith.uitofp %i8 : tensor<256xi8, #b> to tensor<256xf16, #b>
    %16 = arith.fptosi %f : tensor<256xf32, #b> to tensor<256xi32, #b>
    %17 = arith.fptoui %d : tensor<256xf64, #b> to tensor<256xi64, #b>
    %18 = arith.bitcast %f : tensor<256xf32, #b> to tensor<256xi32, #b>
    %19 = arith.bitcast %i16 : tensor<256xi16, #b> to tensor<256xbf16, #b>
    tt.return
  }

  // A scalar condition selects between whole tensors: it is used as is for
  // every register.
  // CHECK-LABEL: llvm.func @select_scalar_condition
  // CHECK-SAME: (%[[C:[^:]+]]: i1,
  // CHECK: llvm.select %[[C]], %{{.+}}, %{{.+}} : i1, f32
  // CHECK: llvm.select %[[C]], %{{.+}}, %{{.+}} : i1, f32
  tt.func public @select_scalar_condition(%c: i1, %x: tensor<256xf32, #b>, %y: tensor<256xf32, #b>) {
    %0 = arith.select %c, %x, %y : tensor<256xf32, #b>
    tt.return
  }

  // Scalars of every width.
  // CHECK-LABEL: llvm.func @scalars
  // CHECK: llvm.add %{{.+}}, %{{.+}} : i8
  // CHECK: llvm.mul %{{.+}}, %{{.+}} : i16
  // CHECK: llvm.sub %{{.+}}, %{{.+}} : i32
  // CHECK: llvm.sdiv %{{.+}}, %{{.+}} : i64
  // CHECK: llvm.xor %{{.+}}, %{{.+}} : i1
  // CHECK: llvm.fadd %{{.+}}, %{{.+}} : f16
  // CHECK: llvm.fmul %{{.+}}, %{{.+}} : bf16
  // CHECK: llvm.fsub %{{.+}}, %{{.+}} : f32
  // CHECK: llvm.fadd %{{.+}}, %{{.+}} : f64
  // CHECK: llvm.icmp "sgt" %{{.+}}, %{{.+}} : i32
  // CHECK: llvm.fcmp "oge" %{{.+}}, %{{.+}} : f32
  // CHECK: llvm.select %{{.+}}, %{{.+}}, %{{.+}} : i1, f64
  // CHECK: llvm.sext %{{.+}} : i32 to i64
  // CHECK: llvm.trunc %{{.+}} : i64 to i8
  // CHECK: llvm.fpext %{{.+}} : f16 to f32
  // CHECK: llvm.fptrunc %{{.+}} : f64 to f32
  // CHECK: llvm.sitofp %{{.+}} : i32 to f64
  // CHECK: llvm.fptosi %{{.+}} : f32 to i16
  // CHECK: llvm.bitcast %{{.+}} : f32 to i32
  tt.func public @scalars(%a8: i8, %b8: i8, %a16: i16, %b16: i16, %a32: i32, %b32: i32, %a64: i64, %b64: i64,
                          %a1: i1, %b1: i1, %h: f16, %h2: f16, %bf: bf16, %bf2: bf16, %f: f32, %f2: f32, %d: f64, %d2: f64) {
    %0 = arith.addi %a8, %b8 : i8
    %1 = arith.muli %a16, %b16 : i16
    %2 = arith.subi %a32, %b32 : i32
    %3 = arith.divsi %a64, %b64 : i64
    %4 = arith.xori %a1, %b1 : i1
    %5 = arith.addf %h, %h2 : f16
    %6 = arith.mulf %bf, %bf2 : bf16
    %7 = arith.subf %f, %f2 : f32
    %8 = arith.addf %d, %d2 : f64
    %9 = arith.cmpi sgt, %a32, %b32 : i32
    %10 = arith.cmpf oge, %f, %f2 : f32
    %11 = arith.select %10, %d, %d2 : f64
    %12 = arith.extsi %a32 : i32 to i64
    %13 = arith.trunci %a64 : i64 to i8
    %14 = arith.extf %h : f16 to f32
    %15 = arith.truncf %d : f64 to f32
    %16 = arith.sitofp %a32 : i32 to f64
    %17 = arith.fptosi %f : f32 to i16
    %18 = arith.bitcast %f : f32 to i32
    tt.return
  }

  // Splat tensor constants: every register holds the value.
  // CHECK-LABEL: llvm.func @constants
  // CHECK: %[[K:.+]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK: %[[U:.+]] = llvm.mlir.undef : !llvm.struct<(i32, i32)>
  // CHECK: %[[K0:.+]] = llvm.insertvalue %[[K]], %[[U]][0]
  // CHECK: llvm.insertvalue %[[K]], %[[K0]][1]
  // CHECK: llvm.mlir.constant(1.500000e+00 : f16) : f16
  // CHECK: llvm.mlir.undef : !llvm.struct<(f16, f16)>
  // CHECK: llvm.mlir.constant(true) : i1
  // CHECK: llvm.mlir.undef : !llvm.struct<(i1, i1)>
  tt.func public @constants(%x: tensor<256xi32, #b>, %h: tensor<256xf16, #b>, %m: tensor<256xi1, #b>) {
    %k = arith.constant dense<3> : tensor<256xi32, #b>
    %0 = arith.addi %x, %k : tensor<256xi32, #b>
    %kh = arith.constant dense<1.5> : tensor<256xf16, #b>
    %1 = arith.mulf %h, %kh : tensor<256xf16, #b>
    %km = arith.constant dense<true> : tensor<256xi1, #b>
    %2 = arith.andi %m, %km : tensor<256xi1, #b>
    %3 = arith.xori %2, %m : tensor<256xi1, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // tt.addptr is a GEP over the pointee type, for scalar and tensor pointers
  // and any offset width.
  // CHECK-LABEL: llvm.func @addptr
  // CHECK-SAME: (%[[P:[^:]+]]: !llvm.ptr<1>, %[[O:[^:]+]]: i32, %[[O64:[^:]+]]: i64, %[[T:[^:]+]]: !llvm.struct<(ptr<1>, ptr<1>)>, %[[OT:[^:]+]]: !llvm.struct<(i32, i32)>, %[[PP:[^:]+]]: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: llvm.getelementptr %[[P]][%[[O]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
  // CHECK: llvm.getelementptr %[[P]][%[[O64]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
  // CHECK: %[[T0:.+]] = llvm.extractvalue %[[T]][0]
  // CHECK: %[[T1:.+]] = llvm.extractvalue %[[T]][1]
  // CHECK: %[[OT0:.+]] = llvm.extractvalue %[[OT]][0]
  // CHECK: %[[OT1:.+]] = llvm.extractvalue %[[OT]][1]
  // CHECK: llvm.getelementptr %[[T0]][%[[OT0]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
  // CHECK: llvm.getelementptr %[[T1]][%[[OT1]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
  // A pointer to pointers steps by whole pointers.
  // CHECK: llvm.getelementptr %[[PP]][%[[O]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, !llvm.ptr<1>
  tt.func public @addptr(%p: !tt.ptr<f16>, %o: i32, %o64: i64, %t: tensor<256x!tt.ptr<f32>, #b>, %ot: tensor<256xi32, #b>, %pp: !tt.ptr<!tt.ptr<f32>>) {
    %0 = tt.addptr %p, %o : !tt.ptr<f16>, i32
    %1 = tt.addptr %p, %o64 : !tt.ptr<f16>, i64
    %2 = tt.addptr %t, %ot : tensor<256x!tt.ptr<f32>, #b>, tensor<256xi32, #b>
    %3 = tt.addptr %pp, %o : !tt.ptr<!tt.ptr<f32>>, i32
    tt.return
  }

  // CHECK-LABEL: llvm.func @ptr_int
  // CHECK-SAME: (%[[P:[^:]+]]: !llvm.ptr<1>, %[[I:[^:]+]]: i64, %{{[^:]+}}: !llvm.struct<(ptr<1>, ptr<1>)>, %{{[^:]+}}: !llvm.struct<(i64, i64)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: llvm.ptrtoint %[[P]] : !llvm.ptr<1> to i64
  // CHECK: llvm.inttoptr %[[I]] : i64 to !llvm.ptr<1>
  // CHECK-COUNT-2: llvm.ptrtoint %{{.+}} : !llvm.ptr<1> to i64
  // CHECK-COUNT-2: llvm.inttoptr %{{.+}} : i64 to !llvm.ptr<1>
  tt.func public @ptr_int(%p: !tt.ptr<f32>, %i: i64, %t: tensor<256x!tt.ptr<f32>, #b>, %ti: tensor<256xi64, #b>) {
    %0 = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
    %1 = tt.int_to_ptr %i : i64 -> !tt.ptr<f32>
    %2 = tt.ptr_to_int %t : tensor<256x!tt.ptr<f32>, #b> -> tensor<256xi64, #b>
    %3 = tt.int_to_ptr %ti : tensor<256xi64, #b> -> tensor<256x!tt.ptr<f32>, #b>
    tt.return
  }

  // tt.bitcast between same-width types; a cast to the same LLVM type is
  // no op at all (pointer to pointer).
  // CHECK-LABEL: llvm.func @tt_bitcast
  // CHECK-COUNT-2: llvm.bitcast %{{.+}} : i32 to f32
  // CHECK: llvm.bitcast %{{.+}} : f16 to i16
  // CHECK-NOT: llvm.bitcast
  // CHECK: llvm.return
  tt.func public @tt_bitcast(%i: tensor<256xi32, #b>, %h: f16, %p: !tt.ptr<f32>) {
    %0 = tt.bitcast %i : tensor<256xi32, #b> -> tensor<256xf32, #b>
    %1 = tt.bitcast %h : f16 -> i16
    %2 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i32>
    tt.return
  }

  // clampf: propagateNan = all keeps a NaN x (maximum/minimum), none lets a
  // bound win (maxnum/minnum); min(max(x, lo), hi) either way.
  // CHECK-LABEL: llvm.func @clampf
  // CHECK-SAME: (%[[X:[^:]+]]: !llvm.struct<(f32, f32)>, %[[LO:[^:]+]]: !llvm.struct<(f32, f32)>, %[[HI:[^:]+]]: !llvm.struct<(f32, f32)>, %[[S:[^:]+]]: f16, %[[SLO:[^:]+]]: f16, %[[SHI:[^:]+]]: f16, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[X0:.+]] = llvm.extractvalue %[[X]][0]
  // CHECK: %[[X1:.+]] = llvm.extractvalue %[[X]][1]
  // CHECK: %[[L0:.+]] = llvm.extractvalue %[[LO]][0]
  // CHECK: %[[L1:.+]] = llvm.extractvalue %[[LO]][1]
  // CHECK: %[[H0:.+]] = llvm.extractvalue %[[HI]][0]
  // CHECK: %[[H1:.+]] = llvm.extractvalue %[[HI]][1]
  // CHECK: %[[M0:.+]] = llvm.intr.maxnum(%[[X0]], %[[L0]]) : (f32, f32) -> f32
  // CHECK: llvm.intr.minnum(%[[M0]], %[[H0]]) : (f32, f32) -> f32
  // CHECK: %[[M1:.+]] = llvm.intr.maxnum(%[[X1]], %[[L1]]) : (f32, f32) -> f32
  // CHECK: llvm.intr.minnum(%[[M1]], %[[H1]]) : (f32, f32) -> f32
  // CHECK-COUNT-2: llvm.intr.minimum(%{{.+}}) : (f32, f32) -> f32
  // CHECK: %[[SM:.+]] = llvm.intr.maximum(%[[S]], %[[SLO]]) : (f16, f16) -> f16
  // CHECK: llvm.intr.minimum(%[[SM]], %[[SHI]]) : (f16, f16) -> f16
  tt.func public @clampf(%x: tensor<256xf32, #b>, %lo: tensor<256xf32, #b>, %hi: tensor<256xf32, #b>, %s: f16, %slo: f16, %shi: f16) {
    %0 = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<256xf32, #b>
    %1 = tt.clampf %x, %lo, %hi, propagateNan = all : tensor<256xf32, #b>
    %2 = tt.clampf %s, %slo, %shi, propagateNan = all : f16
    tt.return
  }

  // CHECK-LABEL: llvm.func @tt_misc
  // CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.mulhi.ui"(%{{.+}}, %{{.+}}) : (i32, i32) -> i32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.mulhi.ull"(%{{.+}}, %{{.+}}) : (i64, i64) -> i64
  // CHECK-COUNT-2: llvm.intr.sqrt(%{{.+}}) : (f32) -> f32
  // CHECK-COUNT-2: llvm.fdiv %{{.+}}, %{{.+}} : f32
  // CHECK-COUNT-2: llvm.fptrunc %{{.+}} : f32 to f16
  // CHECK-COUNT-2: llvm.fpext %{{.+}} : f16 to f32
  // CHECK-COUNT-2: llvm.call @__nv_exp2f(%{{.+}}) : (f32) -> f32
  tt.func public @tt_misc(%i: tensor<256xi32, #b>, %j: tensor<256xi32, #b>, %a: i64, %c: i64, %x: tensor<256xf32, #b>, %y: tensor<256xf32, #b>) {
    %0 = tt.mulhiui %i, %j : tensor<256xi32, #b>
    %1 = tt.mulhiui %a, %c : i64
    %2 = tt.precise_sqrt %x : tensor<256xf32, #b>
    %3 = tt.precise_divf %x, %y : tensor<256xf32, #b>
    %4 = tt.fp_to_fp %x, rounding = rtne : tensor<256xf32, #b> -> tensor<256xf16, #b>
    %5 = tt.fp_to_fp %4 : tensor<256xf16, #b> -> tensor<256xf32, #b>
    %6 = tt.extern_elementwise %x {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_exp2f"} : (tensor<256xf32, #b>) -> tensor<256xf32, #b>
    tt.return
  }
  // The extern function is declared once, at the top of the module.
  // CHECK-NOT: llvm.func @__nv_exp2f
}

// -----

// scf.for carrying a tensor: the iter_arg becomes the register struct.
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @loop
  // CHECK: %[[Z:.+]] = llvm.mlir.constant(0.000000e+00 : f32) : f32
  // CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %{{.+}}) -> (!llvm.struct<(f32, f32)>)  : i32 {
  // CHECK: llvm.extractvalue %[[ACC]][0]
  // CHECK-COUNT-2: llvm.fadd %{{.+}}, %{{.+}} : f32
  // CHECK: scf.yield %{{.+}} : !llvm.struct<(f32, f32)>
  tt.func public @loop(%n: i32, %x: tensor<256xf32, #b>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant dense<0.0> : tensor<256xf32, #b>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<256xf32, #b>) : i32 {
      %s = arith.addf %acc, %x : tensor<256xf32, #b>
      scf.yield %s : tensor<256xf32, #b>
    }
    tt.return
  }
}

// -----

// Below sm_80 PTX has no NaN-propagating max and min: clampf with
// propagateNan = all clamps with maxnum/minnum and selects a NaN back where
// x is NaN (x une x), as Triton does; propagateNan = none is unchanged.
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:75", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @clampf_before_sm80
  // CHECK-SAME: (%[[S:[^:]+]]: f32, %[[LO:[^:]+]]: f32, %[[HI:[^:]+]]: f32, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[NAN_X:.+]] = llvm.fcmp "une" %[[S]], %[[S]] : f32
  // CHECK-NEXT: %[[M:.+]] = llvm.intr.maxnum(%[[S]], %[[LO]]) : (f32, f32) -> f32
  // CHECK-NEXT: %[[C:.+]] = llvm.intr.minnum(%[[M]], %[[HI]]) : (f32, f32) -> f32
  // CHECK-NEXT: %[[NAN:.+]] = llvm.mlir.constant(0x7FC00000 : f32) : f32
  // CHECK-NEXT: llvm.select %[[NAN_X]], %[[NAN]], %[[C]] : i1, f32
  // CHECK: %[[M2:.+]] = llvm.intr.maxnum(%[[S]], %[[LO]]) : (f32, f32) -> f32
  // CHECK-NEXT: llvm.intr.minnum(%[[M2]], %[[HI]]) : (f32, f32) -> f32
  // CHECK-NOT: llvm.intr.maximum
  // CHECK-NOT: llvm.intr.minimum
  // CHECK: llvm.return
  tt.func public @clampf_before_sm80(%s: f32, %lo: f32, %hi: f32) {
    %0 = tt.clampf %s, %lo, %hi, propagateNan = all : f32
    %1 = tt.clampf %s, %lo, %hi, propagateNan = none : f32
    tt.return
  }
}
