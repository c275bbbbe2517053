// extract-variable-info after enable-line-info: each op whose location names
// its value gets an llvm.intr.dbg.value of its first result right after it,
// a local variable of that name in the function's DISubprogram, typed after
// the result (bool, int, half, float, double, vector, unknown_type); ops
// without a name, or without a result, get none. The variables reach the
// LLVM IR.
// RUN: %mlir-tile %s -p 'builtin.module(enable-line-info,extract-variable-info)' --mlir-print-debuginfo --mlir-use-nameloc-as-prefix | FileCheck %s
// RUN: %mlir-tile %s -p 'builtin.module(enable-line-info,extract-variable-info)' --mlir-print-debuginfo | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVM

// CHECK-DAG: #[[BOOL:.*]] = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "bool", sizeInBits = 1, encoding = DW_ATE_boolean>
// CHECK-DAG: #[[INT:.*]] = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
// CHECK-DAG: #[[HALF:.*]] = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "half", sizeInBits = 16, encoding = DW_ATE_float>
// CHECK-DAG: #[[DOUBLE:.*]] = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "double", sizeInBits = 64, encoding = DW_ATE_float>
// CHECK-DAG: #[[VEC:.*]] = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "vector", sizeInBits = 128, encoding = DW_ATE_float>
// CHECK-DAG: #[[UNKNOWN:.*]] = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "unknown_type", encoding = DW_ATE_signed>
// CHECK-DAG: #[[SUB:.*]] = #llvm.di_subprogram<{{.*}}name = "kernel"
// CHECK-DAG: #llvm.di_local_variable<scope = #[[SUB]], name = "offsets", file = #{{.*}}, type = #[[INT]]>
// CHECK-DAG: #llvm.di_local_variable<scope = #[[SUB]], name = "mask", file = #{{.*}}, type = #[[BOOL]]>
// CHECK-DAG: #llvm.di_local_variable<scope = #[[SUB]], name = "h", file = #{{.*}}, type = #[[HALF]]>
// CHECK-DAG: #llvm.di_local_variable<scope = #[[SUB]], name = "d", file = #{{.*}}, type = #[[DOUBLE]]>
// CHECK-DAG: #llvm.di_local_variable<scope = #[[SUB]], name = "v", file = #{{.*}}, type = #[[VEC]]>
// CHECK-DAG: #llvm.di_local_variable<scope = #[[SUB]], name = "p", file = #{{.*}}, type = #[[UNKNOWN]]>

// CHECK-LABEL: llvm.func @kernel
// CHECK: %[[C:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %offsets = llvm.add %arg0, %[[C]]
// CHECK-NEXT: llvm.intr.dbg.value #{{.*}} = %offsets : i32
// CHECK-NEXT: %mask = llvm.icmp "slt" %offsets, %arg0
// CHECK-NEXT: llvm.intr.dbg.value #{{.*}} = %mask : i1
// CHECK-NEXT: %h = llvm.fptrunc
// CHECK-NEXT: llvm.intr.dbg.value #{{.*}} = %h : f16
// CHECK-NEXT: %d = llvm.fpext
// CHECK-NEXT: llvm.intr.dbg.value #{{.*}} = %d : f64
// CHECK-NEXT: %v = llvm.mlir.undef : vector<4xf32>
// CHECK-NEXT: llvm.intr.dbg.value #{{.*}} = %v : vector<4xf32>
// CHECK-NEXT: %p = llvm.getelementptr
// CHECK-NEXT: llvm.intr.dbg.value #{{.*}} = %p : !llvm.ptr<1>
// CHECK-NEXT: llvm.store
// CHECK-NEXT: llvm.return

// LLVM-DAG: !DILocalVariable(name: "offsets", scope: ![[SCOPE:[0-9]+]]
// LLVM-DAG: ![[SCOPE]] = distinct !DISubprogram(name: "kernel"
// LLVM-DAG: #dbg_value(i32 %{{.*}}, !{{[0-9]+}}, !DIExpression()

llvm.func @kernel(%n: i32, %x: f32, %ptr: !llvm.ptr<1>) {
  %c = llvm.mlir.constant(3 : i32) : i32
  %offsets = llvm.add %n, %c : i32 loc(#offsets)
  %mask = llvm.icmp "slt" %offsets, %n : i32 loc(#mask)
  %h = llvm.fptrunc %x : f32 to f16 loc(#h)
  %d = llvm.fpext %x : f32 to f64 loc(#d)
  %v = llvm.mlir.undef : vector<4xf32> loc(#v)
  %p = llvm.getelementptr %ptr[%offsets] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32 loc(#p)
  llvm.store %x, %p : f32, !llvm.ptr<1> loc(#store)
  llvm.return
}
#src = loc("kernel.py":3:7)
#offsets = loc("offsets"(#src))
#mask = loc("mask"(#src))
#h = loc("h"(#src))
#d = loc("d"(#src))
#v = loc("v"(#src))
#p = loc("p"(#src))
#store = loc("store"(#src))
