// RUN: %mlir-tile %s -split-input-file -verify-diagnostics

// Every error branch of the ttg encodings (TTGAttrs.cpp), of !ttg.memdesc
// (TTGTypes.cpp), of the ttg/ttng op verifiers (TTGOps.cpp) and of the
// module-attribute and tensor-encoding checks (TTGDialect.cpp). Layout
// inference errors of tt's shape ops are in layout-inference.mlir.

//===----------------------------------------------------------------------===//
// Encoding syntax: <{key = value, ...}>
//===----------------------------------------------------------------------===//

// expected-error @+1 {{#ttg.blocked: unknown key 'CTAsPerCGA'}}
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [1]}>

// -----

// expected-error @+1 {{#ttg.blocked: missing 'order'}}
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4]}>

// -----

// expected-error @+1 {{#ttg.slice: missing 'parent'}}
#s = #ttg.slice<{dim = 0}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: missing 'instrShape'}}
#m = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2]}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: missing 'transposed'}}
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16}>

// -----

// expected-error @+1 {{#ttg.linear: missing 'block'}}
#l = #ttg.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = [[32], [64]]}>

// -----

// A list where an integer is expected.
// expected-error @+1 {{#ttg.slice: 'dim' must be a non-negative integer, got [1]}}
#s = #ttg.slice<{dim = [1], parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>

// -----

// expected-error @+1 {{#ttg.swizzled_shared: 'vec' must be a non-negative integer, got -1}}
#s = #ttg.swizzled_shared<{vec = -1, perPhase = 1, maxPhase = 1, order = [0]}>

// -----

// A boolean is not an integer.
// expected-error @+1 {{#ttg.dot_op: 'opIdx' must be a non-negative integer, got true}}
#d = #ttg.dot_op<{opIdx = true, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: 'transposed' must be true or false, got 1}}
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = 1, elementBitWidth = 16}>

// -----

// expected-error @+1 {{#ttg.blocked: 'sizePerThread' must be a list of non-negative integers, got 4}}
#b = #ttg.blocked<{sizePerThread = 4, threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// -----

// expected-error @+1 {{#ttg.blocked: 'order' must be a list of non-negative integers}}
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, -1]}>

// -----

// expected-error @+1 {{#ttg.linear: 'warp' must be a list of bases, got 4}}
#l = #ttg.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = 4, block = []}>

// -----

// Bases of different lengths.
// expected-error @+1 {{#ttg.linear: 'lane' must be a list of bases of 2 non-negative integers}}
#l = #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [1]], warp = [], block = []}>

// -----

// The CGA layout's bases have one entry per dimension.
// expected-error @+1 {{#ttg.blocked: 'CGALayout' must be a list of bases of 2 non-negative integers}}
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1]]}>

// -----

// expected-error @+1 {{expected '<'}}
#b = #ttg.blocked{sizePerThread = [1]}

//===----------------------------------------------------------------------===//
// #ttg.blocked
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{#ttg.blocked needs rank >= 1}}
#b = #ttg.blocked<{sizePerThread = [], threadsPerWarp = [], warpsPerCTA = [], order = []}>

// -----

// expected-error @+1 {{#ttg.blocked: sizePerThread, threadsPerWarp, warpsPerCTA and order must have the same rank, got 2, 1, 2 and 2}}
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32], warpsPerCTA = [4, 1], order = [1, 0]}>

// -----

// expected-error @+1 {{#ttg.blocked: order must be a permutation of [0, 2)}}
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 1]}>

// -----

// expected-error @+1 {{#ttg.blocked: order must be a permutation of [0, 2)}}
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [2, 0]}>

// -----

// expected-error @+1 {{'sizePerThread' entries must be powers of two, got 3}}
#b = #ttg.blocked<{sizePerThread = [1, 3], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>

// -----

// expected-error @+1 {{'threadsPerWarp' entries must be powers of two, got 0}}
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [0, 4], warpsPerCTA = [4, 1], order = [1, 0]}>

// -----

// expected-error @+1 {{'warpsPerCTA' entries must be powers of two, got 6}}
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [6, 1], order = [1, 0]}>

