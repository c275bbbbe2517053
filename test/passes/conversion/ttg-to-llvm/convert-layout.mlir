// convert-triton-gpu-to-llvm on ttg.convert_layout, whose lowering follows
// from the two linear layouts (passes/analysis/Scratch.h picks the
// strategy): a register permutation when every thread keeps its elements,
// shfl.sync.idx when no element leaves its warp (ttg.shared stays 0), and
// otherwise a round trip through swizzled scratch: vector stores, one CTA
// barrier, vector loads (ldmatrix.x4 where the target has it and the
// layouts fit), with the scratch sized numel * element bytes, divided by
// the rounds the conversion runs in when both sides hold some register
// bases.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm,canonicalize,cse)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

// Register bases 0 and 1 swapped: result register r is operand register
// [0, 2, 1, 3, 4, 6, 5, 7][r]; nothing crosses a thread.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 0
// CHECK-LABEL: llvm.func internal @register_permutation
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK-DAG: %[[E1:.+]] = llvm.extractvalue %arg0[1]
// CHECK-DAG: %[[E2:.+]] = llvm.extractvalue %arg0[2]
// CHECK: llvm.insertvalue %[[E2]], %{{.+}}[1]
// CHECK-NEXT: llvm.insertvalue %[[E1]], %{{.+}}[2]
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return

#b4 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#lin = #ttg.linear<{register = [[0, 2], [0, 1], [0, 16]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @register_permutation(%a: tensor<32x32xf32, #b4>) -> tensor<32x32xf32, #lin> {
    %c = ttg.convert_layout %a : tensor<32x32xf32, #b4> -> tensor<32x32xf32, #lin>
    tt.return %c : tensor<32x32xf32, #lin>
  }
}

// -----

// Lanes walk columns first, then rows first: the same warp rows, elements
// exchanged within each warp, no shared memory. A thread's two registers
// (columns c and c + 4) come from one source lane, so the two f16 values
// travel in one 32-bit shuffle, as Triton packs them.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 0
// CHECK-NOT: global_smem
// CHECK-LABEL: llvm.func internal @in_warp_transpose
// CHECK-DAG: %[[R0:.+]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[R1:.+]] = llvm.extractvalue %arg0[1]
// CHECK: %[[V0:.+]] = llvm.insertelement %[[R0]], %{{.+}}[%{{.+}} : i32] : vector<2xf16>
// CHECK: %[[V1:.+]] = llvm.insertelement %[[R1]], %[[V0]][%{{.+}} : i32] : vector<2xf16>
// CHECK: %[[W:.+]] = llvm.bitcast %[[V1]] : vector<2xf16> to i32
// CHECK: %[[S:.+]] = nvvm.shfl.sync  idx %{{.+}}, %[[W]], %{{.+}}, %{{.+}} : i32 -> i32
// CHECK: llvm.bitcast %[[S]] : i32 to vector<2xf16>
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return

#src = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @in_warp_transpose(%a: tensor<32x8xf16, #src>) -> tensor<32x8xf16, #dst> {
    %c = ttg.convert_layout %a : tensor<32x8xf16, #src> -> tensor<32x8xf16, #dst>
    tt.return %c : tensor<32x8xf16, #dst>
  }
}

// -----

