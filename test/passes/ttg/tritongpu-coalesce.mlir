// tritongpu-coalesce: each global memory access on a tensor of pointers gets
// the #ttg.blocked layout whose per-thread vector is as wide as the axis
// analysis proves contiguous and aligned (at most 128 bits); its operands and
// results are converted to and from that layout.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-coalesce)' | FileCheck %s --enable-var-scope

// f32 with 16-byte aligned pointers: 4 elements per thread for the loads and
// the store alike.
// CHECK-DAG: [[$B4:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: [[$B1:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @add_f32
// CHECK: %[[P:.*]] = ttg.convert_layout %{{.*}} : tensor<1024x!tt.ptr<f32>, [[$B1]]> -> tensor<1024x!tt.ptr<f32>, [[$B4]]>
// CHECK: %[[M:.*]] = ttg.convert_layout %{{.*}} : tensor<1024xi1, [[$B1]]> -> tensor<1024xi1, [[$B4]]>
// CHECK: %[[L:.*]] = tt.load %[[P]], %[[M]] : tensor<1024x!tt.ptr<f32>, [[$B4]]>
// CHECK: ttg.convert_layout %[[L]] : tensor<1024xf32, [[$B4]]> -> tensor<1024xf32, [[$B1]]>
// CHECK: %[[SP:.*]] = ttg.convert_layout %{{.*}} : tensor<1024x!tt.ptr<f32>, [[$B1]]> -> tensor<1024x!tt.ptr<f32>, [[$B4]]>
// CHECK: %[[SV:.*]] = ttg.convert_layout %{{.*}} : tensor<1024xf32, [[$B1]]> -> tensor<1024xf32, [[$B4]]>
// CHECK: %[[SM:.*]] = ttg.convert_layout %{{.*}} : tensor<1024xi1, [[$B1]]> -> tensor<1024xi1, [[$B4]]>
// CHECK: tt.store %[[SP]], %[[SV]], %[[SM]] : tensor<1024x!tt.ptr<f32>, [[$B4]]>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @add_f32(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %offs = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %offs : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %xp, %mask : tensor<1024x!tt.ptr<f32>, #blocked>
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %op = tt.addptr %os, %offs : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %op, %v, %mask : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// f16: 16 bytes are 8 elements.
// CHECK: [[$B8:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @load_f16
// CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f16>, [[$B8]]>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @load_f16(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}) -> tensor<1024xf16, #blocked> {
    %offs = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %xp = tt.addptr %xs, %offs : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %xp : tensor<1024x!tt.ptr<f16>, #blocked>
    tt.return %v : tensor<1024xf16, #blocked>
  }
}

// -----

// Without alignment hints nothing proves a vector aligned: one element per
// thread, which is the layout the op already has. The op is rewritten all
// the same (as Triton does): its pointer goes through a conversion that
// changes nothing (canonicalization folds it), its result needs none.
// CHECK-LABEL: tt.func @no_hints
// CHECK: %[[P:.+]] = ttg.convert_layout %{{.+}} : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %[[V:.+]] = tt.load %[[P]] : tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: tt.return %[[V]]
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @no_hints(%x: !tt.ptr<f32>) -> tensor<1024xf32, #blocked> {
    %offs = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %offs : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %xp : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return %v : tensor<1024xf32, #blocked>
  }
}

// -----

// A row-major 64x64 f16 tile (ptr + row * stride + col): dim1 is contiguous,
// so order = [1, 0] with an 8-element vector along dim1.
// CHECK: [[$B2D:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @row_major
// CHECK: tt.load %{{.*}} : tensor<64x64x!tt.ptr<f16>, [[$B2D]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @row_major(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 16 : i32}) -> tensor<64x64xf16, #blocked> {
    %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %s = tt.splat %stride : i32 -> tensor<64x1xi32, #blocked>
    %rs = arith.muli %r, %s : tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %rs : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %cb = tt.broadcast %c : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %offs = arith.addi %rb, %cb : tensor<64x64xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %ps, %offs : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %v = tt.load %ptrs : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.return %v : tensor<64x64xf16, #blocked>
  }
}

// -----

// The same tile stored column-major (ptr + col * stride + row): dim0 is the
// contiguous one, so order = [0, 1].
// CHECK: [[$BCOL:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: tt.func @column_major
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<64x64x!tt.ptr<f16>, [[$BCOL]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @column_major(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 16 : i32}, %v: tensor<64x64xf16, #blocked>) {
    %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %r : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %s = tt.splat %stride : i32 -> tensor<1x64xi32, #blocked>
    %cs = arith.muli %c, %s : tensor<1x64xi32, #blocked>
    %cb = tt.broadcast %cs : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %offs = arith.addi %rb, %cb : tensor<64x64xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %ps, %offs : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    tt.store %ptrs, %v : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// A store is clamped to what its own pointer proves: the load (16-byte
// aligned) takes 4 elements, the store to an unaligned buffer stays at 1
// even though the two share their offsets.
// CHECK-DAG: [[$L4:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @store_clamped
// CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, [[$L4]]>
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @store_clamped(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32>) {
    %offs = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %offs : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %xp : tensor<1024x!tt.ptr<f32>, #blocked>
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %op = tt.addptr %os, %offs : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %op, %v : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A tensor too small to give every thread 4 elements: 256 elements over 128
// threads leave 2 each.
// CHECK: [[$B2:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @tiny
// CHECK: tt.load %{{.*}} : tensor<256x!tt.ptr<f32>, [[$B2]]>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @tiny(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}) -> tensor<256xf32, #blocked> {
    %offs = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %offs : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %v = tt.load %xp : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return %v : tensor<256xf32, #blocked>
  }
}