//===----------------------------------------------------------------------===//
// #ttg.slice
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{#ttg.slice: parent must be a distributed encoding}}
#s = #ttg.slice<{dim = 0, parent = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}>

// -----

// expected-error @+1 {{#ttg.slice: parent must be a distributed encoding, got 1 : i64}}
#s = #ttg.slice<{dim = 0, parent = 1}>

// -----

// expected-error @+1 {{#ttg.slice: slice dim=2 must be less than the parent rank=2}}
#s = #ttg.slice<{dim = 2, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>

// -----

// expected-error @+1 {{#ttg.slice: parent layout must have at least rank >= 2, got 1}}
#s = #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}>

// -----

// A slice of a slice of a rank-2 layout has rank 0.
// expected-error @+1 {{#ttg.slice: parent layout must have at least rank >= 2, got 1}}
#s = #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>}>

//===----------------------------------------------------------------------===//
// #ttg.nvidia_mma
//===----------------------------------------------------------------------===//

// -----

// Any version and instruction shape parse, as in Triton; a tensor in a
// layout tile cannot lay out is refused where it is used.
#m = #ttg.nvidia_mma<{versionMajor = 1, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%x: f32) {
  // expected-error @+1 {{#ttg.nvidia_mma: versionMajor must be 2 (mma.sync) or 3 (wgmma), got 1}}
  %t = tt.splat %x : f32 -> tensor<32x64xf32, #m>
  tt.return
}
}

// -----

// A rank-3 instrShape on a rank-2 layout.
#m = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%x: f32) {
  // expected-error @+1 {{#ttg.nvidia_mma v2 needs rank 2 or 3 and an instrShape of that rank}}
  %t = tt.splat %x : f32 -> tensor<32x64xf32, #m>
  tt.return
}
}

// -----

#m = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%x: f32) {
  // expected-error @+1 {{#ttg.nvidia_mma v3 needs rank 2 and instrShape [16, N, K]}}
  %t = tt.splat %x : f32 -> tensor<32x64xf32, #m>
  tt.return
}
}

// -----

// N must be a multiple of 8.
#m = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 60, 16]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%x: f32) {
  // expected-error @+1 {{#ttg.nvidia_mma v3 needs rank 2 and instrShape [16, N, K] with N a multiple of 8 in [8, 256]}}
  %t = tt.splat %x : f32 -> tensor<32x64xf32, #m>
  tt.return
}
}

// -----

// N at most 256.
#m = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 264, 16]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%x: f32) {
  // expected-error @+1 {{#ttg.nvidia_mma v3 needs rank 2 and instrShape [16, N, K]}}
  %t = tt.splat %x : f32 -> tensor<32x64xf32, #m>
  tt.return
}
}

// -----

// K in {8, 16, 32}.
#m = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 64]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%x: f32) {
  // expected-error @+1 {{and K in {8, 16, 32}}}
  %t = tt.splat %x : f32 -> tensor<32x64xf32, #m>
  tt.return
}
}

// -----

// M is always 16 per warp.
#m = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%x: f32) {
  // expected-error @+1 {{#ttg.nvidia_mma v3 needs rank 2 and instrShape [16, N, K]}}
  %t = tt.splat %x : f32 -> tensor<32x64xf32, #m>
  tt.return
}
}

// -----

// v3 is rank 2 only.
#m = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [1, 4, 1], instrShape = [16, 64, 16]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%x: f32) {
  // expected-error @+1 {{#ttg.nvidia_mma v3 needs rank 2}}
  %t = tt.splat %x : f32 -> tensor<4x32x64xf32, #m>
  tt.return
}
}

// -----

// expected-error @+1 {{'warpsPerCTA' entries must be powers of two, got 3}}
#m = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [3, 1], instrShape = [16, 8]}>

//===----------------------------------------------------------------------===//
// #ttg.dot_op
//===----------------------------------------------------------------------===//

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// expected-error @+1 {{ttg.dot_op opIdx parameter can be 0 or 1, got: 2}}
#d = #ttg.dot_op<{opIdx = 2, parent = #mma, kWidth = 2}>

