// RUN: %mlir-tile %s -split-input-file -verify-diagnostics

// Every error branch of the TMEM encodings and of !ttg.memdesc with a TMEM
// encoding (TTNGDialect.cpp), and of the verifiers of the ttng ops that tile
// parses but does not lower, and of ttng.async_tma_copy_global_to_local
// (TTNGTensorMemoryOps.cpp, TTNGTmaOps.cpp). The messages are Triton 3.6's.

// expected-error @+1 {{CTASplitM and CTASplitN must be greater than 0 and a power of 2}}
#e = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, CTASplitM = 3>

// -----

// expected-error @+1 {{CTASplitM and CTASplitN must be greater than 0 and a power of 2}}
#e = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, CTASplitN = 0>

// -----

// expected-error @+1 {{blockM must be 64 or 128 but got 32}}
#e = #ttng.tensor_memory_encoding<blockM = 32, blockN = 128, colStride = 1>

// -----

// expected-error @+1 {{blockN must be a power of 2 but got 96}}
#e = #ttng.tensor_memory_encoding<blockM = 128, blockN = 96, colStride = 1>

// -----

// expected-error @+1 {{blockN must be less than or equal to 512 but got 1024}}
#e = #ttng.tensor_memory_encoding<blockM = 128, blockN = 1024, colStride = 1>

// -----

// expected-error @+1 {{colStride must be 1, 2, or 4 but got 3}}
#e = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 3>

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#smem = #ttg.shared_memory

// expected-error @+1 {{memorySpace must be TensorMemorySpace}}
tt.func @f(%m: !ttg.memdesc<128x128xf32, #tmem, #smem>) {
  tt.return
}

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
#smem = #ttg.shared_memory

