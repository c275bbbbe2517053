// End to end: the load/store forms convert-triton-gpu-to-llvm emits (cache
// modifiers, eviction policies, volatile, other, i1/i8/f16/f64/pointer
// elements, scalar pointers) are PTX that ptxas accepts.
// REQUIRES: ptxas

// RUN: %mlir-tile --tile-to-llvm %s | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin

// CHECK-LABEL: .visible .entry kinds(
// CHECK: .reqntid 128
// CHECK-DAG: ld.global.cg.b32
// CHECK-DAG: ld.global.ca.b32
// CHECK-DAG: createpolicy.fractional.L2::evict_last.b64
// CHECK-DAG: ld.global.L1::evict_last.L2::cache_hint.b32
// CHECK-DAG: ld.volatile.global.b32
// CHECK-DAG: ld.global.b16
// CHECK-DAG: ld.global.u8
// CHECK-DAG: ld.global.b64
// CHECK-DAG: st.global.cs.b32
// CHECK-DAG: createpolicy.fractional.L2::evict_first.b64
// CHECK-DAG: st.global.L1::evict_first.L2::cache_hint.b32
// CHECK-DAG: st.global.b16
// CHECK-DAG: st.global.u8
// CHECK-DAG: st.global.b64
// CHECK: ret;

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @kinds(%f: !tt.ptr<f32>, %h: !tt.ptr<f16>, %b: !tt.ptr<i1>, %c: !tt.ptr<i8>, %d: !tt.ptr<f64>, %pp: !tt.ptr<!tt.ptr<f32>>, %s: !tt.ptr<i32>, %n: i32) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b>
    %bound = tt.splat %n : i32 -> tensor<128xi32, #b>
    %m = arith.cmpi slt, %r, %bound : tensor<128xi32, #b>
    %fs = tt.splat %f : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b>
    %fp = tt.addptr %fs, %r : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
    %other = arith.constant dense<2.0> : tensor<128xf32, #b>
    %f0 = tt.load %fp, %m, %other cacheModifier = cg : tensor<128x!tt.ptr<f32>, #b>
    %f1 = tt.load %fp cacheModifier = ca : tensor<128x!tt.ptr<f32>, #b>
    %f2 = tt.load %fp, %m evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>, #b>
    %f3 = tt.load %fp {isVolatile = true} : tensor<128x!tt.ptr<f32>, #b>
    %a0 = arith.addf %f0, %f1 : tensor<128xf32, #b>
    %a1 = arith.addf %f2, %f3 : tensor<128xf32, #b>
    tt.store %fp, %a0, %m cacheModifier = cs : tensor<128x!tt.ptr<f32>, #b>
    tt.store %fp, %a1 evictionPolicy = evict_first : tensor<128x!tt.ptr<f32>, #b>
    %hs = tt.splat %h : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>, #b>
    %hp = tt.addptr %hs, %r : tensor<128x!tt.ptr<f16>, #b>, tensor<128xi32, #b>
    %hv = tt.load %hp, %m : tensor<128x!tt.ptr<f16>, #b>
    tt.store %hp, %hv, %m : tensor<128x!tt.ptr<f16>, #b>
    %bs = tt.splat %b : !tt.ptr<i1> -> tensor<128x!tt.ptr<i1>, #b>
    %bp = tt.addptr %bs, %r : tensor<128x!tt.ptr<i1>, #b>, tensor<128xi32, #b>
    %bv = tt.load %bp : tensor<128x!tt.ptr<i1>, #b>
    %bx = arith.xori %bv, %m : tensor<128xi1, #b>
    tt.store %bp, %bx : tensor<128x!tt.ptr<i1>, #b>
    %cs = tt.splat %c : !tt.ptr<i8> -> tensor<128x!tt.ptr<i8>, #b>
    %cp = tt.addptr %cs, %r : tensor<128x!tt.ptr<i8>, #b>, tensor<128xi32, #b>
    %cv = tt.load %cp : tensor<128x!tt.ptr<i8>, #b>
    tt.store %cp, %cv : tensor<128x!tt.ptr<i8>, #b>
    %ds = tt.splat %d : !tt.ptr<f64> -> tensor<128x!tt.ptr<f64>, #b>
    %dp = tt.addptr %ds, %r : tensor<128x!tt.ptr<f64>, #b>, tensor<128xi32, #b>
    %dv = tt.load %dp : tensor<128x!tt.ptr<f64>, #b>
    tt.store %dp, %dv : tensor<128x!tt.ptr<f64>, #b>
    %ps = tt.splat %pp : !tt.ptr<!tt.ptr<f32>> -> tensor<128x!tt.ptr<!tt.ptr<f32>>, #b>
    %pq = tt.addptr %ps, %r : tensor<128x!tt.ptr<!tt.ptr<f32>>, #b>, tensor<128xi32, #b>
    %pv = tt.load %pq : tensor<128x!tt.ptr<!tt.ptr<f32>>, #b>
    tt.store %pq, %pv : tensor<128x!tt.ptr<!tt.ptr<f32>>, #b>
    %sv = tt.load %s : !tt.ptr<i32>
    %s1 = arith.addi %sv, %n : i32
    tt.store %s, %s1 : !tt.ptr<i32>
    tt.return
  }
}