// -----

// expected-error @+1 {{ttg.dot_op unexpected parent layout: #ttg.nvmma_shared}}
#d = #ttg.dot_op<{opIdx = 0, parent = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>}>

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// expected-error @+1 {{ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent}}
#d = #ttg.dot_op<{opIdx = 0, parent = #mma}>

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// expected-error @+1 {{ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent}}
#d = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 0}>

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// expected-error @+1 {{ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent, since Hopper WGMMA only allows first operand to be in registers}}
#d = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{ttg.dot_op kWidth parameter is not supported when the parent is a blocked layout}}
#d = #ttg.dot_op<{opIdx = 0, parent = #blocked, kWidth = 2}>

//===----------------------------------------------------------------------===//
// #ttg.linear
//===----------------------------------------------------------------------===//

// -----

// An empty basis.
// expected-error @+1 {{#ttg.linear: 'register' must be a list of bases of equal non-negative integers}}
#l = #ttg.linear<{register = [[]], lane = [], warp = [], block = []}>

// -----

// expected-error @+1 {{#ttg.linear: unknown key 'offset'}}
#l = #ttg.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = [], block = [], offset = []}>

//===----------------------------------------------------------------------===//
// #ttg.swizzled_shared
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{#ttg.swizzled_shared: order must be a permutation of [0, rank)}}
#s = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 0]}>

// -----

// expected-error @+1 {{#ttg.swizzled_shared: order must be a permutation of [0, rank)}}
#s = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = []}>

// -----

// expected-error @+1 {{'vec, perPhase and maxPhase' entries must be powers of two, got 6}}
#s = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 6, order = [1, 0]}>

// -----

// expected-error @+1 {{'vec, perPhase and maxPhase' entries must be powers of two, got 0}}
#s = #ttg.swizzled_shared<{vec = 0, perPhase = 1, maxPhase = 1, order = [1, 0]}>

//===----------------------------------------------------------------------===//
// #ttg.nvmma_shared
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{#ttg.nvmma_shared: swizzlingByteWidth must be 0, 32, 64 or 128, got 16}}
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 16, transposed = false, elementBitWidth = 16}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: swizzlingByteWidth must be 0, 32, 64 or 128, got 256}}
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 256, transposed = false, elementBitWidth = 16}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: elementBitWidth must be 4, 8, 16, 32 or 64 (or 0, unset), got 12}}
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 12}>

// -----

// fp4 values padded to a byte each: the element width is 8.
// expected-error @+1 {{#ttg.nvmma_shared: fp4Padded needs elementBitWidth = 8}}
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, fp4Padded = true}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: rank must be at least 1}}
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 0}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: 'fp4Padded' must be true or false}}
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = "yes"}>

