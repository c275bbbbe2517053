// convert-warp-specialize-to-llvm refuses kernels it cannot lower, naming
// the missing step or the limit.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-warp-specialize-to-llvm)' -o /dev/null

// expected-error @below {{module has ttg.warp_specialize ops but no 'ttg.total-num-warps' (run tritongpu-allocate-warp-groups)}}
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @no_total() attributes {allocation.offset = 0 : i32} {
    ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    llvm.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
  // expected-error @below {{has ttg.warp_specialize ops but no 'allocation.offset' for the warp states (run allocate-shared-memory)}}
  llvm.func @no_state_bytes() {
    ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    llvm.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
  llvm.func @no_start_warps() attributes {allocation.offset = 0 : i32} {
    // expected-error @below {{has no start warp for each partition (run tritongpu-allocate-warp-groups)}}
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    llvm.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
  llvm.func @past_the_warps() attributes {allocation.offset = 0 : i32} {
    // expected-error @below {{has a partition on warps [6, 10) outside the worker warps [4, 8)}}
    ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 6>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    llvm.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
  llvm.func @captures_without_bytes(%p: !llvm.ptr<1>) attributes {allocation.offset = 0 : i32} {
    %v = llvm.load %p : !llvm.ptr<1> -> i32
    // expected-error @below {{has captures but no 'allocation.offset' to pass them through (run allocate-shared-memory)}}
    ttg.warp_specialize(%v) attributes {warpGroupStartIds = array<i32: 4>}
    default {
      ttg.warp_yield
    }
    partition0(%w: i32) num_warps(4) {
      ttg.warp_return
    } : (i32) -> ()
    llvm.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
  llvm.func internal @device_function() attributes {allocation.offset = 0 : i32} {
    // expected-error @below {{is only supported in a kernel (a public function)}}
    ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    llvm.return
  }
}

// -----

// 15 partitions need barriers 2 to 16; the hardware has 0 to 15.
module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 20 : i32} {
  llvm.func @too_many_partitions() attributes {allocation.offset = 0 : i32} {
    // expected-error @below {{has 15 partitions; the hardware's barriers allow at most 14}}
    ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(1) { ttg.warp_return }
    partition1() num_warps(1) { ttg.warp_return }
    partition2() num_warps(1) { ttg.warp_return }
    partition3() num_warps(1) { ttg.warp_return }
    partition4() num_warps(1) { ttg.warp_return }
    partition5() num_warps(1) { ttg.warp_return }
    partition6() num_warps(1) { ttg.warp_return }
    partition7() num_warps(1) { ttg.warp_return }
    partition8() num_warps(1) { ttg.warp_return }
    partition9() num_warps(1) { ttg.warp_return }
    partition10() num_warps(1) { ttg.warp_return }
    partition11() num_warps(1) { ttg.warp_return }
    partition12() num_warps(1) { ttg.warp_return }
    partition13() num_warps(1) { ttg.warp_return }
    partition14() num_warps(1) { ttg.warp_return } : () -> ()
    llvm.return
  }
}
