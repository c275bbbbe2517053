// RUN: %mlir-tile %s -split-input-file -verify-diagnostics

// Every rule of the ttg.warp_specialize, ttg.warp_yield and
// ttg.warp_return verifiers, with Triton 3.6's messages.

tt.func @no_partitions_op() {
  // expected-error @below {{'ttg.warp_specialize' op expected to find only a `ttg.warp_specialize.partitions` op inside its second region}}
  "ttg.warp_specialize"() ({
    "ttg.warp_yield"() : () -> ()
  }, {
    "ttg.warp_yield"() : () -> ()
  }) {partitionNumWarps = array<i32>} : () -> ()
  tt.return
}

// -----

tt.func @partition_count() {
  // expected-error @below {{'ttg.warp_specialize' op has 0 partitions but `partitionNumWarps` has 1 elements}}
  "ttg.warp_specialize"() ({
    "ttg.warp_yield"() : () -> ()
  }, {
    "ttg.warp_specialize.partitions"() : () -> ()
  }) {partitionNumWarps = array<i32: 1>} : () -> ()
  tt.return
}

// -----

tt.func @warps_not_power_of_two() {
  // expected-error @below {{'ttg.warp_specialize' op partition #0 number of warps (3) must be a power of 2}}
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(3) {
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

tt.func @start_ids() {
  // expected-error @below {{'ttg.warp_specialize' op has 1 warp group start IDs but expected 2}}
  ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(1) {
    ttg.warp_return
  }
  partition1() num_warps(1) {
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

tt.func @argument_count(%a: i32) {
  // expected-error @below {{'ttg.warp_specialize' op partition region #0 has 0 arguments but expected 1}}
  ttg.warp_specialize(%a)
  default {
    ttg.warp_yield
  }
  partition0() num_warps(1) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @argument_type(%a: i32) {
  // expected-error @below {{'ttg.warp_specialize' op partition region #0 argument #0 has type 'i64' but corresponding capture has type 'i32'}}
  ttg.warp_specialize(%a)
  default {
    ttg.warp_yield
  }
  partition0(%x: i64) num_warps(1) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @nested() {
  ttg.warp_specialize()
  default {
    // expected-error @below {{'ttg.warp_specialize' op cannot be nested inside another `ttg.warp_specialize` op}}
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    } : () -> ()
    ttg.warp_yield
  } : () -> ()
  tt.return
}

// -----

module attributes {"ttg.num-warps" = 2 : i32} {
tt.func @module_warps() {
  // expected-error @below {{warp-specialized kernels requires num_warps to be a multiple of 4}}
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  } : () -> ()
  tt.return
}
}

// -----

tt.func @yield_count() {
  %0 = ttg.warp_specialize()
  default {
    // expected-error @below {{'ttg.warp_yield' op has 0 operands but parent op expected 1}}
    ttg.warp_yield
  } : () -> i32
  tt.return
}

// -----

tt.func @yield_type(%b: i64) {
  %0 = ttg.warp_specialize()
  default {
    // expected-error @below {{'ttg.warp_yield' op operand #0 has type 'i64' but parent op expected 'i32'}}
    ttg.warp_yield %b : i64
  } : () -> i32
  tt.return
}

// -----

tt.func @yield_outside() {
  // expected-error @below {{'ttg.warp_yield' op expects parent op 'ttg.warp_specialize'}}
  ttg.warp_yield
}

// -----

tt.func @return_outside() {
  // expected-error @below {{'ttg.warp_return' op expects parent op 'ttg.warp_specialize.partitions'}}
  ttg.warp_return
}

// -----

tt.func @partition_is_isolated(%a: i32) {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  // expected-note @below {{required by region isolation constraints}}
  partition0() num_warps(1) {
    // expected-error @below {{using value defined outside the region}}
    %s = arith.addi %a, %a : i32
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

// Layouts in a partition must have its number of warps.
#warp4 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @partition_layout() {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(2) {
    // expected-error @below {{Layout has 4 warps per CTA, but the context requires 2 warps per CTA}}
    %x = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #warp4>
    ttg.warp_return
  } : () -> ()
  tt.return
}
}