//===----------------------------------------------------------------------===//
// !ttg.memdesc
//===----------------------------------------------------------------------===//

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{rank 0 memdesc is not allowed}}
tt.func @memdesc_rank0(%m: !ttg.memdesc<f16, #shared, #smem>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{!ttg.memdesc dimensions must be positive, got 0}}
tt.func @memdesc_zero_dim(%m: !ttg.memdesc<0x64xf16, #shared, #smem>) {
  tt.return
}

// -----

// Only the leading (pipeline) dimension may be a non-power of two.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{shape must have power-of-2 and non-zero dimensions; got 128, 48}}
tt.func @memdesc_inner_not_pow2(%m: !ttg.memdesc<128x48xf16, #shared, #smem>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [2, 1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{shape must have power-of-2 and non-zero dimensions; got 3, 64, 24}}
tt.func @memdesc_inner_not_pow2_3d(%m: !ttg.memdesc<3x64x24xf16, #shared, #smem, mutable>) {
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}> is not a valid encoding}}
tt.func @memdesc_distributed(%m: !ttg.memdesc<128x64xf16, #blocked, #smem>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{shape must be less than or equal to allocShape. shape = 128, 64, allocShape = 128, 32}}
tt.func @memdesc_view_too_large(%m: !ttg.memdesc<128x64xf16, #shared, #smem, mutable, 128x32>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{alloc shape must have at least as many dimensions as shape}}
tt.func @memdesc_alloc_rank(%m: !ttg.memdesc<128x64xf16, #shared, #smem, 64>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// expected-error @+1 {{expected ','}}
tt.func @memdesc_no_space(%m: !ttg.memdesc<128x64xf16, #shared>) {
  tt.return
}

//===----------------------------------------------------------------------===//
// ttg ops
//===----------------------------------------------------------------------===//

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @convert_layout_no_encoding(%x: tensor<32x32xf32>) {
  // expected-error @+1 {{'ttg.convert_layout' op operand and result need distributed encodings, got 'tensor<32x32xf32>'}}
  %y = ttg.convert_layout %x : tensor<32x32xf32> -> tensor<32x32xf32>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @convert_layout_shape(%x: tensor<32x32xf32, #blocked>) {
  // expected-error @+1 {{'ttg.convert_layout' op requires the same shape for all operands and results}}
  %y = ttg.convert_layout %x : tensor<32x32xf32, #blocked> -> tensor<64x16xf32, #blocked>
  tt.return
}
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @local_alloc_immutable_empty() {
  // expected-error @+1 {{'ttg.local_alloc' op an allocation without an initial value must be mutable}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @local_alloc_shape(%x: tensor<64x32xf16, #blocked>) {
  // expected-error @+1 {{'ttg.local_alloc' op source 'tensor<64x32xf16, }}
  %a = ttg.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @local_alloc_element(%x: tensor<64x64xf32, #blocked>) {
  // expected-error @+1 {{must have the same shape and element type}}
  %a = ttg.local_alloc %x : (tensor<64x64xf32, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @local_load_shape(%m: !ttg.memdesc<64x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.local_load' op buffer '!ttg.memdesc<64x64xf16, }}
  %x = ttg.local_load %m : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<32x64xf16, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @local_store_immutable(%x: tensor<64x64xf16, #blocked>, %m: !ttg.memdesc<64x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.local_store' op cannot store into an immutable buffer '!ttg.memdesc<64x64xf16, }}
  ttg.local_store %x, %m : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @local_store_shape(%x: tensor<64x64xf16, #blocked>, %m: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.local_store' op value 'tensor<64x64xf16, }}
  ttg.local_store %x, %m : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
  tt.return
}
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_index_shape(%m: !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op result shape must equal to srcShape[1:], got '!ttg.memdesc<64x32xf16, }}
  %s = ttg.memdesc_index %m[%i] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_index_rank1(%m: !ttg.memdesc<64xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op result rank must be input rank - 1, got 1 for input rank 1}}
  %s = ttg.memdesc_index %m[%i] : !ttg.memdesc<64xf16, #shared, #smem, mutable> -> !ttg.memdesc<1xf16, #shared, #smem, mutable, 64>
  tt.return
}

// -----

// A slot is a whole buffer: its alloc shape is its shape (the ring's is not).
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_index_ring_alloc_shape(%m: !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op alloc shape must match shape for both result and src}}
  %s = ttg.memdesc_index %m[%i] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 3x64x64>
  tt.return
}

// -----

// Nor may the source be a sub-view of a larger buffer.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_index_of_subview(%m: !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable, 4x64x64>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op We don't support memdesc_index of a subview}}
  %s = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable, 4x64x64> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

// A view with a higher-rank alloc shape (Triton's former memdesc_index
// results) cannot be indexed again.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_index_of_index(%m: !ttg.memdesc<2x64xf16, #shared, #smem, mutable, 3x2x64>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op We don't allow taking memdesc_index of a memdesc_index}}
  %s = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x64xf16, #shared, #smem, mutable, 3x2x64> -> !ttg.memdesc<64xf16, #shared1, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_index_mutability(%m: !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op a view must keep the source's mutability}}
  %s = ttg.memdesc_index %m[%i] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_subslice_offsets(%m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op offsets must have the same rank as input, got 1 for rank 2}}
  %v = ttg.memdesc_subslice %m [0] : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<128x16xf16, #shared, #smem, 128x64>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_subslice_element(%m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op result element type must match desc element type}}
  %v = ttg.memdesc_subslice %m [0, 16] : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<128x16xf32, #shared, #smem, 128x64>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_subslice_unaligned(%m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op The split offset may not touch the tile: offset 8 in dimension 1 must be a multiple of the slice size 16}}
  %v = ttg.memdesc_subslice %m [0, 8] : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<128x16xf16, #shared, #smem, 128x64>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_subslice_out_of_bounds(%m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op slice [64, 80) of dimension 1 is outside the source size 64}}
  %v = ttg.memdesc_subslice %m [0, 64] : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<128x16xf16, #shared, #smem, 128x64>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_subslice_mutability(%m: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op a view must keep the source's mutability}}
  %v = ttg.memdesc_subslice %m [0, 16] : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x16xf16, #shared, #smem, 128x64>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_subslice_unsplit_offset(%m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op A non zero offset found in a dimension that is not being split}}
  %v = ttg.memdesc_subslice %m [32, 16] : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<128x16xf16, #shared, #smem, 128x64>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_index_element(%m: !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op result element type must match desc element type}}
  %s = ttg.memdesc_index %m[%i] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_trans_order_size(%m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_trans' op order must be a permutation of [0, 2)}}
  %t = ttg.memdesc_trans %m {order = array<i32: 1, 0, 2>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_trans_not_permutation(%m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_trans' op order must be a permutation of [0, 2)}}
  %t = ttg.memdesc_trans %m {order = array<i32: 1, 1>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_trans_shape(%m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_trans' op result dimension 0 must be source dimension 1}}
  %t = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<128x64xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_trans_element(%m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_trans' op result element type must be the source's}}
  %t = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xbf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [2, 1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_reshape_count(%m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_reshape' op result must have the source's number and type of elements, got '!ttg.memdesc<64x2x32xf16, }}
  %r = ttg.memdesc_reshape %m : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x2x32xf16, #shared1, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [2, 1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_reshape_element(%m: !ttg.memdesc<128x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_reshape' op result must have the source's number and type of elements}}
  %r = ttg.memdesc_reshape %m : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<128x2x32xi16, #shared1, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @async_copy_immutable(%p: tensor<64x32x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<64x32xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.async_copy_global_to_local' op cannot copy into an immutable buffer '!ttg.memdesc<64x32xf16, }}
  %t = ttg.async_copy_global_to_local %p, %buf : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @async_copy_contiguity(%p: tensor<64x32x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.async_copy_global_to_local' op contiguity must be at least 1, got 0}}
  %t = ttg.async_copy_global_to_local %p, %buf {contiguity = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem, mutable>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @async_copy_shape(%p: tensor<64x32x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.async_copy_global_to_local' op pointee tensor 'tensor<64x32xf16, }}
  %t = ttg.async_copy_global_to_local %p, %buf : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @async_copy_element(%p: tensor<64x32x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<64x32xf32, #shared, #smem, mutable>) {
  // expected-error @+1 {{must have the same shape and element type}}
  %t = ttg.async_copy_global_to_local %p, %buf : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf32, #shared, #smem, mutable>
  tt.return
}
}

// -----

tt.func @fp4_to_fp_axis(%x: tensor<64x32xi8>) {
  // expected-error @+1 {{'ttg.fp4_to_fp' op axis 2 is out of range for rank 2}}
  %f = ttg.fp4_to_fp %x {axis = 2 : i32} : tensor<64x32xi8> -> tensor<64x64xbf16>
  tt.return
}

// -----

tt.func @fp4_to_fp_shape(%x: tensor<64x32xi8>) {
  // expected-error @+1 {{'ttg.fp4_to_fp' op result dimension 1 must be 64 (two e2m1 values per i8 along axis 1)}}
  %f = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<64x32xi8> -> tensor<64x32xbf16>
  tt.return
}

// -----

tt.func @fp4_to_fp_other_dim(%x: tensor<64x32xi8>) {
  // expected-error @+1 {{'ttg.fp4_to_fp' op result dimension 0 must be 64}}
  %f = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<64x32xi8> -> tensor<32x64xbf16>
  tt.return
}

//===----------------------------------------------------------------------===//
// ttng ops
//===----------------------------------------------------------------------===//

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @warp_group_dot_rank(%a: !ttg.memdesc<2x128x64xf16, #shared1, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<128x64xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op operands must be 2-D}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<2x128x64xf16, #shared1, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
  tt.return
}
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @warp_group_dot_k(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<32x64xf16, #shared, #smem>, %c: tensor<128x64xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op K of a (64) must equal K of b (32)}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
  tt.return
}
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @warp_group_dot_acc(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %c: tensor<128x64xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op accumulator must be 128x128, got 'tensor<128x64xf32, }}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
  tt.return
}
}

//===----------------------------------------------------------------------===//
// Module attributes
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{'ttg.num-warps' must be a positive integer, got 0 : i32}}
module attributes {"ttg.num-warps" = 0 : i32} {
}

// -----

// expected-error @+1 {{'ttg.threads-per-warp' must be a positive integer, got "32"}}
module attributes {"ttg.threads-per-warp" = "32"} {
}

// -----

// expected-error @+1 {{'ttg.num-ctas' must be a positive integer, got -1 : i32}}
module attributes {"ttg.num-ctas" = -1 : i32} {
}

// -----

// expected-error @+1 {{'ttg.target' must be a string such as "cuda:90", got 90 : i32}}
module attributes {ttg.target = 90 : i32} {
}

// -----

// expected-error @+1 {{'ttg.shared' must be a non-negative integer}}
module attributes {ttg.shared = -16 : i32} {
}

//===----------------------------------------------------------------------===//
// Tensor encodings against the module (verifyTensorEncoding)
//===----------------------------------------------------------------------===//

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @shared_on_tensor(%x: tensor<32x32xf32, #shared>) {
  // expected-error @+1 {{'tt.return' op layout of 'tensor<32x32xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>>': Non-distributed layout is not allowed in tensor type.}}
  tt.return %x : tensor<32x32xf32, #shared>
}
}

// -----

// 4 x 4 = 16 lanes per warp in a 32-lane module.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @lanes_mismatch(%x: tensor<64x64xf32, #blocked>) {
  // expected-error @+1 {{Layout has 16 threads per warp, but the module specifies 32 threads per warp}}
  tt.return %x : tensor<64x64xf32, #blocked>
}
}

// -----

// Without ttg.threads-per-warp a warp has 32 lanes.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @lanes_default(%x: tensor<64x64xf32, #blocked>) {
  // expected-error @+1 {{Layout has 64 threads per warp, but the module specifies 32 threads per warp}}
  tt.return %x : tensor<64x64xf32, #blocked>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @warps_mismatch(%x: tensor<64x64xf32, #blocked>) {
  // expected-error @+1 {{Layout has 4 warps per CTA, but the context requires 8 warps per CTA}}
  tt.return %x : tensor<64x64xf32, #blocked>
}
}

// -----

// The mma's warps count too: [2, 2] is 4 warps.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @mma_warps_mismatch(%x: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{Layout has 4 warps per CTA, but the context requires 8 warps per CTA}}
  tt.return %x : tensor<64x64xf32, #mma>
}
}

