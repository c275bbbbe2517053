// The axis analysis (contiguity, divisibility, constancy, constant value)
// of every integer and pointer value, printed by test-tile-print-axis-info.
// Pointer divisibility is in bytes; a scalar is a one-element value.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(test-tile-print-axis-info)' -o /dev/null

// Function-argument hints, make_range, splat, add/sub and addptr (pointer
// divisibility: 16 bytes, not 16 * 4), and the mask of the add kernel: a
// contiguous run compared with a value divisible by 16 is constant on
// aligned blocks of 16; `==` is not.
// expected-remark @below {{arg 0: contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
// expected-remark @below {{arg 1: contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
// expected-remark @below {{arg 2: contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
tt.func @hints_and_add(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}, %q: !tt.ptr<f16>) {
  // expected-remark @below {{contiguity = [1], divisibility = [128], constancy = [1], constant_value = 128}}
  %c128 = arith.constant 128 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %pid = tt.get_program_id x : i32
  // expected-remark @below {{contiguity = [1], divisibility = [128], constancy = [1], constant_value = <none>}}
  %start = arith.muli %pid, %c128 : i32
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [32], constancy = [1], constant_value = <none>}}
  %range2 = tt.make_range {end = 96 : i32, start = 32 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [128], constancy = [128], constant_value = <none>}}
  %splat = tt.splat %start : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1], constant_value = <none>}}
  %offs = arith.addi %splat, %range : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128], constant_value = <none>}}
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>}}
  %ptrs = tt.addptr %ps, %offs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128], constant_value = <none>}}
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %mask = arith.cmpi slt, %offs, %ns : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %eq = arith.cmpi eq, %offs, %ns : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant_value = <none>}}
  %qs = tt.splat %q : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
  // expected-remark @below {{contiguity = [128], divisibility = [1], constancy = [1], constant_value = <none>}}
  %qptrs = tt.addptr %qs, %range : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>}}
  %sub = arith.subi %offs, %ns : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %rsub = arith.subi %ns, %offs : tensor<128xi32>
  tt.return
}

// -----

// mul, div, rem, `and` with 2^k - 1 (as rem 2^k), shifts, max, extsi, constant
// folding, cmpi and select.
// expected-remark @below {{arg 0: contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>}}
tt.func @arith_rules(%x: i32 {tt.divisibility = 8 : i32}) {
  // expected-remark @below {{contiguity = [256], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [256], constant_value = 4}}
  %c4 = arith.constant dense<4> : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [256], constant_value = 3}}
  %c3 = arith.constant dense<3> : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [256], constant_value = 64}}
  %c64 = arith.constant dense<64> : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [256], constant_value = 2}}
  %c2 = arith.constant dense<2> : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
  %mul = arith.muli %range, %c4 : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [64], constant_value = <none>}}
  %div = arith.divsi %range, %c64 : tensor<256xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1], constant_value = <none>}}
  %rem = arith.remsi %range, %c64 : tensor<256xi32>
  // expected-remark @below {{contiguity = [4], divisibility = [4], constancy = [1], constant_value = <none>}}
  %and = arith.andi %range, %c3 : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
  %shl = arith.shli %range, %c2 : tensor<256xi32>
  // Like Triton, a right shift keeps only the runs both operands are
  // constant on (range >> 2 is constant on blocks of 4, unclaimed).
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %shr = arith.shrui %range, %c2 : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [256], constant_value = <none>}}
  %xs = tt.splat %x : i32 -> tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %max = arith.maxsi %range, %xs : tensor<256xi32>
  // expected-remark @below {{contiguity = [256], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %ext = arith.extsi %range : tensor<256xi32> to tensor<256xi64>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [256], constant_value = 68}}
  %cst = arith.addi %c4, %c64 : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [64], constant_value = <none>}}
  %cond = arith.cmpi slt, %range, %c64 : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %sel = arith.select %cond, %range, %mul : tensor<256xi1>, tensor<256xi32>
  tt.return
}

// -----

// A row-major 64x32 f16 tile: ptr + row * stride + col. Along dim1 the
// pointers are contiguous (32) and 16-byte aligned; along dim0 only 2-byte.
// expected-remark @below {{arg 0: contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
// expected-remark @below {{arg 1: contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
tt.func @two_d(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [32], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %cols = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 1], constant_value = <none>}}
  %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [64, 1], constant_value = <none>}}
  %s = tt.splat %stride : i32 -> tensor<64x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1], constant_value = <none>}}
  %rs = arith.muli %r, %s : tensor<64x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 32], constant_value = <none>}}
  %rb = tt.broadcast %rs : tensor<64x1xi32> -> tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1, 32], divisibility = [1, 1073741824], constancy = [1, 1], constant_value = <none>}}
  %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  // expected-remark @below {{contiguity = [1, 32], divisibility = [1, 1073741824], constancy = [64, 1], constant_value = <none>}}
  %cb = tt.broadcast %c : tensor<1x32xi32> -> tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1, 32], divisibility = [1, 16], constancy = [1, 1], constant_value = <none>}}
  %offs = arith.addi %rb, %cb : tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [64, 32], constant_value = <none>}}
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  // expected-remark @below {{contiguity = [1, 32], divisibility = [2, 16], constancy = [1, 1], constant_value = <none>}}
  %ptrs = tt.addptr %ps, %offs : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  %v = tt.load %ptrs : tensor<64x32x!tt.ptr<f16>>
  tt.return
}

