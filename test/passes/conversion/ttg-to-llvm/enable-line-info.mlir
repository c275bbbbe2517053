// enable-line-info: every llvm.func gets a DISubprogram in a line-tables
// compile unit (its location fused with it). A call site whose callee has
// no file location (Triton's dumps hold them) becomes its caller first.
// enabled=false leaves the module as it is.

// RUN: %mlir-tile %s -p 'builtin.module(enable-line-info)' -mlir-print-debuginfo | FileCheck %s
// RUN: %mlir-tile %s -p 'builtin.module(enable-line-info{enabled=false})' -mlir-print-debuginfo \
// RUN:   | FileCheck %s --check-prefix=OFF

// CHECK: llvm.func @kernel
// CHECK: llvm.add {{.*}} loc(#[[CALLER:loc[0-9]*]])
// CHECK: llvm.mul {{.*}} loc(#[[INLINED:loc[0-9]*]])
// CHECK: } loc(#[[FUNC:loc[0-9]*]])
// CHECK-DAG: #[[KPY:di_file[0-9]*]] = #llvm.di_file<"k.py" in "">
// CHECK-DAG: #[[UNIT:di_compile_unit[0-9]*]] = #llvm.di_compile_unit<{{.*}}emissionKind = LineTablesOnly>
// CHECK-DAG: #[[SP:di_subprogram[0-9]*]] = #llvm.di_subprogram<{{.*}}compileUnit = #[[UNIT]], scope = #[[KPY]], name = "kernel"{{.*}}line = 3
// CHECK-DAG: #[[CALLER]] = loc("k.py":7:5)
// CHECK-DAG: #[[FUNC]] = loc(fused<#[[SP]]>[
// CHECK-DAG: #[[INLINED]] = loc(callsite(#{{loc[0-9]*}} at #[[CALLER]]))

// OFF-NOT: di_subprogram
// OFF: loc(callsite(#{{loc[0-9]*}} at #{{loc[0-9]*}}))
// OFF-NOT: di_subprogram

module {
  llvm.func @kernel(%a: i32) -> i32 {
    %0 = llvm.add %a, %a : i32 loc(callsite(unknown at "k.py":7:5))
    %1 = llvm.mul %0, %a : i32 loc(callsite("lib.py":12:3 at "k.py":7:5))
    llvm.return %1 : i32 loc("k.py":8:3)
  } loc("k.py":3:0)
}
