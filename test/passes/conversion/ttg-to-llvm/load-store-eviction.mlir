// convert-triton-gpu-to-llvm with both a cache modifier and an L1
// eviction policy: PTX takes one of a cache operator and an eviction
// priority per access, so an operator the access carries wins; a modifier
// with no operator for that access (`ca`/`cv` on a store, `wb`/`wt` on a
// load) is dropped and the eviction priority stays.

// RUN: %mlir-tile %s -p 'builtin.module(convert-triton-gpu-to-llvm)' | FileCheck %s

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @store_eviction
  // CHECK: "createpolicy.fractional.L2::evict_last.b64 $0, 1.0;", "=l"
  // CHECK: "@$2 st.global.L1::evict_last.L2::cache_hint.b32 [ $1 + 0 ], $0, $3;", "r,l,b,l"
  // CHECK: "createpolicy.fractional.L2::evict_last.b64 $0, 1.0;"
  // CHECK: "@$2 st.global.cg.L2::cache_hint.b32 [ $1 + 0 ], $0, $3;"
  // CHECK: "createpolicy.fractional.L2::evict_first.b64 $0, 1.0;"
  // CHECK: "@$2 st.global.L1::evict_first.L2::cache_hint.b32 [ $1 + 0 ], $0, $3;"
  tt.func public @store_eviction(%p: tensor<128x!tt.ptr<f32>, #b>, %v: tensor<128xf32, #b>) {
    tt.store %p, %v cacheModifier = ca evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>, #b>
    tt.store %p, %v cacheModifier = cg evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>, #b>
    tt.store %p, %v cacheModifier = cv evictionPolicy = evict_first : tensor<128x!tt.ptr<f32>, #b>
    tt.return
  }

  // CHECK-LABEL: llvm.func @load_eviction
  // CHECK: "createpolicy.fractional.L2::evict_last.b64 $0, 1.0;"
  // CHECK: "mov.b32 $0, 0;\0A\09@$2 ld.global.ca.L2::cache_hint.b32 $0, [ $1 + 0 ], $3;", "=r,l,b,l"
  // CHECK: "createpolicy.fractional.L2::evict_first.b64 $0, 1.0;"
  // CHECK: "mov.b32 $0, 0;\0A\09@$2 ld.global.L1::evict_first.L2::cache_hint.b32 $0, [ $1 + 0 ], $3;"
  tt.func public @load_eviction(%p: tensor<128x!tt.ptr<f32>, #b>, %q: tensor<128x!tt.ptr<f32>, #b>) {
    %a = tt.load %p cacheModifier = ca evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>, #b>
    %b = tt.load %p cacheModifier = wb evictionPolicy = evict_first : tensor<128x!tt.ptr<f32>, #b>
    %s = arith.addf %a, %b : tensor<128xf32, #b>
    tt.store %q, %s : tensor<128x!tt.ptr<f32>, #b>
    tt.return
  }
}
