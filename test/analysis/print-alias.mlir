// test-print-alias: for every memdesc, the local_allocs whose buffer it may
// view, named as the printer names them, sorted.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(test-print-alias)' -o /dev/null

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @views_and_if(%c: i1) {
  %i = arith.constant 0 : i32
  // expected-remark @below {{%0 -> %0}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<2x16x16xf16, #shared, #smem, mutable>
  // expected-remark @below {{%1 -> %0}}
  %s = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x16x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  // expected-remark @below {{%2 -> %2}}
  %b = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  // expected-remark @below {{%3 -> %0,%2}}
  %r = scf.if %c -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable> {
    scf.yield %s : !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  } else {
    scf.yield %b : !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  }
  tt.return
}
}

// -----

// Block arguments reached by cf branches view what the branches pass; a
// branch reports the arguments of its own block.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @branches(%c: i1) {
  // expected-remark @below {{%0 -> %0}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  // expected-remark @below {{%1 -> %1}}
  %b = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  cf.cond_br %c, ^left, ^join(%a : !ttg.memdesc<16x16xf16, #shared, #smem, mutable>)
^left:
  cf.br ^join(%b : !ttg.memdesc<16x16xf16, #shared, #smem, mutable>)
^join(%m: !ttg.memdesc<16x16xf16, #shared, #smem, mutable>):
  // expected-remark @below {{%3 -> %0,%1}}
  %v = ttg.memdesc_subslice %m [0, 0] : !ttg.memdesc<16x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<8x16xf16, #shared, #smem, mutable>
  tt.return
}
}
