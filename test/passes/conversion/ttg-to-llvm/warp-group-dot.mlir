// convert-triton-gpu-to-llvm on ttng.warp_group_dot: one wgmma.mma_async
// per 64xN accumulator tile and K step, between wgmma.fence and
// wgmma.commit_group. Shared operands go in as 64-bit matrix descriptors
// whose byte offsets come from the nvmma_shared layout (LBO at bits 16-29,
// SBO at 32-45, both in 16-byte units; the swizzle mode at 62-63: 1 = 128 B,
// 2 = 64 B, 3 = 32 B); each K step advances them by its offset in 16-byte
// units. ttng.warp_group_dot_wait (and a synchronous dot) is a
// wgmma.wait_group that carries the accumulators.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm,canonicalize,cse)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

// 128-byte swizzle, f16: A K-major (SBO 1024 B: 0x4000004000000000), B
// N-major (tnspB = 1; SBO 1024 B, one 64-column swizzle row so LBO 0). K
// steps of 16 move A by 32 B (+2) and B by 16 rows of 128 B (+128).
// One warpgroup: no warp-index shuffle for the descriptors.
// CHECK-LABEL: llvm.func @kmajor_a_mnmajor_b
// CHECK-NOT: nvvm.shfl.sync
// CHECK-DAG: %[[SW128:.+]] = llvm.mlir.constant(4611686293305294848 : i64)
// CHECK-DAG: %[[A0:.+]] = llvm.or %{{.+}}, %[[SW128]] : i64
// CHECK-DAG: %[[B0:.+]] = llvm.or %{{.+}}, %[[SW128]] : i64
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: llvm.inline_asm has_side_effects {{.*}}"wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,{{.*}},$31}, $64, $65, 1, 1, 1, 0, 1;"{{.*}} %[[A0]], %[[B0]] :
// CHECK: %[[A1:.+]] = llvm.add %[[A0]], %{{.+}} : i64
// CHECK: %[[B1:.+]] = llvm.add %[[B0]], %{{.+}} : i64
// CHECK: "wgmma.mma_async{{.*}}" {{.*}} %[[A1]], %[[B1]] :
// CHECK-COUNT-2: "wgmma.mma_async.sync.aligned.m64n64k16
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: "// wait for regs: $0,{{.*}},$31\0A\09wgmma.wait_group.sync.aligned 0;"
// CHECK-NOT: wgmma.mma_async
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#s128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @kmajor_a_mnmajor_b(%a: !ttg.memdesc<64x64xf16, #s128, #smem>, %b: !ttg.memdesc<64x64xf16, #s128, #smem>, %c: tensor<64x64xf32, #mma>, %p: tensor<64x64x!tt.ptr<f32>, #mma>) {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #s128, #smem> * !ttg.memdesc<64x64xf16, #s128, #smem> -> tensor<64x64xf32, #mma>
    %r = ttng.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    tt.store %p, %r : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// A zero accumulator (attention's Q.K^T) is not read: the first K step has
// an immediate scale-d of 0 and undefined accumulator registers (no moves
// of zeros), the next ones accumulate (scale-d 1).
// CHECK-LABEL: llvm.func @zero_accumulator
// CHECK: %[[UNDEF:.+]] = llvm.mlir.undef : f32
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,{{.*}},$31}, $64, $65, 0, 1, 1, 0, 1;"{{.*}} %[[UNDEF]], %[[UNDEF]],
// CHECK-COUNT-3: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,{{.*}},$31}, $64, $65, 1, 1, 1, 0, 1;"
// CHECK-NOT: wgmma.mma_async
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#s128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @zero_accumulator(%a: !ttg.memdesc<64x64xf16, #s128, #smem>, %b: !ttg.memdesc<64x64xf16, #s128, #smem>, %p: tensor<64x64x!tt.ptr<f32>, #mma>) {
    %c = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #s128, #smem> * !ttg.memdesc<64x64xf16, #s128, #smem> -> tensor<64x64xf32, #mma>
    tt.store %p, %d : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// 64-byte swizzle: A K-major, SBO 8 rows of 64 B (0x8000002000000000); B
