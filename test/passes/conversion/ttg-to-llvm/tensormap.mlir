// convert-triton-gpu-to-llvm of tensor maps built on the device (sm_90):
//  * ttng.tensormap_create zeroes the op's 128 bytes of shared scratch (one
//    word per lane of the first warp), syncs the warp, sets every field
//    from thread 0 (global address and strides 64-bit, the rest 32-bit;
//    per-dimension fields with their ordinal, the rank as rank - 1), then
//    the first warp copies the map to global memory, releasing it;
//  * ttng.tensormap_fenceproxy_acquire acquires it in the first warp, then
//    a CTA barrier;
//  * ttng.reinterpret_tensor_descriptor is the map's generic address.
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' | FileCheck %s

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @create(
  // CHECK-SAME: %[[MAP:[^:]*]]: !llvm.ptr<1>, %[[BASE:[^:]*]]: !llvm.ptr<1>, %[[N:[^:]*]]: i32, %[[K:[^:]*]]: i32, %[[STRIDE:[^:]*]]: i64
  // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
  // CHECK: %[[WARP0:.*]] = llvm.icmp "ult" %[[TID]]
  // CHECK: %[[THREAD0:.*]] = llvm.icmp "eq" %[[TID]]
  // CHECK: %[[WORD:.*]] = llvm.getelementptr %[[SMEM:.*]][%[[TID]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
  // CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b"
  // CHECK: nvvm.bar.warp.sync
  // CHECK: "@$0 tensormap.replace.tile.global_address.shared::cta.b1024.b64 [ $1 + 0 ], $2;", "b,r,l" %[[THREAD0]], %[[SMEM]], %[[BASE]]
  // CHECK: "@$0 tensormap.replace.tile.rank.shared::cta.b1024.b32 [ $1 + 0 ], 1;", "b,r" %[[THREAD0]], %[[SMEM]]
  // CHECK: "@$0 tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [ $1 + 0 ], 0, $2;", "b,r,r"
  // CHECK: "@$0 tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [ $1 + 0 ], 1, $2;", "b,r,r"
  // CHECK: "@$0 tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [ $1 + 0 ], 0, $2;", "b,r,r" %[[THREAD0]], %[[SMEM]], %[[K]]
  // CHECK: "@$0 tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [ $1 + 0 ], 1, $2;", "b,r,r" %[[THREAD0]], %[[SMEM]], %[[N]]
  // CHECK: "@$0 tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [ $1 + 0 ], 0, $2;", "b,r,l" %[[THREAD0]], %[[SMEM]], %[[STRIDE]]
  // CHECK: "@$0 tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [ $1 + 0 ], 0, $2;", "b,r,r"
  // CHECK: "@$0 tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [ $1 + 0 ], 1, $2;", "b,r,r"
  // CHECK: "@$0 tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [ $1 + 0 ], 6;"
  // CHECK: "@$0 tensormap.replace.tile.interleave_layout.shared::cta.b1024.b32 [ $1 + 0 ], 0;"
  // CHECK: "@$0 tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [ $1 + 0 ], 3;"
  // CHECK: "@$0 tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [ $1 + 0 ], 1;"
  // CHECK: "@$0 tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [ $1 + 0 ], [ $2 + 0 ], 128;", "b,l,r" %[[WARP0]], %[[MAP]], %[[SMEM]]
  // CHECK: fence.proxy.tensormap::generic.acquire.gpu [ $1 + 0 ], 128;
  // CHECK-SAME: "b,l" %{{.*}}, %[[MAP]]
  // CHECK: nvvm.barrier
  // CHECK: %[[DESC:.*]] = llvm.addrspacecast %[[MAP]] : !llvm.ptr<1> to !llvm.ptr
  // CHECK: llvm.return %[[DESC]]
  tt.func private @create(%map: !tt.ptr<i8>, %base: !tt.ptr<f16>, %n: i32, %k: i32, %stride: i64) -> !tt.tensordesc<tensor<128x64xf16>> {
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    ttng.tensormap_create %map, %base, [%c64, %c128], [%k, %n], [%stride], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %map : !tt.ptr<i8>
    %d = ttng.reinterpret_tensor_descriptor %map : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16>>
    tt.return %d : !tt.tensordesc<tensor<128x64xf16>>
  }
}

// -----

// Two maps built one after the other share the scratch: a barrier orders
// the second map's zeroing after the first map's copy. The scratch is
// 128-byte aligned.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @two(
  // CHECK: tensormap.cp_fenceproxy
  // CHECK: nvvm.barrier
  // CHECK: st.shared.b32
  // CHECK: tensormap.cp_fenceproxy
  tt.func public @two(%map: !tt.ptr<i8>, %map2: !tt.ptr<i8>, %base: !tt.ptr<i8>, %n: i32) {
    %c1 = arith.constant 1 : i32
    ttng.tensormap_create %map, %base, [%n], [%n], [], [%c1] {elem_type = 0 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<i8>, i32, i32, i32) -> ()
    ttng.tensormap_create %map2, %base, [%n], [%n], [], [%c1] {elem_type = 0 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<i8>, i32, i32, i32) -> ()
    tt.return
  }
}
