// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(nvws-lower-warp-group)' -verify-diagnostics

// What nvws-lower-warp-group refuses, with a diagnostic.

// Results come from the default region, which only a first group with the
// module's number of warps can be.
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @results_without_default(%a: i32) -> i32 {
    // expected-error @below {{cannot lower nvws.warp_group: the first warp group does not use the module's number of warps, so it cannot be the default region that returns the results}}
    %r = nvws.warp_group
    partition0 num_warps(2) {
      nvws.warp_group.yield %a : i32
    }
    tt.return %r : i32
  }
}

// -----

// expected-error @below {{nvws-lower-warp-group needs the module's ttg.num-warps}}
module {
  tt.func @no_num_warps() {
    nvws.warp_group
    partition0 num_warps(4) {
      nvws.warp_group.return
    }
    tt.return
  }
}
