// RUN: %mlir-tile %s | %mlir-tile | FileCheck %s
// RUN: %mlir-tile %s --mlir-print-op-generic | %mlir-tile | FileCheck %s

// Round trip of every ttg encoding, type and operation and of the ttng
// operations, in the form Triton 3.6 prints them. Each case is printed,
// re-parsed and printed again, once through the custom form and once through
// the generic form. Tensor encodings are verified against the module's
// ttg.num-warps / ttg.threads-per-warp wherever an op uses them, so the
// encoding cases return their arguments.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1d = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked3d = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [2, 4, 4], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>
#blocked_t = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
// versionMinor is optional on input (default 0) and always printed.
#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mma3d = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 2, 2], instrShape = [1, 16, 8]}>
#mma_v3 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#linear = #ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
#swz = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#swz1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma_t = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
// fp4Padded is printed only when true, rank only when it is not 2: the
// explicit defaults below must disappear.
#nvmma_fp4 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = true}>
#nvmma_r3 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8, rank = 3}>
#nvmma_dflt = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32, fp4Padded = false, rank = 2}>
#smem = #ttg.shared_memory

//===----------------------------------------------------------------------===//
// Encoding aliases
//===----------------------------------------------------------------------===//

// Distinct encodings of one kind are numbered; slice and dot_op print inline
// (no alias), as in Triton's dumps.
// CHECK:      #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: #blocked2 = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [2, 4, 4], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>
// CHECK-NEXT: #blocked3 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-NEXT: #linear = #ttg.linear<{register = {{\[\[}}0, 1], [8, 0]], lane = {{\[\[}}0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}16, 0], [32, 0]], block = []}>
// CHECK-NEXT: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-NEXT: #mma1 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 2, 2], instrShape = [1, 16, 8]}>
// CHECK-NEXT: #mma2 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-NEXT: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-NEXT: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-NEXT: #shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
// CHECK-NEXT: #shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = true}>
// CHECK-NEXT: #shared4 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8, rank = 3}>
// CHECK-NEXT: #shared5 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
// CHECK-NEXT: #shared6 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-NEXT: #shared7 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
// CHECK-NEXT: #shared8 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [2, 1, 0]}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// The hyphenated keys print quoted, ttg.target does not.
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

//===----------------------------------------------------------------------===//
// Distributed encodings
//===----------------------------------------------------------------------===//

// Rank 2, rank 1, rank 3, and a column-major (order [0, 1]) blocked layout.
// CHECK-LABEL: tt.func @blocked(%arg0: tensor<128x64xf16, #blocked>, %arg1: tensor<1024xf32, #blocked1>, %arg2: tensor<4x16x32xf32, #blocked2>, %arg3: tensor<64x64xf32, #blocked3>) -> (tensor<128x64xf16, #blocked>, tensor<1024xf32, #blocked1>, tensor<4x16x32xf32, #blocked2>, tensor<64x64xf32, #blocked3>) {
// CHECK-NEXT:    tt.return %arg0, %arg1, %arg2, %arg3 : tensor<128x64xf16, #blocked>, tensor<1024xf32, #blocked1>, tensor<4x16x32xf32, #blocked2>, tensor<64x64xf32, #blocked3>
tt.func @blocked(%a: tensor<128x64xf16, #blocked>, %b: tensor<1024xf32, #blocked1d>, %c: tensor<4x16x32xf32, #blocked3d>, %d: tensor<64x64xf32, #blocked_t>) -> (tensor<128x64xf16, #blocked>, tensor<1024xf32, #blocked1d>, tensor<4x16x32xf32, #blocked3d>, tensor<64x64xf32, #blocked_t>) {
  tt.return %a, %b, %c, %d : tensor<128x64xf16, #blocked>, tensor<1024xf32, #blocked1d>, tensor<4x16x32xf32, #blocked3d>, tensor<64x64xf32, #blocked_t>
}