// expected-error @+1 {{memorySpace must be TensorMemorySpace}}
tt.func @f(%m: !ttg.memdesc<128x4xi8, #scales, #smem>) {
  tt.return
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tm = #ttng.tensor_memory

// expected-error @+1 {{rank must be 2 or 3}}
tt.func @f(%m: !ttg.memdesc<2x2x128x128xf32, #tmem, #tm>) {
  tt.return
}

// -----

#tmem_f16 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 2>
#tm = #ttng.tensor_memory

// expected-error @+1 {{bitwidth * colStride must be less than or equal to 32. Got 32 and 2}}
tt.func @f(%m: !ttg.memdesc<128x128xf32, #tmem_f16, #tm>) {
  tt.return
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tm = #ttng.tensor_memory

// expected-error @+1 {{the allocation shape must be at least 128x128. Got 128, 64}}
tt.func @f(%m: !ttg.memdesc<128x64xf32, #tmem, #tm>) {
  tt.return
}

// -----

#tmem_split = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, CTASplitM = 2>
#tm = #ttng.tensor_memory

// expected-error @+1 {{the allocation shape must be at least 256x128. Got 128, 128}}
tt.func @f(%m: !ttg.memdesc<128x128xf32, #tmem_split, #tm>) {
  tt.return
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tm = #ttng.tensor_memory

// expected-error @+1 {{allocation shape must be equal to 128x128}}
tt.func @f(%m: !ttg.memdesc<192x128xf32, #tmem, #tm>) {
  tt.return
}

// -----

#swz2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#tm = #ttng.tensor_memory

// expected-error @+1 {{memorySpace must be SharedMemorySpace for shared encoding. Got #ttng.tensor_memory}}
tt.func @f(%m: !ttg.memdesc<128x128xf32, #swz2, #tm>) {
  tt.return
}

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
#tm = #ttng.tensor_memory

// expected-error @+1 {{Scales don't currently support multibuffering}}
tt.func @f(%m: !ttg.memdesc<2x128x4xi8, #scales, #tm>) {
  tt.return
}

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
#tm = #ttng.tensor_memory

// expected-error @+1 {{bitwidth must be 8}}
tt.func @f(%m: !ttg.memdesc<128x4xi16, #scales, #tm>) {
  tt.return
}

// -----

#swz2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory

// tmem_alloc needs a TMEM encoding.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f() {
  // expected-error @+1 {{should use tensor memory encoding}}
  %m = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #swz2, #smem, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#blocked3d = #ttg.blocked<{sizePerThread = [1, 1, 128], threadsPerWarp = [1, 32, 1], warpsPerCTA = [1, 4, 1], order = [0, 1, 2]}>
#tm = #ttng.tensor_memory

// The register source of a TMEM buffer is 2-D.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%v: tensor<1x128x128xf32, #blocked3d>) {
  // expected-error @+1 {{source must be a 2D tensor}}
  %m = ttng.tmem_alloc %v : (tensor<1x128x128xf32, #blocked3d>) -> !ttg.memdesc<1x128x128xf32, #tmem, #tm>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tm = #ttng.tensor_memory

// An allocation is not a view.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f() {
  // expected-error @+1 {{result shape and its alloc shape must match}}
  %m = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #tm, mutable, 2x128x128>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tm = #ttng.tensor_memory

// Without an initial value the buffer must be writable.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f() {
  // expected-error @+1 {{uninitialized alloc must have a mutable memdesc type}}
  %m = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #tm>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tm = #ttng.tensor_memory

// The initial value has the buffer's element type...
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%v: tensor<128x128xf16, #blocked>) {
  // expected-error @+1 {{source element type 'tensor<128x128xf16, #ttg.blocked}}
  %m = ttng.tmem_alloc %v : (tensor<128x128xf16, #blocked>) -> !ttg.memdesc<128x128xf32, #tmem, #tm>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tm = #ttng.tensor_memory

// ...and shape.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%v: tensor<128x256xf32, #blocked>) {
  // expected-error @+1 {{source shape [128, 256] must match [destination shape 128, 128]}}
  %m = ttng.tmem_alloc %v : (tensor<128x256xf32, #blocked>) -> !ttg.memdesc<128x128xf32, #tmem, #tm>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#swz2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory

// tmem_load reads TMEM.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%m: !ttg.memdesc<128x128xf32, #swz2, #smem, mutable>) {
  // expected-error @+1 {{source must be a tensor memory buffer.}}
  %v = ttng.tmem_load %m : !ttg.memdesc<128x128xf32, #swz2, #smem, mutable> -> tensor<128x128xf32, #blocked>
  tt.return
}
}

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tm = #ttng.tensor_memory

// tmem_load reads a #ttng.tensor_memory_encoding buffer.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%m: !ttg.memdesc<128x4xi8, #scales, #tm>) {
  // expected-error @+1 {{should use tensor memory encoding.}}
  %v = ttng.tmem_load %m : !ttg.memdesc<128x4xi8, #scales, #tm> -> tensor<128x4xi8, #blocked>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#blocked3d = #ttg.blocked<{sizePerThread = [1, 1, 128], threadsPerWarp = [1, 32, 1], warpsPerCTA = [1, 4, 1], order = [0, 1, 2]}>
#tm = #ttng.tensor_memory

// tmem_load produces a 2-D tensor.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%m: !ttg.memdesc<1x128x128xf32, #tmem, #tm>) {
  // expected-error @+1 {{result must be a 2D tensor}}
  %v = ttng.tmem_load %m : !ttg.memdesc<1x128x128xf32, #tmem, #tm> -> tensor<1x128x128xf32, #blocked3d>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tm = #ttng.tensor_memory

// tmem_load keeps the element type.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%m: !ttg.memdesc<128x128xf32, #tmem, #tm>) {
  // expected-error @+1 {{must match destination element type 'f16'}}
  %v = ttng.tmem_load %m : !ttg.memdesc<128x128xf32, #tmem, #tm> -> tensor<128x128xf16, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#swz2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory

// tmem_store writes a TMEM encoding.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%m: !ttg.memdesc<128x128xf32, #swz2, #smem, mutable>, %v: tensor<128x128xf32, #blocked>, %p: i1) {
  // expected-error @+1 {{should use tensor memory encoding.}}
  ttng.tmem_store %v, %m, %p : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #swz2, #smem, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tm = #ttng.tensor_memory

// tmem_store writes a mutable buffer.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%m: !ttg.memdesc<128x128xf32, #tmem, #tm>, %v: tensor<128x128xf32, #blocked>, %p: i1) {
  // expected-error @+1 {{Cannot store into an immutable alloc}}
  ttng.tmem_store %v, %m, %p : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #tm>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#blocked3d = #ttg.blocked<{sizePerThread = [1, 1, 128], threadsPerWarp = [1, 32, 1], warpsPerCTA = [1, 4, 1], order = [0, 1, 2]}>
#tm = #ttng.tensor_memory

// tmem_store stores a 2-D tensor.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%m: !ttg.memdesc<1x128x128xf32, #tmem, #tm, mutable>, %v: tensor<1x128x128xf32, #blocked3d>, %p: i1) {
  // expected-error @+1 {{source must be a 2D tensor}}
  ttng.tmem_store %v, %m, %p : tensor<1x128x128xf32, #blocked3d> -> !ttg.memdesc<1x128x128xf32, #tmem, #tm, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tm = #ttng.tensor_memory

// tmem_store keeps the shape.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%m: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %v: tensor<128x256xf32, #blocked>, %p: i1) {
  // expected-error @+1 {{source shape [128, 256] must match [destination shape 128, 128]}}
  ttng.tmem_store %v, %m, %p : tensor<128x256xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
  tt.return
}
}

// -----

#swz2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory

// Only TMEM buffers are sliced.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%m: !ttg.memdesc<128x128xf32, #swz2, #smem>) {
  // expected-error @+1 {{The source must be a tensor memory buffer.}}
  %s = ttng.tmem_subslice %m {N = 0 : i32} : !ttg.memdesc<128x128xf32, #swz2, #smem> -> !ttg.memdesc<128x64xf32, #swz2, #smem, 128x128>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#swz2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// The slice is a TMEM buffer.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%m: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>) {
  // expected-error @+1 {{The destination must be a tensor memory buffer.}}
  %s = ttng.tmem_subslice %m {N = 0 : i32} : !ttg.memdesc<128x128xf32, #tmem, #tm, mutable> -> !ttg.memdesc<128x64xf32, #swz2, #smem, mutable, 128x128>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem64 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 128, colStride = 1>
#tm = #ttng.tensor_memory

// The slice keeps the block rows, CTA split and column stride.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%m: !ttg.memdesc<128x128xf32, #tmem, #tm>) {
  // expected-error @+1 {{The destination must have the same block size and CTASplit size as the source.}}
  %s = ttng.tmem_subslice %m {N = 0 : i32} : !ttg.memdesc<128x128xf32, #tmem, #tm> -> !ttg.memdesc<64x128xf32, #tmem64, #tm, 128x128>
  tt.return
}
}

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
#tm = #ttng.tensor_memory

