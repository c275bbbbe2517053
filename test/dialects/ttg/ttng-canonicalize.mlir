// RUN: %mlir-tile %s -canonicalize | FileCheck %s

// TMEM buffers under -canonicalize: an allocation nobody uses goes away, one
// that is written stays, and a memdesc reinterpreted as its own type is the
// buffer itself.

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: @unused_tmem_alloc
tt.func @unused_tmem_alloc(%v: tensor<128x128xf32, #blocked>, %p: i1) {
  // Unused buffers go away (an allocation nobody reads is dead); the one
  // written to stays.
  // CHECK-NEXT: %[[M:.*]] = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
  // CHECK-NEXT: ttng.tmem_store %{{.*}}, %[[M]], %{{.*}}
  // CHECK-NEXT: tt.return
  %a = ttng.tmem_alloc %v : (tensor<128x128xf32, #blocked>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
  %b = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
  %c = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
  ttng.tmem_store %v, %c, %p : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
  tt.return
}

// CHECK-LABEL: @reinterpret_same_type
// CHECK-SAME: (%[[M:.*]]: !ttg.memdesc
tt.func @reinterpret_same_type(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory> {
  // CHECK-NEXT: tt.return %[[M]]
  %r = ttg.memdesc_reinterpret %m : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
  tt.return %r : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
}

// CHECK-LABEL: @reinterpret_other_type
tt.func @reinterpret_other_type(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>) -> !ttg.memdesc<128x128xi32, #tmem, #ttng.tensor_memory> {
  // CHECK-NEXT: ttg.memdesc_reinterpret
  %r = ttg.memdesc_reinterpret %m : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory> -> !ttg.memdesc<128x128xi32, #tmem, #ttng.tensor_memory>
  tt.return %r : !ttg.memdesc<128x128xi32, #tmem, #ttng.tensor_memory>
}

}
