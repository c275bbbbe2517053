// test-print-allocation: the allocation as remarks in Triton's format:
// each function's name and size, each buffer's offset and size (relative to
// its function), and a tt.call's "virtual" buffer: where the callee's
// buffers start and how many bytes it needs. A callee starts above every
// buffer of its callers, live at the call or not.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(test-print-allocation)' -o /dev/null
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(test-print-allocation{get-scratch-size-function=ValidConstant})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONST

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// expected-remark @below {{callee}}
// expected-remark @below {{size = 512}}
tt.func private @callee() {
  // expected-remark @below {{offset = 0, size = 512}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  ttg.local_dealloc %a : !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  tt.return
}

// expected-remark @below {{caller}}
// expected-remark @below {{size = 2560}}
tt.func @caller() {
  // expected-remark @below {{offset = 0, size = 1024}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #shared, #smem, mutable>
  // expected-remark @below {{virtual offset = 2048, size = 512}}
  tt.call @callee() : () -> ()
  // expected-remark @below {{offset = 1024, size = 1024}}
  %b = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #shared, #smem, mutable>
  ttg.local_dealloc %a : !ttg.memdesc<16x32xf16, #shared, #smem, mutable>
  ttg.local_dealloc %b : !ttg.memdesc<16x32xf16, #shared, #smem, mutable>
  tt.return
}
}

// -----

// With ValidConstant every op without an explicit buffer gets 128 bytes
// of scratch, live only at the op.
// CONST-LABEL: remark: scratch_everywhere
// CONST: remark: scratch offset = 0, size = 128
// CONST: remark: scratch offset = 0, size = 128
// CONST: remark: size = 128
module attributes {"ttg.num-warps" = 4 : i32} {
// expected-remark @below {{scratch_everywhere}}
// expected-remark @below {{size = 0}}
tt.func @scratch_everywhere(%x: i32) {
  %y = arith.addi %x, %x : i32
  tt.return
}
}

// -----

// In a function of several blocks explicit buffers live for the whole
// function: the second buffer does not reuse the first's bytes.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// expected-remark @below {{branches}}
// expected-remark @below {{size = 1024}}
tt.func @branches(%c: i1) {
  // expected-remark @below {{offset = 0, size = 512}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  ttg.local_dealloc %a : !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  // expected-remark @below {{offset = 512, size = 512}}
  %b = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  cf.br ^bb2
^bb2:
  tt.return
}
}