// tmem_copy reads shared memory.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%s: !ttg.memdesc<128x4xi8, #scales, #tm>, %d: !ttg.memdesc<128x4xi8, #scales, #tm, mutable>) {
  // expected-error @+1 {{The source must be a shared memory buffer}}
  ttng.tmem_copy %s, %d : !ttg.memdesc<128x4xi8, #scales, #tm>, !ttg.memdesc<128x4xi8, #scales, #tm, mutable>
  tt.return
}
}

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
#swz2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// tmem_copy keeps the shape.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%s: !ttg.memdesc<128x8xi8, #swz2, #smem>, %d: !ttg.memdesc<128x4xi8, #scales, #tm, mutable>) {
  // expected-error @+1 {{source shape 128, 8 must match destination shape 128, 4}}
  ttng.tmem_copy %s, %d : !ttg.memdesc<128x8xi8, #swz2, #smem>, !ttg.memdesc<128x4xi8, #scales, #tm, mutable>
  tt.return
}
}

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
#swz2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// The barrier is in shared memory.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%s: !ttg.memdesc<128x4xi8, #swz2, #smem>, %d: !ttg.memdesc<128x4xi8, #scales, #tm, mutable>, %b: !ttg.memdesc<128x4xi8, #scales, #tm>) {
  // expected-error @+1 {{The optional barrier should be a shared memory buffer}}
  ttng.tmem_copy %s, %d, %b : !ttg.memdesc<128x4xi8, #swz2, #smem>, !ttg.memdesc<128x4xi8, #scales, #tm, mutable>, !ttg.memdesc<128x4xi8, #scales, #tm>
  tt.return
}
}

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
#swz2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// tmem_copy writes a mutable buffer.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%s: !ttg.memdesc<128x4xi8, #swz2, #smem>, %d: !ttg.memdesc<128x4xi8, #scales, #tm>) {
  // expected-error @+1 {{Cannot copy into an immutable alloc}}
  ttng.tmem_copy %s, %d : !ttg.memdesc<128x4xi8, #swz2, #smem>, !ttg.memdesc<128x4xi8, #scales, #tm>
  tt.return
}
}

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
#swz2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// tmem_copy is for one CTA.
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%s: !ttg.memdesc<128x4xi8, #swz2, #smem>, %d: !ttg.memdesc<128x4xi8, #scales, #tm, mutable>) {
  // expected-error @+1 {{NYI: Only one CTA is supported for now.}}
  ttng.tmem_copy %s, %d : !ttg.memdesc<128x4xi8, #swz2, #smem>, !ttg.memdesc<128x4xi8, #scales, #tm, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#nvmma_t = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// The source is not transposed.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%s: !ttg.memdesc<128x128xf32, #nvmma_t, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>) {
  // expected-error @+1 {{The source should not be transposed or padded}}
  ttng.tmem_copy %s, %d : !ttg.memdesc<128x128xf32, #nvmma_t, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
  tt.return
}
}

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
#nvmma8 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// Scales come from an unswizzled buffer.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%s: !ttg.memdesc<128x128xi8, #nvmma8, #smem>, %d: !ttg.memdesc<128x128xi8, #scales, #tm, mutable>) {
  // expected-error @+1 {{The source should not be swizzled for now}}
  ttng.tmem_copy %s, %d : !ttg.memdesc<128x128xi8, #nvmma8, #smem>, !ttg.memdesc<128x128xi8, #scales, #tm, mutable>
  tt.return
}
}

