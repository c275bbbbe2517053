// tritongpu-remove-layout-conversions moves tt.map_elementwise between
// layouts like any elementwise op (its body sees scalars), as long as its
// pack divides each thread's registers in the new layout.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s --enable-var-scope

// The map follows the loads into their 4-per-thread layout; no conversion
// is left.
// CHECK: [[$B4:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @map_follows
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[X:.+]] = tt.load %arg0 : tensor<1024x!tt.ptr<f32>, [[$B4]]>
// CHECK: %[[Y:.+]] = tt.load %arg1 : tensor<1024x!tt.ptr<f32>, [[$B4]]>
// CHECK: %[[R:.+]] = "tt.map_elementwise"(%[[X]], %[[Y]]) <{pack = 2 : i32}>
// CHECK: }) : (tensor<1024xf32, [[$B4]]>, tensor<1024xf32, [[$B4]]>) -> tensor<1024xf32, [[$B4]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store %arg0, %[[R]] : tensor<1024x!tt.ptr<f32>, [[$B4]]>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @map_follows(%p: tensor<1024x!tt.ptr<f32>, #blocked4>, %q: tensor<1024x!tt.ptr<f32>, #blocked4>) {
    %x = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked4>
    %y = tt.load %q : tensor<1024x!tt.ptr<f32>, #blocked4>
    %xc = ttg.convert_layout %x : tensor<1024xf32, #blocked4> -> tensor<1024xf32, #blocked>
    %yc = ttg.convert_layout %y : tensor<1024xf32, #blocked4> -> tensor<1024xf32, #blocked>
    %r = "tt.map_elementwise"(%xc, %yc) <{pack = 2 : i32}> ({
    ^bb0(%a0: f32, %a1: f32, %b0: f32, %b1: f32):
      %s0 = arith.addf %a0, %b0 : f32
      %s1 = arith.addf %a1, %b1 : f32
      tt.map_elementwise.return %s0, %s1 : f32, f32
    }) : (tensor<1024xf32, #blocked>, tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked>
    %rc = ttg.convert_layout %r : tensor<1024xf32, #blocked> -> tensor<1024xf32, #blocked4>
    tt.store %p, %rc : tensor<1024x!tt.ptr<f32>, #blocked4>
    tt.return
  }
}

// -----

// A pack of 8 does not divide the loads' 4 registers per thread (512
// elements): the map stays in its 8-per-thread layout, behind conversions.
// CHECK: [[$B4:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: [[$B8:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @pack_too_large
// CHECK: %[[X:.+]] = tt.load %arg0 : tensor<512x!tt.ptr<f32>, [[$B4]]>
// CHECK: %[[XC:.+]] = ttg.convert_layout %[[X]] : tensor<512xf32, [[$B4]]> -> tensor<512xf32, [[$B8]]>
// CHECK: %[[R:.+]] = "tt.map_elementwise"(%[[XC]]) <{pack = 8 : i32}>
// CHECK: }) : (tensor<512xf32, [[$B8]]>) -> tensor<512xf32, [[$B8]]>
// CHECK: ttg.convert_layout %[[R]] : tensor<512xf32, [[$B8]]> -> tensor<512xf32, [[$B4]]>
#blocked4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked8 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pack_too_large(%p: tensor<512x!tt.ptr<f32>, #blocked4>) {
    %x = tt.load %p : tensor<512x!tt.ptr<f32>, #blocked4>
    %xc = ttg.convert_layout %x : tensor<512xf32, #blocked4> -> tensor<512xf32, #blocked8>
    %r = "tt.map_elementwise"(%xc) <{pack = 8 : i32}> ({
    ^bb0(%a0: f32, %a1: f32, %a2: f32, %a3: f32, %a4: f32, %a5: f32, %a6: f32, %a7: f32):
      tt.map_elementwise.return %a7, %a6, %a5, %a4, %a3, %a2, %a1, %a0 : f32, f32, f32, f32, f32, f32, f32, f32
    }) : (tensor<512xf32, #blocked8>) -> tensor<512xf32, #blocked8>
    %rc = ttg.convert_layout %r : tensor<512xf32, #blocked8> -> tensor<512xf32, #blocked4>
    tt.store %p, %rc : tensor<512x!tt.ptr<f32>, #blocked4>
    tt.return
  }
}
