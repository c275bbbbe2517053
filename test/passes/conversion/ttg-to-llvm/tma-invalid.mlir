// TMA copies the lowering cannot express get a diagnostic before anything
// is rewritten.
// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)'

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mismatch(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %i: i32, %p: i1) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared64, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op copies a '!ttg.memdesc<128x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory, mutable>' buffer through a descriptor of 'tensor<128x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>>'; TMA needs the block's shape (or the block without leading unit dimensions), type and encoding}}
    ttng.async_tma_copy_global_to_local %d[%i, %i] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared64, #smem, mutable>
    tt.return
  }
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{'tt.func' op argument 0: TMA cannot move the blocks of '!tt.tensordesc<tensor<128x64xf16>>': TMA moves blocks only into #ttg.nvmma_shared buffers}}
  tt.func public @no_encoding(%d: !tt.tensordesc<tensor<128x64xf16>>) {
    tt.return
  }
}