// -----

#nvmma32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#swz2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory

// The destination has a TMEM encoding.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%s: !ttg.memdesc<128x128xf32, #nvmma32, #smem>, %d: !ttg.memdesc<128x128xf32, #swz2, #smem, mutable>) {
  // expected-error @+1 {{Incorrect tmem layout.}}
  ttng.tmem_copy %s, %d : !ttg.memdesc<128x128xf32, #nvmma32, #smem>, !ttg.memdesc<128x128xf32, #swz2, #smem, mutable>
  tt.return
}
}

// -----

#tmem64 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 128, colStride = 1>
#nvmma32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// A plain copy fills 128-row blocks.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%s: !ttg.memdesc<128x128xf32, #nvmma32, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem64, #tm, mutable>) {
  // expected-error @+1 {{Tmem layout ahouls have M=128.}}
  ttng.tmem_copy %s, %d : !ttg.memdesc<128x128xf32, #nvmma32, #smem>, !ttg.memdesc<128x128xf32, #tmem64, #tm, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#nvmma_plain = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// A plain copy reads a swizzled source.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%s: !ttg.memdesc<128x128xf32, #nvmma_plain, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>) {
  // expected-error @+1 {{Source layout should be swizzled.}}
  ttng.tmem_copy %s, %d : !ttg.memdesc<128x128xf32, #nvmma_plain, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// A plain copy moves 32-bit elements.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%s: !ttg.memdesc<128x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf16, #tmem, #tm, mutable>) {
  // expected-error @+1 {{Source element type should be 32-bit.}}
  ttng.tmem_copy %s, %d : !ttg.memdesc<128x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf16, #tmem, #tm, mutable>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#swz4 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [3, 2, 1, 0]}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// Operands are 2-D or batched 3-D.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<2x2x128x64xf16, #swz4, #smem>, %b: !ttg.memdesc<2x2x64x128xf16, #swz4, #smem>, %d: !ttg.memdesc<2x2x128x128xf32, #swz4, #smem, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{expected operands to be 2d or 3d}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<2x2x128x64xf16, #swz4, #smem>, !ttg.memdesc<2x2x64x128xf16, #swz4, #smem>, !ttg.memdesc<2x2x128x128xf32, #swz4, #smem, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// Operands have one rank.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<1x128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{expected all operands to have the same rank}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<1x128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// a's K is b's K.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<128x32xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x32xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// The batch dimensions agree.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<2x128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<2x64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<1x128x128xf32, #tmem, #tm, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{expected the first dimension of the first operand to be equal to the first dimension of the result}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<2x128x64xf16, #nvmma, #smem>, !ttg.memdesc<2x64x128xf16, #nvmma, #smem>, !ttg.memdesc<1x128x128xf32, #tmem, #tm, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// d is M x N.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x256xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{expected the output shape to be the concatenation of the last dimension of the first operand and the last dimension of the second}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x256xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
  tt.return
}
}