// One element per lane -> pairs per lane: lanes l and l + 16 read the same
// source lane (2l mod 32), so they take the two registers in opposite
// rounds. The offered and the received registers are swapped on lanes
// 16..31.
// CHECK-LABEL: llvm.func internal @in_warp_rotated
// CHECK-DAG: %[[R0:.+]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[R1:.+]] = llvm.extractvalue %arg0[1]
// CHECK: %[[C:.+]] = llvm.trunc %{{.+}} : i32 to i1
// CHECK: %[[O0:.+]] = llvm.select %[[C]], %[[R1]], %[[R0]] : i1, f32
// CHECK: %[[O1:.+]] = llvm.select %[[C]], %[[R0]], %[[R1]] : i1, f32
// CHECK: %[[X0:.+]] = nvvm.shfl.sync  idx %{{.+}}, %[[O0]], %{{.+}}, %{{.+}} : f32 -> f32
// CHECK: %[[X1:.+]] = nvvm.shfl.sync  idx %{{.+}}, %[[O1]], %{{.+}}, %{{.+}} : f32 -> f32
// CHECK: %[[D:.+]] = llvm.trunc %{{.+}} : i32 to i1
// CHECK: llvm.select %[[D]], %[[X1]], %[[X0]] : i1, f32
// CHECK: llvm.select %[[D]], %[[X0]], %[[X1]] : i1, f32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return

#row1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#row2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @in_warp_rotated(%a: tensor<4x64xf32, #row1>) -> tensor<4x64xf32, #row2> {
    %c = ttg.convert_layout %a : tensor<4x64xf32, #row1> -> tensor<4x64xf32, #row2>
    tt.return %c : tensor<4x64xf32, #row2>
  }
}

// -----

// sizePerThread 1 -> 4 moves elements between warps: four scalar stores
// (the source holds no two neighbours), one barrier, one 16-byte load.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 2048
// CHECK: llvm.mlir.global external @global_smem
// CHECK-LABEL: llvm.func internal @across_warps
// CHECK-COUNT-4: llvm.store %{{.+}}, %{{.+}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: nvvm.barrier0
// CHECK-NOT: llvm.store
// CHECK: llvm.load %{{.+}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK-NOT: llvm.load
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @across_warps(%a: tensor<512xf32, #b1>) -> tensor<512xf32, #b4> {
    %c = ttg.convert_layout %a : tensor<512xf32, #b1> -> tensor<512xf32, #b4>
    tt.return %c : tensor<512xf32, #b4>
  }
}

// -----

// Row-major 1x8 vectors -> column-major 8x1 vectors of f16 on sm_80: both
// sides move 16 bytes per access, the destination with ldmatrix.x4.trans
// (below, the same on sm_90); 64 * 64 * 2 bytes of scratch. Without it one
// side would move single halves.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 8192
// CHECK-LABEL: llvm.func internal @order_f16
// CHECK-COUNT-4: llvm.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-4: nvvm.ldmatrix %{{.+}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return

#rows = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @order_f16(%a: tensor<64x64xf16, #rows>) -> tensor<64x64xf16, #cols> {
    %c = ttg.convert_layout %a : tensor<64x64xf16, #rows> -> tensor<64x64xf16, #cols>
    tt.return %c : tensor<64x64xf16, #cols>
  }
}

// -----

// Into a slice layout: the source repeats the 32 elements in every warp,
// so each warp finds them in its own lanes: one shuffle, no scratch.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 0
// CHECK-LABEL: llvm.func internal @to_slice
// CHECK: nvvm.shfl.sync  idx
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return

#parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @to_slice(%a: tensor<32xf32, #b1>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #parent}>> {
    %c = ttg.convert_layout %a : tensor<32xf32, #b1> -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #parent}>>
    tt.return %c : tensor<32xf32, #ttg.slice<{dim = 1, parent = #parent}>>
  }
}

// -----

// mma v2 accumulator (pairs of columns per thread) -> blocked (quads):
// 8-byte stores of the pairs, 16-byte loads of the quads.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 4096
// CHECK-LABEL: llvm.func internal @mma_to_blocked
// CHECK-COUNT-4: llvm.store %{{.+}}, %{{.+}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-2: llvm.load %{{.+}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @mma_to_blocked(%a: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #blocked> {
    %c = ttg.convert_layout %a : tensor<32x32xf32, #mma> -> tensor<32x32xf32, #blocked>
    tt.return %c : tensor<32x32xf32, #blocked>
  }
}

// -----

