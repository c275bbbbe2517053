// tile-to-llvm on the TTIR Triton 3.6's frontend emits for test_core's
// test_poison_return: a helper returns a value on one path only, the
// other returns ub.poison. Inlined, the kernel stores the poison; the
// output has no ub ops left (stock mlir-translate has no translation for
// them) and the LLVM IR stores poison, as Triton's does.
// RUN: %mlir-tile --tile-to-llvm %s \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|ub)\.}}'
// RUN: %mlir-tile --tile-to-llvm %s | mlir-translate --mlir-to-llvmir \
// RUN:   | FileCheck %s --check-prefix=LLVMIR

// CHECK-LABEL: llvm.func @poison_kernel
// CHECK: %[[P:.+]] = llvm.mlir.poison : i32
// CHECK: llvm.inline_asm {{.*}}st.global.b32{{.*}} %[[P]],
// LLVMIR-LABEL: define ptx_kernel void @poison_kernel
// LLVMIR: st.global.b32{{.*}}(i32 poison,
module {
  tt.func public @poison_kernel(%Out: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %zero = arith.constant 0 : i32
    %0 = tt.call @return_poison__i32__(%zero) : (i32) -> i32
    tt.store %Out, %0 : !tt.ptr<i32>
    tt.return
  }
  tt.func private @return_poison__i32__(%x: i32) -> i32 attributes {noinline = false} {
    %a = arith.constant false
    cf.cond_br %a, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    tt.return %x : i32
  ^bb2:  // pred: ^bb0
    cf.br ^bb4
  ^bb3:  // no predecessors
    cf.br ^bb4
  ^bb4:  // 2 preds: ^bb2, ^bb3
    %0 = ub.poison : i32
    tt.return %0 : i32
  }
}
