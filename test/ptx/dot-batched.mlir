// End to end: batched (rank-3) tt.dot from TTIR through tile-to-llvm,
// mlir-translate, llc and ptxas, for sm_80 and sm_90 (wgmma has no batched
// form, so both take mma.sync; test_dot3d's dtypes). Each kernel computes
// C[b] = A[b] @ B[b] over row-major tensors with 4 warps; the counts are
// one thread's instructions: every 16x8 tile of every batch it holds, times
// the K steps.
// REQUIRES: ptxas

// RUN: %mlir-tile --tile-to-llvm='target=cuda:80 num-warps=4' %s \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 -o %t.sm80.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM80 < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin

// RUN: %mlir-tile --tile-to-llvm='target=cuda:90 num-warps=4' %s 2>/dev/null \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -o %t.sm90.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM90 < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o %t.sm90.cubin

// 2x32x32 f16 -> f32: the warps take the batch, so a thread has a 32x32
// tile, 2x4 instructions, over two K steps of 16.
// CHECK-LABEL: .entry dot3d_f16(
// CHECK-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: mma.sync

// 8x16x16: the warps take batches 0-3, a register bit batch +4, so a thread
// has two batches of two instructions.
// CHECK-LABEL: .entry dot3d_f16_batch8(
// CHECK-COUNT-4: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: mma.sync

// 2x32x32 i8 -> i32, K = 64: 2x4 instructions, two K steps of 32.
// CHECK-LABEL: .entry dot3d_i8(
// CHECK-COUNT-16: mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32
// CHECK-NOT: mma.sync

// 4x32x32 f32 as tf32: 2x4 instructions, four K steps of 8.
// CHECK-LABEL: .entry dot3d_tf32(
// CHECK-COUNT-32: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CHECK-NOT: mma.sync

// 2x16x16 f64, as Triton: each warp holds one batch's two 16x8 tiles
// (warps 2 and 3 repeat 0 and 1). sm_80 has only m8n8k4 for f64: two row
// halves times four K steps per tile; sm_90 takes a tile's whole K of 16
// in one m16n8k16.
// CHECK-LABEL: .entry dot3d_f64(
// CHECK-NOT: fma.rn.f64
// SM80-COUNT-16: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// SM90-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64
// CHECK-NOT: mma.sync
// CHECK-NOT: fma.rn.f64