// i1 is kept as a byte in scratch: stored zero-extended, loaded as
// 4 x i8 and truncated back.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 512
// CHECK-LABEL: llvm.func internal @bool
// CHECK: %[[Z:.+]] = llvm.zext %{{.+}} : i1 to i8
// CHECK-NEXT: llvm.store %[[Z]], %{{.+}} {alignment = 1 : i64} : i8, !llvm.ptr<3>
// CHECK-COUNT-7: llvm.store
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[V:.+]] = llvm.load %{{.+}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<4xi8>
// CHECK: %[[B:.+]] = llvm.extractelement %[[V]]
// CHECK-NEXT: llvm.trunc %[[B]] : i8 to i1
// CHECK: llvm.return

#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @bool(%a: tensor<32x16xi1, #a>) -> tensor<32x16xi1, #b> {
    %c = ttg.convert_layout %a : tensor<32x16xi1, #a> -> tensor<32x16xi1, #b>
    tt.return %c : tensor<32x16xi1, #b>
  }
}

// -----

// wgmma accumulator (f16 pairs; rows 8 apart and columns 8 and 16 apart in
// registers) -> the 16-byte rows a Hopper matmul epilogue stores: the
// registers both sides hold, in any order, make 16-byte vectors on both
// sides: 16 stores, one barrier, 16 loads, 32 KiB at once. ldmatrix is not
// used on sm_90 (see ConversionScratchOptions in
// passes/analysis/Scratch.cpp), so there is one round. The allocation gives
// a conversion that way where its bytes are free (allocate-shared-memory.mlir):
// here a larger buffer, dead by then, has made the kernel's total.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 65536
// CHECK-LABEL: llvm.func internal @wgmma_to_blocked_f16
// CHECK-COUNT-16: llvm.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-16: llvm.load %{{.+}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: nvvm.ldmatrix
// CHECK: llvm.return

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @wgmma_to_blocked_f16(%a: tensor<128x128xf16, #mma>) -> tensor<128x128xf16, #blocked> {
    %big = ttg.local_alloc : () -> !ttg.memdesc<256x128xf16, #shared, #smem, mutable>
    ttg.local_dealloc %big : !ttg.memdesc<256x128xf16, #shared, #smem, mutable>
    %c = ttg.convert_layout %a : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.return %c : tensor<128x128xf16, #blocked>
  }
}

// -----

// The same on sm_80 from an mma v2 accumulator: 16-byte stores, ldmatrix.x4
// loads, 2 rounds over the register basis both hold (rows 64 apart).
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 8192
// CHECK-LABEL: llvm.func internal @mma_v2_to_blocked_f16
// CHECK-COUNT-4: llvm.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-4: nvvm.ldmatrix
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-4: nvvm.ldmatrix
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @mma_v2_to_blocked_f16(%a: tensor<128x64xf16, #mma>) -> tensor<128x64xf16, #blocked> {
    %c = ttg.convert_layout %a : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #blocked>
    tt.return %c : tensor<128x64xf16, #blocked>
  }
}

// -----

// Warps along N: the destination's lanes 0 and 1 (columns 8 and 16 apart)
// are not the source's registers but its warps, so ldmatrix does not fit;
// both sides move the 4 halves they share (columns 1 apart, rows 8 apart)
// as 8-byte vectors, in one round through the whole 64 * 32 * 2 bytes.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 4096
// CHECK-LABEL: llvm.func internal @mma_v2_warps_along_n_f16
// CHECK-COUNT-4: llvm.store %{{.+}}, %{{.+}} {alignment = 8 : i64} : vector<4xf16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.+}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<4xf16>
// CHECK-NOT: nvvm.ldmatrix
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @mma_v2_warps_along_n_f16(%a: tensor<64x32xf16, #mma>) -> tensor<64x32xf16, #blocked> {
    %c = ttg.convert_layout %a : tensor<64x32xf16, #mma> -> tensor<64x32xf16, #blocked>
    tt.return %c : tensor<64x32xf16, #blocked>
  }
}

