// tritongpu-allocate-warp-groups: the kernel launches the default warps
// plus whole warp groups for the largest ttg.warp_specialize; each op is
// padded to them with empty partitions and gets start warps, larger
// partitions first; requested registers become per-group counts.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-allocate-warp-groups)' | FileCheck %s

// Without warp specialization only the total is recorded.
// CHECK: module attributes {"ttg.num-warps" = 8 : i32, "ttg.total-num-warps" = 8 : i32}
// CHECK-LABEL: tt.func @plain
module attributes {"ttg.num-warps" = 8 : i32} {
  tt.func @plain() {
    tt.return
  }
}

// -----

// 2 + 1 partition warps take one warp group: a 1-warp partition pads it,
// carrying the captures as arguments. The 2-warp partition starts first.
// CHECK: module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32}
// CHECK-LABEL: tt.func @pad_one_group
// CHECK: ttg.warp_specialize(%arg0) attributes {warpGroupStartIds = array<i32: 6, 4, 7>}
// CHECK: partition0(%{{.*}}: i32) num_warps(1)
// CHECK: arith.addi
// CHECK: partition1(%{{.*}}: i32) num_warps(2)
// CHECK: partition2(%{{.*}}: i32) num_warps(1) {
// CHECK-NEXT: ttg.warp_return
// CHECK-NEXT: } : (i32) -> ()
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @pad_one_group(%a: i32) {
    ttg.warp_specialize(%a)
    default {
      ttg.warp_yield
    }
    partition0(%x: i32) num_warps(1) {
      %y = arith.addi %x, %x : i32
      ttg.warp_return
    }
    partition1(%x: i32) num_warps(2) {
      ttg.warp_return
    } : (i32) -> ()
    tt.return
  }
}

// -----

// The largest op decides for all: the 4-warp op is padded to 8 warps with
// one 4-warp partition.
// CHECK: "ttg.total-num-warps" = 12 : i32
// CHECK-LABEL: tt.func @largest_decides
// CHECK: warpGroupStartIds = array<i32: 4, 8>
// CHECK: partition1() num_warps(4)
// CHECK: warpGroupStartIds = array<i32: 4>
// CHECK-NOT: partition1
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @largest_decides() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(8) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// 4 default and 4 partition warps: 64K / 8 warps / 32 threads = 256
// registers to start with; the partition asks for 40 (one group of 40),
// which leaves (256 * 4 + 216 * 4) * 32 / 128 = 472 for the default group,
// more than setmaxnreg's 256 (convert-warp-specialize-to-llvm clamps).
// CHECK: module attributes {ttg.maxnreg = 256 : i32, "ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32}
// CHECK-LABEL: tt.func @registers
// CHECK: actualRegisters = array<i32: 472, 40>, requestedRegisters = array<i32: 33>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @registers() {
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 33>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// A partition asking for more than the file holds leaves nothing to hand
// over: no actualRegisters, no ttg.maxnreg.
// CHECK: module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32}
// CHECK-LABEL: tt.func @no_registers_left
// CHECK-NOT: actualRegisters
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @no_registers_left() {
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 512>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