// -----

// A dot operand's warps too, including those it broadcasts over.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_op_warps_mismatch(%x: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>) {
  // expected-error @+1 {{Layout has 4 warps per CTA, but the context requires 2 warps per CTA}}
  tt.return %x : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
}
}

// -----

// A slice keeps its parent's warps.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 2], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @slice_warps_mismatch(%x: tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) {
  // expected-error @+1 {{Layout has 8 warps per CTA, but the context requires 4 warps per CTA}}
  tt.return %x : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
}
}

// -----

// The nearest ttg.num-warps wins: a tt.func may override the module's.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @func_num_warps(%x: tensor<64x64xf32, #blocked>) attributes {"ttg.num-warps" = 8 : i32} {
  // expected-error @+1 {{Layout has 4 warps per CTA, but the context requires 8 warps per CTA}}
  tt.return %x : tensor<64x64xf32, #blocked>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @ctas_mismatch(%x: tensor<64x64xf32, #blocked>) {
  // expected-error @+1 {{Layout has 1 CTAs per CGA, but the context requires 2 CTAs per CGA}}
  tt.return %x : tensor<64x64xf32, #blocked>
}
}

// -----

// A rank-2 layout cannot describe a 1-D tensor.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @rank_mismatch(%x: tensor<64xf32, #blocked>) {
  // expected-error @+1 {{Layout has rank 2, but the tensor it's attached to has rank 1}}
  tt.return %x : tensor<64xf32, #blocked>
}
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @mma_rank_mismatch(%x: tensor<2x64x64xf32, #mma>) {
  // expected-error @+1 {{Layout has rank 2, but the tensor it's attached to has rank 3}}
  tt.return %x : tensor<2x64x64xf32, #mma>
}
}

