// tt.print becomes one device printf per element a thread holds, in
// Triton's format; tt.assert calls __assertfail under an scf.if when any
// element is false, with the file and line of its location.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg)\.}}'

// Two registers per thread: two printf calls with the pid, the index
// (padded to 2 digits for 64 elements), the prefix and a signed value.
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_0("pid (%u, %u, %u) idx (%2u) x: %i\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_1("pid (%u, %u, %u) idx () h: (operand 0) %i\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_2("pid (%u, %u, %u) idx (%2u, %1u) h: (operand 1) %f\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_3("pid (%u, %u, %u) done\0A\00")
// CHECK-DAG: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
// CHECK-LABEL: llvm.func @print
// CHECK-COUNT-2: llvm.call @vprintf(%{{.+}}, %{{.+}}) : (!llvm.ptr, !llvm.ptr) -> i32
// A second operand: f32 values travel as f64.
// CHECK: llvm.fpext %{{.+}} : f32 to f64
// CHECK: llvm.call @vprintf
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @print(%x: tensor<64xi32, #blocked>, %s: i32, %h: tensor<32x2xf32, #blocked2>) {
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<64xi32, #blocked>
    tt.print " h: " {hex = false, isSigned = array<i32: 1, 0>} : %s, %h : i32, tensor<32x2xf32, #blocked2>
    tt.print " done" {hex = false, isSigned = array<i32>}
    tt.return
  }
}

// -----

// hex prints the bits, padded to the type's width.
// CHECK: llvm.mlir.global internal constant @printfFormat_0("pid (%u, %u, %u) idx () v: 0x%016llx\0A\00")
// CHECK-LABEL: llvm.func @print_hex
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @print_hex(%v: i64) {
    tt.print " v: " {hex = true, isSigned = array<i32: 0>} : %v : i64
    tt.return
  }
}

// -----

// CHECK-DAG: llvm.mlir.global internal constant @assertMessage_0("x must be positive\00")
// CHECK-DAG: llvm.mlir.global internal constant @assertFile_0("k.py\00")
// CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
// CHECK-LABEL: llvm.func @assert
// CHECK-COUNT-2: llvm.icmp "eq"
// CHECK: %[[ANY:.+]] = llvm.or
// CHECK: scf.if %[[ANY]] {
// CHECK: %[[LINE:.+]] = llvm.mlir.constant(7 : i32) : i32
// CHECK: llvm.call @__assertfail(%{{.+}}, %{{.+}}, %[[LINE]], %{{.+}}, %{{.+}})
// CHECK: }
// A tensor assertion is followed by a CTA barrier.
// CHECK: nvvm.barrier
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @assert(%c: tensor<64xi1, #blocked>) {
    tt.assert %c, "x must be positive" : tensor<64xi1, #blocked> loc("k.py":7:3)
    tt.return
  }
}