// -----

// Atomics are accesses like the others: an f16 add through contiguous,
// 16-byte aligned pointers takes 8 elements per thread (its operands and
// result converted), a compare-and-swap through gathered pointers keeps one.
// CHECK-DAG: [[$A1:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: [[$A8:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @atomics
// CHECK: %[[P:.+]] = ttg.convert_layout %{{.+}} : tensor<1024x!tt.ptr<f16>, [[$A1]]> -> tensor<1024x!tt.ptr<f16>, [[$A8]]>
// CHECK: %[[V:.+]] = ttg.convert_layout %{{.+}} : tensor<1024xf16, [[$A1]]> -> tensor<1024xf16, [[$A8]]>
// CHECK: %[[M:.+]] = ttg.convert_layout %{{.+}} : tensor<1024xi1, [[$A1]]> -> tensor<1024xi1, [[$A8]]>
// CHECK: %[[R:.+]] = tt.atomic_rmw fadd, relaxed, gpu, %[[P]], %[[V]], %[[M]] : (tensor<1024x!tt.ptr<f16>, [[$A8]]>, tensor<1024xf16, [[$A8]]>, tensor<1024xi1, [[$A8]]>) -> tensor<1024xf16, [[$A8]]>
// CHECK: ttg.convert_layout %[[R]] : tensor<1024xf16, [[$A8]]> -> tensor<1024xf16, [[$A1]]>
// CHECK: tt.atomic_cas acq_rel, gpu, %{{.+}}, %{{.+}}, %{{.+}} : (tensor<1024x!tt.ptr<i32>, [[$A1]]>, tensor<1024xi32, [[$A1]]>, tensor<1024xi32, [[$A1]]>) -> tensor<1024xi32, [[$A1]]>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @atomics(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %l: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %idx: tensor<1024xi32, #blocked>, %n: i32 {tt.divisibility = 16 : i32}) -> tensor<1024xf16, #blocked> {
    %offs = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %xp = tt.addptr %xs, %offs : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    %v = arith.constant dense<1.0> : tensor<1024xf16, #blocked>
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %xp, %v, %mask : (tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xf16, #blocked>, tensor<1024xi1, #blocked>) -> tensor<1024xf16, #blocked>
    %ls = tt.splat %l : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #blocked>
    %lp = tt.addptr %ls, %idx : tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>
    %1 = tt.atomic_cas acq_rel, gpu, %lp, %idx, %idx : (tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>, tensor<1024xi32, #blocked>) -> tensor<1024xi32, #blocked>
    tt.store %lp, %1 : tensor<1024x!tt.ptr<i32>, #blocked>
    tt.return %0 : tensor<1024xf16, #blocked>
  }
}


// -----

// TMA stores: row-major, each thread a vector of up to 128 bits along the
// last dim but no more than its share. 128x256 f16 in 8 warps: 128 elements
// a thread, so 8 (16 bytes); 2x64 f16 in 4 warps: one element a thread. The
// source is converted even when the layout stays (canonicalization folds
// that). A TMA load whose block is used in registers takes the same layout
// (here it is returned); one whose block fills a shared buffer keeps its
// own (below).
// CHECK-DAG: [[$S8:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-DAG: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma
// CHECK-LABEL: tt.func @descriptor_store
// CHECK: %[[C:.+]] = ttg.convert_layout %arg1 : tensor<128x256xf16, [[$MMA]]> -> tensor<128x256xf16, [[$S8]]>
// CHECK-NEXT: tt.descriptor_store %arg0[%{{.+}}, %{{.+}}], %[[C]] : !tt.tensordesc<tensor<128x256xf16>>, tensor<128x256xf16, [[$S8]]>
// CHECK: %[[D:.+]] = ttg.convert_layout %arg1 : tensor<128x256xf16, [[$MMA]]> -> tensor<128x256xf16, [[$S8]]>
// CHECK-NEXT: tt.descriptor_reduce add, %arg0[%{{.+}}, %{{.+}}], %[[D]]
// CHECK: %[[L:.+]] = tt.descriptor_load %arg0[%{{.+}}, %{{.+}}] : !tt.tensordesc<tensor<128x256xf16>> -> tensor<128x256xf16, [[$S8]]>
// CHECK-NEXT: ttg.convert_layout %[[L]] : tensor<128x256xf16, [[$S8]]> -> tensor<128x256xf16, [[$MMA]]>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @descriptor_store(%desc: !tt.tensordesc<tensor<128x256xf16>>, %v: tensor<128x256xf16, #mma>) -> tensor<128x256xf16, #mma> {
    %c0 = arith.constant 0 : i32
    tt.descriptor_store %desc[%c0, %c0], %v : !tt.tensordesc<tensor<128x256xf16>>, tensor<128x256xf16, #mma>
    tt.descriptor_reduce add, %desc[%c0, %c0], %v : !tt.tensordesc<tensor<128x256xf16>>, tensor<128x256xf16, #mma>
    %l = tt.descriptor_load %desc[%c0, %c0] : !tt.tensordesc<tensor<128x256xf16>> -> tensor<128x256xf16, #mma>
    tt.return %l : tensor<128x256xf16, #mma>
  }
}

