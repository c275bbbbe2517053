// convert-triton-gpu-to-llvm of TMA reductions (sm_90): each TMA box of
// the buffer becomes one predicated cp.reduce.async.bulk.tensor of the op's
// kind (inline PTX: the NVVM op has no predicate), issued as TMA stores
// are (an elected lane of warp i issues box i, innermost coordinate first),
// and the boxes join one bulk group that async_tma_store_wait waits on.
// The descriptor's tensordesc_meta carries its sign: si32 is element type
// 3 (signed, so min and max compare signed), i32 is 2 (unsigned).
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' | FileCheck %s

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A 32x64 f32 block with a 128-byte swizzle: two boxes of 32x32, the
  // second at column + 32 and 4 KiB further into the buffer.
  // CHECK-LABEL: llvm.func @reduce_add_f32(
  // CHECK-SAME: tile.tensordesc_meta = [{block_size = array<i32: 32, 32>, elem_size = 4 : i32, elem_type = 7 : i32, fp4_padded = false, swizzle = 3 : i32}]
  // CHECK: nvvm.elect.sync
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r" %{{.*}}, %arg0, %arg2, %arg1, %{{.*}} : (i1, !llvm.ptr, i32, i32, !llvm.ptr<3>) -> !llvm.void
  // CHECK: %[[BOX1:.*]] = llvm.getelementptr %{{.*}}[4096] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK: %[[COL:.*]] = llvm.add %arg2, %{{.*}} : i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r" %{{.*}}, %arg0, %[[COL]], %arg1, %[[BOX1]]
  // CHECK-NOT: cp.reduce.async.bulk.tensor
  // CHECK: nvvm.cp.async.bulk.commit.group
  // CHECK-NOT: nvvm.cp.async.bulk.commit.group
  // CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
  tt.func public @reduce_add_f32(%d: !tt.tensordesc<tensor<32x64xf32, #shared>>, %i: i32, %j: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    ttng.async_tma_reduce add, %d[%i, %j] %buf : !tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared64 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 64}>
#shared16 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Each kind spells its PTX reduction; one box each (the block is the box).
  // CHECK-LABEL: llvm.func @kinds(
  // CHECK-SAME: tile.tensordesc_meta = [{block_size = array<i32: 16, 32>, elem_size = 4 : i32, elem_type = 3 : i32, fp4_padded = false, swizzle = 3 : i32}, {block_size = array<i32: 16, 32>, elem_size = 4 : i32, elem_type = 2 : i32, fp4_padded = false, swizzle = 3 : i32}, {block_size = array<i32: 8, 16>, elem_size = 8 : i32, elem_type = 4 : i32, fp4_padded = false, swizzle = 3 : i32}, {block_size = array<i32: 4, 8, 32>, elem_size = 2 : i32, elem_type = 10 : i32, fp4_padded = false, swizzle = 2 : i32}]
  // CHECK: "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.min.bulk_group [$1, {$2, $3}], [$4];"
  // CHECK: "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.max.bulk_group [$1, {$2, $3}], [$4];"
  // CHECK: "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.inc.bulk_group [$1, {$2, $3}], [$4];"
  // CHECK: "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.dec.bulk_group [$1, {$2, $3}], [$4];"
  // CHECK: "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.and.bulk_group [$1, {$2, $3}], [$4];"
  // CHECK: "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.or.bulk_group [$1, {$2, $3}], [$4];"
  // CHECK: "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.xor.bulk_group [$1, {$2, $3}], [$4];"
  // CHECK: "@$0 cp.reduce.async.bulk.tensor.3d.global.shared::cta.add.bulk_group [$1, {$2, $3, $4}], [$5];", "b,l,r,r,r,r" %{{.*}}, %arg3, %arg4, %arg4, %arg4, %{{.*}}
  tt.func public @kinds(%s: !tt.tensordesc<tensor<16x32xsi32, #shared>>, %u: !tt.tensordesc<tensor<16x32xi32, #shared>>, %l: !tt.tensordesc<tensor<8x16xi64, #shared64>>, %h: !tt.tensordesc<tensor<4x8x32xbf16, #shared16>>, %i: i32) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<16x32xi32, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<8x16xi64, #shared64, #smem, mutable>
    %c = ttg.local_alloc : () -> !ttg.memdesc<4x8x32xbf16, #shared16, #smem, mutable>
    ttng.async_tma_reduce min, %s[%i, %i] %a : !tt.tensordesc<tensor<16x32xsi32, #shared>>, !ttg.memdesc<16x32xi32, #shared, #smem, mutable>
    ttng.async_tma_reduce max, %s[%i, %i] %a : !tt.tensordesc<tensor<16x32xsi32, #shared>>, !ttg.memdesc<16x32xi32, #shared, #smem, mutable>
    ttng.async_tma_reduce inc, %u[%i, %i] %a : !tt.tensordesc<tensor<16x32xi32, #shared>>, !ttg.memdesc<16x32xi32, #shared, #smem, mutable>
    ttng.async_tma_reduce dec, %u[%i, %i] %a : !tt.tensordesc<tensor<16x32xi32, #shared>>, !ttg.memdesc<16x32xi32, #shared, #smem, mutable>
    ttng.async_tma_reduce and, %l[%i, %i] %b : !tt.tensordesc<tensor<8x16xi64, #shared64>>, !ttg.memdesc<8x16xi64, #shared64, #smem, mutable>
    ttng.async_tma_reduce or, %l[%i, %i] %b : !tt.tensordesc<tensor<8x16xi64, #shared64>>, !ttg.memdesc<8x16xi64, #shared64, #smem, mutable>
    ttng.async_tma_reduce xor, %u[%i, %i] %a : !tt.tensordesc<tensor<16x32xi32, #shared>>, !ttg.memdesc<16x32xi32, #shared, #smem, mutable>
    ttng.async_tma_reduce add, %h[%i, %i, %i] %c : !tt.tensordesc<tensor<4x8x32xbf16, #shared16>>, !ttg.memdesc<4x8x32xbf16, #shared16, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // TMA boxes span at most 256 elements per dimension: a 512-row block is
  // two boxes of 256x32, the second at row + 256, 32 KiB further.
  // CHECK-LABEL: llvm.func @reduce_512_rows(
  // CHECK-SAME: tile.tensordesc_meta = [{block_size = array<i32: 256, 32>
  // CHECK: "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.max.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r" %{{.*}}, %arg0, %arg2, %arg1, %{{.*}}
  // CHECK: %[[BOX1:.*]] = llvm.getelementptr %{{.*}}[32768] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK: %[[ROW:.*]] = llvm.add %arg1, %{{.*}} : i32
  // CHECK: "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.max.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r" %{{.*}}, %arg0, %arg2, %[[ROW]], %[[BOX1]]
  // CHECK-NOT: cp.reduce.async.bulk.tensor
  tt.func public @reduce_512_rows(%d: !tt.tensordesc<tensor<512x32xsi32, #shared>>, %i: i32, %j: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<512x32xi32, #shared, #smem, mutable>
    ttng.async_tma_reduce max, %d[%i, %j] %buf : !tt.tensordesc<tensor<512x32xsi32, #shared>>, !ttg.memdesc<512x32xi32, #shared, #smem, mutable>
    tt.return
  }
}
