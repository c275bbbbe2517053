// convert-triton-gpu-to-llvm folds the unrealized_conversion_cast pairs its
// conversion leaves where the input already cast a tensor to its LLVM form
// (LLVM -> tensor -> LLVM): the LLVM value is used directly, and the module
// names no tensor type, so stock mlir-translate takes it.

// RUN: %mlir-tile %s -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s
// RUN: %mlir-tile %s -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @twice(%t: tensor<64xi32, #blocked>) -> tensor<64xi32, #blocked> {
    %r = arith.addi %t, %t : tensor<64xi32, #blocked>
    tt.return %r : tensor<64xi32, #blocked>
  }

  // CHECK-LABEL: llvm.func @store_result
  // CHECK-SAME: (%[[P:[^:]+]]: !llvm.ptr, %[[T:[^:]+]]: !llvm.struct<(i32, i32)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK: %[[R:.+]] = llvm.call @twice(%[[T]]) : (!llvm.struct<(i32, i32)>) -> !llvm.struct<(i32, i32)>
  // CHECK-NOT: unrealized_conversion_cast
  // CHECK: llvm.store volatile %[[R]], %[[P]] : !llvm.struct<(i32, i32)>, !llvm.ptr
  // LLVMIR-LABEL: define ptx_kernel void @store_result
  // LLVMIR: %[[R:.+]] = call { i32, i32 } @twice({ i32, i32 } %1)
  // LLVMIR: store volatile { i32, i32 } %[[R]], ptr %0
  tt.func public @store_result(%p: !llvm.ptr, %t: !llvm.struct<(i32, i32)>) {
    %in = builtin.unrealized_conversion_cast %t : !llvm.struct<(i32, i32)> to tensor<64xi32, #blocked>
    %r = tt.call @twice(%in) : (tensor<64xi32, #blocked>) -> tensor<64xi32, #blocked>
    %out = builtin.unrealized_conversion_cast %r : tensor<64xi32, #blocked> to !llvm.struct<(i32, i32)>
    llvm.store volatile %out, %p : !llvm.struct<(i32, i32)>, !llvm.ptr
    tt.return
  }
}

