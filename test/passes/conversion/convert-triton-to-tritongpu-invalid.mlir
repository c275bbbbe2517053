// convert-triton-to-tritongpu on inputs and options it rejects: a
// diagnostic naming the problem, and a failing exit status.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-to-tritongpu)' -o /dev/null

// Option values are checked before anything is rewritten.
// RUN: not %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-to-tritongpu{num-warps=3})' 2>&1 | FileCheck %s --check-prefix=WARPS3
// RUN: not %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-to-tritongpu{target=cuda:70})' 2>&1 | FileCheck %s --check-prefix=SM70
// RUN: not %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-to-tritongpu{threads-per-warp=64})' 2>&1 | FileCheck %s --check-prefix=TPW64
// RUN: not %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-to-tritongpu{num-ctas=3})' 2>&1 | FileCheck %s --check-prefix=CTAS3
// RUN: not %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-to-tritongpu{target=cuda:80 num-ctas=2})' 2>&1 | FileCheck %s --check-prefix=CLUSTER80

// WARPS3: error: convert-triton-to-tritongpu: unsupported num-warps=3; expected 1, 2, 4, 8, 16 or 32
// SM70: error: convert-triton-to-tritongpu: unsupported target 'cuda:70'; expected one of cuda:80, cuda:86, cuda:89, cuda:90
// TPW64: error: convert-triton-to-tritongpu: unsupported threads-per-warp=64; NVIDIA GPUs have 32 threads per warp
// CTAS3: error: convert-triton-to-tritongpu: unsupported num-ctas=3; expected 1, 2, 4, 8 or 16
// CLUSTER80: error: convert-triton-to-tritongpu: num-ctas=2 needs thread block clusters, which cuda:80 does not have (cuda:90 does)

module {
  tt.func @plain(%a: tensor<64xf32>) -> tensor<64xf32> {
    tt.return %a : tensor<64xf32>
  }
}

// -----

// A module whose tensors already have layouts is TTGIR: converting it again
// would stack layouts.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// expected-error @below {{convert-triton-to-tritongpu: the module is already TTGIR (a tensor has a layout)}}
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @already(%a: tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked> {
    // expected-note @below {{here}}
    tt.return %a : tensor<128xf32, #blocked>
  }
}

// -----

// Block pointers have no TTGIR form: triton-rewrite-tensor-pointer (in
// pipelines/ttir.pipeline) must have rewritten them.
module {
  tt.func @block_pointer(%base: !tt.ptr<f32>, %n: i64) -> tensor<64xf32> {
    %c0 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    // expected-error @below {{'tt.make_tensor_ptr' op convert-triton-to-tritongpu: block pointers have no TTGIR form; run triton-rewrite-tensor-pointer first (pipelines/ttir.pipeline does)}}
    %bp = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<64xf32>>
    %v = tt.load %bp {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<64xf32>>
    tt.return %v : tensor<64xf32>
  }
}

// -----

// A function taking a block pointer: its argument is the first one found.
module {
  // expected-error @below {{'tt.func' op convert-triton-to-tritongpu: block pointers have no TTGIR form}}
  tt.func @block_pointer_argument(%bp: !tt.ptr<tensor<64xf32>>) {
    tt.return
  }
}