// -----

// The same 16-bit transpose between blocked layouts (Inductor's clone of a
// transposed view), on sm_90 in a kernel without wgmma: the source stores
// four 16-byte vectors, each packing the three registers that hold the
// destination's lanes 2 to 4 (rows 32 apart, columns 1 and 2 apart), and
// the destination loads with ldmatrix.x4.trans (layout col), as Triton
// does, instead of 32 two-byte stores.
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 8192
// CHECK-LABEL: llvm.func internal @transpose_bf16
// CHECK-COUNT-4: llvm.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-4: nvvm.ldmatrix %{{.+}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: llvm.store
// CHECK: llvm.return

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @transpose_bf16(%x: tensor<64x64xbf16, #blocked>) -> tensor<64x64xbf16, #blocked1> {
    %y = ttg.convert_layout %x : tensor<64x64xbf16, #blocked> -> tensor<64x64xbf16, #blocked1>
    tt.return %y : tensor<64x64xbf16, #blocked1>
  }
}

// -----

// The same transpose in a kernel that issues wgmma: on sm_90 such kernels
// keep ldmatrix out of their conversions (it made ptxas serialize the
// wgmmas of an attention epilogue), the transposed form too; the
// destination loads plain vectors.
// CHECK-LABEL: llvm.func internal @transpose_beside_wgmma
// CHECK-NOT: nvvm.ldmatrix
// CHECK: llvm.return

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @transpose_beside_wgmma(%x: tensor<64x64xbf16, #blocked>, %a: !ttg.memdesc<64x64xbf16, #shared, #smem>, %acc: tensor<64x64xf32, #mma>) -> (tensor<64x64xbf16, #blocked1>, tensor<64x64xf32, #mma>) {
    %d = ttng.warp_group_dot %a, %a, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xbf16, #shared, #smem> * !ttg.memdesc<64x64xbf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    %y = ttg.convert_layout %x : tensor<64x64xbf16, #blocked> -> tensor<64x64xbf16, #blocked1>
    tt.return %y, %d : tensor<64x64xbf16, #blocked1>, tensor<64x64xf32, #mma>
  }
}

// -----

// f16 pairs of the result come from neighbouring source lanes (register
// bit 0 of the result is lane bit 0 of the source): no packing, one
// shuffle per f16, each widened to 32 bits.
// CHECK-LABEL: llvm.func internal @pairs_from_two_lanes
// CHECK: llvm.zext %{{.+}} : i16 to i32
// CHECK: nvvm.shfl.sync  idx {{.+}} : i32 -> i32
// CHECK: llvm.zext %{{.+}} : i16 to i32
// CHECK: nvvm.shfl.sync  idx {{.+}} : i32 -> i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: vector<2xf16>
// CHECK: llvm.return
#one = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#two = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @pairs_from_two_lanes(%a: tensor<64xf16, #one>) -> tensor<64xf16, #two> {
    %c = ttg.convert_layout %a : tensor<64xf16, #one> -> tensor<64xf16, #two>
    tt.return %c : tensor<64xf16, #two>
  }
}

// -----

// Four i8 of the result from four registers of one source lane: one
// shuffle moves them in a 32-bit word.
// CHECK-LABEL: llvm.func internal @bytes_in_one_word
// CHECK: llvm.bitcast %{{.+}} : vector<4xi8> to i32
// CHECK: nvvm.shfl.sync  idx {{.+}} : i32 -> i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.bitcast %{{.+}} : i32 to vector<4xi8>
// CHECK: llvm.return
#lanes_first = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#rows_first = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @bytes_in_one_word(%a: tensor<8x16xi8, #lanes_first>) -> tensor<8x16xi8, #rows_first> {
    %c = ttg.convert_layout %a : tensor<8x16xi8, #lanes_first> -> tensor<8x16xi8, #rows_first>
    tt.return %c : tensor<8x16xi8, #rows_first>
  }
}