// -----

// A rank-2 #ttg.linear cannot describe a 1-D tensor. (A #ttg.linear whose
// extent differs from the tensor's is fitted to it, as in Triton: see
// triton-divergences.mlir.)
#linear = #ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @linear_rank_mismatch(%x: tensor<512xf32, #linear>) {
  // expected-error @+1 {{Layout has rank 2, but the tensor it's attached to has rank 1}}
  tt.return %x : tensor<512xf32, #linear>
}
}

// -----

// A multi-CTA (CGALayout) blocked layout spreads over 2^(number of bases)
// CTAs, which must be the module's num-ctas.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @cga_wrong_num_ctas(%s: f32) {
  // expected-error @+1 {{Layout has 2 CTAs per CGA, but the context requires 4 CTAs per CGA.}}
  %y = tt.splat %s : f32 -> tensor<64x64xf32, #blocked>
  tt.return
}
}

// -----

// Lanes are checked before CTAs, as Triton does.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[0, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @cga_wrong_lanes(%s: f32) {
  // expected-error @+1 {{Layout has 16 threads per warp, but the module specifies 32 threads per warp.}}
  %y = tt.splat %s : f32 -> tensor<8x1xf32, #blocked>
  tt.return
}
}

// -----

// The CGA bases must span the tensor with the CTA tiles.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[2, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @cga_not_surjective(%s: f32) {
  // expected-error @+1 {{layout is not surjective}}
  %y = tt.splat %s : f32 -> tensor<32x16xf32, #blocked>
  tt.return
}
}

