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

// -----

// A function called from several sites starts from the join of what they
// pass: divisibility gcd(32, 8) = 8 bytes for %p, under %p's own hints
// nothing more (a function nobody calls starts from its hints alone).
module {
tt.func @callee(%p: !tt.ptr<f32>, %n: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>}}
  %q = tt.addptr %p, %n : !tt.ptr<f32>, i32
  tt.return
}
tt.func @caller_a(%p: !tt.ptr<f32> {tt.divisibility = 32 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = 16}}
  %c16 = arith.constant 16 : i32
  tt.call @callee(%p, %c16) : (!tt.ptr<f32>, i32) -> ()
  tt.return
}
tt.func @caller_b(%p: !tt.ptr<f32> {tt.divisibility = 8 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1], constant_value = 64}}
  %c64 = arith.constant 64 : i32
  tt.call @callee(%p, %c64) : (!tt.ptr<f32>, i32) -> ()
  tt.return
}
}

// -----

// warp_specialize partitions see the captures' facts through their
// arguments, as the default region sees the captured values themselves.
tt.func @partitions(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  ttg.warp_specialize(%p, %n)
  default {
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
    %q = tt.addptr %p, %n : !tt.ptr<f16>, i32
    ttg.warp_yield
  }
  partition0(%a: !tt.ptr<f16>, %b: i32) num_warps(1) {
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
    %q = tt.addptr %a, %b : !tt.ptr<f16>, i32
    ttg.warp_return
  } : (!tt.ptr<f16>, i32) -> ()
  tt.return
}

// -----

// A conversion cast keeps the facts: into a struct (a type without a shape
// of its own) as they are, back into a tensor of the same rank too; into a
// tensor of another rank nothing is known.
tt.func @conversion_casts(%t: tensor<64x32xi32> {tt.contiguity = dense<[8, 4]> : tensor<2xi32>}) {
  // expected-remark @below {{contiguity = [8, 4], divisibility = [1, 1], constancy = [1, 1], constant_value = <none>}}
  %s = builtin.unrealized_conversion_cast %t : tensor<64x32xi32> to !llvm.struct<(i32, i32)>
  // expected-remark @below {{contiguity = [8, 4], divisibility = [1, 1], constancy = [1, 1], constant_value = <none>}}
  %u = builtin.unrealized_conversion_cast %s : !llvm.struct<(i32, i32)> to tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %v = builtin.unrealized_conversion_cast %s : !llvm.struct<(i32, i32)> to tensor<2048xi32>
  tt.return
}

// -----

// As in Triton: an and with a constant that is not a low-bit mask claims no
// divisibility, and a scalar comparison is neither analysed nor folded.
tt.func @triton_imprecisions() {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [128], constant_value = 32}}
  %c32 = arith.constant dense<32> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %a = arith.andi %r, %c32 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1}}
  %one = arith.constant 1 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = 4}}
  %four = arith.constant 4 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %lt = arith.cmpi slt, %one, %four : i32
  tt.return
}
