// convert-triton-gpu-to-llvm refuses, before rewriting anything, tt/ttg ops
// it cannot lower yet (naming the op), and modules that are not TTGIR;
// functions it cannot express get a diagnostic too.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

// f16 operands with kWidth = 4 take two m16n8k16 instructions per 32
// elements of K; K = 16 is too short.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_kwidth(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<16x8xf32, #mma>) {
    // expected-error @below {{'tt.dot' op cannot be lowered: K = 16 is not a multiple of 32 (the instruction's K, times 2 for kWidth 4)}}
    %d = tt.dot %a, %b, %c : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<16x8xf32, #mma>
    tt.return
  }
}

// -----

// f32 operands in IEEE precision have no mma.sync (tf32 rounds them): the
// verifier rejects the dot before the lowering sees it.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_ieee(%a: tensor<16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<8x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<16x8xf32, #mma>) {
    // expected-error @below {{'tt.dot' op unsupported MMA version: #ttg.nvidia_mma v2 cannot multiply 'f32' operands with input precision ieee}}
    %d = tt.dot %a, %b, %c : tensor<16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<8x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x8xf32, #mma>
    tt.return
  }
}

// -----

// A lane basis moving along the reduction axis and another dimension at once
// (lane 16 holds row 4, column 1): the lanes reducing together would not
// agree on the output element.
#mixed = #ttg.linear<{register = [], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 1]], warp = [[8, 0], [16, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reduce_mixed_lanes(%a: tensor<32x4xf32, #mixed>) {
    // expected-error @below {{'tt.reduce' op cannot be lowered: the lane basis 4 of the operand layout moves along the reduction axis and another dimension at once}}
    %r = "tt.reduce"(%a) <{axis = 1 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %m = arith.maxnumf %x, %y : f32
      tt.reduce.return %m : f32
    }) : (tensor<32x4xf32, #mixed>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #mixed}>>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @async_copy(%p: tensor<64x64x!tt.ptr<f32>, #b>, %mask: tensor<64x64xi1, #b>) {
    %m = ttg.local_alloc : () -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    %one = arith.constant dense<1.0> : tensor<64x64xf32, #b>
    // expected-error @below {{'ttg.async_copy_global_to_local' op cannot be lowered: cp.async fills masked-off elements with zeros, but `other` is not zero}}
    %t = ttg.async_copy_global_to_local %p, %m mask %mask other %one : tensor<64x64x!tt.ptr<f32>, #b> -> <64x64xf32, #shared, #smem, mutable>
    tt.return
  }
}


// -----

// The first unsupported op stops the pass, even after supported ones.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cluster_arrive(%v: tensor<128xi32, #b>) {
    %x = arith.addi %v, %v : tensor<128xi32, #b>
    // expected-error @below {{'ttng.cluster_arrive' op is not supported by convert-triton-gpu-to-llvm yet}}
    ttng.cluster_arrive {relaxed = false}
    tt.return
  }
}

// -----

// Without ttg.num-warps the module is TTIR.
// expected-error @below {{convert-triton-gpu-to-llvm: the module is not TTGIR (no ttg.num-warps); run convert-triton-to-tritongpu first}}
module {
  tt.func public @plain() {
    tt.return
  }
}

// -----

// A kernel (public tt.func) cannot return values.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+2 {{'tt.func' op a kernel (public tt.func) cannot return values}}
  // expected-error @+1 {{failed to legalize operation 'tt.func'}}
  tt.func public @returns(%n: i32) -> i32 {
    tt.return %n : i32
  }
}


// -----

// A module wrapping a TTGIR module may hold no tt op of its own.
// expected-error @below {{convert-triton-gpu-to-llvm: the module is not TTGIR (no ttg.num-warps); run convert-triton-to-tritongpu first}}
module {
  module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
    tt.func public @inner() {
      tt.return
    }
  }
  tt.func public @stray() {
    tt.return
  }
}

// -----

// f16 operands with kWidth = 1 hold half a 32-bit register per lane: not
// mma.sync fragments.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_kwidth1(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<16x8xf32, #mma>) {
    // expected-error @below {{'tt.dot' op cannot be lowered: the operand layouts are not mma.sync fragments (check kWidth)}}
    %d = tt.dot %a, %b, %c : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x8xf32, #mma>
    tt.return
  }
}
