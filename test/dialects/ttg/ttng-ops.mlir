// RUN: %mlir-tile %s | %mlir-tile | FileCheck %s
// RUN: %mlir-tile %s --mlir-print-op-generic | %mlir-tile | FileCheck %s

// Round trip of ttng's TMEM attributes and of the ttng operations tile parses
// and verifies but does not lower (TMEM, tcgen05 MMAs, TMA gathers, scatters
// and reductions, device-side TMA descriptors, cluster barriers), in the form
// Triton 3.6 prints them: printed, re-parsed and printed again, once through
// the custom form and once through the generic form.

// Parameters at their default are not printed; the encodings get Triton's
// #tmem / #tmem_scales aliases.
// CHECK-DAG: #[[TMEM:tmem[0-9]*]] = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
// CHECK-DAG: #[[TMEM64:tmem[0-9]*]] = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
// CHECK-DAG: #[[TMEM_F16:tmem[0-9]*]] = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 2>
// CHECK-DAG: #[[TMEM_2CTA:tmem[0-9]*]] = #ttng.tensor_memory_encoding<blockM = 64, blockN = 128, colStride = 1, CTASplitM = 2, twoCTAs = true>
// CHECK-DAG: #[[SCALES:tmem_scales[0-9]*]] = #ttng.tensor_memory_scales_encoding<>
// CHECK-DAG: #[[SCALES_SPLIT:tmem_scales[0-9]*]] = #ttng.tensor_memory_scales_encoding<CTASplitN = 2>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem64 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CTASplitM = 1, CTASplitN = 1, twoCTAs = false>
#tmem_f16 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 2>
#tmem_2cta = #ttng.tensor_memory_encoding<blockM = 64, blockN = 128, colStride = 1, CTASplitM = 2, twoCTAs = true>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
#tmem_scales_split = #ttng.tensor_memory_scales_encoding<CTASplitM = 1, CTASplitN = 2>
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma8 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#nvmma32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#swz2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: @tmem_encodings
// CHECK-SAME: !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>
// CHECK-SAME: !ttg.memdesc<2x128x64xf32, #[[TMEM64]], #ttng.tensor_memory, mutable>
// CHECK-SAME: !ttg.memdesc<128x128xf16, #[[TMEM_F16]], #ttng.tensor_memory>
// CHECK-SAME: !ttg.memdesc<128x128xf32, #[[TMEM_2CTA]], #ttng.tensor_memory, mutable>
// CHECK-SAME: !ttg.memdesc<128x8xi8, #[[SCALES]], #ttng.tensor_memory>
// CHECK-SAME: !ttg.memdesc<128x8xi8, #[[SCALES_SPLIT]], #ttng.tensor_memory>
tt.func @tmem_encodings(%a: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>,
                        %b: !ttg.memdesc<2x128x64xf32, #tmem64, #ttng.tensor_memory, mutable>,
                        %c: !ttg.memdesc<128x128xf16, #tmem_f16, #ttng.tensor_memory>,
                        %d: !ttg.memdesc<128x128xf32, #tmem_2cta, #ttng.tensor_memory, mutable>,
                        %e: !ttg.memdesc<128x8xi8, #tmem_scales, #ttng.tensor_memory>,
                        %f: !ttg.memdesc<128x8xi8, #tmem_scales_split, #ttng.tensor_memory>) {
  tt.return
}

