// RUN: %mlir-tile %s | %mlir-tile | FileCheck %s
// RUN: %mlir-tile %s --mlir-print-op-generic | %mlir-tile | FileCheck %s

// Round trip of every operation and type of the tt dialect, in the printed
// form Triton 3.6 uses. Each case is printed, re-parsed and printed again,
// once through the custom form and once through the generic form.

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// The global address space (1) is not printed; any other one is.
// CHECK-LABEL: tt.func @types(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f16, 3>, %arg2: !tt.ptr<tensor<128x64xf16>>, %arg3: !tt.tensordesc<tensor<128x64xf16>>, %arg4: tensor<256x!tt.ptr<bf16>>, %arg5: !tt.ptr<!tt.ptr<i8>>, %arg6: !tt.ptr<f32>, %arg7: !tt.ptr<i64, 0>) {
// CHECK-NEXT:    tt.return
tt.func @types(%a: !tt.ptr<f32>, %b: !tt.ptr<f16, 3>, %c: !tt.ptr<tensor<128x64xf16>>, %d: !tt.tensordesc<tensor<128x64xf16>>, %e: tensor<256x!tt.ptr<bf16>>, %f: !tt.ptr<!tt.ptr<i8>>, %g: !tt.ptr<f32, 1>, %h: !tt.ptr<i64, 0>) {
  tt.return
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tt.func @int_to_ptr(%arg0: i64, %arg1: tensor<128xi64>) {
// CHECK-NEXT:    %0 = tt.int_to_ptr %arg0 : i64 -> !tt.ptr<f32>
// CHECK-NEXT:    %1 = tt.int_to_ptr %arg1 : tensor<128xi64> -> tensor<128x!tt.ptr<f16, 3>>
// CHECK-NEXT:    tt.return
tt.func @int_to_ptr(%i: i64, %t: tensor<128xi64>) {
  %p = tt.int_to_ptr %i : i64 -> !tt.ptr<f32>
  %q = tt.int_to_ptr %t : tensor<128xi64> -> tensor<128x!tt.ptr<f16, 3>>
  tt.return
}

// CHECK-LABEL: tt.func @ptr_to_int(%arg0: !tt.ptr<f32>, %arg1: tensor<128x!tt.ptr<f16>>) {
// CHECK-NEXT:    %0 = tt.ptr_to_int %arg0 : !tt.ptr<f32> -> i64
// CHECK-NEXT:    %1 = tt.ptr_to_int %arg1 : tensor<128x!tt.ptr<f16>> -> tensor<128xi64>
// CHECK-NEXT:    tt.return
tt.func @ptr_to_int(%p: !tt.ptr<f32>, %t: tensor<128x!tt.ptr<f16>>) {
  %i = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  %j = tt.ptr_to_int %t : tensor<128x!tt.ptr<f16>> -> tensor<128xi64>
  tt.return
}

// CHECK-LABEL: tt.func @bitcast(%arg0: tensor<16x16xi8>, %arg1: !tt.ptr<f32>, %arg2: f32) {
// CHECK-NEXT:    %0 = tt.bitcast %arg0 : tensor<16x16xi8> -> tensor<16x16xf8E5M2>
// CHECK-NEXT:    %1 = tt.bitcast %arg1 : !tt.ptr<f32> -> !tt.ptr<i32>
// CHECK-NEXT:    %2 = tt.bitcast %arg2 : f32 -> i32
// CHECK-NEXT:    tt.return
tt.func @bitcast(%a: tensor<16x16xi8>, %p: !tt.ptr<f32>, %x: f32) {
  %b = tt.bitcast %a : tensor<16x16xi8> -> tensor<16x16xf8E5M2>
  %q = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i32>
  %y = tt.bitcast %x : f32 -> i32
  tt.return
}

// CHECK-LABEL: tt.func @fp_to_fp(%arg0: tensor<128xf32>, %arg1: f16) {
// CHECK-NEXT:    %0 = tt.fp_to_fp %arg0, rounding = rtne : tensor<128xf32> -> tensor<128xf8E5M2>
// CHECK-NEXT:    %1 = tt.fp_to_fp %0 : tensor<128xf8E5M2> -> tensor<128xf16>
// CHECK-NEXT:    %2 = tt.fp_to_fp %arg1, rounding = rtz : f16 -> f8E4M3FN
// CHECK-NEXT:    %3 = tt.fp_to_fp %2 : f8E4M3FN -> f32
// CHECK-NEXT:    tt.return
tt.func @fp_to_fp(%x: tensor<128xf32>, %h: f16) {
  %y = tt.fp_to_fp %x, rounding = rtne : tensor<128xf32> -> tensor<128xf8E5M2>
  %z = tt.fp_to_fp %y : tensor<128xf8E5M2> -> tensor<128xf16>
  %w = tt.fp_to_fp %h, rounding = rtz : f16 -> f8E4M3FN
  %v = tt.fp_to_fp %w : f8E4M3FN -> f32
  tt.return
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tt.func @clampf(%arg0: tensor<64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64xf32>, %arg3: f16) {
// CHECK-NEXT:    %0 = tt.clampf %arg0, %arg1, %arg2, propagateNan = none : tensor<64xf32>
// CHECK-NEXT:    %1 = tt.clampf %arg3, %arg3, %arg3, propagateNan = all : f16
// CHECK-NEXT:    tt.return
tt.func @clampf(%x: tensor<64xf32>, %lo: tensor<64xf32>, %hi: tensor<64xf32>, %s: f16) {
  %r = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<64xf32>
  %t = tt.clampf %s, %s, %s, propagateNan = all : f16
  tt.return
}

// CHECK-LABEL: tt.func @precise_sqrt(%arg0: tensor<256xf32>, %arg1: f32) {
// CHECK-NEXT:    %0 = tt.precise_sqrt %arg0 : tensor<256xf32>
// CHECK-NEXT:    %1 = tt.precise_sqrt %arg1 : f32
// CHECK-NEXT:    tt.return
tt.func @precise_sqrt(%x: tensor<256xf32>, %s: f32) {
  %r = tt.precise_sqrt %x : tensor<256xf32>
  %t = tt.precise_sqrt %s : f32
  tt.return
}

// CHECK-LABEL: tt.func @precise_divf(%arg0: tensor<256xf32>, %arg1: tensor<256xf32>) {
// CHECK-NEXT:    %0 = tt.precise_divf %arg0, %arg1 : tensor<256xf32>
// CHECK-NEXT:    tt.return
tt.func @precise_divf(%x: tensor<256xf32>, %y: tensor<256xf32>) {
  %r = tt.precise_divf %x, %y : tensor<256xf32>
  tt.return
}

// CHECK-LABEL: tt.func @mulhiui(%arg0: tensor<128xi32>, %arg1: tensor<128xi32>, %arg2: i64) {
// CHECK-NEXT:    %0 = tt.mulhiui %arg0, %arg1 : tensor<128xi32>
// CHECK-NEXT:    %1 = tt.mulhiui %arg2, %arg2 : i64
// CHECK-NEXT:    tt.return
tt.func @mulhiui(%x: tensor<128xi32>, %y: tensor<128xi32>, %a: i64) {
  %r = tt.mulhiui %x, %y : tensor<128xi32>
  %s = tt.mulhiui %a, %a : i64
  tt.return
}

//===----------------------------------------------------------------------===//
// Pointer arithmetic
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tt.func @addptr_scalar(%arg0: !tt.ptr<f32>, %arg1: i32, %arg2: i64) {
// CHECK-NEXT:    %0 = tt.addptr %arg0, %arg1 : !tt.ptr<f32>, i32
// CHECK-NEXT:    %1 = tt.addptr %0, %arg2 : !tt.ptr<f32>, i64
// CHECK-NEXT:    tt.return
tt.func @addptr_scalar(%p: !tt.ptr<f32>, %off: i32, %off64: i64) {
  %q = tt.addptr %p, %off : !tt.ptr<f32>, i32
  %r = tt.addptr %q, %off64 : !tt.ptr<f32>, i64
  tt.return
}

// CHECK-LABEL: tt.func @addptr_tensor(%arg0: !tt.ptr<f32>, %arg1: tensor<256xi32>) {
// CHECK-NEXT:    %0 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    %1 = tt.addptr %0, %arg1 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
// CHECK-NEXT:    tt.return
tt.func @addptr_tensor(%p: !tt.ptr<f32>, %off: tensor<256xi32>) {
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %q = tt.addptr %ps, %off : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.return
}

// A 0-d tensor splats as a scalar does.
// CHECK-LABEL: tt.func @splat_0d(%arg0: tensor<f32>) {
// CHECK-NEXT:    %0 = tt.splat %arg0 : tensor<f32> -> tensor<8xf32>
tt.func @splat_0d(%x: tensor<f32>) {
  %s = tt.splat %x : tensor<f32> -> tensor<8xf32>
  tt.return
}

// CHECK-LABEL: tt.func @advance(%arg0: !tt.ptr<tensor<128x64xf16>>, %arg1: i32) {
// CHECK-NEXT:    %0 = tt.advance %arg0, [%arg1, %arg1] : <tensor<128x64xf16>>
// CHECK-NEXT:    tt.return
tt.func @advance(%bp: !tt.ptr<tensor<128x64xf16>>, %i: i32) {
  %bp2 = tt.advance %bp, [%i, %i] : <tensor<128x64xf16>>
  tt.return
}

//===----------------------------------------------------------------------===//
// Loads
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tt.func @load_plain(%arg0: tensor<256x!tt.ptr<f32>>, %arg1: !tt.ptr<i32>) {
// CHECK-NEXT:    %0 = tt.load %arg0 : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    %1 = tt.load %arg1 : !tt.ptr<i32>
// CHECK-NEXT:    tt.return
tt.func @load_plain(%p: tensor<256x!tt.ptr<f32>>, %s: !tt.ptr<i32>) {
  %a = tt.load %p : tensor<256x!tt.ptr<f32>>
  %b = tt.load %s : !tt.ptr<i32>
  tt.return
}

// CHECK-LABEL: tt.func @load_mask(%arg0: tensor<256x!tt.ptr<f32>>, %arg1: tensor<256xi1>) {
// CHECK-NEXT:    %0 = tt.load %arg0, %arg1 : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return
tt.func @load_mask(%p: tensor<256x!tt.ptr<f32>>, %m: tensor<256xi1>) {
  %a = tt.load %p, %m : tensor<256x!tt.ptr<f32>>
  tt.return
}

// CHECK-LABEL: tt.func @load_mask_other(%arg0: tensor<256x!tt.ptr<f32>>, %arg1: tensor<256xi1>, %arg2: tensor<256xf32>) {
// CHECK-NEXT:    %0 = tt.load %arg0, %arg1, %arg2 : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return
tt.func @load_mask_other(%p: tensor<256x!tt.ptr<f32>>, %m: tensor<256xi1>, %o: tensor<256xf32>) {
  %a = tt.load %p, %m, %o : tensor<256x!tt.ptr<f32>>
  tt.return
}

// The oilist clauses parse in either order, print in declaration order, and
// default values (none, evict_normal) are not printed.
// CHECK-LABEL: tt.func @load_modifiers(%arg0: tensor<256x!tt.ptr<f32>>, %arg1: tensor<256xi1>, %arg2: tensor<256xf32>) {
// CHECK-NEXT:    %0 = tt.load %arg0, %arg1, %arg2 cacheModifier = ca evictionPolicy = evict_last : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    %1 = tt.load %arg0 cacheModifier = cg evictionPolicy = evict_first : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    %2 = tt.load %arg0 cacheModifier = cv : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    %3 = tt.load %arg0 evictionPolicy = evict_last : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    %4 = tt.load %arg0 : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return
tt.func @load_modifiers(%p: tensor<256x!tt.ptr<f32>>, %m: tensor<256xi1>, %o: tensor<256xf32>) {
  %a = tt.load %p, %m, %o cacheModifier = ca evictionPolicy = evict_last : tensor<256x!tt.ptr<f32>>
  %b = tt.load %p evictionPolicy = evict_first cacheModifier = cg : tensor<256x!tt.ptr<f32>>
  %c = tt.load %p cacheModifier = cv : tensor<256x!tt.ptr<f32>>
  %d = tt.load %p evictionPolicy = evict_last : tensor<256x!tt.ptr<f32>>
  %e = tt.load %p cacheModifier = none evictionPolicy = evict_normal : tensor<256x!tt.ptr<f32>>
  tt.return
}

// isVolatile prints in the attribute dictionary, after the modifiers.
// CHECK-LABEL: tt.func @load_volatile(%arg0: tensor<256x!tt.ptr<f32>>, %arg1: tensor<256xi1>) {
// CHECK-NEXT:    %0 = tt.load %arg0 {isVolatile = true} : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    %1 = tt.load %arg0, %arg1 cacheModifier = cg {isVolatile = true} : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return
tt.func @load_volatile(%p: tensor<256x!tt.ptr<f32>>, %m: tensor<256xi1>) {
  %a = tt.load %p {isVolatile = true} : tensor<256x!tt.ptr<f32>>
  %b = tt.load %p, %m cacheModifier = cg {isVolatile = true} : tensor<256x!tt.ptr<f32>>
  tt.return
}

// Block pointers (Triton 3.6): boundaryCheck and padding print in the
// attribute dictionary, padding as an integer.
// CHECK-LABEL: tt.func @load_block_ptr(%arg0: !tt.ptr<tensor<128x64xf16>>) {
// CHECK-NEXT:    %0 = tt.load %arg0 : !tt.ptr<tensor<128x64xf16>>
// CHECK-NEXT:    %1 = tt.load %arg0 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x64xf16>>
// CHECK-NEXT:    %2 = tt.load %arg0 {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<128x64xf16>>
// CHECK-NEXT:    tt.return
tt.func @load_block_ptr(%bp: !tt.ptr<tensor<128x64xf16>>) {
  %a = tt.load %bp : !tt.ptr<tensor<128x64xf16>>
  %b = tt.load %bp {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x64xf16>>
  %c = tt.load %bp {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<128x64xf16>>
  tt.return
}

//===----------------------------------------------------------------------===//
// Stores
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tt.func @store(%arg0: tensor<256x!tt.ptr<f32>>, %arg1: tensor<256xf32>, %arg2: tensor<256xi1>, %arg3: !tt.ptr<i32>, %arg4: i32) {
// CHECK-NEXT:    tt.store %arg0, %arg1 : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    tt.store %arg0, %arg1, %arg2 : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    tt.store %arg3, %arg4 : !tt.ptr<i32>
// CHECK-NEXT:    tt.return
tt.func @store(%p: tensor<256x!tt.ptr<f32>>, %v: tensor<256xf32>, %m: tensor<256xi1>, %s: !tt.ptr<i32>, %x: i32) {
  tt.store %p, %v : tensor<256x!tt.ptr<f32>>
  tt.store %p, %v, %m : tensor<256x!tt.ptr<f32>>
  tt.store %s, %x : !tt.ptr<i32>
  tt.return
}

// Either order on input, declaration order on output.
// CHECK-LABEL: tt.func @store_modifiers(%arg0: tensor<256x!tt.ptr<f32>>, %arg1: tensor<256xf32>, %arg2: tensor<256xi1>) {
// CHECK-NEXT:    tt.store %arg0, %arg1, %arg2 cacheModifier = wb evictionPolicy = evict_first : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    tt.store %arg0, %arg1 cacheModifier = cs evictionPolicy = evict_last : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    tt.store %arg0, %arg1 cacheModifier = wt : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return
tt.func @store_modifiers(%p: tensor<256x!tt.ptr<f32>>, %v: tensor<256xf32>, %m: tensor<256xi1>) {
  tt.store %p, %v, %m cacheModifier = wb evictionPolicy = evict_first : tensor<256x!tt.ptr<f32>>
  tt.store %p, %v evictionPolicy = evict_last cacheModifier = cs : tensor<256x!tt.ptr<f32>>
  tt.store %p, %v cacheModifier = wt : tensor<256x!tt.ptr<f32>>
  tt.return
}

// CHECK-LABEL: tt.func @store_block_ptr(%arg0: !tt.ptr<tensor<128x64xf16>>, %arg1: tensor<128x64xf16>) {
// CHECK-NEXT:    tt.store %arg0, %arg1 : !tt.ptr<tensor<128x64xf16>>
// CHECK-NEXT:    tt.store %arg0, %arg1 {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<128x64xf16>>
// CHECK-NEXT:    tt.return
tt.func @store_block_ptr(%bp: !tt.ptr<tensor<128x64xf16>>, %v: tensor<128x64xf16>) {
  tt.store %bp, %v : !tt.ptr<tensor<128x64xf16>>
  tt.store %bp, %v {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<128x64xf16>>
  tt.return
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tt.func @atomic_rmw(%arg0: tensor<32x!tt.ptr<f32>>, %arg1: tensor<32xf32>, %arg2: tensor<32xi1>, %arg3: tensor<32x!tt.ptr<i32>>, %arg4: tensor<32xi32>, %arg5: !tt.ptr<i64>, %arg6: i64, %arg7: i1) {
// CHECK-NEXT:    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %arg0, %arg1, %arg2 : (tensor<32x!tt.ptr<f32>>, tensor<32xf32>, tensor<32xi1>) -> tensor<32xf32>
// CHECK-NEXT:    %1 = tt.atomic_rmw add, relaxed, cta, %arg3, %arg4 : (tensor<32x!tt.ptr<i32>>, tensor<32xi32>) -> tensor<32xi32>
// CHECK-NEXT:    %2 = tt.atomic_rmw max, acquire, sys, %arg3, %arg4, %arg2 : (tensor<32x!tt.ptr<i32>>, tensor<32xi32>, tensor<32xi1>) -> tensor<32xi32>
// CHECK-NEXT:    %3 = tt.atomic_rmw umin, release, gpu, %arg5, %arg6, %arg7 : (!tt.ptr<i64>, i64, i1) -> i64
// CHECK-NEXT:    %4 = tt.atomic_rmw exch, acq_rel, gpu, %arg0, %arg1 : (tensor<32x!tt.ptr<f32>>, tensor<32xf32>) -> tensor<32xf32>
// CHECK-NEXT:    %5 = tt.atomic_rmw and, relaxed, gpu, %arg5, %arg6 : (!tt.ptr<i64>, i64) -> i64
// CHECK-NEXT:    %6 = tt.atomic_rmw or, relaxed, gpu, %arg5, %arg6 : (!tt.ptr<i64>, i64) -> i64
// CHECK-NEXT:    %7 = tt.atomic_rmw xor, relaxed, gpu, %arg5, %arg6 : (!tt.ptr<i64>, i64) -> i64
// CHECK-NEXT:    %8 = tt.atomic_rmw min, relaxed, gpu, %arg5, %arg6 : (!tt.ptr<i64>, i64) -> i64
// CHECK-NEXT:    %9 = tt.atomic_rmw umax, relaxed, gpu, %arg5, %arg6 : (!tt.ptr<i64>, i64) -> i64
// CHECK-NEXT:    tt.return
tt.func @atomic_rmw(%p: tensor<32x!tt.ptr<f32>>, %v: tensor<32xf32>, %m: tensor<32xi1>, %ip: tensor<32x!tt.ptr<i32>>, %iv: tensor<32xi32>, %sp: !tt.ptr<i64>, %sv: i64, %sm: i1) {
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<32x!tt.ptr<f32>>, tensor<32xf32>, tensor<32xi1>) -> tensor<32xf32>
  %1 = tt.atomic_rmw add, relaxed, cta, %ip, %iv : (tensor<32x!tt.ptr<i32>>, tensor<32xi32>) -> tensor<32xi32>
  %2 = tt.atomic_rmw max, acquire, sys, %ip, %iv, %m : (tensor<32x!tt.ptr<i32>>, tensor<32xi32>, tensor<32xi1>) -> tensor<32xi32>
  %3 = tt.atomic_rmw umin, release, gpu, %sp, %sv, %sm : (!tt.ptr<i64>, i64, i1) -> i64
  %4 = tt.atomic_rmw exch, acq_rel, gpu, %p, %v : (tensor<32x!tt.ptr<f32>>, tensor<32xf32>) -> tensor<32xf32>
  %5 = tt.atomic_rmw and, relaxed, gpu, %sp, %sv : (!tt.ptr<i64>, i64) -> i64
  %6 = tt.atomic_rmw or, relaxed, gpu, %sp, %sv : (!tt.ptr<i64>, i64) -> i64
  %7 = tt.atomic_rmw xor, relaxed, gpu, %sp, %sv : (!tt.ptr<i64>, i64) -> i64
  %8 = tt.atomic_rmw min, relaxed, gpu, %sp, %sv : (!tt.ptr<i64>, i64) -> i64
  %9 = tt.atomic_rmw umax, relaxed, gpu, %sp, %sv : (!tt.ptr<i64>, i64) -> i64
  tt.return
}

// CHECK-LABEL: tt.func @atomic_cas(%arg0: !tt.ptr<i32>, %arg1: i32, %arg2: i32, %arg3: tensor<64x!tt.ptr<i64>>, %arg4: tensor<64xi64>) {
// CHECK-NEXT:    %0 = tt.atomic_cas acq_rel, gpu, %arg0, %arg1, %arg2 : (!tt.ptr<i32>, i32, i32) -> i32
// CHECK-NEXT:    %1 = tt.atomic_cas relaxed, sys, %arg3, %arg4, %arg4 : (tensor<64x!tt.ptr<i64>>, tensor<64xi64>, tensor<64xi64>) -> tensor<64xi64>
// CHECK-NEXT:    tt.return
tt.func @atomic_cas(%p: !tt.ptr<i32>, %c: i32, %v: i32, %tp: tensor<64x!tt.ptr<i64>>, %tc: tensor<64xi64>) {
  %old = tt.atomic_cas acq_rel, gpu, %p, %c, %v : (!tt.ptr<i32>, i32, i32) -> i32
  %t = tt.atomic_cas relaxed, sys, %tp, %tc, %tc : (tensor<64x!tt.ptr<i64>>, tensor<64xi64>, tensor<64xi64>) -> tensor<64xi64>
  tt.return
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tt.func @splat(%arg0: i32, %arg1: !tt.ptr<f16>) {
// CHECK-NEXT:    %0 = tt.splat %arg0 : i32 -> tensor<256xi32>
// CHECK-NEXT:    %1 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
// CHECK-NEXT:    tt.return
tt.func @splat(%x: i32, %p: !tt.ptr<f16>) {
  %t = tt.splat %x : i32 -> tensor<256xi32>
  %u = tt.splat %p : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
  tt.return
}

// CHECK-LABEL: tt.func @unsplat(%arg0: tensor<1x1xf32>, %arg1: tensor<1xi32>) {
// CHECK-NEXT:    %0 = tt.unsplat %arg0 : tensor<1x1xf32>
// CHECK-NEXT:    %1 = tt.unsplat %arg1 : tensor<1xi32>
// CHECK-NEXT:    tt.return
tt.func @unsplat(%t: tensor<1x1xf32>, %u: tensor<1xi32>) {
  %s = tt.unsplat %t : tensor<1x1xf32>
  %v = tt.unsplat %u : tensor<1xi32>
  tt.return
}

// CHECK-LABEL: tt.func @expand_dims(%arg0: tensor<64xi32>) {
// CHECK-NEXT:    %0 = tt.expand_dims %arg0 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
// CHECK-NEXT:    %1 = tt.expand_dims %arg0 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
// CHECK-NEXT:    tt.return
tt.func @expand_dims(%t: tensor<64xi32>) {
  %e = tt.expand_dims %t {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %f = tt.expand_dims %t {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  tt.return
}

// CHECK-LABEL: tt.func @reshape(%arg0: tensor<512xi32>) {
// CHECK-NEXT:    %0 = tt.reshape %arg0 : tensor<512xi32> -> tensor<16x32xi32>
// CHECK-NEXT:    %1 = tt.reshape %arg0 allow_reorder : tensor<512xi32> -> tensor<32x16xi32>
// CHECK-NEXT:    %2 = tt.reshape %arg0 efficient_layout : tensor<512xi32> -> tensor<2x256xi32>
// CHECK-NEXT:    %3 = tt.reshape %arg0 allow_reorder efficient_layout : tensor<512xi32> -> tensor<8x64xi32>
// CHECK-NEXT:    tt.return
tt.func @reshape(%t: tensor<512xi32>) {
  %r = tt.reshape %t : tensor<512xi32> -> tensor<16x32xi32>
  %s = tt.reshape %t allow_reorder : tensor<512xi32> -> tensor<32x16xi32>
  %u = tt.reshape %t efficient_layout : tensor<512xi32> -> tensor<2x256xi32>
  %v = tt.reshape %t allow_reorder efficient_layout : tensor<512xi32> -> tensor<8x64xi32>
  tt.return
}

// CHECK-LABEL: tt.func @broadcast(%arg0: tensor<64x1xi32>, %arg1: tensor<1x1x!tt.ptr<f32>>) {
// CHECK-NEXT:    %0 = tt.broadcast %arg0 : tensor<64x1xi32> -> tensor<64x64xi32>
// CHECK-NEXT:    %1 = tt.broadcast %arg1 : tensor<1x1x!tt.ptr<f32>> -> tensor<32x16x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return
tt.func @broadcast(%t: tensor<64x1xi32>, %u: tensor<1x1x!tt.ptr<f32>>) {
  %b = tt.broadcast %t : tensor<64x1xi32> -> tensor<64x64xi32>
  %c = tt.broadcast %u : tensor<1x1x!tt.ptr<f32>> -> tensor<32x16x!tt.ptr<f32>>
  tt.return
}

// CHECK-LABEL: tt.func @cat(%arg0: tensor<32xf32>, %arg1: tensor<32xf32>) {
// CHECK-NEXT:    %0 = tt.cat %arg0, %arg1 : tensor<32xf32> -> tensor<64xf32>
// CHECK-NEXT:    tt.return
tt.func @cat(%a: tensor<32xf32>, %b: tensor<32xf32>) {
  %c = tt.cat %a, %b : tensor<32xf32> -> tensor<64xf32>
  tt.return
}

// CHECK-LABEL: tt.func @join(%arg0: tensor<64x128xbf16>, %arg1: tensor<64x128xbf16>) {
// CHECK-NEXT:    %0 = tt.join %arg0, %arg1 : tensor<64x128xbf16> -> tensor<64x128x2xbf16>
// CHECK-NEXT:    tt.return
tt.func @join(%a: tensor<64x128xbf16>, %b: tensor<64x128xbf16>) {
  %j = tt.join %a, %b : tensor<64x128xbf16> -> tensor<64x128x2xbf16>
  tt.return
}

// Both results of tt.split take their ODS names.
// CHECK-LABEL: tt.func @split(%arg0: tensor<128x64x2xf32>) {
// CHECK-NEXT:    %outLHS, %outRHS = tt.split %arg0 : tensor<128x64x2xf32> -> tensor<128x64xf32>
// CHECK-NEXT:    tt.return
tt.func @split(%t: tensor<128x64x2xf32>) {
  %l, %r = tt.split %t : tensor<128x64x2xf32> -> tensor<128x64xf32>
  tt.return
}

// CHECK-LABEL: tt.func @trans(%arg0: tensor<64x32xf16>, %arg1: tensor<2x4x8xi32>) {
// CHECK-NEXT:    %0 = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<64x32xf16> -> tensor<32x64xf16>
// CHECK-NEXT:    %1 = tt.trans %arg1 {order = array<i32: 2, 0, 1>} : tensor<2x4x8xi32> -> tensor<8x2x4xi32>
// CHECK-NEXT:    tt.return
tt.func @trans(%x: tensor<64x32xf16>, %y: tensor<2x4x8xi32>) {
  %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf16> -> tensor<32x64xf16>
  %u = tt.trans %y {order = array<i32: 2, 0, 1>} : tensor<2x4x8xi32> -> tensor<8x2x4xi32>
  tt.return
}

// CHECK-LABEL: tt.func @make_range() {
// CHECK-NEXT:    %0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
// CHECK-NEXT:    %1 = tt.make_range {end = 96 : i32, start = 32 : i32} : tensor<64xi32>
// CHECK-NEXT:    tt.return
tt.func @make_range() {
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %s = tt.make_range {end = 96 : i32, start = 32 : i32} : tensor<64xi32>
  tt.return
}

//===----------------------------------------------------------------------===//
// SPMD
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tt.func @get_program_id() {
// CHECK-NEXT:    %0 = tt.get_program_id x : i32
// CHECK-NEXT:    %1 = tt.get_program_id y : i32
// CHECK-NEXT:    %2 = tt.get_program_id z : i32
// CHECK-NEXT:    tt.return
tt.func @get_program_id() {
  %x = tt.get_program_id x : i32
  %y = tt.get_program_id y : i32
  %z = tt.get_program_id z : i32
  tt.return
}

// CHECK-LABEL: tt.func @get_num_programs() {
// CHECK-NEXT:    %0 = tt.get_num_programs x : i32
// CHECK-NEXT:    %1 = tt.get_num_programs y : i32
// CHECK-NEXT:    %2 = tt.get_num_programs z : i32
// CHECK-NEXT:    tt.return
tt.func @get_num_programs() {
  %x = tt.get_num_programs x : i32
  %y = tt.get_num_programs y : i32
  %z = tt.get_num_programs z : i32
  tt.return
}

//===----------------------------------------------------------------------===//
// Dot
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tt.func @dot(%arg0: tensor<128x32xf16>, %arg1: tensor<32x128xf16>, %arg2: tensor<128x128xf32>) {
// CHECK-NEXT:    %0 = tt.dot %arg0, %arg1, %arg2 : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
// CHECK-NEXT:    tt.return
tt.func @dot(%a: tensor<128x32xf16>, %b: tensor<32x128xf16>, %c: tensor<128x128xf32>) {
  %d = tt.dot %a, %b, %c : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
  tt.return
}

// inputPrecision = ieee is the default and is not printed.
// CHECK-LABEL: tt.func @dot_precisions(%arg0: tensor<64x32xf32>, %arg1: tensor<32x64xf32>, %arg2: tensor<64x64xf32>) {
// CHECK-NEXT:    %0 = tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
// CHECK-NEXT:    %1 = tt.dot %arg0, %arg1, %0, inputPrecision = tf32x3 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
// CHECK-NEXT:    %2 = tt.dot %arg0, %arg1, %1 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
// CHECK-NEXT:    %3 = tt.dot %arg0, %arg1, %2, inputPrecision = bf16x3 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
// CHECK-NEXT:    %4 = tt.dot %arg0, %arg1, %3, inputPrecision = bf16x6 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
// CHECK-NEXT:    tt.return
tt.func @dot_precisions(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>) {
  %0 = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  %1 = tt.dot %a, %b, %0, inputPrecision = tf32x3 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  %2 = tt.dot %a, %b, %1, inputPrecision = ieee : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  %3 = tt.dot %a, %b, %2, inputPrecision = bf16x3 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  %4 = tt.dot %a, %b, %3, inputPrecision = bf16x6 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  tt.return
}

// maxNumImpreciseAcc prints in the attribute dictionary unless it is 0.
// CHECK-LABEL: tt.func @dot_max_num_imprecise_acc(%arg0: tensor<64x32xf8E5M2>, %arg1: tensor<32x64xf8E4M3FN>, %arg2: tensor<64x64xf32>) {
// CHECK-NEXT:    %0 = tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf8E5M2> * tensor<32x64xf8E4M3FN> -> tensor<64x64xf32>
// CHECK-NEXT:    %1 = tt.dot %arg0, %arg1, %0 : tensor<64x32xf8E5M2> * tensor<32x64xf8E4M3FN> -> tensor<64x64xf32>
// CHECK-NEXT:    tt.return
tt.func @dot_max_num_imprecise_acc(%a: tensor<64x32xf8E5M2>, %b: tensor<32x64xf8E4M3FN>, %c: tensor<64x64xf32>) {
  %d = tt.dot %a, %b, %c, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf8E5M2> * tensor<32x64xf8E4M3FN> -> tensor<64x64xf32>
  %e = tt.dot %a, %b, %d {maxNumImpreciseAcc = 0 : i32} : tensor<64x32xf8E5M2> * tensor<32x64xf8E4M3FN> -> tensor<64x64xf32>
  tt.return
}

// CHECK-LABEL: tt.func @dot_batched_int(%arg0: tensor<2x16x32xi8>, %arg1: tensor<2x32x16xi8>, %arg2: tensor<2x16x16xi32>) {
// CHECK-NEXT:    %0 = tt.dot %arg0, %arg1, %arg2 : tensor<2x16x32xi8> * tensor<2x32x16xi8> -> tensor<2x16x16xi32>
// CHECK-NEXT:    tt.return
tt.func @dot_batched_int(%a: tensor<2x16x32xi8>, %b: tensor<2x32x16xi8>, %c: tensor<2x16x16xi32>) {
  %d = tt.dot %a, %b, %c : tensor<2x16x32xi8> * tensor<2x32x16xi8> -> tensor<2x16x16xi32>
  tt.return
}

// CHECK-LABEL: tt.func @dot_scaled(%arg0: tensor<128x64xf8E4M3FN>, %arg1: tensor<128x2xi8>, %arg2: tensor<64x128xf8E4M3FN>, %arg3: tensor<128x2xi8>, %arg4: tensor<128x128xf32>) {
// CHECK-NEXT:    %0 = tt.dot_scaled %arg0 scale %arg1, %arg2 scale %arg3, %arg4 lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128x64xf8E4M3FN>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
// CHECK-NEXT:    tt.return
tt.func @dot_scaled(%a: tensor<128x64xf8E4M3FN>, %sa: tensor<128x2xi8>, %b: tensor<64x128xf8E4M3FN>, %sb: tensor<128x2xi8>, %c: tensor<128x128xf32>) {
  %d = tt.dot_scaled %a scale %sa, %b scale %sb, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128x64xf8E4M3FN>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
  tt.return
}

// CHECK-LABEL: tt.func @dot_scaled_no_scales(%arg0: tensor<128x64xbf16>, %arg1: tensor<64x128xbf16>, %arg2: tensor<128x128xf32>) {
// CHECK-NEXT:    %0 = tt.dot_scaled %arg0, %arg1, %arg2 lhs = bf16 rhs = bf16 {fastMath = true} : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
// CHECK-NEXT:    tt.return
tt.func @dot_scaled_no_scales(%a: tensor<128x64xbf16>, %b: tensor<64x128xbf16>, %c: tensor<128x128xf32>) {
  %d = tt.dot_scaled %a, %b, %c lhs = bf16 rhs = bf16 {fastMath = true} : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
  tt.return
}

// CHECK-LABEL: tt.func @dot_scaled_one_scale(%arg0: tensor<128x32xi8>, %arg1: tensor<128x2xi8>, %arg2: tensor<64x128xf16>, %arg3: tensor<128x128xf32>) {
// CHECK-NEXT:    %0 = tt.dot_scaled %arg0 scale %arg1, %arg2, %arg3 lhs = e2m1 rhs = fp16 {fastMath = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xf16> -> tensor<128x128xf32>
// CHECK-NEXT:    tt.return
tt.func @dot_scaled_one_scale(%a: tensor<128x32xi8>, %sa: tensor<128x2xi8>, %b: tensor<64x128xf16>, %c: tensor<128x128xf32>) {
  %d = tt.dot_scaled %a scale %sa, %b, %c lhs = e2m1 rhs = fp16 {fastMath = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xf16> -> tensor<128x128xf32>
  tt.return
}

// lhs_k_pack/rhs_k_pack print only when false (the default is true).
// CHECK-LABEL: tt.func @dot_scaled_k_pack(%arg0: tensor<64x64xi8>, %arg1: tensor<64x128xf8E5M2>, %arg2: tensor<128x2xi8>, %arg3: tensor<128x128xf32>) {
// CHECK-NEXT:    %0 = tt.dot_scaled %arg0, %arg1 scale %arg2, %arg3 lhs = e2m1 rhs = e5m2 {fastMath = false, lhs_k_pack = false} : tensor<64x64xi8> * tensor<64x128xf8E5M2>, tensor<128x2xi8> -> tensor<128x128xf32>
// CHECK-NEXT:    tt.return
tt.func @dot_scaled_k_pack(%a: tensor<64x64xi8>, %b: tensor<64x128xf8E5M2>, %sb: tensor<128x2xi8>, %c: tensor<128x128xf32>) {
  %d = tt.dot_scaled %a, %b scale %sb, %c lhs = e2m1 rhs = e5m2 {fastMath = false, lhs_k_pack = false} : tensor<64x64xi8> * tensor<64x128xf8E5M2>, tensor<128x2xi8> -> tensor<128x128xf32>
  tt.return
}

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

// tt.reduce, tt.scan and tt.map_elementwise print in generic form, as in
// Triton.
// CHECK-LABEL: tt.func @reduce(%arg0: tensor<128x64xf32>) {
// CHECK-NEXT:    %0 = "tt.reduce"(%arg0) <{axis = 1 : i32}> ({
// CHECK-NEXT:    ^bb0(%arg1: f32, %arg2: f32):
// CHECK-NEXT:    %1 = arith.maxnumf %arg1, %arg2 : f32
// CHECK-NEXT:    tt.reduce.return %1 : f32
// CHECK-NEXT:    }) : (tensor<128x64xf32>) -> tensor<128xf32>
// CHECK-NEXT:    tt.return
tt.func @reduce(%x: tensor<128x64xf32>) {
  %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tt.reduce.return %m : f32
  }) : (tensor<128x64xf32>) -> tensor<128xf32>
  tt.return
}

// CHECK-LABEL: tt.func @reduce_to_scalar(%arg0: tensor<64xi32>) -> i32 {
// CHECK-NEXT:    %0 = "tt.reduce"(%arg0) <{axis = 0 : i32}> ({
// CHECK-NEXT:    ^bb0(%arg1: i32, %arg2: i32):
// CHECK-NEXT:    %1 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT:    tt.reduce.return %1 : i32
// CHECK-NEXT:    }) : (tensor<64xi32>) -> i32
// CHECK-NEXT:    tt.return %0 : i32
tt.func @reduce_to_scalar(%x: tensor<64xi32>) -> i32 {
  %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tt.reduce.return %s : i32
  }) : (tensor<64xi32>) -> i32
  tt.return %r : i32
}

// CHECK-LABEL: tt.func @reduce_two_operands(%arg0: tensor<4x32xf32>, %arg1: tensor<4x32xi32>) {
// CHECK-NEXT:    %0:2 = "tt.reduce"(%arg0, %arg1) <{axis = 0 : i32}> ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: i32, %arg4: f32, %arg5: i32):
// CHECK-NEXT:    %1 = arith.cmpf ogt, %arg2, %arg4 : f32
// CHECK-NEXT:    %2 = arith.select %1, %arg2, %arg4 : f32
// CHECK-NEXT:    %3 = arith.select %1, %arg3, %arg5 : i32
// CHECK-NEXT:    tt.reduce.return %2, %3 : f32, i32
// CHECK-NEXT:    }) : (tensor<4x32xf32>, tensor<4x32xi32>) -> (tensor<32xf32>, tensor<32xi32>)
// CHECK-NEXT:    tt.return
tt.func @reduce_two_operands(%v: tensor<4x32xf32>, %i: tensor<4x32xi32>) {
  %r:2 = "tt.reduce"(%v, %i) <{axis = 0 : i32}> ({
  ^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
    %gt = arith.cmpf ogt, %v0, %v1 : f32
    %vm = arith.select %gt, %v0, %v1 : f32
    %im = arith.select %gt, %i0, %i1 : i32
    tt.reduce.return %vm, %im : f32, i32
  }) : (tensor<4x32xf32>, tensor<4x32xi32>) -> (tensor<32xf32>, tensor<32xi32>)
  tt.return
}

// CHECK-LABEL: tt.func @scan(%arg0: tensor<128xi32>) {
// CHECK-NEXT:    %0 = "tt.scan"(%arg0) <{axis = 0 : i32, reverse = false}> ({
// CHECK-NEXT:    ^bb0(%arg1: i32, %arg2: i32):
// CHECK-NEXT:    %1 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT:    tt.scan.return %1 : i32
// CHECK-NEXT:    }) : (tensor<128xi32>) -> tensor<128xi32>
// CHECK-NEXT:    tt.return
tt.func @scan(%x: tensor<128xi32>) {
  %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tt.scan.return %s : i32
  }) : (tensor<128xi32>) -> tensor<128xi32>
  tt.return
}

// CHECK-LABEL: tt.func @scan_reverse_two_operands(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xi32>) {
// CHECK-NEXT:    %0:2 = "tt.scan"(%arg0, %arg1) <{axis = 1 : i32, reverse = true}> ({
// CHECK-NEXT:    ^bb0(%arg2: f32, %arg3: i32, %arg4: f32, %arg5: i32):
// CHECK-NEXT:    %1 = arith.addf %arg2, %arg4 : f32
// CHECK-NEXT:    %2 = arith.muli %arg3, %arg5 : i32
// CHECK-NEXT:    tt.scan.return %1, %2 : f32, i32
// CHECK-NEXT:    }) : (tensor<8x4xf32>, tensor<8x4xi32>) -> (tensor<8x4xf32>, tensor<8x4xi32>)
// CHECK-NEXT:    tt.return
tt.func @scan_reverse_two_operands(%x: tensor<8x4xf32>, %y: tensor<8x4xi32>) {
  %r:2 = "tt.scan"(%x, %y) <{axis = 1 : i32, reverse = true}> ({
  ^bb0(%a: f32, %b: i32, %c: f32, %d: i32):
    %s = arith.addf %a, %c : f32
    %t = arith.muli %b, %d : i32
    tt.scan.return %s, %t : f32, i32
  }) : (tensor<8x4xf32>, tensor<8x4xi32>) -> (tensor<8x4xf32>, tensor<8x4xi32>)
  tt.return
}

// CHECK-LABEL: tt.func @histogram(%arg0: tensor<512xi32>, %arg1: tensor<512xi1>) {
// CHECK-NEXT:    %0 = tt.histogram %arg0 : tensor<512xi32> -> tensor<16xi32>
// CHECK-NEXT:    %1 = tt.histogram %arg0, %arg1 : tensor<512xi32> -> tensor<16xi32>
// CHECK-NEXT:    tt.return
tt.func @histogram(%x: tensor<512xi32>, %m: tensor<512xi1>) {
  %h = tt.histogram %x : tensor<512xi32> -> tensor<16xi32>
  %g = tt.histogram %x, %m : tensor<512xi32> -> tensor<16xi32>
  tt.return
}

// CHECK-LABEL: tt.func @gather(%arg0: tensor<128x16xf32>, %arg1: tensor<512x16xi32>) {
// CHECK-NEXT:    %0 = tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
// CHECK-NEXT:    %1 = tt.gather %arg0[%arg1] {axis = 0 : i32, efficient_layout} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
// CHECK-NEXT:    tt.return
tt.func @gather(%src: tensor<128x16xf32>, %idx: tensor<512x16xi32>) {
  %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
  %h = tt.gather %src[%idx] {axis = 0 : i32, efficient_layout} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
  tt.return
}

//===----------------------------------------------------------------------===//
// External and inline code
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tt.func @extern_elementwise(%arg0: tensor<128xf32>, %arg1: tensor<128xf32>) {
// CHECK-NEXT:    %0 = tt.extern_elementwise %arg0 {libname = "", libpath = "", pure = true, symbol = "__nv_erff"} : (tensor<128xf32>) -> tensor<128xf32>
// CHECK-NEXT:    %1 = tt.extern_elementwise %arg0, %arg1 {libname = "libdevice", libpath = "/path/libdevice.10.bc", pure = false, symbol = "__nv_powf"} : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
// CHECK-NEXT:    tt.return
tt.func @extern_elementwise(%x: tensor<128xf32>, %y: tensor<128xf32>) {
  %r = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_erff"} : (tensor<128xf32>) -> tensor<128xf32>
  %s = tt.extern_elementwise %x, %y {libname = "libdevice", libpath = "/path/libdevice.10.bc", pure = false, symbol = "__nv_powf"} : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
  tt.return
}

// CHECK-LABEL: tt.func @elementwise_inline_asm(%arg0: tensor<128xi32>, %arg1: tensor<128xi8>) {
// CHECK-NEXT:    %0 = tt.elementwise_inline_asm "shl.b32 $0, $1, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %arg0 : tensor<128xi32> -> tensor<128xi32>
// CHECK-NEXT:    %1:2 = tt.elementwise_inline_asm "mov.b32 $0, $2; mov.b32 $1, $2;" {constraints = "=r,=r,r", packed_element = 4 : i32, pure = false} %arg1 : tensor<128xi8> -> tensor<128xi8>, tensor<128xi8>
// CHECK-NEXT:    %2 = tt.elementwise_inline_asm "mov.u32 $0, %clock;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
// CHECK-NEXT:    tt.return
tt.func @elementwise_inline_asm(%x: tensor<128xi32>, %y: tensor<128xi8>) {
  %r = tt.elementwise_inline_asm "shl.b32 $0, $1, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<128xi32> -> tensor<128xi32>
  %s:2 = tt.elementwise_inline_asm "mov.b32 $0, $2; mov.b32 $1, $2;" {constraints = "=r,=r,r", packed_element = 4 : i32, pure = false} %y : tensor<128xi8> -> tensor<128xi8>, tensor<128xi8>
  %t = tt.elementwise_inline_asm "mov.u32 $0, %clock;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
  tt.return
}

// CHECK-LABEL: tt.func @map_elementwise(%arg0: tensor<64xf32>) {
// CHECK-NEXT:    %0 = "tt.map_elementwise"(%arg0) <{pack = 1 : i32}> ({
// CHECK-NEXT:    ^bb0(%arg1: f32):
// CHECK-NEXT:    %1 = arith.negf %arg1 : f32
// CHECK-NEXT:    tt.map_elementwise.return %1 : f32
// CHECK-NEXT:    }) : (tensor<64xf32>) -> tensor<64xf32>
// CHECK-NEXT:    tt.return
tt.func @map_elementwise(%x: tensor<64xf32>) {
  %r = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %n = arith.negf %a : f32
    tt.map_elementwise.return %n : f32
  }) : (tensor<64xf32>) -> tensor<64xf32>
  tt.return
}

// CHECK-LABEL: tt.func @map_elementwise_packed(%arg0: tensor<64xi32>, %arg1: tensor<64xf16>) {
// CHECK-NEXT:    %0 = "tt.map_elementwise"(%arg0, %arg1) <{pack = 2 : i32}> ({
// CHECK-NEXT:    ^bb0(%arg2: i32, %arg3: i32, %arg4: f16, %arg5: f16):
// CHECK-NEXT:    tt.map_elementwise.return %arg3, %arg2 : i32, i32
// CHECK-NEXT:    }) : (tensor<64xi32>, tensor<64xf16>) -> tensor<64xi32>
// CHECK-NEXT:    tt.return
tt.func @map_elementwise_packed(%x: tensor<64xi32>, %y: tensor<64xf16>) {
  %r = "tt.map_elementwise"(%x, %y) <{pack = 2 : i32}> ({
  ^bb0(%a: i32, %b: i32, %c: f16, %d: f16):
    tt.map_elementwise.return %b, %a : i32, i32
  }) : (tensor<64xi32>, tensor<64xf16>) -> tensor<64xi32>
  tt.return
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tt.func @print(%arg0: tensor<128xi32>, %arg1: tensor<128xf32>) {
// CHECK-NEXT:    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %arg0 : tensor<128xi32>
// CHECK-NEXT:    tt.print " xy: " {hex = true, isSigned = array<i32: 0, 0>} : %arg0, %arg1 : tensor<128xi32>, tensor<128xf32>
// CHECK-NEXT:    tt.print "hello" {hex = false, isSigned = array<i32>}
// CHECK-NEXT:    tt.print "front end" {hex = false, isSigned = array<i32: 0>}
// CHECK-NEXT:    tt.return
tt.func @print(%x: tensor<128xi32>, %y: tensor<128xf32>) {
  tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<128xi32>
  tt.print " xy: " {hex = true, isSigned = array<i32: 0, 0>} : %x, %y : tensor<128xi32>, tensor<128xf32>
  tt.print "hello" {hex = false, isSigned = array<i32>}
  // Triton's front end gives a print without arguments one isSigned entry.
  tt.print "front end" {hex = false, isSigned = array<i32: 0>}
  tt.return
}

// CHECK-LABEL: tt.func @assert(%arg0: tensor<1024xi1>, %arg1: i1) {
// CHECK-NEXT:    tt.assert %arg0, "x must be positive" : tensor<1024xi1>
// CHECK-NEXT:    tt.assert %arg1, "scalar" : i1
// CHECK-NEXT:    tt.return
tt.func @assert(%c: tensor<1024xi1>, %s: i1) {
  tt.assert %c, "x must be positive" : tensor<1024xi1>
  tt.assert %s, "scalar" : i1
  tt.return
}

//===----------------------------------------------------------------------===//
// Block pointers and tensor descriptors
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tt.func @make_tensor_ptr(%arg0: !tt.ptr<f16>, %arg1: i64, %arg2: i64, %arg3: i32) {
// CHECK-NEXT:    %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg2, %arg2], [%arg3, %arg3] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
// CHECK-NEXT:    tt.return
tt.func @make_tensor_ptr(%base: !tt.ptr<f16>, %m: i64, %s: i64, %o: i32) {
  %bp = tt.make_tensor_ptr %base, [%m, %m], [%s, %s], [%o, %o] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
  tt.return
}

// The base and descriptor types print stripped (no !tt. prefix).
// CHECK-LABEL: tt.func @make_tensor_descriptor(%arg0: !tt.ptr<f16>, %arg1: i32, %arg2: i64) {
// CHECK-NEXT:    %c1_i64 = arith.constant 1 : i64
// CHECK-NEXT:    %0 = tt.make_tensor_descriptor %arg0, [%arg1, %arg1], [%arg2, %c1_i64] : <f16>, <tensor<128x64xf16>>
// CHECK-NEXT:    %1 = tt.make_tensor_descriptor %arg0, [%arg1, %arg1], [%arg2, %c1_i64] {padding = 2 : i32} : <f16>, <tensor<64x64xf16>>
// CHECK-NEXT:    %2 = tt.make_tensor_descriptor %arg0, [%arg1, %arg1], [%arg2, %c1_i64] : <f16>, <tensor<32x32xf16>>
// The default padding (zero, 1) is not printed, as in Triton.
// CHECK-NEXT:    %3 = tt.make_tensor_descriptor %arg0, [%arg1, %arg1], [%arg2, %c1_i64] : <f16>, <tensor<16x16xf16>>
// CHECK-NEXT:    tt.return
tt.func @make_tensor_descriptor(%base: !tt.ptr<f16>, %m: i32, %s: i64) {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%m, %m], [%s, %c1] : <f16>, <tensor<128x64xf16>>
  %e = tt.make_tensor_descriptor %base, [%m, %m], [%s, %c1] {padding = 2 : i32} : <f16>, <tensor<64x64xf16>>
  %f = tt.make_tensor_descriptor %base, [%m, %m], [%s, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<32x32xf16>>
  %g = tt.make_tensor_descriptor %base, [%m, %m], [%s, %c1] {padding = 1 : i32} : <f16>, <tensor<16x16xf16>>
  tt.return
}

// CHECK-LABEL: tt.func @descriptor_load(%arg0: !tt.tensordesc<tensor<128x64xf16>>, %arg1: i32) {
// CHECK-NEXT:    %0 = tt.descriptor_load %arg0[%arg1, %arg1] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
// CHECK-NEXT:    %1 = tt.descriptor_load %arg0[%arg1, %arg1] cacheModifier = cg evictionPolicy = evict_first : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
// CHECK-NEXT:    tt.return
tt.func @descriptor_load(%d: !tt.tensordesc<tensor<128x64xf16>>, %i: i32) {
  %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
  %w = tt.descriptor_load %d[%i, %i] evictionPolicy = evict_first cacheModifier = cg : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
  tt.return
}

// CHECK-LABEL: tt.func @descriptor_load_rank_reducing(%arg0: !tt.tensordesc<tensor<1x64xf16>>, %arg1: i32) {
// CHECK-NEXT:    %0 = tt.descriptor_load %arg0[%arg1, %arg1] : !tt.tensordesc<tensor<1x64xf16>> -> tensor<64xf16>
// CHECK-NEXT:    tt.return
tt.func @descriptor_load_rank_reducing(%d: !tt.tensordesc<tensor<1x64xf16>>, %i: i32) {
  %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<1x64xf16>> -> tensor<64xf16>
  tt.return
}

// As in Triton, the verifier leaves the number of indices to the passes
// that lower descriptor accesses (they diagnose a count other than the
// block's rank).
// CHECK-LABEL: tt.func @descriptor_index_count(%arg0: !tt.tensordesc<tensor<64x64xf32>>, %arg1: i32) {
// CHECK-NEXT:    %0 = tt.descriptor_load %arg0[%arg1, %arg1, %arg1] : !tt.tensordesc<tensor<64x64xf32>> -> tensor<64x64xf32>
// CHECK-NEXT:    tt.descriptor_reduce add, %arg0[%arg1], %0 : !tt.tensordesc<tensor<64x64xf32>>, tensor<64x64xf32>
// CHECK-NEXT:    tt.return
tt.func @descriptor_index_count(%d: !tt.tensordesc<tensor<64x64xf32>>, %i: i32) {
  %v = tt.descriptor_load %d[%i, %i, %i] : !tt.tensordesc<tensor<64x64xf32>> -> tensor<64x64xf32>
  tt.descriptor_reduce add, %d[%i], %v : !tt.tensordesc<tensor<64x64xf32>>, tensor<64x64xf32>
  tt.return
}

// CHECK-LABEL: tt.func @descriptor_store(%arg0: !tt.tensordesc<tensor<128x64xf16>>, %arg1: i32, %arg2: tensor<128x64xf16>) {
// CHECK-NEXT:    tt.descriptor_store %arg0[%arg1, %arg1], %arg2 : !tt.tensordesc<tensor<128x64xf16>>, tensor<128x64xf16>
// CHECK-NEXT:    tt.return
tt.func @descriptor_store(%d: !tt.tensordesc<tensor<128x64xf16>>, %i: i32, %v: tensor<128x64xf16>) {
  tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<128x64xf16>>, tensor<128x64xf16>
  tt.return
}

// CHECK-LABEL: tt.func @descriptor_reduce(%arg0: !tt.tensordesc<tensor<64x64xf32>>, %arg1: i32, %arg2: tensor<64x64xf32>, %arg3: !tt.tensordesc<tensor<64xi32>>, %arg4: tensor<64xi32>) {
// CHECK-NEXT:    tt.descriptor_reduce add, %arg0[%arg1, %arg1], %arg2 : !tt.tensordesc<tensor<64x64xf32>>, tensor<64x64xf32>
// CHECK-NEXT:    tt.descriptor_reduce max, %arg0[%arg1, %arg1], %arg2 : !tt.tensordesc<tensor<64x64xf32>>, tensor<64x64xf32>
// CHECK-NEXT:    tt.descriptor_reduce inc, %arg3[%arg1], %arg4 : !tt.tensordesc<tensor<64xi32>>, tensor<64xi32>
// CHECK-NEXT:    tt.descriptor_reduce xor, %arg3[%arg1], %arg4 : !tt.tensordesc<tensor<64xi32>>, tensor<64xi32>
// CHECK-NEXT:    tt.return
tt.func @descriptor_reduce(%d: !tt.tensordesc<tensor<64x64xf32>>, %i: i32, %v: tensor<64x64xf32>, %e: !tt.tensordesc<tensor<64xi32>>, %w: tensor<64xi32>) {
  tt.descriptor_reduce add, %d[%i, %i], %v : !tt.tensordesc<tensor<64x64xf32>>, tensor<64x64xf32>
  tt.descriptor_reduce max, %d[%i, %i], %v : !tt.tensordesc<tensor<64x64xf32>>, tensor<64x64xf32>
  tt.descriptor_reduce inc, %e[%i], %w : !tt.tensordesc<tensor<64xi32>>, tensor<64xi32>
  tt.descriptor_reduce xor, %e[%i], %w : !tt.tensordesc<tensor<64xi32>>, tensor<64xi32>
  tt.return
}

// CHECK-LABEL: tt.func @descriptor_gather(%arg0: !tt.tensordesc<tensor<1x128xbf16>>, %arg1: tensor<32xi32>, %arg2: i32) {
// CHECK-NEXT:    %0 = tt.descriptor_gather %arg0[%arg1, %arg2] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
// CHECK-NEXT:    tt.return
tt.func @descriptor_gather(%d: !tt.tensordesc<tensor<1x128xbf16>>, %xs: tensor<32xi32>, %y: i32) {
  %v = tt.descriptor_gather %d[%xs, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
  tt.return
}

// CHECK-LABEL: tt.func @descriptor_scatter(%arg0: !tt.tensordesc<tensor<1x128xbf16>>, %arg1: tensor<32xi32>, %arg2: i32, %arg3: tensor<32x128xbf16>) {
// CHECK-NEXT:    tt.descriptor_scatter %arg0[%arg1, %arg2], %arg3 : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xbf16>
// CHECK-NEXT:    tt.return
tt.func @descriptor_scatter(%d: !tt.tensordesc<tensor<1x128xbf16>>, %xs: tensor<32xi32>, %y: i32, %v: tensor<32x128xbf16>) {
  tt.descriptor_scatter %d[%xs, %y], %v : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xbf16>
  tt.return
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

// A public kernel with tt.divisibility argument attributes.
// CHECK-LABEL: tt.func public @kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: i32 {tt.divisibility = 16 : i32}, %arg2: f32) attributes {noinline = false} {
// CHECK-NEXT:    tt.return
tt.func public @kernel(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}, %x: f32) attributes {noinline = false} {
  tt.return
}

// A private declaration.
// CHECK-LABEL: tt.func private @declaration(i32, !tt.ptr<f16>) -> i32
tt.func private @declaration(i32, !tt.ptr<f16>) -> i32

// CHECK-LABEL: tt.func private @add_one(%arg0: i32) -> i32 attributes {noinline = true} {
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:    tt.return %0 : i32
tt.func private @add_one(%x: i32) -> i32 attributes {noinline = true} {
  %c1 = arith.constant 1 : i32
  %y = arith.addi %x, %c1 : i32
  tt.return %y : i32
}

// CHECK-LABEL: tt.func @two_results(%arg0: i32, %arg1: f32) -> (i32, f32) {
// CHECK-NEXT:    tt.return %arg0, %arg1 : i32, f32
tt.func @two_results(%x: i32, %y: f32) -> (i32, f32) {
  tt.return %x, %y : i32, f32
}

// CHECK-LABEL: tt.func @call(%arg0: i32, %arg1: f32, %arg2: !tt.ptr<f16>) {
// CHECK-NEXT:    %0 = tt.call @add_one(%arg0) : (i32) -> i32
// CHECK-NEXT:    %1:2 = tt.call @two_results(%0, %arg1) : (i32, f32) -> (i32, f32)
// CHECK-NEXT:    %2 = tt.call @declaration(%arg0, %arg2) : (i32, !tt.ptr<f16>) -> i32
// CHECK-NEXT:    tt.return
tt.func @call(%x: i32, %y: f32, %p: !tt.ptr<f16>) {
  %r = tt.call @add_one(%x) : (i32) -> i32
  %s:2 = tt.call @two_results(%r, %y) : (i32, f32) -> (i32, f32)
  %t = tt.call @declaration(%x, %p) : (i32, !tt.ptr<f16>) -> i32
  tt.return
}