// Slices of dim 1 and dim 0, and a slice of a slice; the parent is printed
// through its alias.
// CHECK-LABEL: tt.func @slice(%arg0: tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, %arg1: tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, %arg2: tensor<16xf32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 2, parent = #blocked2}>}>>) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<16xf32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 2, parent = #blocked2}>}>>) {
// CHECK-NEXT:    tt.return %arg0, %arg1, %arg2 :
tt.func @slice(%a: tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, %b: tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, %c: tensor<16xf32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 2, parent = #blocked3d}>}>>) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<16xf32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 2, parent = #blocked3d}>}>>) {
  tt.return %a, %b, %c : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<16xf32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 2, parent = #blocked3d}>}>>
}

// mma v2 rank 2 and rank 3 (batched), and v3.
// CHECK-LABEL: tt.func @nvidia_mma(%arg0: tensor<64x64xf32, #mma>, %arg1: tensor<2x32x32xf32, #mma1>, %arg2: tensor<128x64xf32, #mma2>) -> (tensor<64x64xf32, #mma>, tensor<2x32x32xf32, #mma1>, tensor<128x64xf32, #mma2>) {
// CHECK-NEXT:    tt.return %arg0, %arg1, %arg2 : tensor<64x64xf32, #mma>, tensor<2x32x32xf32, #mma1>, tensor<128x64xf32, #mma2>
tt.func @nvidia_mma(%a: tensor<64x64xf32, #mma>, %b: tensor<2x32x32xf32, #mma3d>, %c: tensor<128x64xf32, #mma_v3>) -> (tensor<64x64xf32, #mma>, tensor<2x32x32xf32, #mma3d>, tensor<128x64xf32, #mma_v3>) {
  tt.return %a, %b, %c : tensor<64x64xf32, #mma>, tensor<2x32x32xf32, #mma3d>, tensor<128x64xf32, #mma_v3>
}

// An mma parent carries kWidth; a blocked parent (FMA dot) has none.
// CHECK-LABEL: tt.func @dot_op(%arg0: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %arg1: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %arg2: tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %arg3: tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %arg4: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>, %arg5: tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>)
// CHECK-NEXT:    tt.return %arg0, %arg1, %arg2, %arg3, %arg4, %arg5 :
tt.func @dot_op(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %d: tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %e: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma_v3, kWidth = 2}>>, %f: tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>) -> (tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma_v3, kWidth = 2}>>, tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>) {
  tt.return %a, %b, %c, %d, %e, %f : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma_v3, kWidth = 2}>>, tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
}

// CHECK-LABEL: tt.func @linear(%arg0: tensor<64x8xf32, #linear>) -> tensor<64x8xf32, #linear> {
// CHECK-NEXT:    tt.return %arg0 : tensor<64x8xf32, #linear>
tt.func @linear(%a: tensor<64x8xf32, #linear>) -> tensor<64x8xf32, #linear> {
  tt.return %a : tensor<64x8xf32, #linear>
}