//===----------------------------------------------------------------------===//
// Triton's checks, in its order and words
//===----------------------------------------------------------------------===//

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_no_accumulator_encoding(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32>) {
  // expected-error @+1 {{'tt.dot' op miss encoding of C operand}}
  %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32>
  tt.return
}
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_kwidths(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{'tt.dot' op mismatching kWidth between A and B operands, got 2 and 4}}
  %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
  tt.return
}
}

// -----

// mma.sync has no instruction for i16 operands (Triton's supportMMA).
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_mma_i16(%a: tensor<64x32xi16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x64xi16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xi32, #mma>) {
  // expected-error @+1 {{'tt.dot' op unsupported MMA version: #ttg.nvidia_mma v2 cannot multiply 'i16' operands}}
  %d = tt.dot %a, %b, %c : tensor<64x32xi16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xi16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xi32, #mma>
  tt.return
}
}

// -----

// expected-error @+2 {{ttg.dot_op kWidth parameter can only be non-zero for Ampere or Hopper MMA parent}}
#mma = #ttg.nvidia_mma<{versionMajor = 1, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#dot = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>

// -----

#padded = #ttg.padded_shared<[4:+4] {offset = [[0, 1], [0, 2], [1, 0], [2, 0]], block = []}>
// expected-error @+1 {{rank must be equal to or one less than the shape size. Got 2 and 4}}
!rank_four = !ttg.memdesc<2x2x4x4xf32, #padded, #ttg.shared_memory>

// -----

