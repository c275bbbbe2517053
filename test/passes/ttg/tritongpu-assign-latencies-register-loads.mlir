// Loads whose values are used in registers, not staged in shared memory as
// a dot operand: as in Triton, the pipeliner runs them ahead when their
// value reaches a dot operand with no other load in between (the log-sum-exp
// row of an attention backward's dK/dV loop, here a scale of the columns of
// the wgmma's A operand), through a
// ring buffer read back with ttg.local_load. A register load feeding only a
// store, or only another load's address (an index, level 1), stays
// synchronous, and so do the register loads of a loop whose carried tensors
// already take more than 192 registers per thread (a 4-warp 128x256 f32
// accumulator takes 256: there the live pointers of later iterations cost
// more spills than the latency hides). tile kept every register load
// synchronous: the tutorial-style backward at head dim 64 ran 0.95x Triton's.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-assign-latencies{num-stages=3})' | FileCheck %s

// CHECK-LABEL: tt.func public @scaled_rows
// CHECK: tt.load %{{.+}} {tt.latency = 2 : i32} : tensor<64x64x!tt.ptr<f16>
// CHECK: tt.load %{{.+}} {tt.latency = 2 : i32} : tensor<64x!tt.ptr<f32>
// CHECK: %[[STORED:.+]] = tt.load %{{.+}} : tensor<64x!tt.ptr<f32>
// CHECK-NEXT: tt.store %{{.+}}, %[[STORED]]
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

// The same A operand into a 128x256 accumulator: 256 registers per thread.
// CHECK-LABEL: tt.func public @wide_accumulator
// CHECK: tt.load %{{.+}} {tt.latency = 2 : i32} : tensor<64x256x!tt.ptr<f16>
// CHECK: tt.load %{{.+}} : tensor<64x!tt.ptr<f32>
// CHECK-NOT: tt.latency
#x = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#row = #ttg.slice<{dim = 0, parent = #x}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wide_accumulator(%pb: tensor<64x256x!tt.ptr<f16>, #b> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32},
                                   %ps: tensor<64x!tt.ptr<f32>, #row> {tt.divisibility = 16 : i32, tt.contiguity = 64 : i32},
                                   %x: tensor<128x64xf32, #x>, %n: i32, %out: tensor<128x256x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128x256xf32, #mma>
    %step = arith.constant dense<64> : tensor<64x256xi32, #b>
    %rstep = arith.constant dense<64> : tensor<64xi32, #row>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %b_ptr = %pb, %s_ptr = %ps) -> (tensor<128x256xf32, #mma>, tensor<64x256x!tt.ptr<f16>, #b>, tensor<64x!tt.ptr<f32>, #row>) : i32 {
      %b = tt.load %b_ptr : tensor<64x256x!tt.ptr<f16>, #b>
      %sb = ttg.local_alloc %b : (tensor<64x256xf16, #b>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
      %s = tt.load %s_ptr : tensor<64x!tt.ptr<f32>, #row>
      %se = tt.expand_dims %s {axis = 0 : i32} : tensor<64xf32, #row> -> tensor<1x64xf32, #x>
      %sbc = tt.broadcast %se : tensor<1x64xf32, #x> -> tensor<128x64xf32, #x>
      %a32 = arith.mulf %x, %sbc : tensor<128x64xf32, #x>
      %a16 = arith.truncf %a32 : tensor<128x64xf32, #x> to tensor<128x64xf16, #x>
      %a = ttg.convert_layout %a16 : tensor<128x64xf16, #x> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = ttng.warp_group_dot %a, %sb, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      %b_next = tt.addptr %b_ptr, %step : tensor<64x256x!tt.ptr<f16>, #b>, tensor<64x256xi32, #b>
      %s_next = tt.addptr %s_ptr, %rstep : tensor<64x!tt.ptr<f32>, #row>, tensor<64xi32, #row>
      scf.yield %d, %b_next, %s_next : tensor<128x256xf32, #mma>, tensor<64x256x!tt.ptr<f16>, #b>, tensor<64x!tt.ptr<f32>, #row>
    }
    tt.store %out, %r#0 : tensor<128x256x!tt.ptr<f32>, #mma>
    tt.return
  }
}
