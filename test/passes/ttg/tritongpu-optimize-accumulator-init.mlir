// tritongpu-optimize-accumulator-init: zeroing a wgmma accumulator in a
// loop becomes the dot's useC flag, carried by the loop.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-optimize-accumulator-init)' | FileCheck %s

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // A zero constant accumulator: the dot ignores it.
  // CHECK-LABEL: tt.func @zero_constant
  // CHECK: %[[FALSE:.+]] = arith.constant false
  // CHECK: scf.for
  // CHECK: ttng.warp_group_dot %{{.+}}, %{{.+}}, %{{.+}}, %[[FALSE]] :
  tt.func @zero_constant(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %b, %zero : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      scf.yield %d : tensor<128x64xf32, #mma>
    }
    tt.return %r : tensor<128x64xf32, #mma>
  }

  // The loop argument starts at zero: the flag starts false and is true
  // after the first dot.
  // CHECK-LABEL: tt.func @zero_on_entry
  // CHECK-DAG: %[[TRUE:.+]] = arith.constant true
  // CHECK-DAG: %[[FALSE:.+]] = arith.constant false
  // CHECK-DAG: %[[ZERO:.+]] = arith.constant dense<0.0
  // CHECK: scf.for {{.+}} iter_args(%[[ACC:.+]] = %[[ZERO]], %[[USE:.+]] = %[[FALSE]]) -> (tensor<128x64xf32, #mma>, i1)
  // CHECK-NEXT: %[[D:.+]] = ttng.warp_group_dot %{{.+}}, %{{.+}}, %[[ACC]], %[[USE]] :
  // CHECK-NEXT: scf.yield %[[D]], %[[TRUE]]
  tt.func @zero_on_entry(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      scf.yield %d : tensor<128x64xf32, #mma>
    }
    tt.return %r : tensor<128x64xf32, #mma>
  }

  // A select zeroes the accumulator before the dot: the flag is false where
  // the condition holds, else the carried one.
  // CHECK-LABEL: tt.func @select_before_dot
  // CHECK-DAG: %[[TRUE:.+]] = arith.constant true
  // CHECK-DAG: %[[FALSE:.+]] = arith.constant false
  // CHECK: scf.for {{.+}} iter_args(%[[ACC:.+]] = %{{.+}}, %[[USE:.+]] = %[[TRUE]])
  // CHECK-NEXT: %[[CND:.+]] = arith.cmpi
  // CHECK-NEXT: %[[FLAG:.+]] = arith.select %[[CND]], %[[FALSE]], %[[USE]] : i1
  // CHECK-NEXT: %[[D:.+]] = ttng.warp_group_dot %{{.+}}, %{{.+}}, %[[ACC]], %[[FLAG]] :
  // CHECK-NEXT: scf.yield %[[D]], %[[TRUE]]
  tt.func @select_before_dot(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32, %init: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %zero = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<128x64xf32, #mma>) : i32 {
      %cnd = arith.cmpi eq, %i, %c4 : i32
      %acc0 = arith.select %cnd, %zero, %acc : tensor<128x64xf32, #mma>
      %d = ttng.warp_group_dot %a, %b, %acc0 : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      scf.yield %d : tensor<128x64xf32, #mma>
    }
    tt.return %r : tensor<128x64xf32, #mma>
  }

  // An if zeroes the accumulator after the dot, in its else region: the
  // next iteration's flag is the condition (the select of true and false
  // folds to it), and the if yields the dot's result on both sides.
  // CHECK-LABEL: tt.func @if_after_dot
  // CHECK: scf.for {{.+}} iter_args(%[[ACC:.+]] = %{{.+}}, %[[USE:.+]] = %{{.+}})
  // CHECK-NEXT: %[[CND:.+]] = arith.cmpi
  // CHECK-NEXT: %[[D:.+]] = ttng.warp_group_dot %{{.+}}, %{{.+}}, %[[ACC]], %[[USE]] :
  // CHECK-NEXT: %[[NEXT:.+]] = scf.if %[[CND]]
  // CHECK-NEXT: scf.yield %[[D]]
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield %[[D]]
  // CHECK-NEXT: }
  // CHECK-NEXT: scf.yield %[[NEXT]], %[[CND]]
  tt.func @if_after_dot(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32, %init: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %zero = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<128x64xf32, #mma>) : i32 {
      %cnd = arith.cmpi ne, %i, %c4 : i32
      %d = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      %next = scf.if %cnd -> tensor<128x64xf32, #mma> {
        scf.yield %d : tensor<128x64xf32, #mma>
      } else {
        scf.yield %zero : tensor<128x64xf32, #mma>
      }
      scf.yield %next : tensor<128x64xf32, #mma>
    }
    tt.return %r : tensor<128x64xf32, #mma>
  }

  // A flag that is not the constant true is left alone.
  // CHECK-LABEL: tt.func @flag_already_set
  // CHECK: scf.for {{.+}} -> (tensor<128x64xf32, #mma>) :
  // CHECK: ttng.warp_group_dot %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} :
  tt.func @flag_already_set(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32, %use: i1) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %b, %acc, %use : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      scf.yield %d : tensor<128x64xf32, #mma>
    }
    tt.return %r : tensor<128x64xf32, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // fp8 into f32 with maxNumImpreciseAcc <= K accumulates in pieces: left
  // alone.
  // CHECK-LABEL: tt.func @fp8_partial_accumulation
  // CHECK: scf.for {{.+}} -> (tensor<128x64xf32, #mma>) :
  // CHECK: ttng.warp_group_dot %{{.+}}, %{{.+}}, %{{[^,]+}} {maxNumImpreciseAcc = 32 : i32} :
  tt.func @fp8_partial_accumulation(%a: !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem>, %b: !ttg.memdesc<128x64xf8E4M3FN, #shared, #smem>, %n: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %b, %acc {maxNumImpreciseAcc = 32 : i32} : !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem> * !ttg.memdesc<128x64xf8E4M3FN, #shared, #smem> -> tensor<128x64xf32, #mma>
      scf.yield %d : tensor<128x64xf32, #mma>
    }
    tt.return %r : tensor<128x64xf32, #mma>
  }
}
