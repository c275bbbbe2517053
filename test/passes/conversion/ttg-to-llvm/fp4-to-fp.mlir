// ttg.fp4_to_fp: each i8 register holds two e2m1 values (the element with
// the even index along the axis in the low nibble) and becomes two
// consecutive f16/bf16 registers. The conversion is integer arithmetic on
// the bits: code c = eem (sign masked off) of 2 or more is
// (c << shift) + the bits of 0.5 (bf16: shift 6, 0x3F00 = 16128; f16:
// shift 9, 0x3800 = 14336), codes 0 and 1 are c * (bits of 0.5), and the
// sign bit moves from bit 3 to bit 15.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg)\.}}'

// bf16 along the blocked layout's fastest dim: one register in, two out.
// CHECK-LABEL: llvm.func internal @bf16
// CHECK: %[[BYTE:.+]] = llvm.extractvalue %arg0[0] : !llvm.struct<(i8, i8)>
// CHECK: %[[WIDE:.+]] = llvm.zext %[[BYTE]] : i8 to i16
// CHECK: %[[LOW:.+]] = llvm.and %[[WIDE]], %{{.+}} : i16
// CHECK: %[[HIGH:.+]] = llvm.lshr %[[WIDE]], %{{.+}} : i16
// CHECK: %[[SIGN:.+]] = llvm.and %[[LOW]], %{{.+}} : i16
// CHECK: %[[SIGN15:.+]] = llvm.shl %[[SIGN]], %{{.+}} : i16
// CHECK: %[[CODE:.+]] = llvm.and %[[LOW]], %{{.+}} : i16
// CHECK: %[[HALF:.+]] = llvm.mlir.constant(16128 : i16) : i16
// CHECK: %[[SIX:.+]] = llvm.mlir.constant(6 : i16) : i16
// CHECK: %[[MANT:.+]] = llvm.shl %[[CODE]], %[[SIX]] : i16
// CHECK: %[[NORMAL:.+]] = llvm.add %[[MANT]], %[[HALF]] : i16
// CHECK: %[[SMALL:.+]] = llvm.mul %[[CODE]], %[[HALF]] : i16
// CHECK: %[[ISSMALL:.+]] = llvm.icmp "ult" %[[CODE]], %{{.+}} : i16
// CHECK: %[[MAG:.+]] = llvm.select %[[ISSMALL]], %[[SMALL]], %[[NORMAL]] : i1, i16
// CHECK: %[[BITS:.+]] = llvm.or %[[MAG]], %[[SIGN15]] : i16
// CHECK: %[[E0:.+]] = llvm.bitcast %[[BITS]] : i16 to bf16
// CHECK: %[[E1:.+]] = llvm.bitcast %{{.+}} : i16 to bf16
// CHECK-COUNT-2: llvm.bitcast %{{.+}} : i16 to bf16
// CHECK: %[[R0:.+]] = llvm.insertvalue %[[E0]], %{{.+}}[0] : !llvm.struct<(bf16, bf16, bf16, bf16)>
// CHECK: llvm.insertvalue %[[E1]], %[[R0]][1] : !llvm.struct<(bf16, bf16, bf16, bf16)>
#in = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#out = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @bf16(%x: tensor<4x16xi8, #in>) -> tensor<4x32xbf16, #out> {
    %r = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<4x16xi8, #in> -> tensor<4x32xbf16, #out>
    tt.return %r : tensor<4x32xbf16, #out>
  }
}

// -----

// f16 along dim 0 (not the fastest): a #ttg.linear result whose first
// register steps along dim 0.
// CHECK-LABEL: llvm.func internal @f16_dim0
// CHECK: llvm.mlir.constant(14336 : i16) : i16
// CHECK: %[[NINE:.+]] = llvm.mlir.constant(9 : i16) : i16
// CHECK: llvm.shl %{{.+}}, %[[NINE]] : i16
// CHECK: %[[E0:.+]] = llvm.bitcast %{{.+}} : i16 to f16
// CHECK: %[[E1:.+]] = llvm.bitcast %{{.+}} : i16 to f16
// CHECK-NOT: llvm.bitcast
// CHECK: %[[R0:.+]] = llvm.insertvalue %[[E0]], %{{.+}}[0] : !llvm.struct<(f16, f16)>
// CHECK: llvm.insertvalue %[[E1]], %[[R0]][1] : !llvm.struct<(f16, f16)>
#in = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
#out = #ttg.linear<{register = [[1, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @f16_dim0(%x: tensor<1x32xi8, #in>) -> tensor<2x32xf16, #out> {
    %r = ttg.fp4_to_fp %x {axis = 0 : i32} : tensor<1x32xi8, #in> -> tensor<2x32xf16, #out>
    tt.return %r : tensor<2x32xf16, #out>
  }
}
