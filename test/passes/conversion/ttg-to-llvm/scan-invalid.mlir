// convert-triton-gpu-to-llvm refuses, before rewriting anything, a tt.scan
// whose layout it cannot scan, naming the reason: the axis must be held,
// from its first element up, by each thread's registers, then by lanes
// (consecutive lane-id bits in axis order), then warps, then repeated
// registers, each basis moving along one bit of the axis only.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

// Lane 16 holds row 4 and column 1: the lanes scanning a row would mix rows.
#mixed = #ttg.linear<{register = [], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 1]], warp = [[8, 0], [16, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mixed_lane(%a: tensor<32x4xf32, #mixed>) {
    // expected-error @below {{'tt.scan' op cannot be lowered: the lane basis 4 of the operand layout moves along the scan axis and another dimension at once}}
    %r = "tt.scan"(%a) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      tt.scan.return %s : f32
    }) : (tensor<32x4xf32, #mixed>) -> tensor<32x4xf32, #mixed>
    tt.return
  }
}

// -----

// Lane 1 holds element 3 (a swizzled lane order): no lane bit owns axis
// bit 0 alone.
#swizzled = #ttg.linear<{register = [], lane = [[3], [2], [4], [8], [16]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @swizzled_lanes(%a: tensor<32xi32, #swizzled>) {
    // expected-error @below {{'tt.scan' op cannot be lowered: the lane basis 0 of the operand layout moves along several bits of the scan axis at once}}
    %r = "tt.scan"(%a) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%x: i32, %y: i32):
      %s = arith.addi %x, %y : i32
      tt.scan.return %s : i32
    }) : (tensor<32xi32, #swizzled>) -> tensor<32xi32, #swizzled>
    tt.return
  }
}

// -----

// Lanes 1 and 2 hold elements 2 and 1: consecutive elements are not
// consecutive lane-id bits, so no shuffle by a fixed distance reaches the
// previous element.
#permuted = #ttg.linear<{register = [], lane = [[2], [1], [4], [8], [16]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @permuted_lanes(%a: tensor<32xi32, #permuted>) {
    // expected-error @below {{'tt.scan' op cannot be lowered: the lanes along the scan axis are not consecutive lane-id bits in axis order (lane basis 0 follows lane basis 1); the lane shuffles need that}}
    %r = "tt.scan"(%a) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%x: i32, %y: i32):
      %s = arith.addi %x, %y : i32
      tt.scan.return %s : i32
    }) : (tensor<32xi32, #permuted>) -> tensor<32xi32, #permuted>
    tt.return
  }
}

// -----

// Warp 1 holds elements 16-31 and lane 16 elements 32-63: the lanes own a
// higher part of the axis than the warps.
#lanes_above_warps = #ttg.linear<{register = [], lane = [[1], [2], [4], [8], [32]], warp = [[16]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @lanes_above_warps(%a: tensor<64xf32, #lanes_above_warps>) {
    // expected-error @below {{'tt.scan' op cannot be lowered: the operand layout holds the scan axis in lanes above its warps; the lowering needs the axis held, from its first element up, by each thread's registers, then lanes, then warps, then repeated registers}}
    %r = "tt.scan"(%a) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      tt.scan.return %s : f32
    }) : (tensor<64xf32, #lanes_above_warps>) -> tensor<64xf32, #lanes_above_warps>
    tt.return
  }
}

// -----

// The rows of an mma.sync accumulator: lanes (rows 0-7), then a register
// (row 8), then the warps (rows 16 and up).
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_rows(%a: tensor<32x8xf32, #mma>) {
    // expected-error @below {{'tt.scan' op cannot be lowered: the operand layout holds the scan axis in warps above its repeated registers; the lowering needs the axis held, from its first element up, by each thread's registers, then lanes, then warps, then repeated registers}}
    %r = "tt.scan"(%a) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      tt.scan.return %s : f32
    }) : (tensor<32x8xf32, #mma>) -> tensor<32x8xf32, #mma>
    tt.return
  }
}

// -----

// Register 1 and lane 1 both hold element 1 (lane 1's register 1 holds
// element 0 again): one axis bit owned twice.
#twice = #ttg.linear<{register = [[1]], lane = [[1], [2], [4], [8], [16]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @axis_bit_twice(%a: tensor<32xi32, #twice>) {
    // expected-error @below {{'tt.scan' op cannot be lowered: the lane basis 0 of the operand layout moves along the same axis bit as the register basis 0}}
    %r = "tt.scan"(%a) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%x: i32, %y: i32):
      %s = arith.addi %x, %y : i32
      tt.scan.return %s : i32
    }) : (tensor<32xi32, #twice>) -> tensor<32xi32, #twice>
    tt.return
  }
}

// -----

// Two CTAs each hold half of the axis.
#split = #ttg.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = [], block = [[32]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @across_ctas(%a: tensor<64xi32, #split>) {
    // expected-error @below {{'tt.scan' op cannot be lowered: scans across CTAs are not supported}}
    %r = "tt.scan"(%a) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%x: i32, %y: i32):
      %s = arith.addi %x, %y : i32
      tt.scan.return %s : i32
    }) : (tensor<64xi32, #split>) -> tensor<64xi32, #split>
    tt.return
  }
}
