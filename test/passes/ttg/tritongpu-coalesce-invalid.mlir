// tritongpu-coalesce on modules it cannot handle: a diagnostic, not a crash.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(tritongpu-coalesce)' -o /dev/null

// Without "ttg.num-warps" there is no CTA to lay threads out in.
// expected-error @below {{tritongpu-coalesce needs power-of-two "ttg.num-warps" and "ttg.threads-per-warp" module attributes}}
module {
  tt.func @no_warps() {
    tt.return
  }
}

// -----

// expected-error @below {{tritongpu-coalesce needs power-of-two}}
module attributes {"ttg.num-warps" = 3 : i32} {
  tt.func @odd_warps() {
    tt.return
  }
}

// -----

// Multi-CTA layouts are not built yet: the module is left alone, with a
// warning.
// expected-warning @below {{"ttg.num-ctas" > 1 is not supported}}
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 2 : i32} {
  tt.func @two_ctas() {
    tt.return
  }
}