// -----

#tmem64 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 128, colStride = 1>
#nvmma32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// A blockM = 64 buffer spread over 128 lanes cannot be both a and d.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<128x128xf32, #tmem64, #tm>, %b: !ttg.memdesc<128x128xf32, #nvmma32, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem64, #tm, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{does not support blockM=64 with interleaved blocks in TMEM layout}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x128xf32, #tmem64, #tm>, !ttg.memdesc<128x128xf32, #nvmma32, #smem>, !ttg.memdesc<128x128xf32, #tmem64, #tm, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// A synchronous MMA has no barrier.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{The op is synchronous but a barrier is present.}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p, %bar[%p] : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, !ttg.memdesc<1xi64, #swz, #smem, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// Operand types select a tcgen05 kind...
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<128x64xi32, #nvmma32, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{unsupported LHS operand dtype: 'i32'}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xi32, #nvmma32, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// ...for both operands...
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xi32, #nvmma32, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{unsupported RHS operand dtype: 'i32'}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xi32, #nvmma32, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// ...the same kind...
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf32, #nvmma32, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{LHS and RHS operand dtypes kinds don't match: LHS kind is f16 but RHS kind is tf32}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf32, #nvmma32, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
  tt.return
}
}

// -----

#tmem_f16 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 2>
#nvmma32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// ...which fixes the accumulator type.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<128x64xf32, #nvmma32, #smem>, %b: !ttg.memdesc<64x128xf32, #nvmma32, #smem>, %d: !ttg.memdesc<128x128xf16, #tmem_f16, #tm, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{unsupported accumulator dtype for operand types 'f32' and 'f32', accumulator dtype is 'f16' but must be one of ['f32']}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf32, #nvmma32, #smem>, !ttg.memdesc<64x128xf32, #nvmma32, #smem>, !ttg.memdesc<128x128xf16, #tmem_f16, #tm, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#swz2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// a is in shared memory (nvmma) or TMEM.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<128x64xf16, #swz2, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{LHS operand must have a NVMMAShared or TensorMemory encoding}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #swz2, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#swz2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// b is an nvmma shared buffer.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #swz2, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{RHS operand must have a NVMMAShared encoding}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #swz2, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// d is in TMEM.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #nvmma32, #smem, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{Return operand must have a TensorMemory encoding}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #nvmma32, #smem, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_f16 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 2>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// a in TMEM is packed.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<128x128xf16, #tmem_f16, #tm>, %b: !ttg.memdesc<128x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{The col stride of the LHS operand must be 1}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x128xf16, #tmem_f16, #tm>, !ttg.memdesc<128x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// d has one element per 32-bit column.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf16, #tmem, #tm, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{The col stride of the return operand must be 32 / 16 but got 1}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf16, #tmem, #tm, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// A two-CTA MMA splits d along M...
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{The op is two CTAs but the split num of the returned value is not [2, 1]. Got [1, 1]}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p {two_ctas} : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
  tt.return
}
}

