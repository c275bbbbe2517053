// A load whose value is used in registers (a column scale of a wgmma
// operand, as the log-sum-exp row of an attention backward's dK/dV loop)
// is pipelined as Triton does: cp.async into a ring of unswizzled slots
// (#ttg.swizzled_shared, vec 1, in the registers' order), read back with
// ttg.local_load at its first use. Its slot is done once that local_load
// is, so its ring has num-stages - 1 slots and positions of its own, where
// the ring of the wgmma operand, still read by the dot in flight, has one
// more.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-assign-latencies{num-stages=3},tritongpu-schedule-loops{num-stages=3},tritongpu-pipeline{num-stages=3})' | FileCheck %s

// CHECK-DAG: #[[ROW:.+]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-LABEL: tt.func public @scaled_rows
// CHECK: %[[B:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16
// CHECK: %[[S:.+]] = ttg.local_alloc : () -> !ttg.memdesc<2x64xf32, #[[ROW]], #smem, mutable>
// CHECK: ttg.async_copy_global_to_local %{{.+}}, %{{.+}} mask %{{.+}} : tensor<64x!tt.ptr<f32>, #{{.+}}> -> <64xf32, #[[ROW]], #smem, mutable>
// CHECK: scf.for {{.*}} iter_args(%{{[^,]+}}, %{{[^,]+}}, %{{[^,]+}}, %{{[^,]+}}, %[[BW:[^ ]+]] = %{{[^,]+}}, %[[BR:[^ ]+]] = %{{[^,]+}}, %[[SW:[^ ]+]] = %{{[^,]+}}, %[[SR:[^ ]+]] = %{{[^,]+}},
// CHECK: ttg.async_wait
// CHECK: ttg.memdesc_index %[[B]][%[[BR]]]
// CHECK: %[[SLOT:.+]] = ttg.memdesc_index %[[S]][%[[SR]]]
// CHECK-NEXT: %[[SCALE:.+]] = ttg.local_load %[[SLOT]] : !ttg.memdesc<64xf32, #[[ROW]], #smem, mutable> -> tensor<64xf32
// CHECK-NEXT: tt.expand_dims %[[SCALE]]
// CHECK: ttng.warp_group_dot
// The store's load stays synchronous.
// CHECK: %[[C:.+]] = tt.load %{{.+}} : tensor<64x!tt.ptr<f32>
// CHECK-NEXT: tt.store %{{.+}}, %[[C]]
// CHECK: ttg.memdesc_index %[[B]][%[[BW]]]
// CHECK: ttg.memdesc_index %[[S]][%[[SW]]]
// CHECK: arith.cmpi eq, %{{.+}}, %c3_i32
// CHECK: arith.cmpi eq, %{{.+}}, %c2_i32
#x = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#row = #ttg.slice<{dim = 0, parent = #x}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scaled_rows(%pb: tensor<64x64x!tt.ptr<f16>, #b> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32},
                              %ps: tensor<64x!tt.ptr<f32>, #row> {tt.divisibility = 16 : i32, tt.contiguity = 64 : i32},
                              %pc: tensor<64x!tt.ptr<f32>, #row> {tt.divisibility = 16 : i32, tt.contiguity = 64 : i32},
                              %x: tensor<128x64xf32, #x>, %n: i32, %out: tensor<128x64x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
    %step = arith.constant dense<64> : tensor<64x64xi32, #b>
    %rstep = arith.constant dense<64> : tensor<64xi32, #row>
    %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %b_ptr = %pb, %s_ptr = %ps, %c_ptr = %pc) -> (tensor<128x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #b>, tensor<64x!tt.ptr<f32>, #row>, tensor<64x!tt.ptr<f32>, #row>) : i32 {
      %b = tt.load %b_ptr : tensor<64x64x!tt.ptr<f16>, #b>
      %sb = ttg.local_alloc %b : (tensor<64x64xf16, #b>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %s = tt.load %s_ptr : tensor<64x!tt.ptr<f32>, #row>
      %se = tt.expand_dims %s {axis = 0 : i32} : tensor<64xf32, #row> -> tensor<1x64xf32, #x>
      %sbc = tt.broadcast %se : tensor<1x64xf32, #x> -> tensor<128x64xf32, #x>
      %a32 = arith.mulf %x, %sbc : tensor<128x64xf32, #x>
      %a16 = arith.truncf %a32 : tensor<128x64xf32, #x> to tensor<128x64xf16, #x>
      %a = ttg.convert_layout %a16 : tensor<128x64xf16, #x> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = ttng.warp_group_dot %a, %sb, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      %c = tt.load %c_ptr : tensor<64x!tt.ptr<f32>, #row>
      tt.store %c_ptr, %c : tensor<64x!tt.ptr<f32>, #row>
      %b_next = tt.addptr %b_ptr, %step : tensor<64x64x!tt.ptr<f16>, #b>, tensor<64x64xi32, #b>
      %s_next = tt.addptr %s_ptr, %rstep : tensor<64x!tt.ptr<f32>, #row>, tensor<64xi32, #row>
      %c_next = tt.addptr %c_ptr, %rstep : tensor<64x!tt.ptr<f32>, #row>, tensor<64xi32, #row>
      scf.yield %d, %b_next, %s_next, %c_next : tensor<128x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #b>, tensor<64x!tt.ptr<f32>, #row>, tensor<64x!tt.ptr<f32>, #row>
    }
    tt.store %out, %r#0 : tensor<128x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}


// -----

// A register load whose value also advances the next iteration's address of
// the dot operand's load (through the loop-carried pointer, which
// assign-latencies does not follow) is needed in stage 0: it stays a
// synchronous load there, as an index load does, and the operand's load is
// still pipelined (made a ring read in the last stage, it would have left
// the loop unpipelined).
// CHECK-LABEL: tt.func public @offsets_advance_operand
// CHECK: scf.for
// CHECK: ttg.local_load %{{.+}} : !ttg.memdesc<64x64xf16
// CHECK-NOT: ttg.local_load
// CHECK: ttg.async_copy_global_to_local %{{.+}} : tensor<64x64x!tt.ptr<f16>
// CHECK-NEXT: ttg.async_commit_group
// CHECK: tt.load %{{.+}}, %{{.+}} : tensor<64x!tt.ptr<i32>
// CHECK: scf.yield
#x = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
#row = #ttg.slice<{dim = 0, parent = #x}>
#bcol = #ttg.slice<{dim = 1, parent = #b}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @offsets_advance_operand(%pb: tensor<64x64x!tt.ptr<f16>, #b> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32},
                                          %po: tensor<64x!tt.ptr<i32>, #row> {tt.divisibility = 16 : i32, tt.contiguity = 64 : i32},
                                          %x: tensor<128x64xf32, #x>, %n: i32, %out: tensor<128x64x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
    %c64 = arith.constant dense<64> : tensor<64xi32, #bcol>
    %rstep = arith.constant dense<64> : tensor<64xi32, #row>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %b_ptr = %pb, %o_ptr = %po) -> (tensor<128x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #b>, tensor<64x!tt.ptr<i32>, #row>) : i32 {
      %b = tt.load %b_ptr : tensor<64x64x!tt.ptr<f16>, #b>
      %sb = ttg.local_alloc %b : (tensor<64x64xf16, #b>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %opb = ttg.local_load %sb : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %o = tt.load %o_ptr : tensor<64x!tt.ptr<i32>, #row>
      %of = arith.sitofp %o : tensor<64xi32, #row> to tensor<64xf32, #row>
      %oe = tt.expand_dims %of {axis = 0 : i32} : tensor<64xf32, #row> -> tensor<1x64xf32, #x>
      %obc = tt.broadcast %oe : tensor<1x64xf32, #x> -> tensor<128x64xf32, #x>
      %a32 = arith.mulf %x, %obc : tensor<128x64xf32, #x>
      %a16 = arith.truncf %a32 : tensor<128x64xf32, #x> to tensor<128x64xf16, #x>
      %a = ttg.convert_layout %a16 : tensor<128x64xf16, #x> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %a, %opb, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
      %ob = ttg.convert_layout %o : tensor<64xi32, #row> -> tensor<64xi32, #bcol>
      %rows = arith.muli %ob, %c64 : tensor<64xi32, #bcol>
      %obe = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #bcol> -> tensor<64x1xi32, #b>
      %obb = tt.broadcast %obe : tensor<64x1xi32, #b> -> tensor<64x64xi32, #b>
      %b_next = tt.addptr %b_ptr, %obb : tensor<64x64x!tt.ptr<f16>, #b>, tensor<64x64xi32, #b>
      %o_next = tt.addptr %o_ptr, %rstep : tensor<64x!tt.ptr<i32>, #row>, tensor<64xi32, #row>
      scf.yield %d, %b_next, %o_next : tensor<128x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #b>, tensor<64x!tt.ptr<i32>, #row>
    }
    tt.store %out, %r#0 : tensor<128x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}