// CHECK-LABEL: @tmem_alloc_load_store
tt.func @tmem_alloc_load_store(%v: tensor<128x128xf32, #blocked>, %pred: i1) {
  // CHECK: %[[M:.*]], %[[T0:.*]] = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>, !ttg.async.token)
  %m, %t0 = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
  // CHECK: %[[T1:.*]] = ttng.tmem_store %{{.*}}, %[[M]][%[[T0]]], %{{.*}} : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>
  %t1 = ttng.tmem_store %v, %m[%t0], %pred : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
  // CHECK: %{{.*}}, %{{.*}} = ttng.tmem_load %[[M]][%[[T1]]] : !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
  %r, %t2 = ttng.tmem_load %m[%t1] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
  // `[]`: a token result without a token operand.
  // CHECK: %{{.*}}, %{{.*}} = ttng.tmem_load %[[M]][] :
  %r2, %t3 = ttng.tmem_load %m[] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
  // No brackets: no tokens at all.
  // CHECK: ttng.tmem_store %{{.*}}, %[[M]], %{{.*}} : tensor
  ttng.tmem_store %v, %m, %pred : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
  // CHECK: %{{.*}} = ttng.tmem_load %[[M]] : !ttg.memdesc
  %r3 = ttng.tmem_load %m : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
  // CHECK: ttng.tmem_alloc %{{.*}} {tensor_memory_col_offset = 0 : i32, tensor_memory_row_offset = 0 : i32} : (tensor<128x128xf32, #blocked>) -> !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory>
  %i = ttng.tmem_alloc %v {tensor_memory_col_offset = 0 : i32, tensor_memory_row_offset = 0 : i32} : (tensor<128x128xf32, #blocked>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
  tt.return
}

// CHECK-LABEL: @tmem_subslice
tt.func @tmem_subslice(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
  // CHECK: ttng.tmem_subslice %{{.*}} {N = 64 : i32} : !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #[[TMEM64]], #ttng.tensor_memory, mutable, 128x128>
  %s = ttng.tmem_subslice %m {N = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem64, #ttng.tensor_memory, mutable, 128x128>
  tt.return
}

// CHECK-LABEL: @tmem_copy
tt.func @tmem_copy(%scales: !ttg.memdesc<128x8xi8, #swz2, #smem>,
                   %dst_scales: !ttg.memdesc<128x8xi8, #tmem_scales, #ttng.tensor_memory, mutable>,
                   %src: !ttg.memdesc<128x128xf32, #nvmma32, #smem>,
                   %dst: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>,
                   %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // CHECK: ttng.tmem_copy %{{.*}}, %{{.*}} : !ttg.memdesc<128x8xi8, #{{.*}}, #smem>, !ttg.memdesc<128x8xi8, #[[SCALES]], #ttng.tensor_memory, mutable>
  ttng.tmem_copy %scales, %dst_scales : !ttg.memdesc<128x8xi8, #swz2, #smem>, !ttg.memdesc<128x8xi8, #tmem_scales, #ttng.tensor_memory, mutable>
  // CHECK: ttng.tmem_copy %{{.*}}, %{{.*}}, %{{.*}} : !ttg.memdesc<128x128xf32, #{{.*}}, #smem>, !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64
  ttng.tmem_copy %src, %dst, %bar : !ttg.memdesc<128x128xf32, #nvmma32, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #swz, #smem, mutable>
  tt.return
}

// CHECK-LABEL: @tc_gen5_mma
tt.func @tc_gen5_mma(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>,
                     %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>,
                     %d: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>,
                     %a_tmem: !ttg.memdesc<128x64xf16, #tmem64, #ttng.tensor_memory>,
                     %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>,
                     %tok: !ttg.async.token, %p: i1) {
  // CHECK: ttng.tc_gen5_mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !ttg.memdesc<128x64xf16, #{{.*}}, #smem>, !ttg.memdesc<64x128xf16, #{{.*}}, #smem>, !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
  // Two barriers, each with its predicate, and tokens.
  // CHECK: %{{.*}} = ttng.tc_gen5_mma %{{.*}}, %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}] {is_async} : {{.*}}, !ttg.memdesc<1xi64, #{{.*}}, #smem, mutable>, !ttg.memdesc<1xi64, #{{.*}}, #smem, mutable>
  %t = ttng.tc_gen5_mma %a, %b, %d[%tok], %p, %p, %bar[%p], %bar[%p] {is_async} : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #swz, #smem, mutable>, !ttg.memdesc<1xi64, #swz, #smem, mutable>
  // A in TMEM.
  // CHECK: ttng.tc_gen5_mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !ttg.memdesc<128x64xf16, #[[TMEM64]], #ttng.tensor_memory>
  ttng.tc_gen5_mma %a_tmem, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #tmem64, #ttng.tensor_memory>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
  // CHECK: ttng.tc_gen5_commit %{{.*}} : !ttg.memdesc<1xi64
  ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi64, #swz, #smem, mutable>
  // CHECK: ttng.tc_gen5_commit %{{.*}}, %{{.*}} {two_ctas} : !ttg.memdesc<1xi64
  ttng.tc_gen5_commit %bar, %p {two_ctas} : !ttg.memdesc<1xi64, #swz, #smem, mutable>
  tt.return
}

// CHECK-LABEL: @tc_gen5_mma_scaled
tt.func @tc_gen5_mma_scaled(%a: !ttg.memdesc<128x64xi8, #nvmma8, #smem>,
                            %b: !ttg.memdesc<128x128xf8E4M3FN, #nvmma8, #smem>,
                            %d: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>,
                            %as: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>,
                            %bs: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>,
                            %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>, %p: i1) {
  // e2m1 a: 64 bytes of K hold 128 values.
  // CHECK: ttng.tc_gen5_mma_scaled %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} lhs = e2m1 rhs = e4m3, %{{.*}}[%{{.*}}] {is_async} : !ttg.memdesc<128x64xi8, #{{.*}}, #smem>, !ttg.memdesc<128x128xf8E4M3FN, #{{.*}}, #smem>, !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #[[SCALES]], #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #[[SCALES]], #ttng.tensor_memory>, !ttg.memdesc<1xi64
  ttng.tc_gen5_mma_scaled %a, %b, %d, %as, %bs, %p, %p lhs = e2m1 rhs = e4m3, %bar[%p] {is_async} : !ttg.memdesc<128x64xi8, #nvmma8, #smem>, !ttg.memdesc<128x128xf8E4M3FN, #nvmma8, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<1xi64, #swz, #smem, mutable>
  tt.return
}

// CHECK-LABEL: @tma_gather_scatter_reduce
tt.func @tma_gather_scatter_reduce(%desc: !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, %xs: tensor<32xi32, #blocked1d>, %y: i32,
                                   %bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>,
                                   %buf: !ttg.memdesc<32x128xbf16, #nvmma, #smem, mutable>, %p: i1,
                                   %rdesc: !tt.tensordesc<tensor<64x32xf32, #nvmma32>>, %rbuf: !ttg.memdesc<64x32xf32, #nvmma32, #smem>) {
  // CHECK: ttng.async_tma_gather %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}}, %{{.*}}, %{{.*}} : !tt.tensordesc<tensor<1x128xbf16, #{{.*}}>>, tensor<32xi32, #blocked{{.*}}>, i32, !ttg.memdesc<1xi64, #{{.*}}, #smem, mutable>, !ttg.memdesc<32x128xbf16, #{{.*}}, #smem, mutable>, i1
  ttng.async_tma_gather %desc[%xs, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, tensor<32xi32, #blocked1d>, i32, !ttg.memdesc<1xi64, #swz, #smem, mutable>, !ttg.memdesc<32x128xbf16, #nvmma, #smem, mutable>, i1
  // CHECK: ttng.async_tma_scatter %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}} : !tt.tensordesc<tensor<1x128xbf16, #{{.*}}>>, tensor<32xi32, #blocked{{.*}}>, i32, !ttg.memdesc<32x128xbf16, #{{.*}}, #smem, mutable>
  ttng.async_tma_scatter %desc[%xs, %y] %buf : !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, tensor<32xi32, #blocked1d>, i32, !ttg.memdesc<32x128xbf16, #nvmma, #smem, mutable>
  // CHECK: ttng.async_tma_reduce max, %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}} : !tt.tensordesc<tensor<64x32xf32, #{{.*}}>>, !ttg.memdesc<64x32xf32, #{{.*}}, #smem>
  ttng.async_tma_reduce max, %rdesc[%y, %y] %rbuf : !tt.tensordesc<tensor<64x32xf32, #nvmma32>>, !ttg.memdesc<64x32xf32, #nvmma32, #smem>
  tt.return
}

// CHECK-LABEL: @tensormap
tt.func @tensormap(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %n: i32, %stride: i64) {
  // CHECK: ttng.tensormap_create %{{.*}}, %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}], [%{{.*}}, %{{.*}}] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
  ttng.tensormap_create %desc, %base, [%n, %n], [%n, %n], [%stride], [%n, %n] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
  // CHECK: ttng.tensormap_fenceproxy_acquire %{{.*}} : !tt.ptr<i8>
  ttng.tensormap_fenceproxy_acquire %desc : !tt.ptr<i8>
  tt.return
}

// CHECK-LABEL: @cluster_and_copy_arrive
tt.func @cluster_and_copy_arrive(%bar: !ttg.memdesc<1xi64, #swz, #smem, mutable>) {
  // CHECK: ttng.cluster_arrive {relaxed = true}
  ttng.cluster_arrive {relaxed = true}
  // CHECK: ttng.cluster_wait
  ttng.cluster_wait
  // CHECK: ttng.async_copy_mbarrier_arrive %{{.*}} {noIncrement} : !ttg.memdesc<1xi64
  ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #swz, #smem, mutable>
  // CHECK: ttng.async_copy_mbarrier_arrive %{{.*}} : !ttg.memdesc<1xi64
  ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #swz, #smem, mutable>
  tt.return
}

}