// -----

#tmem_split = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, CTASplitM = 2>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// ...and d is laid out for cta_group::2.
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<256x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<256x128xf32, #tmem_split, #tm, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{The returned value's encoding must have twoCTA=true to be used in a twoCTA matmul}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p {two_ctas} : !ttg.memdesc<256x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<256x128xf32, #tmem_split, #tm, mutable>
  tt.return
}
}

// -----

#tmem_2cta = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, CTASplitM = 2, twoCTAs = true>
#tmem_split = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, CTASplitM = 2>
#nvmma32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// ...and so is a in TMEM.
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<256x128xf32, #tmem_split, #tm>, %b: !ttg.memdesc<128x128xf32, #nvmma32, #smem>, %d: !ttg.memdesc<256x128xf32, #tmem_2cta, #tm, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // expected-error @+1 {{The LHS operand's encoding must have twoCTA=true to be used in a twoCTA matmul}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p {two_ctas} : !ttg.memdesc<256x128xf32, #tmem_split, #tm>, !ttg.memdesc<128x128xf32, #nvmma32, #smem>, !ttg.memdesc<256x128xf32, #tmem_2cta, #tm, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#scales = #ttng.tensor_memory_scales_encoding<>
#nvmma8 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// e2m1 packs two values per byte along K: 64 bytes of a are 128 values.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<128x64xi8, #nvmma8, #smem>, %b: !ttg.memdesc<64x128xi8, #nvmma8, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %as: !ttg.memdesc<128x4xi8, #scales, #tm>, %bs: !ttg.memdesc<128x4xi8, #scales, #tm>, %p: i1) {
  // expected-error @+1 {{expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand}}
  ttng.tc_gen5_mma_scaled %a, %b, %d, %as, %bs, %p, %p lhs = e2m1 rhs = e4m3 : !ttg.memdesc<128x64xi8, #nvmma8, #smem>, !ttg.memdesc<64x128xi8, #nvmma8, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, !ttg.memdesc<128x4xi8, #scales, #tm>, !ttg.memdesc<128x4xi8, #scales, #tm>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#scales = #ttng.tensor_memory_scales_encoding<>
#nvmma32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
#tm = #ttng.tensor_memory

// The scaled MMA checks types as tc_gen5_mma does.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%a: !ttg.memdesc<128x64xi32, #nvmma32, #smem>, %b: !ttg.memdesc<64x128xi32, #nvmma32, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %as: !ttg.memdesc<128x4xi8, #scales, #tm>, %bs: !ttg.memdesc<128x4xi8, #scales, #tm>, %p: i1) {
  // expected-error @+1 {{unsupported LHS operand dtype: 'i32'}}
  ttng.tc_gen5_mma_scaled %a, %b, %d, %as, %bs, %p, %p lhs = e4m3 rhs = e4m3 : !ttg.memdesc<128x64xi32, #nvmma32, #smem>, !ttg.memdesc<64x128xi32, #nvmma32, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, !ttg.memdesc<128x4xi8, #scales, #tm>, !ttg.memdesc<128x4xi8, #scales, #tm>
  tt.return
}
}

// -----

#blocked1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// The barrier is one i64.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%d: !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, %xs: tensor<32xi32, #blocked1d>, %y: i32, %bar: !ttg.memdesc<2xi64, #swz, #smem, mutable>, %buf: !ttg.memdesc<32x128xbf16, #nvmma, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{barrier allocation must be a descriptor of 1xi64 type}}
  ttng.async_tma_gather %d[%xs, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, tensor<32xi32, #blocked1d>, i32, !ttg.memdesc<2xi64, #swz, #smem, mutable>, !ttg.memdesc<32x128xbf16, #nvmma, #smem, mutable>, i1
  tt.return
}
}

