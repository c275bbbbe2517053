// RUN: %mlir-tile %s -split-input-file | %mlir-tile -split-input-file | FileCheck %s
// RUN: %mlir-tile %s -split-input-file --mlir-print-op-generic | %mlir-tile -split-input-file | FileCheck %s

// ttg.warp_specialize prints as Triton 3.6 prints it: captures in
// parentheses, optional `attributes {...}` (never partitionNumWarps, which
// the `num_warps(N)` of each partition carries), the default region, one
// `partitionN(args) num_warps(K)` per region of the hidden
// ttg.warp_specialize.partitions op, and the functional type. Each case is
// printed, re-parsed and printed again, from the custom and the generic
// form.

// CHECK-LABEL: tt.func @no_captures
// CHECK-NEXT:    ttg.warp_specialize()
// CHECK-NEXT:    default {
// CHECK-NEXT:      ttg.warp_yield
// CHECK-NEXT:    } : () -> ()
// CHECK-NEXT:    tt.return
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @no_captures() {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  } : () -> ()
  tt.return
}
}

// -----

// Results come from the default region; partitions see only the captures,
// as block arguments of matching types, and their own warp counts.
// CHECK-LABEL: tt.func @partitions
// CHECK-NEXT:    %0:2 = ttg.warp_specialize(%arg0, %arg1) attributes {actualRegisters = array<i32: 232, 40, 40>, requestedRegisters = array<i32: 40, 40>, warpGroupStartIds = array<i32: 4, 6>}
// CHECK-NEXT:    default {
// CHECK-NEXT:      ttg.warp_yield %arg1, %arg0 : i64, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    partition0(%arg2: i32, %arg3: i64) num_warps(2) {
// CHECK-NEXT:      %1 = arith.addi %arg2, %arg2 : i32
// CHECK-NEXT:      ttg.warp_return
// CHECK-NEXT:    }
// CHECK-NEXT:    partition1(%arg2: i32, %arg3: i64) num_warps(1) {
// CHECK-NEXT:      ttg.warp_return
// CHECK-NEXT:    } : (i32, i64) -> (i64, i32)
// CHECK-NEXT:    tt.return %0#0, %0#1 : i64, i32
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @partitions(%a: i32, %b: i64) -> (i64, i32) {
  %r:2 = ttg.warp_specialize(%a, %b) attributes {warpGroupStartIds = array<i32: 4, 6>, requestedRegisters = array<i32: 40, 40>, actualRegisters = array<i32: 232, 40, 40>}
  default {
    ttg.warp_yield %b, %a : i64, i32
  }
  partition0(%x: i32, %y: i64) num_warps(2) {
    %s = arith.addi %x, %x : i32
    ttg.warp_return
  }
  partition1(%x: i32, %y: i64) num_warps(1) {
    ttg.warp_return
  } : (i32, i64) -> (i64, i32)
  tt.return %r#0, %r#1 : i64, i32
}
}

// -----

// A partition's tensors use layouts of its own number of warps (here 1),
// not the module's 4: the layout checks look up the partition's count.
// CHECK-LABEL: tt.func @partition_layouts
// CHECK:         partition0() num_warps(1) {
// CHECK-NEXT:      %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
#warp1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @partition_layouts() {
  %c = arith.constant 0 : i32
  %r = ttg.warp_specialize()
  default {
    ttg.warp_yield %c : i32
  }
  partition0() num_warps(1) {
    %x = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #warp1>
    ttg.warp_return
  } : () -> i32
  tt.return
}
}