// -----

// A TMA load into a shared buffer (a dot operand the pipeliner will stage)
// keeps its layout; one reduced in registers takes Triton's TMA layout: 64x64
// f16 over 4 warps, 8 elements (16 bytes) a thread along the row, so the
// row sums start within each thread.
// CHECK-DAG: [[$V8:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: [[$D:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-LABEL: tt.func @descriptor_loads
// CHECK: tt.descriptor_load {{.*}} -> tensor<64x64xf16, [[$D]]>
// CHECK-NEXT: ttg.local_alloc
// CHECK: tt.descriptor_load {{.*}} -> tensor<64x64xf16, [[$V8]]>
// CHECK-NEXT: ttg.convert_layout {{.*}} -> tensor<64x64xf16, [[$D]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @descriptor_loads(%desc: !tt.tensordesc<tensor<64x64xf16>>) -> (!ttg.memdesc<64x64xf16, #shared, #smem>, tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>) {
    %c0 = arith.constant 0 : i32
    %a = tt.descriptor_load %desc[%c0, %c0] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    %s = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %b = tt.descriptor_load %desc[%c0, %c0] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    %r = "tt.reduce"(%b) <{axis = 1 : i32}> ({
    ^bb0(%x: f16, %y: f16):
      %sum = arith.addf %x, %y : f16
      tt.reduce.return %sum : f16
    }) : (tensor<64x64xf16, #blocked>) -> tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %s, %r : !ttg.memdesc<64x64xf16, #shared, #smem>, tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

// CHECK: [[$S1:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-LABEL: tt.func @descriptor_store_small
// CHECK: %[[C:.+]] = ttg.convert_layout %arg1 : tensor<2x64xf16, [[$S1]]> -> tensor<2x64xf16, [[$S1]]>
// CHECK-NEXT: tt.descriptor_store %arg0[%{{.+}}, %{{.+}}], %[[C]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @descriptor_store_small(%desc: !tt.tensordesc<tensor<2x64xf16>>, %v: tensor<2x64xf16, #blocked>) {
    %c0 = arith.constant 0 : i32
    tt.descriptor_store %desc[%c0, %c0], %v : !tt.tensordesc<tensor<2x64xf16>>, tensor<2x64xf16, #blocked>
    tt.return
  }
}

// -----

// Dims of equal contiguity are ordered lower dim first, as Triton 3.6.0
// orders them: a 1x1 store through a splat pointer (an XBLOCK = 1 reduction
// of Inductor) puts its lanes and warps along dim 1 (order [0, 1]) rather
// than replicating them along dim 0, and a 3-D pointer contiguous along
// dim 2 only takes order [2, 0, 1].
// CHECK-DAG: [[$ONE:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [0, 1]}>
// CHECK-DAG: [[$CUBE:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [4, 2, 4], warpsPerCTA = [1, 2, 1], order = [2, 0, 1]}>
// CHECK-LABEL: tt.func @contiguity_ties
// CHECK: tt.store %{{.+}}, %{{.+}} : tensor<1x1x!tt.ptr<f32>, [[$ONE]]>
// CHECK: tt.store %{{.+}}, %{{.+}} : tensor<4x8x16x!tt.ptr<i32>, [[$CUBE]]>
#b2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [1, 0]}>
#b3 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 1, 2], order = [2, 1, 0]}>
module attributes {"ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @contiguity_ties(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %v: tensor<1x1xf32, #b2>, %q: tensor<4x8x16x!tt.ptr<i32>, #b3> {tt.contiguity = dense<[1, 1, 16]> : tensor<3xi32>, tt.divisibility = dense<[16, 16, 16]> : tensor<3xi32>}, %w: tensor<4x8x16xi32, #b3>) {
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1x1x!tt.ptr<f32>, #b2>
    tt.store %ps, %v : tensor<1x1x!tt.ptr<f32>, #b2>
    tt.store %q, %w : tensor<4x8x16x!tt.ptr<i32>, #b3>
    tt.return
  }
}