module {
  tt.func public @dot3d_f16(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %a_rb = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %a_rr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %a_rc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %a_b1 = tt.expand_dims %a_rb {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
    %a_b2 = tt.expand_dims %a_b1 {axis = 2 : i32} : tensor<2x1xi32> -> tensor<2x1x1xi32>
    %a_sb = arith.constant dense<1024> : tensor<2x1x1xi32>
    %a_ob = arith.muli %a_b2, %a_sb : tensor<2x1x1xi32>
    %a_r1 = tt.expand_dims %a_rr {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %a_r2 = tt.expand_dims %a_r1 {axis = 2 : i32} : tensor<1x32xi32> -> tensor<1x32x1xi32>
    %a_sr = arith.constant dense<32> : tensor<1x32x1xi32>
    %a_or = arith.muli %a_r2, %a_sr : tensor<1x32x1xi32>
    %a_c1 = tt.expand_dims %a_rc {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %a_c2 = tt.expand_dims %a_c1 {axis = 1 : i32} : tensor<1x32xi32> -> tensor<1x1x32xi32>
    %a_bb = tt.broadcast %a_ob : tensor<2x1x1xi32> -> tensor<2x32x32xi32>
    %a_rbb = tt.broadcast %a_or : tensor<1x32x1xi32> -> tensor<2x32x32xi32>
    %a_cb = tt.broadcast %a_c2 : tensor<1x1x32xi32> -> tensor<2x32x32xi32>
    %a_o1 = arith.addi %a_bb, %a_rbb : tensor<2x32x32xi32>
    %a_off = arith.addi %a_o1, %a_cb : tensor<2x32x32xi32>
    %a_s = tt.splat %a : !tt.ptr<f16> -> tensor<2x32x32x!tt.ptr<f16>>
    %a_p = tt.addptr %a_s, %a_off : tensor<2x32x32x!tt.ptr<f16>>, tensor<2x32x32xi32>
    %b_rb = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %b_rr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %b_rc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %b_b1 = tt.expand_dims %b_rb {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
    %b_b2 = tt.expand_dims %b_b1 {axis = 2 : i32} : tensor<2x1xi32> -> tensor<2x1x1xi32>
    %b_sb = arith.constant dense<1024> : tensor<2x1x1xi32>
    %b_ob = arith.muli %b_b2, %b_sb : tensor<2x1x1xi32>
    %b_r1 = tt.expand_dims %b_rr {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %b_r2 = tt.expand_dims %b_r1 {axis = 2 : i32} : tensor<1x32xi32> -> tensor<1x32x1xi32>
    %b_sr = arith.constant dense<32> : tensor<1x32x1xi32>
    %b_or = arith.muli %b_r2, %b_sr : tensor<1x32x1xi32>
    %b_c1 = tt.expand_dims %b_rc {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %b_c2 = tt.expand_dims %b_c1 {axis = 1 : i32} : tensor<1x32xi32> -> tensor<1x1x32xi32>
    %b_bb = tt.broadcast %b_ob : tensor<2x1x1xi32> -> tensor<2x32x32xi32>
    %b_rbb = tt.broadcast %b_or : tensor<1x32x1xi32> -> tensor<2x32x32xi32>
    %b_cb = tt.broadcast %b_c2 : tensor<1x1x32xi32> -> tensor<2x32x32xi32>
    %b_o1 = arith.addi %b_bb, %b_rbb : tensor<2x32x32xi32>
    %b_off = arith.addi %b_o1, %b_cb : tensor<2x32x32xi32>
    %b_s = tt.splat %b : !tt.ptr<f16> -> tensor<2x32x32x!tt.ptr<f16>>
    %b_p = tt.addptr %b_s, %b_off : tensor<2x32x32x!tt.ptr<f16>>, tensor<2x32x32xi32>
    %c_rb = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %c_rr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %c_rc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %c_b1 = tt.expand_dims %c_rb {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
    %c_b2 = tt.expand_dims %c_b1 {axis = 2 : i32} : tensor<2x1xi32> -> tensor<2x1x1xi32>
    %c_sb = arith.constant dense<1024> : tensor<2x1x1xi32>
    %c_ob = arith.muli %c_b2, %c_sb : tensor<2x1x1xi32>
    %c_r1 = tt.expand_dims %c_rr {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %c_r2 = tt.expand_dims %c_r1 {axis = 2 : i32} : tensor<1x32xi32> -> tensor<1x32x1xi32>
    %c_sr = arith.constant dense<32> : tensor<1x32x1xi32>
    %c_or = arith.muli %c_r2, %c_sr : tensor<1x32x1xi32>
    %c_c1 = tt.expand_dims %c_rc {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %c_c2 = tt.expand_dims %c_c1 {axis = 1 : i32} : tensor<1x32xi32> -> tensor<1x1x32xi32>
    %c_bb = tt.broadcast %c_ob : tensor<2x1x1xi32> -> tensor<2x32x32xi32>
    %c_rbb = tt.broadcast %c_or : tensor<1x32x1xi32> -> tensor<2x32x32xi32>
    %c_cb = tt.broadcast %c_c2 : tensor<1x1x32xi32> -> tensor<2x32x32xi32>
    %c_o1 = arith.addi %c_bb, %c_rbb : tensor<2x32x32xi32>
    %c_off = arith.addi %c_o1, %c_cb : tensor<2x32x32xi32>
    %c_s = tt.splat %c : !tt.ptr<f32> -> tensor<2x32x32x!tt.ptr<f32>>
    %c_p = tt.addptr %c_s, %c_off : tensor<2x32x32x!tt.ptr<f32>>, tensor<2x32x32xi32>
    %x = tt.load %a_p : tensor<2x32x32x!tt.ptr<f16>>
    %y = tt.load %b_p : tensor<2x32x32x!tt.ptr<f16>>
    %zero = arith.constant dense<0.0> : tensor<2x32x32xf32>
    %d = tt.dot %x, %y, %zero : tensor<2x32x32xf16> * tensor<2x32x32xf16> -> tensor<2x32x32xf32>
    tt.store %c_p, %d : tensor<2x32x32x!tt.ptr<f32>>
    tt.return
  }
  tt.func public @dot3d_f16_batch8(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %a_rb = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %a_rr = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %a_rc = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %a_b1 = tt.expand_dims %a_rb {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %a_b2 = tt.expand_dims %a_b1 {axis = 2 : i32} : tensor<8x1xi32> -> tensor<8x1x1xi32>
    %a_sb = arith.constant dense<256> : tensor<8x1x1xi32>
    %a_ob = arith.muli %a_b2, %a_sb : tensor<8x1x1xi32>
    %a_r1 = tt.expand_dims %a_rr {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %a_r2 = tt.expand_dims %a_r1 {axis = 2 : i32} : tensor<1x16xi32> -> tensor<1x16x1xi32>
    %a_sr = arith.constant dense<16> : tensor<1x16x1xi32>
    %a_or = arith.muli %a_r2, %a_sr : tensor<1x16x1xi32>
    %a_c1 = tt.expand_dims %a_rc {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %a_c2 = tt.expand_dims %a_c1 {axis = 1 : i32} : tensor<1x16xi32> -> tensor<1x1x16xi32>
    %a_bb = tt.broadcast %a_ob : tensor<8x1x1xi32> -> tensor<8x16x16xi32>
    %a_rbb = tt.broadcast %a_or : tensor<1x16x1xi32> -> tensor<8x16x16xi32>
    %a_cb = tt.broadcast %a_c2 : tensor<1x1x16xi32> -> tensor<8x16x16xi32>
    %a_o1 = arith.addi %a_bb, %a_rbb : tensor<8x16x16xi32>
    %a_off = arith.addi %a_o1, %a_cb : tensor<8x16x16xi32>
    %a_s = tt.splat %a : !tt.ptr<f16> -> tensor<8x16x16x!tt.ptr<f16>>
    %a_p = tt.addptr %a_s, %a_off : tensor<8x16x16x!tt.ptr<f16>>, tensor<8x16x16xi32>
    %b_rb = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %b_rr = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %b_rc = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %b_b1 = tt.expand_dims %b_rb {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %b_b2 = tt.expand_dims %b_b1 {axis = 2 : i32} : tensor<8x1xi32> -> tensor<8x1x1xi32>
    %b_sb = arith.constant dense<256> : tensor<8x1x1xi32>
    %b_ob = arith.muli %b_b2, %b_sb : tensor<8x1x1xi32>
    %b_r1 = tt.expand_dims %b_rr {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %b_r2 = tt.expand_dims %b_r1 {axis = 2 : i32} : tensor<1x16xi32> -> tensor<1x16x1xi32>
    %b_sr = arith.constant dense<16> : tensor<1x16x1xi32>
    %b_or = arith.muli %b_r2, %b_sr : tensor<1x16x1xi32>
    %b_c1 = tt.expand_dims %b_rc {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %b_c2 = tt.expand_dims %b_c1 {axis = 1 : i32} : tensor<1x16xi32> -> tensor<1x1x16xi32>
    %b_bb = tt.broadcast %b_ob : tensor<8x1x1xi32> -> tensor<8x16x16xi32>
    %b_rbb = tt.broadcast %b_or : tensor<1x16x1xi32> -> tensor<8x16x16xi32>
    %b_cb = tt.broadcast %b_c2 : tensor<1x1x16xi32> -> tensor<8x16x16xi32>
    %b_o1 = arith.addi %b_bb, %b_rbb : tensor<8x16x16xi32>
    %b_off = arith.addi %b_o1, %b_cb : tensor<8x16x16xi32>
    %b_s = tt.splat %b : !tt.ptr<f16> -> tensor<8x16x16x!tt.ptr<f16>>
    %b_p = tt.addptr %b_s, %b_off : tensor<8x16x16x!tt.ptr<f16>>, tensor<8x16x16xi32>
    %c_rb = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %c_rr = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %c_rc = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %c_b1 = tt.expand_dims %c_rb {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %c_b2 = tt.expand_dims %c_b1 {axis = 2 : i32} : tensor<8x1xi32> -> tensor<8x1x1xi32>
    %c_sb = arith.constant dense<256> : tensor<8x1x1xi32>
    %c_ob = arith.muli %c_b2, %c_sb : tensor<8x1x1xi32>
    %c_r1 = tt.expand_dims %c_rr {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %c_r2 = tt.expand_dims %c_r1 {axis = 2 : i32} : tensor<1x16xi32> -> tensor<1x16x1xi32>
    %c_sr = arith.constant dense<16> : tensor<1x16x1xi32>
    %c_or = arith.muli %c_r2, %c_sr : tensor<1x16x1xi32>
    %c_c1 = tt.expand_dims %c_rc {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %c_c2 = tt.expand_dims %c_c1 {axis = 1 : i32} : tensor<1x16xi32> -> tensor<1x1x16xi32>
    %c_bb = tt.broadcast %c_ob : tensor<8x1x1xi32> -> tensor<8x16x16xi32>
    %c_rbb = tt.broadcast %c_or : tensor<1x16x1xi32> -> tensor<8x16x16xi32>
    %c_cb = tt.broadcast %c_c2 : tensor<1x1x16xi32> -> tensor<8x16x16xi32>
    %c_o1 = arith.addi %c_bb, %c_rbb : tensor<8x16x16xi32>
    %c_off = arith.addi %c_o1, %c_cb : tensor<8x16x16xi32>
    %c_s = tt.splat %c : !tt.ptr<f32> -> tensor<8x16x16x!tt.ptr<f32>>
    %c_p = tt.addptr %c_s, %c_off : tensor<8x16x16x!tt.ptr<f32>>, tensor<8x16x16xi32>
    %x = tt.load %a_p : tensor<8x16x16x!tt.ptr<f16>>
    %y = tt.load %b_p : tensor<8x16x16x!tt.ptr<f16>>
    %zero = arith.constant dense<0.0> : tensor<8x16x16xf32>
    %d = tt.dot %x, %y, %zero : tensor<8x16x16xf16> * tensor<8x16x16xf16> -> tensor<8x16x16xf32>
    tt.store %c_p, %d : tensor<8x16x16x!tt.ptr<f32>>
    tt.return
  }
  tt.func public @dot3d_i8(%a: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %b: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %c: !tt.ptr<i8> {tt.divisibility = 16 : i32}) {
    %a_rb = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %a_rr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %a_rc = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %a_b1 = tt.expand_dims %a_rb {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
    %a_b2 = tt.expand_dims %a_b1 {axis = 2 : i32} : tensor<2x1xi32> -> tensor<2x1x1xi32>
    %a_sb = arith.constant dense<2048> : tensor<2x1x1xi32>
    %a_ob = arith.muli %a_b2, %a_sb : tensor<2x1x1xi32>
    %a_r1 = tt.expand_dims %a_rr {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %a_r2 = tt.expand_dims %a_r1 {axis = 2 : i32} : tensor<1x32xi32> -> tensor<1x32x1xi32>
    %a_sr = arith.constant dense<64> : tensor<1x32x1xi32>
    %a_or = arith.muli %a_r2, %a_sr : tensor<1x32x1xi32>
    %a_c1 = tt.expand_dims %a_rc {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %a_c2 = tt.expand_dims %a_c1 {axis = 1 : i32} : tensor<1x64xi32> -> tensor<1x1x64xi32>
    %a_bb = tt.broadcast %a_ob : tensor<2x1x1xi32> -> tensor<2x32x64xi32>
    %a_rbb = tt.broadcast %a_or : tensor<1x32x1xi32> -> tensor<2x32x64xi32>
    %a_cb = tt.broadcast %a_c2 : tensor<1x1x64xi32> -> tensor<2x32x64xi32>
    %a_o1 = arith.addi %a_bb, %a_rbb : tensor<2x32x64xi32>
    %a_off = arith.addi %a_o1, %a_cb : tensor<2x32x64xi32>
    %a_s = tt.splat %a : !tt.ptr<i8> -> tensor<2x32x64x!tt.ptr<i8>>
    %a_p = tt.addptr %a_s, %a_off : tensor<2x32x64x!tt.ptr<i8>>, tensor<2x32x64xi32>
    %b_rb = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %b_rr = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %b_rc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %b_b1 = tt.expand_dims %b_rb {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
    %b_b2 = tt.expand_dims %b_b1 {axis = 2 : i32} : tensor<2x1xi32> -> tensor<2x1x1xi32>
    %b_sb = arith.constant dense<2048> : tensor<2x1x1xi32>
    %b_ob = arith.muli %b_b2, %b_sb : tensor<2x1x1xi32>
    %b_r1 = tt.expand_dims %b_rr {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %b_r2 = tt.expand_dims %b_r1 {axis = 2 : i32} : tensor<1x64xi32> -> tensor<1x64x1xi32>
    %b_sr = arith.constant dense<32> : tensor<1x64x1xi32>
    %b_or = arith.muli %b_r2, %b_sr : tensor<1x64x1xi32>
    %b_c1 = tt.expand_dims %b_rc {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %b_c2 = tt.expand_dims %b_c1 {axis = 1 : i32} : tensor<1x32xi32> -> tensor<1x1x32xi32>
    %b_bb = tt.broadcast %b_ob : tensor<2x1x1xi32> -> tensor<2x64x32xi32>
    %b_rbb = tt.broadcast %b_or : tensor<1x64x1xi32> -> tensor<2x64x32xi32>
    %b_cb = tt.broadcast %b_c2 : tensor<1x1x32xi32> -> tensor<2x64x32xi32>
    %b_o1 = arith.addi %b_bb, %b_rbb : tensor<2x64x32xi32>
    %b_off = arith.addi %b_o1, %b_cb : tensor<2x64x32xi32>
    %b_s = tt.splat %b : !tt.ptr<i8> -> tensor<2x64x32x!tt.ptr<i8>>
    %b_p = tt.addptr %b_s, %b_off : tensor<2x64x32x!tt.ptr<i8>>, tensor<2x64x32xi32>
    %c_rb = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %c_rr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %c_rc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %c_b1 = tt.expand_dims %c_rb {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
    %c_b2 = tt.expand_dims %c_b1 {axis = 2 : i32} : tensor<2x1xi32> -> tensor<2x1x1xi32>
    %c_sb = arith.constant dense<1024> : tensor<2x1x1xi32>
    %c_ob = arith.muli %c_b2, %c_sb : tensor<2x1x1xi32>
    %c_r1 = tt.expand_dims %c_rr {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %c_r2 = tt.expand_dims %c_r1 {axis = 2 : i32} : tensor<1x32xi32> -> tensor<1x32x1xi32>
    %c_sr = arith.constant dense<32> : tensor<1x32x1xi32>
    %c_or = arith.muli %c_r2, %c_sr : tensor<1x32x1xi32>
    %c_c1 = tt.expand_dims %c_rc {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %c_c2 = tt.expand_dims %c_c1 {axis = 1 : i32} : tensor<1x32xi32> -> tensor<1x1x32xi32>
    %c_bb = tt.broadcast %c_ob : tensor<2x1x1xi32> -> tensor<2x32x32xi32>
    %c_rbb = tt.broadcast %c_or : tensor<1x32x1xi32> -> tensor<2x32x32xi32>
    %c_cb = tt.broadcast %c_c2 : tensor<1x1x32xi32> -> tensor<2x32x32xi32>
    %c_o1 = arith.addi %c_bb, %c_rbb : tensor<2x32x32xi32>
    %c_off = arith.addi %c_o1, %c_cb : tensor<2x32x32xi32>
    %c_s = tt.splat %c : !tt.ptr<i8> -> tensor<2x32x32x!tt.ptr<i8>>
    %c_p = tt.addptr %c_s, %c_off : tensor<2x32x32x!tt.ptr<i8>>, tensor<2x32x32xi32>
    %x = tt.load %a_p : tensor<2x32x64x!tt.ptr<i8>>
    %y = tt.load %b_p : tensor<2x64x32x!tt.ptr<i8>>
    %zero = arith.constant dense<0> : tensor<2x32x32xi32>
    %d = tt.dot %x, %y, %zero : tensor<2x32x64xi8> * tensor<2x64x32xi8> -> tensor<2x32x32xi32>
    %t = arith.trunci %d : tensor<2x32x32xi32> to tensor<2x32x32xi8>
    tt.store %c_p, %t : tensor<2x32x32x!tt.ptr<i8>>
    tt.return
  }
  tt.func public @dot3d_tf32(%a: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %a_rb = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %a_rr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %a_rc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %a_b1 = tt.expand_dims %a_rb {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %a_b2 = tt.expand_dims %a_b1 {axis = 2 : i32} : tensor<4x1xi32> -> tensor<4x1x1xi32>
    %a_sb = arith.constant dense<1024> : tensor<4x1x1xi32>
    %a_ob = arith.muli %a_b2, %a_sb : tensor<4x1x1xi32>
    %a_r1 = tt.expand_dims %a_rr {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %a_r2 = tt.expand_dims %a_r1 {axis = 2 : i32} : tensor<1x32xi32> -> tensor<1x32x1xi32>
    %a_sr = arith.constant dense<32> : tensor<1x32x1xi32>
    %a_or = arith.muli %a_r2, %a_sr : tensor<1x32x1xi32>
    %a_c1 = tt.expand_dims %a_rc {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %a_c2 = tt.expand_dims %a_c1 {axis = 1 : i32} : tensor<1x32xi32> -> tensor<1x1x32xi32>
    %a_bb = tt.broadcast %a_ob : tensor<4x1x1xi32> -> tensor<4x32x32xi32>
    %a_rbb = tt.broadcast %a_or : tensor<1x32x1xi32> -> tensor<4x32x32xi32>
    %a_cb = tt.broadcast %a_c2 : tensor<1x1x32xi32> -> tensor<4x32x32xi32>
    %a_o1 = arith.addi %a_bb, %a_rbb : tensor<4x32x32xi32>
    %a_off = arith.addi %a_o1, %a_cb : tensor<4x32x32xi32>
    %a_s = tt.splat %a : !tt.ptr<f32> -> tensor<4x32x32x!tt.ptr<f32>>
    %a_p = tt.addptr %a_s, %a_off : tensor<4x32x32x!tt.ptr<f32>>, tensor<4x32x32xi32>
    %b_rb = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %b_rr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %b_rc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %b_b1 = tt.expand_dims %b_rb {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %b_b2 = tt.expand_dims %b_b1 {axis = 2 : i32} : tensor<4x1xi32> -> tensor<4x1x1xi32>
    %b_sb = arith.constant dense<1024> : tensor<4x1x1xi32>
    %b_ob = arith.muli %b_b2, %b_sb : tensor<4x1x1xi32>
    %b_r1 = tt.expand_dims %b_rr {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %b_r2 = tt.expand_dims %b_r1 {axis = 2 : i32} : tensor<1x32xi32> -> tensor<1x32x1xi32>
    %b_sr = arith.constant dense<32> : tensor<1x32x1xi32>
    %b_or = arith.muli %b_r2, %b_sr : tensor<1x32x1xi32>
    %b_c1 = tt.expand_dims %b_rc {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %b_c2 = tt.expand_dims %b_c1 {axis = 1 : i32} : tensor<1x32xi32> -> tensor<1x1x32xi32>
    %b_bb = tt.broadcast %b_ob : tensor<4x1x1xi32> -> tensor<4x32x32xi32>
    %b_rbb = tt.broadcast %b_or : tensor<1x32x1xi32> -> tensor<4x32x32xi32>
    %b_cb = tt.broadcast %b_c2 : tensor<1x1x32xi32> -> tensor<4x32x32xi32>
    %b_o1 = arith.addi %b_bb, %b_rbb : tensor<4x32x32xi32>
    %b_off = arith.addi %b_o1, %b_cb : tensor<4x32x32xi32>
    %b_s = tt.splat %b : !tt.ptr<f32> -> tensor<4x32x32x!tt.ptr<f32>>
    %b_p = tt.addptr %b_s, %b_off : tensor<4x32x32x!tt.ptr<f32>>, tensor<4x32x32xi32>
    %c_rb = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %c_rr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %c_rc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %c_b1 = tt.expand_dims %c_rb {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %c_b2 = tt.expand_dims %c_b1 {axis = 2 : i32} : tensor<4x1xi32> -> tensor<4x1x1xi32>
    %c_sb = arith.constant dense<1024> : tensor<4x1x1xi32>
    %c_ob = arith.muli %c_b2, %c_sb : tensor<4x1x1xi32>
    %c_r1 = tt.expand_dims %c_rr {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %c_r2 = tt.expand_dims %c_r1 {axis = 2 : i32} : tensor<1x32xi32> -> tensor<1x32x1xi32>
    %c_sr = arith.constant dense<32> : tensor<1x32x1xi32>
    %c_or = arith.muli %c_r2, %c_sr : tensor<1x32x1xi32>
    %c_c1 = tt.expand_dims %c_rc {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %c_c2 = tt.expand_dims %c_c1 {axis = 1 : i32} : tensor<1x32xi32> -> tensor<1x1x32xi32>
    %c_bb = tt.broadcast %c_ob : tensor<4x1x1xi32> -> tensor<4x32x32xi32>
    %c_rbb = tt.broadcast %c_or : tensor<1x32x1xi32> -> tensor<4x32x32xi32>
    %c_cb = tt.broadcast %c_c2 : tensor<1x1x32xi32> -> tensor<4x32x32xi32>
    %c_o1 = arith.addi %c_bb, %c_rbb : tensor<4x32x32xi32>
    %c_off = arith.addi %c_o1, %c_cb : tensor<4x32x32xi32>
    %c_s = tt.splat %c : !tt.ptr<f32> -> tensor<4x32x32x!tt.ptr<f32>>
    %c_p = tt.addptr %c_s, %c_off : tensor<4x32x32x!tt.ptr<f32>>, tensor<4x32x32xi32>
    %x = tt.load %a_p : tensor<4x32x32x!tt.ptr<f32>>
    %y = tt.load %b_p : tensor<4x32x32x!tt.ptr<f32>>
    %zero = arith.constant dense<0.0> : tensor<4x32x32xf32>
    %d = tt.dot %x, %y, %zero, inputPrecision = tf32 : tensor<4x32x32xf32> * tensor<4x32x32xf32> -> tensor<4x32x32xf32>
    tt.store %c_p, %d : tensor<4x32x32x!tt.ptr<f32>>
    tt.return
  }
  tt.func public @dot3d_f64(%a: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f64> {tt.divisibility = 16 : i32}) {
    %a_rb = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %a_rr = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %a_rc = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %a_b1 = tt.expand_dims %a_rb {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
    %a_b2 = tt.expand_dims %a_b1 {axis = 2 : i32} : tensor<2x1xi32> -> tensor<2x1x1xi32>
    %a_sb = arith.constant dense<256> : tensor<2x1x1xi32>
    %a_ob = arith.muli %a_b2, %a_sb : tensor<2x1x1xi32>
    %a_r1 = tt.expand_dims %a_rr {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %a_r2 = tt.expand_dims %a_r1 {axis = 2 : i32} : tensor<1x16xi32> -> tensor<1x16x1xi32>
    %a_sr = arith.constant dense<16> : tensor<1x16x1xi32>
    %a_or = arith.muli %a_r2, %a_sr : tensor<1x16x1xi32>
    %a_c1 = tt.expand_dims %a_rc {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %a_c2 = tt.expand_dims %a_c1 {axis = 1 : i32} : tensor<1x16xi32> -> tensor<1x1x16xi32>
    %a_bb = tt.broadcast %a_ob : tensor<2x1x1xi32> -> tensor<2x16x16xi32>
    %a_rbb = tt.broadcast %a_or : tensor<1x16x1xi32> -> tensor<2x16x16xi32>
    %a_cb = tt.broadcast %a_c2 : tensor<1x1x16xi32> -> tensor<2x16x16xi32>
    %a_o1 = arith.addi %a_bb, %a_rbb : tensor<2x16x16xi32>
    %a_off = arith.addi %a_o1, %a_cb : tensor<2x16x16xi32>
    %a_s = tt.splat %a : !tt.ptr<f64> -> tensor<2x16x16x!tt.ptr<f64>>
    %a_p = tt.addptr %a_s, %a_off : tensor<2x16x16x!tt.ptr<f64>>, tensor<2x16x16xi32>
    %b_rb = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %b_rr = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %b_rc = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %b_b1 = tt.expand_dims %b_rb {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
    %b_b2 = tt.expand_dims %b_b1 {axis = 2 : i32} : tensor<2x1xi32> -> tensor<2x1x1xi32>
    %b_sb = arith.constant dense<256> : tensor<2x1x1xi32>
    %b_ob = arith.muli %b_b2, %b_sb : tensor<2x1x1xi32>
    %b_r1 = tt.expand_dims %b_rr {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %b_r2 = tt.expand_dims %b_r1 {axis = 2 : i32} : tensor<1x16xi32> -> tensor<1x16x1xi32>
    %b_sr = arith.constant dense<16> : tensor<1x16x1xi32>
    %b_or = arith.muli %b_r2, %b_sr : tensor<1x16x1xi32>
    %b_c1 = tt.expand_dims %b_rc {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %b_c2 = tt.expand_dims %b_c1 {axis = 1 : i32} : tensor<1x16xi32> -> tensor<1x1x16xi32>
    %b_bb = tt.broadcast %b_ob : tensor<2x1x1xi32> -> tensor<2x16x16xi32>
    %b_rbb = tt.broadcast %b_or : tensor<1x16x1xi32> -> tensor<2x16x16xi32>
    %b_cb = tt.broadcast %b_c2 : tensor<1x1x16xi32> -> tensor<2x16x16xi32>
    %b_o1 = arith.addi %b_bb, %b_rbb : tensor<2x16x16xi32>
    %b_off = arith.addi %b_o1, %b_cb : tensor<2x16x16xi32>
    %b_s = tt.splat %b : !tt.ptr<f64> -> tensor<2x16x16x!tt.ptr<f64>>
    %b_p = tt.addptr %b_s, %b_off : tensor<2x16x16x!tt.ptr<f64>>, tensor<2x16x16xi32>
    %c_rb = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %c_rr = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %c_rc = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %c_b1 = tt.expand_dims %c_rb {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
    %c_b2 = tt.expand_dims %c_b1 {axis = 2 : i32} : tensor<2x1xi32> -> tensor<2x1x1xi32>
    %c_sb = arith.constant dense<256> : tensor<2x1x1xi32>
    %c_ob = arith.muli %c_b2, %c_sb : tensor<2x1x1xi32>
    %c_r1 = tt.expand_dims %c_rr {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %c_r2 = tt.expand_dims %c_r1 {axis = 2 : i32} : tensor<1x16xi32> -> tensor<1x16x1xi32>
    %c_sr = arith.constant dense<16> : tensor<1x16x1xi32>
    %c_or = arith.muli %c_r2, %c_sr : tensor<1x16x1xi32>
    %c_c1 = tt.expand_dims %c_rc {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %c_c2 = tt.expand_dims %c_c1 {axis = 1 : i32} : tensor<1x16xi32> -> tensor<1x1x16xi32>
    %c_bb = tt.broadcast %c_ob : tensor<2x1x1xi32> -> tensor<2x16x16xi32>
    %c_rbb = tt.broadcast %c_or : tensor<1x16x1xi32> -> tensor<2x16x16xi32>
    %c_cb = tt.broadcast %c_c2 : tensor<1x1x16xi32> -> tensor<2x16x16xi32>
    %c_o1 = arith.addi %c_bb, %c_rbb : tensor<2x16x16xi32>
    %c_off = arith.addi %c_o1, %c_cb : tensor<2x16x16xi32>
    %c_s = tt.splat %c : !tt.ptr<f64> -> tensor<2x16x16x!tt.ptr<f64>>
    %c_p = tt.addptr %c_s, %c_off : tensor<2x16x16x!tt.ptr<f64>>, tensor<2x16x16xi32>
    %x = tt.load %a_p : tensor<2x16x16x!tt.ptr<f64>>
    %y = tt.load %b_p : tensor<2x16x16x!tt.ptr<f64>>
    %zero = arith.constant dense<0.0> : tensor<2x16x16xf64>
    %d = tt.dot %x, %y, %zero, inputPrecision = ieee : tensor<2x16x16xf64> * tensor<2x16x16xf64> -> tensor<2x16x16xf64>
    tt.store %c_p, %d : tensor<2x16x16x!tt.ptr<f64>>
    tt.return
  }
}