// -----

#blocked1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// The gather writes its buffer.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%d: !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, %xs: tensor<32xi32, #blocked1d>, %y: i32, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>, %buf: !ttg.memdesc<32x128xbf16, #nvmma, #smem>, %p: i1) {
  // expected-error @+1 {{cannot store into immutable memory}}
  ttng.async_tma_gather %d[%xs, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, tensor<32xi32, #blocked1d>, i32, !ttg.memdesc<1xi64, #swz, #smem, mutable>, !ttg.memdesc<32x128xbf16, #nvmma, #smem>, i1
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// Offsets are 1-D.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%d: !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, %xs: tensor<32x1xi32, #blocked>, %y: i32, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>, %buf: !ttg.memdesc<32x128xbf16, #nvmma, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{x offsets must be a 1D tensor, but got 'tensor<32x1xi32}}
  ttng.async_tma_gather %d[%xs, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, tensor<32x1xi32, #blocked>, i32, !ttg.memdesc<1xi64, #swz, #smem, mutable>, !ttg.memdesc<32x128xbf16, #nvmma, #smem, mutable>, i1
  tt.return
}
}

// -----

#blocked1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// Rows are 2-D.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%d: !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, %xs: tensor<32xi32, #blocked1d>, %y: i32, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>, %buf: !ttg.memdesc<1x32x128xbf16, #nvmma, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{result must be a 2D tensor, but got '!ttg.memdesc<1x32x128xbf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory, mutable>'}}
  ttng.async_tma_gather %d[%xs, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, tensor<32xi32, #blocked1d>, i32, !ttg.memdesc<1xi64, #swz, #smem, mutable>, !ttg.memdesc<1x32x128xbf16, #nvmma, #smem, mutable>, i1
  tt.return
}
}

// -----

#blocked1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// At least 8 rows.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%d: !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, %xs: tensor<4xi32, #blocked1d>, %y: i32, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>, %buf: !ttg.memdesc<4x128xbf16, #nvmma, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{gather must have at least 8 rows, but got 4}}
  ttng.async_tma_gather %d[%xs, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, tensor<4xi32, #blocked1d>, i32, !ttg.memdesc<1xi64, #swz, #smem, mutable>, !ttg.memdesc<4x128xbf16, #nvmma, #smem, mutable>, i1
  tt.return
}
}

// -----

#blocked1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// At most 32-bit elements.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%d: !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, %xs: tensor<32xi32, #blocked1d>, %y: i32, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>, %buf: !ttg.memdesc<32x128xf64, #nvmma, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{TMA dtype cannot be greater than 32 bits}}
  ttng.async_tma_gather %d[%xs, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, tensor<32xi32, #blocked1d>, i32, !ttg.memdesc<1xi64, #swz, #smem, mutable>, !ttg.memdesc<32x128xf64, #nvmma, #smem, mutable>, i1
  tt.return
}
}

// -----

#blocked1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// At least 32 bytes per row.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%d: !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, %xs: tensor<32xi32, #blocked1d>, %y: i32, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>, %buf: !ttg.memdesc<32x8xbf16, #nvmma, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{gather of 'bf16' must have at least 16 columns, but got 8}}
  ttng.async_tma_gather %d[%xs, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, tensor<32xi32, #blocked1d>, i32, !ttg.memdesc<1xi64, #swz, #smem, mutable>, !ttg.memdesc<32x8xbf16, #nvmma, #smem, mutable>, i1
  tt.return
}
}

// -----

