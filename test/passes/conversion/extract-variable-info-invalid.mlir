// extract-variable-info needs the DISubprogram enable-line-info gives each
// function: named values in a function without one get a diagnostic.
// RUN: %mlir-tile %s -verify-diagnostics -p 'builtin.module(extract-variable-info)'

// expected-error @+1 {{'llvm.func' op has named values but no debug-info scope: run enable-line-info before extract-variable-info}}
llvm.func @unscoped(%n: i32) -> i32 {
  %c = llvm.mlir.constant(3 : i32) : i32
  %offsets = llvm.add %n, %c : i32 loc(#offsets)
  llvm.return %offsets : i32
}
#offsets = loc("offsets"("kernel.py":3:7))
