// test-print-alignment: the axis analysis of every op result inside a
// tt.func, one remark per result, as "<value> => <facts>" (Triton's test
// pass format).

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics=only-expected -p 'builtin.module(test-print-alignment)' -o /dev/null

// The induction variable of a loop without iter_args is lb + i * step:
// divisible by what divides both.
tt.func @loop_iv_without_iter_args(%lb: i32 {tt.divisibility = 16 : i32}, %step: i32 {tt.divisibility = 8 : i32}, %ub: i32) {
  // expected-remark @below {{divisibility = [4611686018427387904], constancy = [1], constant_value = 0}}
  %c0 = arith.constant 0 : i32
  scf.for %iv = %lb to %ub step %step : i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>}}
    %t = arith.addi %iv, %c0 : i32
  }
  tt.return
}

// -----

// A range from 0 is divisible by the largest power of two of an i32; a
// zero times anything is a zero everywhere.
tt.func @range_times_zero() {
  // expected-remark @below {{%0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32> => contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %zeros = arith.constant dense<0> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [128], constant_value = 0}}
  %product = arith.muli %zeros, %range : tensor<128xi32>
  tt.return
}

// -----

// Booleans read as 0 and 1; float results are reported too.
tt.func @booleans_and_floats(%p: tensor<64x!tt.ptr<f32>>) {
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [64], constant_value = 1}}
  %true = arith.constant dense<true> : tensor<64xi1>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %v = tt.load %p : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// The most negative i64 is divisible by the largest tracked power of two.
tt.func @int_min() {
  // expected-remark @below {{divisibility = [4611686018427387904], constancy = [1], constant_value = -9223372036854775808}}
  %min = arith.constant -9223372036854775808 : i64
  tt.return
}