#blocked1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// One row per offset.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%d: !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, %xs: tensor<32xi32, #blocked1d>, %y: i32, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>, %buf: !ttg.memdesc<64x128xbf16, #nvmma, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{result tensor must have as many rows as indices (32), but got '!ttg.memdesc<64x128xbf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory, mutable>'}}
  ttng.async_tma_gather %d[%xs, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, tensor<32xi32, #blocked1d>, i32, !ttg.memdesc<1xi64, #swz, #smem, mutable>, !ttg.memdesc<64x128xbf16, #nvmma, #smem, mutable>, i1
  tt.return
}
}

// -----

#blocked1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory

// A scatter checks its rows as a gather does.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%d: !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, %xs: tensor<4xi32, #blocked1d>, %y: i32, %buf: !ttg.memdesc<4x128xbf16, #nvmma, #smem>) {
  // expected-error @+1 {{gather must have at least 8 rows, but got 4}}
  ttng.async_tma_scatter %d[%xs, %y] %buf : !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, tensor<4xi32, #blocked1d>, i32, !ttg.memdesc<4x128xbf16, #nvmma, #smem>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// A TMA load signals one mbarrier.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%d: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %x: i32, %bar: !ttg.memdesc<1xi32, #swz, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{barrier allocation must be a descriptor of 1xi64 type}}
  ttng.async_tma_copy_global_to_local %d[%x, %x] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi32, #swz, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// TMA boxes have 1 to 5 dimensions.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%d: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %x: i32, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{TMA copies must have between 1 and 5 coordinates}}
  ttng.async_tma_copy_global_to_local %d[%x, %x, %x, %x, %x, %x] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #swz, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// A TMA load writes its buffer.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%d: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %x: i32, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %p: i1) {
  // expected-error @+1 {{Cannot store into immutable memory}}
  ttng.async_tma_copy_global_to_local %d[%x, %x] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #swz, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#swz2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory

// TMA writes the nvmma_shared swizzle.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%d: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %x: i32, %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>, %buf: !ttg.memdesc<128x64xf16, #swz2, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{TMA result must have NVMMA shared layout}}
  ttng.async_tma_copy_global_to_local %d[%x, %x] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #swz, #smem, mutable> -> !ttg.memdesc<128x64xf16, #swz2, #smem, mutable>
  tt.return
}
}

// -----

// One global size per box dimension.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%desc: !tt.ptr<i8>, %base: !tt.ptr<i8>, %n: i32, %s: i64) {
  // expected-error @+1 {{Rank mismatch for global dim. Got 1 but expected 2}}
  ttng.tensormap_create %desc, %base, [%n, %n], [%n], [%s], [%n, %n] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<i8>, i32, i32, i32, i64, i32, i32) -> ()
  tt.return
}
}

// -----

// One byte stride per dimension but the innermost.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%desc: !tt.ptr<i8>, %base: !tt.ptr<i8>, %n: i32, %s: i64) {
  // expected-error @+1 {{Rank mismatch for global stride. Got 2 but expected 1}}
  ttng.tensormap_create %desc, %base, [%n, %n], [%n, %n], [%s, %s], [%n, %n] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<i8>, i32, i32, i32, i32, i64, i64, i32, i32) -> ()
  tt.return
}
}

// -----

// One element stride per box dimension.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%desc: !tt.ptr<i8>, %base: !tt.ptr<i8>, %n: i32, %s: i64) {
  // expected-error @+1 {{Rank mismatch for element stride. Got 1 but expected 2}}
  ttng.tensormap_create %desc, %base, [%n, %n], [%n, %n], [%s], [%n] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<i8>, i32, i32, i32, i32, i64, i32) -> ()
  tt.return
}
}

// -----

// CUtensorMap has four swizzle modes.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @f(%desc: !tt.ptr<i8>, %base: !tt.ptr<i8>, %n: i32, %s: i64) {
  // expected-error @+1 {{attribute 'swizzle_mode' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative whose maximum value is 3}}
  ttng.tensormap_create %desc, %base, [%n, %n], [%n, %n], [%s], [%n, %n] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 4 : i32} : (!tt.ptr<i8>, !tt.ptr<i8>, i32, i32, i32, i32, i64, i32, i32) -> ()
  tt.return
}
}