// N-major over two 32-column swizzle rows: LBO 2048 B, SBO 512 B
// (0x8000002000800000). K = 32: two steps.
// CHECK-LABEL: llvm.func @swizzle64
// CHECK-DAG: llvm.mlir.constant(-9223371899415822336 : i64)
// CHECK-DAG: llvm.mlir.constant(-9223371899407433728 : i64)
// CHECK-COUNT-2: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, 1, 1, 0, 1;"
// CHECK-NOT: wgmma.mma_async
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#s64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @swizzle64(%a: !ttg.memdesc<64x32xf16, #s64, #smem>, %b: !ttg.memdesc<32x64xf16, #s64, #smem>, %c: tensor<64x64xf32, #mma>, %p: tensor<64x64x!tt.ptr<f32>, #mma>) {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xf16, #s64, #smem> * !ttg.memdesc<32x64xf16, #s64, #smem> -> tensor<64x64xf32, #mma>
    %r = ttng.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    tt.store %p, %r : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}
// -----

// A in registers: four 32-bit registers of f16 pairs in PTX order, no tnspA;
// B K-major with 32-byte swizzle (SBO 256 B: 0xC000001000000000). useC is
// the scale-d predicate of the first K step. Synchronous: the commit is
// followed by a wait that carries the accumulators.
// CHECK-LABEL: llvm.func @register_a
// CHECK-DAG: %[[SW32:.+]] = llvm.mlir.constant(-4611685949707911168 : i64)
// CHECK-DAG: %[[B:.+]] = llvm.or %{{.+}}, %[[SW32]] : i64
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,{{.*}},$31}, {$64,$65,$66,$67}, $68, $69, 1, 1, 0;"{{.*}} %[[B]], %arg3 :
// CHECK-SAME: (f32, {{.*}}, i32, i32, i32, i32, i64, i1)
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: wgmma.wait_group.sync.aligned 0;
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#s32t = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @register_a(%a: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: !ttg.memdesc<16x64xf16, #s32t, #smem>, %c: tensor<64x64xf32, #mma>, %use: i1, %p: tensor<64x64x!tt.ptr<f32>, #mma>) {
    %d = ttng.warp_group_dot %a, %b, %c, %use {inputPrecision = 0 : i32} : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<16x64xf16, #s32t, #smem> -> tensor<64x64xf32, #mma>
    tt.store %p, %d : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}
// -----

// tf32 (f32 operands, both K-major: no transposes), K = 8 per instruction.
// Two warpgroups along M: the second one's A starts 64 rows of 128 B
// (8192 B) further, picked by bit 2 of the warp index.
// CHECK-LABEL: llvm.func @tf32_two_warpgroups
// CHECK-DAG: %[[C4:.+]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-DAG: %[[C11:.+]] = llvm.mlir.constant(11 : i32) : i32
// CHECK: %[[WARP:.+]] = nvvm.shfl.sync idx
// Bit 2 of the warp index lands on bit 13 (8192): masked, shifted by 11.
// CHECK: %[[WG:.+]] = llvm.and %[[WARP]], %[[C4]] : i32
// CHECK: llvm.shl %[[WG]], %[[C11]] : i32
// CHECK-COUNT-4: "wgmma.mma_async.sync.aligned.m64n32k8.f32.tf32.tf32 {{.*}}, $32, $33, 1, 1, 1;"
// CHECK-NOT: wgmma.mma_async
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 32, 8]}>
#s128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#s128t = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32_two_warpgroups(%a: !ttg.memdesc<128x32xf32, #s128, #smem>, %b: !ttg.memdesc<32x32xf32, #s128t, #smem>, %c: tensor<128x32xf32, #mma>, %p: tensor<128x32x!tt.ptr<f32>, #mma>) {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 1 : i32, isAsync = true} : !ttg.memdesc<128x32xf32, #s128, #smem> * !ttg.memdesc<32x32xf32, #s128t, #smem> -> tensor<128x32xf32, #mma>
    %r = ttng.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<128x32xf32, #mma>
    tt.store %p, %r : tensor<128x32x!tt.ptr<f32>, #mma>
    tt.return
  }
}
// -----

// int8 into s32: no scales, no transposes; accumulators in "r" registers.
// CHECK-LABEL: llvm.func @int8
// CHECK-COUNT-2: "wgmma.mma_async.sync.aligned.m64n32k32.s32.s8.s8 {$0,{{.*}},$15}, $32, $33, 1;", "=r,
// CHECK-NOT: wgmma.mma_async
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 32]}>
#s64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#s64t = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @int8(%a: !ttg.memdesc<64x64xi8, #s64, #smem>, %b: !ttg.memdesc<64x32xi8, #s64t, #smem>, %c: tensor<64x32xi32, #mma>, %p: tensor<64x32x!tt.ptr<i32>, #mma>) {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xi8, #s64, #smem> * !ttg.memdesc<64x32xi8, #s64t, #smem> -> tensor<64x32xi32, #mma>
    tt.store %p, %d : tensor<64x32x!tt.ptr<i32>, #mma>
    tt.return
  }
}
