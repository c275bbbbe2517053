// Malformed TTIR gets an `error:` with a location and exit status 1; no
// crash, no output module.
// RUN: not %mlir-tile -split-input-file %s -o %t.out 2>&1 | FileCheck %s
// RUN: not test -s %t.out

// CHECK: malformed-ttir.mlir:[[@LINE+2]]:8: error: custom op 'tt.no_such_op' is unknown
tt.func @unknown_op() {
  %0 = tt.no_such_op : i32
  tt.return
}

// -----

// CHECK: malformed-ttir.mlir:[[@LINE+2]]:8: error: 'tt.splat' op requires the same element type for all operands and results
tt.func @wrong_types(%x: f32) {
  %0 = tt.splat %x : f32 -> tensor<16xi32>
  tt.return
}

// -----

// CHECK: malformed-ttir.mlir:[[@LINE+2]]:8: error: 'tt.make_range' op tensor 'tensor<3xi32>' has 3 elements; tt tensors must have a power-of-two number of elements
tt.func @non_power_of_two_range() {
  %0 = tt.make_range {end = 3 : i32, start = 0 : i32} : tensor<3xi32>
  tt.return
}

// -----

// CHECK: malformed-ttir.mlir:[[@LINE+2]]:35: error: custom op 'tt.load' expected string or keyword containing one of the following enum values for attribute 'cache' [none, ca, cg, wb, cs, wt, cv]
tt.func @bad_enum_keyword(%p: tensor<16x!tt.ptr<f32>>) {
  %0 = tt.load %p cacheModifier = fast : tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

// CHECK: malformed-ttir.mlir:[[@LINE+1]]:30: error: address space must be non-negative, got -1
tt.func @bad_pointer(%p: !tt.ptr<f32, -1>) {
  tt.return
}