// -----

// scf.for: the induction variable lb + i * step is divisible by gcd(32, 16);
// the iter_arg joins the init with the yield. scf.if joins both yields. Op
// hints (tt.contiguity, tt.divisibility) override what the rules derive.
// expected-remark @below {{arg 0: contiguity = [1], divisibility = [32], constancy = [1], constant_value = <none>}}
// expected-remark @below {{arg 1: contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
// expected-remark @below {{arg 2: contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
tt.func @loops(%lb: i32 {tt.divisibility = 32 : i32}, %ub: i32, %b: i1) {
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = 16}}
  %c16 = arith.constant 16 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [128], constancy = [128], constant_value = 128}}
  %c128 = arith.constant dense<128> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [128], constant_value = 64}}
  %c64 = arith.constant dense<64> : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // Region arguments first: expected remarks match by substring.
  // expected-remark @below {{region arg 0: contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
  // expected-remark @below {{region arg 1: contiguity = [128], divisibility = [128], constancy = [1], constant_value = <none>}}
  // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1], constant_value = <none>}}
  %r = scf.for %iv = %lb to %ub step %c16 iter_args(%acc = %range) -> (tensor<128xi32>) : i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128], constant_value = <none>}}
    %ivs = tt.splat %iv : i32 -> tensor<128xi32>
    // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1], constant_value = <none>}}
    %next = arith.addi %acc, %c128 : tensor<128xi32>
    scf.yield %next : tensor<128xi32>
  }
  // expected-remark @below {{contiguity = [128], divisibility = [64], constancy = [1], constant_value = <none>}}
  %i = scf.if %b -> (tensor<128xi32>) {
    scf.yield %range : tensor<128xi32>
  } else {
    // expected-remark @below {{contiguity = [128], divisibility = [64], constancy = [1], constant_value = <none>}}
    %shifted = arith.addi %range, %c64 : tensor<128xi32>
    scf.yield %shifted : tensor<128xi32>
  }
  // expected-remark @below {{contiguity = [64], divisibility = [4], constancy = [1], constant_value = <none>}}
  %h = arith.addi %range, %c128 {tt.divisibility = dense<4> : tensor<1xi32>, tt.contiguity = 64 : i32} : tensor<128xi32>
  tt.return
}

// -----

// Per-dimension hints on a tensor argument; a malformed hint (0) is ignored.
// Loads through equal pointers give equal values; a scalar select keeps both
// sides' facts.
// expected-remark @below {{arg 0: contiguity = [1, 16], divisibility = [1, 16], constancy = [8, 1], constant_value = <none>}}
// expected-remark @below {{arg 1: contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
// expected-remark @below {{arg 2: contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
// expected-remark @below {{arg 3: contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
tt.func @tensor_hints_and_loads(%t: tensor<8x16xi32> {tt.contiguity = array<i32: 1, 16>, tt.divisibility = array<i32: 1, 16>, tt.constancy = array<i32: 8, 1>}, %bad: i32 {tt.divisibility = 0 : i32}, %p: !tt.ptr<i32>, %c: i1) {
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [8, 16], constant_value = <none>}}
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<8x16x!tt.ptr<i32>>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [8, 16], constant_value = <none>}}
  %v = tt.load %ps : tensor<8x16x!tt.ptr<i32>>
  // expected-remark @below {{contiguity = [1, 16], divisibility = [1, 16], constancy = [8, 1], constant_value = <none>}}
  %s = arith.select %c, %t, %t : tensor<8x16xi32>
  tt.return
}

// -----

// ub.poison is never read, so it knows the most of everything, and an
// scf.if choosing between it and a value keeps the value's facts (the
// poisoned pointer of a peeled loop iteration stays coalescible).
// expected-remark @below {{arg 0: contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
tt.func @poison(%b: i1) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [4611686018427387904], divisibility = [4611686018427387904], constancy = [4611686018427387904], constant_value = <none>}}
  %p = ub.poison : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %i = scf.if %b -> (tensor<128xi32>) {
    scf.yield %p : tensor<128xi32>
  } else {
    scf.yield %range : tensor<128xi32>
  }
  tt.return
}
