// convert-triton-gpu-to-llvm refuses the ttng ops tile parses and verifies
// but does not lower (Blackwell's TMEM and tcgen05 MMAs, TMA gathers and
// scatters, cluster barriers,
// cp.async mbarrier arrivals), naming the op, before rewriting anything.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tm = #ttng.tensor_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tmem_alloc() {
    // expected-error @below {{'ttng.tmem_alloc' op is not supported by convert-triton-gpu-to-llvm yet}}
    %m = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tm = #ttng.tensor_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tmem_load(%m: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>) {
    // expected-error @below {{'ttng.tmem_load' op is not supported by convert-triton-gpu-to-llvm yet}}
    %v = ttng.tmem_load %m : !ttg.memdesc<128x128xf32, #tmem, #tm, mutable> -> tensor<128x128xf32, #blocked>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tm = #ttng.tensor_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tmem_store(%m: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %v: tensor<128x128xf32, #blocked>, %p: i1) {
    // expected-error @below {{'ttng.tmem_store' op is not supported by convert-triton-gpu-to-llvm yet}}
    ttng.tmem_store %v, %m, %p : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tm = #ttng.tensor_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tmem_subslice(%m: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>) {
    // expected-error @below {{'ttng.tmem_subslice' op is not supported by convert-triton-gpu-to-llvm yet}}
    %s = ttng.tmem_subslice %m {N = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, #tm, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #tm, mutable, 128x128>
    tt.return
  }
}

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
#swz2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tmem_copy(%s: !ttg.memdesc<128x4xi8, #swz2, #smem>, %d: !ttg.memdesc<128x4xi8, #scales, #tm, mutable>) {
    // expected-error @below {{'ttng.tmem_copy' op is not supported by convert-triton-gpu-to-llvm yet}}
    ttng.tmem_copy %s, %d : !ttg.memdesc<128x4xi8, #swz2, #smem>, !ttg.memdesc<128x4xi8, #scales, #tm, mutable>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tc_gen5_mma(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma' op is not supported by convert-triton-gpu-to-llvm yet}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#scales = #ttng.tensor_memory_scales_encoding<>
#nvmma8 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tc_gen5_mma_scaled(%a: !ttg.memdesc<128x128xf8E4M3FN, #nvmma8, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %s: !ttg.memdesc<128x4xi8, #scales, #tm>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma_scaled' op is not supported by convert-triton-gpu-to-llvm yet}}
    ttng.tc_gen5_mma_scaled %a, %a, %d, %s, %s, %p, %p lhs = e4m3 rhs = e4m3 : !ttg.memdesc<128x128xf8E4M3FN, #nvmma8, #smem>, !ttg.memdesc<128x128xf8E4M3FN, #nvmma8, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, !ttg.memdesc<128x4xi8, #scales, #tm>, !ttg.memdesc<128x4xi8, #scales, #tm>
    tt.return
  }
}

// -----

#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tc_gen5_commit(%bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
    // expected-error @below {{'ttng.tc_gen5_commit' op is not supported by convert-triton-gpu-to-llvm yet}}
    ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi64, #swz, #smem, mutable>
    tt.return
  }
}

// -----

#blocked1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @async_tma_gather(%d: !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, %xs: tensor<32xi32, #blocked1d>, %y: i32, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>, %buf: !ttg.memdesc<32x128xbf16, #nvmma, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.async_tma_gather' op needs TMA gather/scatter (.tile::gather4), which sm_90 lacks: ptxas accepts it from sm_100 on}}
    ttng.async_tma_gather %d[%xs, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, tensor<32xi32, #blocked1d>, i32, !ttg.memdesc<1xi64, #swz, #smem, mutable>, !ttg.memdesc<32x128xbf16, #nvmma, #smem, mutable>, i1
    tt.return
  }
}

// -----

#blocked1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @async_tma_scatter(%d: !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, %xs: tensor<32xi32, #blocked1d>, %y: i32, %buf: !ttg.memdesc<32x128xbf16, #nvmma, #smem, mutable>) {
    // expected-error @below {{'ttng.async_tma_scatter' op needs TMA gather/scatter (.tile::gather4), which sm_90 lacks: ptxas accepts it from sm_100 on}}
    ttng.async_tma_scatter %d[%xs, %y] %buf : !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, tensor<32xi32, #blocked1d>, i32, !ttg.memdesc<32x128xbf16, #nvmma, #smem, mutable>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cluster_arrive() {
    // expected-error @below {{'ttng.cluster_arrive' op is not supported by convert-triton-gpu-to-llvm yet}}
    ttng.cluster_arrive {relaxed = false}
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cluster_wait() {
    // expected-error @below {{'ttng.cluster_wait' op is not supported by convert-triton-gpu-to-llvm yet}}
    ttng.cluster_wait
    tt.return
  }
}

// -----

#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @async_copy_mbarrier_arrive(%bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
    // expected-error @below {{'ttng.async_copy_mbarrier_arrive' op is not supported by convert-triton-gpu-to-llvm yet}}
    ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #swz, #smem, mutable>
    tt.return
  }
}
