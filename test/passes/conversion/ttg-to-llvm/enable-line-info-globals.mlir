// enable-line-info on module-level ops with call-site locations.
// A global outside every function (the message of a tt.assert inlined from
// a reduction's combine function) takes the call site's callee position:
// upstream's pass crashed on a call site it found outside a function.
// RUN: %mlir-tile %s -p 'builtin.module(enable-line-info)' -mlir-print-debuginfo \
// RUN:   | FileCheck %s --check-prefix=GLOBAL
// GLOBAL: llvm.mlir.global internal constant @message("overflow\00") {{.*}} loc(#[[MSG:loc[0-9]*]])
// GLOBAL: llvm.func @uses_message
// GLOBAL-DAG: #[[MSG]] = loc("combine.py":5:4)

module {
  llvm.mlir.global internal constant @message("overflow\00") {addr_space = 0 : i32} loc(callsite("combine.py":5:4 at "k.py":9:8))
  llvm.func @uses_message() -> !llvm.ptr {
    %0 = llvm.mlir.addressof @message : !llvm.ptr loc(callsite("combine.py":5:4 at "k.py":9:8))
    llvm.return %0 : !llvm.ptr loc("k.py":10:3)
  } loc("k.py":8:0)
}