//===----------------------------------------------------------------------===//
// Shared encodings and types
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tt.func @shared(%arg0: !ttg.memdesc<128x64xf16, #shared, #smem>, %arg1: !ttg.memdesc<128x64xf16, #shared1, #smem>, %arg2: !ttg.memdesc<64x128xf16, #shared2, #smem>, %arg3: !ttg.memdesc<128x64xi8, #shared3, #smem>, %arg4: !ttg.memdesc<2x64x32xi8, #shared4, #smem, mutable>, %arg5: !ttg.memdesc<16x16xf32, #shared5, #smem>) {
// CHECK-NEXT:    tt.return
tt.func @shared(%a: !ttg.memdesc<128x64xf16, #swz, #smem>, %b: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %c: !ttg.memdesc<64x128xf16, #nvmma_t, #smem>, %d: !ttg.memdesc<128x64xi8, #nvmma_fp4, #smem>, %e: !ttg.memdesc<2x64x32xi8, #nvmma_r3, #smem, mutable>, %f: !ttg.memdesc<16x16xf32, #nvmma_dflt, #smem>) {
  tt.return
}

// Immutable, mutable, a 3-stage pipeline buffer (leading dim 3 is not a
// power of two), views with an alloc shape (printed only when it differs),
// and the memory space spelled out (printed through its alias).
// CHECK-LABEL: tt.func @memdesc(%arg0: !ttg.memdesc<128x64xf16, #shared, #smem>, %arg1: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %arg2: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, %arg3: !ttg.memdesc<128x64xf16, #shared, #smem, mutable, 3x128x64>, %arg4: !ttg.memdesc<128x16xf16, #shared, #smem, 128x64>, %arg5: !ttg.memdesc<1xi64, #shared6, #smem, mutable>, %arg6: !ttg.memdesc<64x64xf16, #shared, #smem>) {
// CHECK-NEXT:    tt.return
tt.func @memdesc(%a: !ttg.memdesc<128x64xf16, #swz, #smem>, %b: !ttg.memdesc<128x64xf16, #swz, #smem, mutable>, %c: !ttg.memdesc<3x128x64xf16, #swz, #smem, mutable>, %d: !ttg.memdesc<128x64xf16, #swz, #smem, mutable, 3x128x64>, %e: !ttg.memdesc<128x16xf16, #swz, #smem, 128x64>, %f: !ttg.memdesc<1xi64, #swz1, #ttg.shared_memory, mutable>, %g: !ttg.memdesc<64x64xf16, #swz, #smem, 64x64>) {
  tt.return
}

// CHECK-LABEL: tt.func @async_token(%arg0: !ttg.async.token) -> !ttg.async.token {
// CHECK-NEXT:    tt.return %arg0 : !ttg.async.token
tt.func @async_token(%t: !ttg.async.token) -> !ttg.async.token {
  tt.return %t : !ttg.async.token
}

//===----------------------------------------------------------------------===//
// ttg operations
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tt.func @convert_layout(%arg0: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #blocked> {
// CHECK-NEXT:    %0 = ttg.convert_layout %arg0 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
// CHECK-NEXT:    tt.return %0 : tensor<64x64xf32, #blocked>
tt.func @convert_layout(%x: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #blocked> {
  %y = ttg.convert_layout %x : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
  tt.return %y : tensor<64x64xf32, #blocked>
}

// CHECK-LABEL: tt.func @local_alloc(%arg0: tensor<128x64xf16, #blocked>) {
// CHECK-NEXT:    %0 = ttg.local_alloc %arg0 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
// CHECK-NEXT:    %1 = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    %2 = ttg.local_alloc %arg0 {alignment = 128 : i32} : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared1, #smem>
// CHECK-NEXT:    ttg.local_dealloc %1 : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    tt.return
tt.func @local_alloc(%x: tensor<128x64xf16, #blocked>) {
  %a = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #swz, #smem>
  %b = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #swz, #smem, mutable>
  %c = ttg.local_alloc %x {alignment = 128 : i32} : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #nvmma, #smem>
  ttg.local_dealloc %b : !ttg.memdesc<3x128x64xf16, #swz, #smem, mutable>
  tt.return
}

// CHECK-LABEL: tt.func @local_load_store(%arg0: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, %arg1: !ttg.async.token, %arg2: tensor<64x32xf16, #blocked>) {
// CHECK-NEXT:    %0 = ttg.local_load %arg0 : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT:    %1 = ttg.local_load %arg0 token %arg1 : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #blocked>
// CHECK-NEXT:    ttg.local_store %arg2, %arg0 : tensor<64x32xf16, #blocked> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:    tt.return
tt.func @local_load_store(%m: !ttg.memdesc<64x32xf16, #swz, #smem, mutable>, %t: !ttg.async.token, %x: tensor<64x32xf16, #blocked>) {
  %a = ttg.local_load %m : !ttg.memdesc<64x32xf16, #swz, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  %b = ttg.local_load %m token %t : !ttg.memdesc<64x32xf16, #swz, #smem, mutable> -> tensor<64x32xf16, #blocked>
  ttg.local_store %x, %m : tensor<64x32xf16, #blocked> -> !ttg.memdesc<64x32xf16, #swz, #smem, mutable>
  tt.return
}

// CHECK-LABEL: tt.func @memdesc_views(%arg0: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, %arg1: !ttg.memdesc<128x64xf16, #shared, #smem>, %arg2: i32) {
// CHECK-NEXT:    %0 = ttg.memdesc_index %arg0[%arg2] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:    %1 = ttg.memdesc_subslice %arg1[0, 16] : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<128x16xf16, #shared, #smem, 128x64>
// CHECK-NEXT:    %2 = ttg.memdesc_trans %arg1 {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared7, #smem>
// CHECK-NEXT:    %3 = ttg.memdesc_reshape %arg1 : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<128x2x32xf16, #shared8, #smem>
// CHECK-NEXT:    %4 = ttg.memdesc_reinterpret %arg1 : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<128x32xi32, #shared, #smem>
// CHECK-NEXT:    tt.return
tt.func @memdesc_views(%buf: !ttg.memdesc<3x128x64xf16, #swz, #smem, mutable>, %m: !ttg.memdesc<128x64xf16, #swz, #smem>, %i: i32) {
  %s = ttg.memdesc_index %buf[%i] : !ttg.memdesc<3x128x64xf16, #swz, #smem, mutable> -> !ttg.memdesc<128x64xf16, #swz, #smem, mutable>
  %v = ttg.memdesc_subslice %m [0, 16] : !ttg.memdesc<128x64xf16, #swz, #smem> -> !ttg.memdesc<128x16xf16, #swz, #smem, 128x64>
  %t = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #swz, #smem> -> !ttg.memdesc<64x128xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>, #smem>
  %r = ttg.memdesc_reshape %m : !ttg.memdesc<128x64xf16, #swz, #smem> -> !ttg.memdesc<128x2x32xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [2, 1, 0]}>, #smem>
  %c = ttg.memdesc_reinterpret %m : !ttg.memdesc<128x64xf16, #swz, #smem> -> !ttg.memdesc<128x32xi32, #swz, #smem>
  tt.return
}

// The result type prints without its `!ttg.memdesc` prefix; cacheModifier
// and evictionPolicy are keywords, contiguity and isVolatile attributes.
// CHECK-LABEL: tt.func @async_copy(%arg0: tensor<64x32x!tt.ptr<f16>, #blocked>, %arg1: tensor<64x32xi1, #blocked>, %arg2: tensor<64x32xf16, #blocked>, %arg3: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>) {
// CHECK-NEXT:    %0 = ttg.async_copy_global_to_local %arg0, %arg3 : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:    %1 = ttg.async_copy_global_to_local %arg0, %arg3 mask %arg1 : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:    %2 = ttg.async_copy_global_to_local %arg0, %arg3 mask %arg1 other %arg2 cacheModifier = cg {contiguity = 4 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:    %3 = ttg.async_copy_global_to_local %arg0, %arg3 evictionPolicy = evict_last {isVolatile = true} : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT:    %4 = ttg.async_commit_group
// CHECK-NEXT:    %5 = ttg.async_commit_group tokens %0, %1
// CHECK-NEXT:    %6 = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT:    %7 = ttg.async_wait %4, %5 {num = 2 : i32}
// CHECK-NEXT:    tt.return
tt.func @async_copy(%p: tensor<64x32x!tt.ptr<f16>, #blocked>, %mask: tensor<64x32xi1, #blocked>, %other: tensor<64x32xf16, #blocked>, %buf: !ttg.memdesc<64x32xf16, #swz, #smem, mutable>) {
  %t0 = ttg.async_copy_global_to_local %p, %buf : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #swz, #smem, mutable>
  %t1 = ttg.async_copy_global_to_local %p, %buf mask %mask : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #swz, #smem, mutable>
  %t2 = ttg.async_copy_global_to_local %p, %buf mask %mask other %other cacheModifier = cg {contiguity = 4 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #swz, #smem, mutable>
  %t3 = ttg.async_copy_global_to_local %p, %buf evictionPolicy = evict_last {isVolatile = true} : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #swz, #smem, mutable>
  %g0 = ttg.async_commit_group
  %g1 = ttg.async_commit_group tokens %t0, %t1
  %w0 = ttg.async_wait {num = 0 : i32}
  %w1 = ttg.async_wait %g0, %g1 {num = 2 : i32}
  tt.return
}

// CHECK-LABEL: tt.func @misc(%arg0: tensor<64x32xi8, #blocked>) {
// CHECK-NEXT:    ttg.local_barrier
// CHECK-NEXT:    %0 = ttg.warp_id
// CHECK-NEXT:    %1 = ttg.warp_id {omitUniformHint}
// CHECK-NEXT:    %2 = ttg.fp4_to_fp %arg0 {axis = 1 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xbf16, #blocked>
// CHECK-NEXT:    %3 = ttg.fp4_to_fp %arg0 {axis = 0 : i32} : tensor<64x32xi8, #blocked> -> tensor<128x32xf16, #blocked>
// CHECK-NEXT:    %4 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
// CHECK-NEXT:    tt.return
tt.func @misc(%x: tensor<64x32xi8, #blocked>) {
  ttg.local_barrier
  %w = ttg.warp_id
  %u = ttg.warp_id {omitUniformHint}
  %f = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xbf16, #blocked>
  %g = ttg.fp4_to_fp %x {axis = 0 : i32} : tensor<64x32xi8, #blocked> -> tensor<128x32xf16, #blocked>
  %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
  tt.return
}

//===----------------------------------------------------------------------===//
// ttng operations
//===----------------------------------------------------------------------===//

// A from shared memory or from registers (dot_op of the v3 mma), with and
// without useC; isAsync = false and maxNumImpreciseAcc = 0 are defaults.
// CHECK-LABEL: tt.func @warp_group_dot(%arg0: !ttg.memdesc<128x64xf16, #shared1, #smem>, %arg1: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>, %arg2: !ttg.memdesc<64x64xf16, #shared2, #smem>, %arg3: tensor<128x64xf32, #mma2>, %arg4: i1) {
// CHECK-NEXT:    %0 = ttng.warp_group_dot %arg0, %arg2, %arg3 {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared1, #smem> * !ttg.memdesc<64x64xf16, #shared2, #smem> -> tensor<128x64xf32, #mma2>
// CHECK-NEXT:    %1 = ttng.warp_group_dot %arg1, %arg2, %0, %arg4 {maxNumImpreciseAcc = 32 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared2, #smem> -> tensor<128x64xf32, #mma2>
// CHECK-NEXT:    %2:3 = ttng.warp_group_dot_wait %1, %arg0, %arg2 {pendings = 0 : i32} : tensor<128x64xf32, #mma2>, !ttg.memdesc<128x64xf16, #shared1, #smem>, !ttg.memdesc<64x64xf16, #shared2, #smem>
// CHECK-NEXT:    ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT:    tt.return
tt.func @warp_group_dot(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %ar: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma_v3, kWidth = 2}>>, %b: !ttg.memdesc<64x64xf16, #nvmma_t, #smem>, %c: tensor<128x64xf32, #mma_v3>, %useC: i1) {
  %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #nvmma, #smem> * !ttg.memdesc<64x64xf16, #nvmma_t, #smem> -> tensor<128x64xf32, #mma_v3>
  %e = ttng.warp_group_dot %ar, %b, %d, %useC {maxNumImpreciseAcc = 32 : i32, isAsync = false} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma_v3, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #nvmma_t, #smem> -> tensor<128x64xf32, #mma_v3>
  %r:3 = ttng.warp_group_dot_wait %e, %a, %b {pendings = 0 : i32} : tensor<128x64xf32, #mma_v3>, !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x64xf16, #nvmma_t, #smem>
  ttng.fence_async_shared {bCluster = false}
  tt.return
}

// Named hardware barriers: tile's, not Triton 3.6's (warp groups taking turns).
// CHECK-LABEL: tt.func @named_barrier(%arg0: i32) {
// CHECK-NEXT:    %c14_i32 = arith.constant 14 : i32
// CHECK-NEXT:    %c256_i32 = arith.constant 256 : i32
// CHECK-NEXT:    ttng.named_barrier_wait %c14_i32, %c256_i32 : i32, i32
// CHECK-NEXT:    ttng.named_barrier_arrive %arg0, %c256_i32 : i32, i32
// CHECK-NEXT:    tt.return
tt.func @named_barrier(%bar: i32) {
  %c14 = arith.constant 14 : i32
  %c256 = arith.constant 256 : i32
  ttng.named_barrier_wait %c14, %c256 : i32, i32
  ttng.named_barrier_arrive %bar, %c256 : i32, i32
  tt.return
}

// CHECK-LABEL: tt.func @mbarrier(%arg0: !ttg.memdesc<1xi64, #shared6, #smem, mutable>, %arg1: i1, %arg2: i32, %arg3: !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>) {
// CHECK-NEXT:    ttng.init_barrier %arg0, 1 : !ttg.memdesc<1xi64, #shared6, #smem, mutable>
// CHECK-NEXT:    ttng.barrier_expect %arg0, 16384, %arg1 : !ttg.memdesc<1xi64, #shared6, #smem, mutable>
// CHECK-NEXT:    ttng.wait_barrier %arg0, %arg2 : !ttg.memdesc<1xi64, #shared6, #smem, mutable>
// CHECK-NEXT:    ttng.wait_barrier %arg0, %arg2, %arg1 : !ttg.memdesc<1xi64, #shared6, #smem, mutable>
// CHECK-NEXT:    ttng.wait_barrier %arg0, %arg2, %arg1 deps %arg3 : !ttg.memdesc<1xi64, #shared6, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:    ttng.wait_barrier %arg0, %arg2 deps %arg3, %arg3 : !ttg.memdesc<1xi64, #shared6, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:    ttng.arrive_barrier %arg0, 1 : !ttg.memdesc<1xi64, #shared6, #smem, mutable>
// CHECK-NEXT:    ttng.arrive_barrier %arg0, 2, %arg1 : !ttg.memdesc<1xi64, #shared6, #smem, mutable>
// CHECK-NEXT:    ttng.inval_barrier %arg0 : !ttg.memdesc<1xi64, #shared6, #smem, mutable>
// CHECK-NEXT:    tt.return
tt.func @mbarrier(%bar: !ttg.memdesc<1xi64, #swz1, #smem, mutable>, %pred: i1, %phase: i32, %dep: !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>) {
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #swz1, #smem, mutable>
  ttng.barrier_expect %bar, 16384, %pred : !ttg.memdesc<1xi64, #swz1, #smem, mutable>
  ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #swz1, #smem, mutable>
  ttng.wait_barrier %bar, %phase, %pred : !ttg.memdesc<1xi64, #swz1, #smem, mutable>
  ttng.wait_barrier %bar, %phase, %pred deps %dep : !ttg.memdesc<1xi64, #swz1, #smem, mutable>, !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  ttng.wait_barrier %bar, %phase deps %dep, %dep : !ttg.memdesc<1xi64, #swz1, #smem, mutable>, !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>, !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #swz1, #smem, mutable>
  ttng.arrive_barrier %bar, 2, %pred : !ttg.memdesc<1xi64, #swz1, #smem, mutable>
  ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #swz1, #smem, mutable>
  tt.return
}

// CHECK-LABEL: tt.func @tma(%arg0: !tt.tensordesc<tensor<128x64xf16, #shared1>>, %arg1: i32, %arg2: i32, %arg3: !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>, %arg4: !ttg.memdesc<1xi64, #shared6, #smem, mutable>, %arg5: i1, %arg6: !tt.ptr<i8>) {
// CHECK-NEXT:    ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg2] %arg3, %arg4, %arg5 : !tt.tensordesc<tensor<128x64xf16, #shared1>>, !ttg.memdesc<1xi64, #shared6, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:    ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg2] %arg3, %arg4, %arg5 cacheModifier = ca evictionPolicy = evict_first : !tt.tensordesc<tensor<128x64xf16, #shared1>>, !ttg.memdesc<1xi64, #shared6, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:    ttng.async_tma_copy_local_to_global %arg0[%arg1, %arg2] %arg3 : !tt.tensordesc<tensor<128x64xf16, #shared1>>, !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:    ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT:    %0 = ttng.reinterpret_tensor_descriptor %arg6 : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #shared1>>
// CHECK-NEXT:    tt.return
tt.func @tma(%desc: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %x: i32, %y: i32, %buf: !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #swz1, #smem, mutable>, %pred: i1, %raw: !tt.ptr<i8>) {
  ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %pred : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #swz1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %pred cacheModifier = ca evictionPolicy = evict_first : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #swz1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  ttng.async_tma_copy_local_to_global %desc[%x, %y] %buf : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  ttng.async_tma_store_wait {pendings = 0 : i32}
  %d = ttng.reinterpret_tensor_descriptor %raw : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #nvmma>>
  tt.return
}

}