// The padded layout's linear part spans 4x4: one buffer of that shape.
#padded = #ttg.padded_shared<[4:+4] {offset = [[0, 1], [0, 2], [1, 0], [2, 0]], block = []}>
// expected-error @+1 {{Mismatch in expected shape for dimension 1. Expected: 8, got: 4}}
!too_wide = !ttg.memdesc<4x8xf32, #padded, #ttg.shared_memory>

// -----

// A slice of 4 columns of a row-swizzled 8x16 buffer: a step of 4 columns
// lands at a swizzled offset.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
tt.func @subslice_through_swizzle(%m: !ttg.memdesc<8x16xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op We don't support splitting along the swizzling pattern: a step of 4 along dimension 1 is offset 36}}
  %0 = ttg.memdesc_subslice %m [0, 0] : !ttg.memdesc<8x16xf32, #shared, #smem> -> !ttg.memdesc<8x4xf32, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CGALayout = [[1, 0]]}>
#smem = #ttg.shared_memory
tt.func @subslice_multi_cta(%m: !ttg.memdesc<8x16xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op non-trivial block dimension not supported}}
  %0 = ttg.memdesc_subslice %m [0, 8] : !ttg.memdesc<8x16xf32, #shared, #smem> -> !ttg.memdesc<8x8xf32, #shared, #smem>
  tt.return
}

// -----

#padded = #ttg.padded_shared<[4:+4] {offset = [[0, 1], [0, 2], [1, 0], [2, 0]], block = []}>
#smem = #ttg.shared_memory
tt.func @subslice_padded_pipelined(%m: !ttg.memdesc<2x4x4xf32, #padded, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op SubSlice of low rank PaddedSharedEncoding from higher rank tensors is not supported yet}}
  %0 = ttg.memdesc_subslice %m [0, 0, 0] : !ttg.memdesc<2x4x4xf32, #padded, #smem> -> !ttg.memdesc<2x2x4xf32, #padded, #smem, 2x4x4>
  tt.return
}

// -----

// A named barrier is one of the 16 hardware barriers.
tt.func @named_barrier_out_of_range(%n: i32) {
  %c16 = arith.constant 16 : i32
  // expected-error @+1 {{'ttng.named_barrier_wait' op barrier 16 is not one of the 16 hardware barriers}}
  ttng.named_barrier_wait %c16, %n : i32, i32
  tt.return
}

// -----

tt.func @named_barrier_negative(%n: i32) {
  %c = arith.constant -1 : i32
  // expected-error @+1 {{'ttng.named_barrier_arrive' op barrier -1 is not one of the 16 hardware barriers}}
  ttng.named_barrier_arrive %c, %n : i32, i32
  tt.return
}

// -----

// Barriers count whole warps.
module attributes {"ttg.threads-per-warp" = 32 : i32} {
tt.func @named_barrier_partial_warp(%bar: i32) {
  %c = arith.constant 48 : i32
  // expected-error @+1 {{'ttng.named_barrier_arrive' op thread count 48 is not a positive multiple of 32 (whole warps) up to 1024}}
  ttng.named_barrier_arrive %bar, %c : i32, i32
  tt.return
}
}

// -----

tt.func @named_barrier_no_threads(%bar: i32) {
  %c = arith.constant 0 : i32
  // expected-error @+1 {{'ttng.named_barrier_wait' op thread count 0 is not a positive multiple of 32 (whole warps) up to 1024}}
  ttng.named_barrier_wait %bar, %c : i32, i32
  tt.return
}

// -----

// A CTA has at most 1024 threads.
tt.func @named_barrier_too_many_threads(%bar: i32) {
  %c = arith.constant 2048 : i32
  // expected-error @+1 {{'ttng.named_barrier_arrive' op thread count 2048 is not a positive multiple of 32 (whole warps) up to 1024}}
  ttng.named_barrier_arrive %bar, %c : i32, i32
  tt.return
}

// -----

tt.func @named_barrier_not_i32(%bar: i64, %n: i32) {
  // expected-error @+1 {{'ttng.named_barrier_wait' op operand #0 must be 32-bit signless integer, but got 'i64'}}
  ttng.named_barrier_wait %bar, %n : i64, i32
  tt.return
}
