// RUN: %mlir-tile %s -split-input-file -verify-diagnostics

// One case per verifier diagnostic of the tt dialect (TTOps.cpp, TTTypes.cpp),
// plus a few failures of the ODS-generated constraints and of the parser.
// Where the assembly format would unify two types before the verifier runs,
// the case is written in generic form.

//===----------------------------------------------------------------------===//
// Types (TTTypes.cpp)
//===----------------------------------------------------------------------===//

// expected-error @+1 {{address space must be non-negative, got -1}}
tt.func @ptr_negative_address_space(%p: !tt.ptr<f32, -1>) {
  tt.return
}

// -----

// expected-error @+1 {{cannot point to 'none'}}
tt.func @ptr_to_none(%p: !tt.ptr<none>) {
  tt.return
}

// -----

// expected-error @+1 {{cannot point to '() -> ()'}}
tt.func @ptr_to_function(%p: !tt.ptr<() -> ()>) {
  tt.return
}

// -----

// expected-error @+1 {{tensor descriptor block must have rank 1 to 5, got 0}}
tt.func @tensordesc_rank0(%d: !tt.tensordesc<tensor<f32>>) {
  tt.return
}

// -----

// expected-error @+1 {{tensor descriptor block must have rank 1 to 5, got 6}}
tt.func @tensordesc_rank6(%d: !tt.tensordesc<tensor<1x1x1x1x2x2xf32>>) {
  tt.return
}

// -----

// expected-error @+1 {{tensor descriptor block dimensions must be positive, got 'tensor<0x4xf32>'}}
tt.func @tensordesc_zero_dim(%d: !tt.tensordesc<tensor<0x4xf32>>) {
  tt.return
}

// -----

// expected-error @+1 {{tensor descriptor block dimensions must be positive, got 'tensor<?x4xf32>'}}
tt.func @tensordesc_dynamic_dim(%d: !tt.tensordesc<tensor<?x4xf32>>) {
  tt.return
}

//===----------------------------------------------------------------------===//
// Traits shared by every op: tensor sizes and encodings
//===----------------------------------------------------------------------===//

// -----

tt.func @tensor_not_power_of_two(%x: tensor<3xf32>) {
  // expected-error @+1 {{'tt.precise_sqrt' op tensor 'tensor<3xf32>' has 3 elements; tt tensors must have a power-of-two number of elements}}
  %0 = tt.precise_sqrt %x : tensor<3xf32>
  tt.return
}

// -----

tt.func @tensor_too_large(%x: tensor<2048x1024xf32>) {
  // expected-error @+1 {{'tt.precise_sqrt' op tensor 'tensor<2048x1024xf32>' has more than 1048576 elements, the most tt allows}}
  %0 = tt.precise_sqrt %x : tensor<2048x1024xf32>
  tt.return
}

// -----

tt.func @tensor_dynamic(%x: tensor<?xf32>) {
  // expected-error @+1 {{'tt.precise_sqrt' op tensor dimensions must be static and positive, got 'tensor<?xf32>'}}
  %0 = tt.precise_sqrt %x : tensor<?xf32>
  tt.return
}

// -----

tt.func @tensor_zero_dim(%x: tensor<0x4xf32>) {
  // expected-error @+1 {{'tt.precise_sqrt' op tensor dimensions must be static and positive, got 'tensor<0x4xf32>'}}
  %0 = tt.precise_sqrt %x : tensor<0x4xf32>
  tt.return
}

// -----

tt.func @same_operands_and_result_encoding(%p: tensor<4x!tt.ptr<f32>, "a">, %o: tensor<4xi32, "b">) {
  // expected-error @+1 {{'tt.addptr' op requires the same layout encoding for all tensor operands and results, got "b" and "a"}}
  %0 = tt.addptr %p, %o : tensor<4x!tt.ptr<f32>, "a">, tensor<4xi32, "b">
  tt.return
}

// -----

tt.func @same_operands_encoding(%x: tensor<4xf32, "a">, %y: tensor<4xf32, "b">) {
  // expected-error @+1 {{'tt.reduce' op requires the same layout encoding for all tensor operands, got "b" and "a"}}
  %0:2 = "tt.reduce"(%x, %y) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32):
    tt.reduce.return %a, %b : f32, f32
  }) : (tensor<4xf32, "a">, tensor<4xf32, "b">) -> (f32, f32)
  tt.return
}

//===----------------------------------------------------------------------===//
// ODS constraints and parser errors
//===----------------------------------------------------------------------===//

// -----

tt.func @unknown_op() {
  // expected-error @+1 {{custom op 'tt.nope' is unknown}}
  tt.nope
  tt.return
}

// -----

tt.func @wrong_element_type(%x: tensor<16xi32>) {
  // expected-error @+1 {{'tt.precise_sqrt' op operand #0 must be floating-point or ranked tensor of floating-point values, but got 'tensor<16xi32>'}}
  %0 = tt.precise_sqrt %x : tensor<16xi32>
  tt.return
}

// -----

tt.func @mulhiui_float(%x: f32) {
  // expected-error @+1 {{'tt.mulhiui' op operand #0 must be integer or ranked tensor of integer values, but got 'f32'}}
  %0 = tt.mulhiui %x, %x : f32
  tt.return
}

// -----

tt.func @load_mask_type_mismatch(%p: tensor<256x!tt.ptr<f32>>, %m: tensor<128xi1>) {
  // expected-error @+1 {{'tt.load' op failed to verify that mask type matches ptr type}}
  %0 = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<256x!tt.ptr<f32>>, tensor<128xi1>) -> tensor<256xf32>
  tt.return
}

// -----

tt.func @load_other_type_mismatch(%p: tensor<256x!tt.ptr<f32>>, %m: tensor<256xi1>, %o: tensor<256xf16>) {
  // expected-error @+1 {{'tt.load' op failed to verify that other matches ptr type}}
  %0 = "tt.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<256x!tt.ptr<f32>>, tensor<256xi1>, tensor<256xf16>) -> tensor<256xf32>
  tt.return
}

// -----

tt.func @store_mask_type_mismatch(%p: tensor<256x!tt.ptr<f32>>, %v: tensor<256xf32>, %m: tensor<256xi8>) {
  // expected-error @+1 {{'tt.store' op operand #2 must be 1-bit signless integer or ranked tensor of 1-bit signless integer values, but got 'tensor<256xi8>'}}
  "tt.store"(%p, %v, %m) : (tensor<256x!tt.ptr<f32>>, tensor<256xf32>, tensor<256xi8>) -> ()
  tt.return
}

// -----

tt.func @bad_cache_modifier(%p: tensor<256x!tt.ptr<f32>>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'cache' [none, ca, cg, wb, cs, wt, cv]}}
  %0 = tt.load %p cacheModifier = bogus : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @bad_eviction_policy(%p: tensor<256x!tt.ptr<f32>>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'evict' [evict_normal, evict_first, evict_last]}}
  %0 = tt.load %p evictionPolicy = evict_sometimes : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @bad_input_precision(%a: tensor<16x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'inputPrecision' [tf32, tf32x3, ieee, bf16x3, bf16x6]}}
  %0 = tt.dot %a, %a, %c, inputPrecision = bf16x9 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @bad_program_axis() {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'axis' [x, y, z]}}
  %0 = tt.get_program_id w : i32
  tt.return
}

// -----

tt.func @advance_not_block_pointer(%p: !tt.ptr<f32>, %i: i32) {
  // expected-error @+1 {{'tt.advance' op operand #0 must be block pointer, but got '!tt.ptr<f32>'}}
  %0 = "tt.advance"(%p, %i) : (!tt.ptr<f32>, i32) -> !tt.ptr<f32>
  tt.return
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

// -----

tt.func @bitcast_width(%x: tensor<16xi32>) {
  // expected-error @+1 {{'tt.bitcast' op Cannot bitcast data-type of size 32 to data-type of size 16}}
  %0 = tt.bitcast %x : tensor<16xi32> -> tensor<16xf16>
  tt.return
}

// -----

tt.func @fp_to_fp_narrowing_without_rounding(%x: tensor<128xf32>) {
  // expected-error @+1 {{'tt.fp_to_fp' op a narrowing conversion from 'f32' to 'f8E5M2' needs a rounding mode (rounding = rtne or rtz)}}
  %0 = tt.fp_to_fp %x : tensor<128xf32> -> tensor<128xf8E5M2>
  tt.return
}

// -----

// Triton rejects a bitcast between a pointer and a non-pointer ("Cannot
// bitcast pointer to non-pointer type"), even of the same width.
tt.func @bitcast_pointer_to_integer(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{'tt.bitcast' op Cannot bitcast pointer to non-pointer type}}
  %0 = tt.bitcast %p : !tt.ptr<f32> -> i64
  tt.return
}

// -----

// Triton rejects a bitcast between address spaces ("Cannot bitcast pointer
// between different address spaces").
tt.func @bitcast_address_space(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{'tt.bitcast' op}}
  %0 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<f32, 3>
  tt.return
}

//===----------------------------------------------------------------------===//
// Pointers, loads, stores
//===----------------------------------------------------------------------===//

// -----

tt.func @advance_offsets(%bp: !tt.ptr<tensor<128x64xf16>>, %i: i32) {
  // expected-error @+1 {{'tt.advance' op expects one offset per block dimension (2), got 1}}
  %0 = tt.advance %bp, [%i] : <tensor<128x64xf16>>
  tt.return
}

// -----

tt.func @load_boundary_check_on_tensor_of_ptrs(%p: tensor<256x!tt.ptr<f32>>) {
  // expected-error @+1 {{'tt.load' op boundaryCheck and padding apply only to block pointers}}
  %0 = tt.load %p {boundaryCheck = array<i32: 0>} : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @load_padding_on_tensor_of_ptrs(%p: tensor<256x!tt.ptr<f32>>) {
  // expected-error @+1 {{'tt.load' op boundaryCheck and padding apply only to block pointers}}
  %0 = tt.load %p {padding = 1 : i32} : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @store_boundary_check_on_tensor_of_ptrs(%p: tensor<256x!tt.ptr<f32>>, %v: tensor<256xf32>) {
  // expected-error @+1 {{'tt.store' op boundaryCheck and padding apply only to block pointers}}
  tt.store %p, %v {boundaryCheck = array<i32: 0>} : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @load_block_pointer_with_mask(%bp: !tt.ptr<tensor<128x64xf16>>, %m: tensor<128x64xi1>) {
  // expected-error @+1 {{'tt.load' op a block pointer access takes boundaryCheck, not a mask}}
  %0 = tt.load %bp, %m : !tt.ptr<tensor<128x64xf16>>
  tt.return
}

// -----

tt.func @store_block_pointer_with_mask(%bp: !tt.ptr<tensor<128x64xf16>>, %v: tensor<128x64xf16>, %m: tensor<128x64xi1>) {
  // expected-error @+1 {{'tt.store' op a block pointer access takes boundaryCheck, not a mask}}
  tt.store %bp, %v, %m : !tt.ptr<tensor<128x64xf16>>
  tt.return
}

// -----

tt.func @load_boundary_check_out_of_range(%bp: !tt.ptr<tensor<128x64xf16>>) {
  // expected-error @+1 {{'tt.load' op boundaryCheck dimension 2 is out of range or repeated for a block of rank 2}}
  %0 = tt.load %bp {boundaryCheck = array<i32: 0, 2>} : !tt.ptr<tensor<128x64xf16>>
  tt.return
}

// -----

tt.func @store_boundary_check_repeated(%bp: !tt.ptr<tensor<128x64xf16>>, %v: tensor<128x64xf16>) {
  // expected-error @+1 {{'tt.store' op boundaryCheck dimension 1 is out of range or repeated for a block of rank 2}}
  tt.store %bp, %v {boundaryCheck = array<i32: 1, 1>} : !tt.ptr<tensor<128x64xf16>>
  tt.return
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

// -----

tt.func @atomic_rmw_value_type(%p: tensor<32x!tt.ptr<f32>>, %v: tensor<32xf16>) {
  // expected-error @+1 {{'tt.atomic_rmw' op value type 'tensor<32xf16>' does not match the pointee type 'tensor<32xf32>'}}
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (tensor<32x!tt.ptr<f32>>, tensor<32xf16>) -> tensor<32xf32>
  tt.return
}

// -----

tt.func @atomic_rmw_result_type(%p: !tt.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'tt.atomic_rmw' op result type 'i64' does not match the pointee type 'i32'}}
  %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i64
  tt.return
}

// -----

// The mask check of verifyAtomicTypes is shadowed by SameOperandsAndResultShape
// (and, for the element type, by the TT_BoolLike operand constraint).
tt.func @atomic_rmw_mask_type(%p: tensor<32x!tt.ptr<i32>>, %v: tensor<32xi32>, %m: i1) {
  // expected-error @+1 {{'tt.atomic_rmw' op requires the same shape for all operands and results}}
  %0 = "tt.atomic_rmw"(%p, %v, %m) <{atomic_rmw_op = 4 : i32, scope = 1 : i32, sem = 4 : i32}> : (tensor<32x!tt.ptr<i32>>, tensor<32xi32>, i1) -> tensor<32xi32>
  tt.return
}

// -----

tt.func @atomic_rmw_fadd_on_integers(%p: !tt.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'tt.atomic_rmw' op fadd needs a floating-point value, got 'i32'}}
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  tt.return
}

// -----

tt.func @atomic_rmw_integer_op_on_floats(%p: !tt.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'tt.atomic_rmw' op integer atomic umax needs an integer value, got 'f32'}}
  %0 = tt.atomic_rmw umax, acq_rel, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
  tt.return
}

// -----

tt.func @atomic_cas_value_type(%p: !tt.ptr<i32>, %c: i64, %v: i32) {
  // expected-error @+1 {{'tt.atomic_cas' op failed to verify that ptr type matches cmp type}}
  %0 = tt.atomic_cas acq_rel, gpu, %p, %c, %v : (!tt.ptr<i32>, i64, i32) -> i32
  tt.return
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

// -----

tt.func @splat_of_tensor(%x: tensor<1xi32>) {
  // expected-error @+1 {{'tt.splat' op source must be a scalar or a 0-d tensor, got 'tensor<1xi32>'}}
  %0 = tt.splat %x : tensor<1xi32> -> tensor<4xi32>
  tt.return
}

// -----

tt.func @unsplat_more_than_one_element(%x: tensor<2xf32>) {
  // expected-error @+1 {{'tt.unsplat' op source tensor must have exactly one element, got 'tensor<2xf32>'}}
  %0 = tt.unsplat %x : tensor<2xf32>
  tt.return
}

// -----

tt.func @expand_dims_axis(%x: tensor<64xi32>) {
  // expected-error @+1 {{'tt.expand_dims' op axis 2 is out of range [0, 1]}}
  %0 = tt.expand_dims %x {axis = 2 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  tt.return
}

// -----

tt.func @expand_dims_shape(%x: tensor<64xi32>) {
  // expected-error @+1 {{'tt.expand_dims' op result shape must be the source shape with a 1 inserted at axis 0, got 'tensor<64x1xi32>'}}
  %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  tt.return
}

// -----

tt.func @expand_dims_encoding(%x: tensor<64xi32, "a">) {
  // expected-error @+1 {{'tt.expand_dims' op source and result must both have a layout encoding or neither}}
  %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<64xi32, "a"> -> tensor<1x64xi32>
  tt.return
}

// -----

tt.func @reshape_num_elements(%x: tensor<512xi32>) {
  // expected-error @+1 {{'tt.reshape' op number of src and dst elements of reshape must be the same, got 512 and 256}}
  %0 = tt.reshape %x : tensor<512xi32> -> tensor<16x16xi32>
  tt.return
}

// -----

tt.func @reshape_encoding(%x: tensor<512xi32>) {
  // expected-error @+1 {{'tt.reshape' op source and result must both have a layout encoding or neither}}
  %0 = tt.reshape %x : tensor<512xi32> -> tensor<16x32xi32, "a">
  tt.return
}

// -----

tt.func @broadcast_rank(%x: tensor<64xi32>) {
  // expected-error @+1 {{'tt.broadcast' op rank of source must be same as rank of result, got 1 and 2}}
  %0 = tt.broadcast %x : tensor<64xi32> -> tensor<64x64xi32>
  tt.return
}

// -----

tt.func @broadcast_non_unit_dimension(%x: tensor<64x2xi32>) {
  // expected-error @+1 {{'tt.broadcast' op Different dimensions at index 1 between source and result.  Broadcast requires the source dimension to be 1.}}
  %0 = tt.broadcast %x : tensor<64x2xi32> -> tensor<64x64xi32>
  tt.return
}

// -----

tt.func @cat_rank(%a: tensor<32xf32>) {
  // expected-error @+1 {{'tt.cat' op result rank must equal the operand rank 1}}
  %0 = tt.cat %a, %a : tensor<32xf32> -> tensor<2x32xf32>
  tt.return
}

// -----

tt.func @cat_num_elements(%a: tensor<32xf32>) {
  // expected-error @+1 {{'tt.cat' op result must have twice the elements of an operand (64), got 128}}
  %0 = tt.cat %a, %a : tensor<32xf32> -> tensor<128xf32>
  tt.return
}

// -----

tt.func @join_shape(%a: tensor<64x128xbf16>) {
  // expected-error @+1 {{'tt.join' op result shape must be (64, 128, 2), but got 2, 64, 128}}
  %0 = tt.join %a, %a : tensor<64x128xbf16> -> tensor<2x64x128xbf16>
  tt.return
}

// -----

tt.func @join_encoding(%a: tensor<64xbf16, "a">) {
  // expected-error @+1 {{'tt.join' op result encoding must be specified}}
  %0 = tt.join %a, %a : tensor<64xbf16, "a"> -> tensor<64x2xbf16>
  tt.return
}

// -----

tt.func @split_last_dimension(%x: tensor<128x64x4xf32>) {
  // expected-error @+2 {{'tt.split' op last dimension of input tensor must be 2, got 'tensor<128x64x4xf32>'}}
  // expected-error @+1 {{'tt.split' op failed to infer returned types}}
  %0, %1 = tt.split %x : tensor<128x64x4xf32> -> tensor<128x64x2xf32>
  tt.return
}

// -----

tt.func @split_result_shape(%x: tensor<128x64x2xf32>) {
  // expected-error @+2 {{'tt.split' op inferred type(s) of shape 'tensor<128x64xf32>' are incompatible with return type(s) of operation 'tensor<64x128xf32>'}}
  // expected-error @+1 {{'tt.split' op failed to infer returned types}}
  %0, %1 = tt.split %x : tensor<128x64x2xf32> -> tensor<64x128xf32>
  tt.return
}

// -----

tt.func @split_encoding(%x: tensor<64x2xf32, "a">) {
  // expected-error @+1 {{'tt.split' op source and result must both have a layout encoding or neither}}
  %0, %1 = tt.split %x : tensor<64x2xf32, "a"> -> tensor<64xf32>
  tt.return
}

// -----

tt.func @trans_not_a_permutation(%x: tensor<64x32xf16>) {
  // expected-error @+1 {{'tt.trans' op order must be a permutation of [0, 2)}}
  %0 = tt.trans %x {order = array<i32: 1, 1>} : tensor<64x32xf16> -> tensor<32x64xf16>
  tt.return
}

// -----

tt.func @trans_result_shape(%x: tensor<64x32xf16>) {
  // expected-error @+1 {{'tt.trans' op result dimension 0 must be source dimension 1 of size 32, got 64}}
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf16> -> tensor<64x32xf16>
  tt.return
}

// -----

tt.func @trans_encoding(%x: tensor<64x32xf16>) {
  // expected-error @+1 {{'tt.trans' op source and result must both have a layout encoding or neither}}
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf16> -> tensor<32x64xf16, "a">
  tt.return
}

// -----

tt.func @make_range_rank() {
  // expected-error @+1 {{'tt.make_range' op return type must be a 1D tensor, got 'tensor<2x8xi32>'}}
  %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<2x8xi32>
  tt.return
}

// -----

tt.func @make_range_element_type() {
  // expected-error @+1 {{'tt.make_range' op returned tensor must have i32 elements, got 'i64'}}
  %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi64>
  tt.return
}

// -----

tt.func @make_range_empty() {
  // expected-error @+1 {{'tt.make_range' op start must be less than end, got [16, 0)}}
  %0 = tt.make_range {end = 0 : i32, start = 16 : i32} : tensor<16xi32>
  tt.return
}

// -----

tt.func @make_range_size() {
  // expected-error @+1 {{'tt.make_range' op number of elements in returned tensor, 256, must match size of range [128, 256), which has 128 elements}}
  %0 = tt.make_range {end = 256 : i32, start = 128 : i32} : tensor<256xi32>
  tt.return
}

//===----------------------------------------------------------------------===//
// Dot
//===----------------------------------------------------------------------===//

// -----

tt.func @dot_rank(%a: tensor<16xf16>, %c: tensor<16xf32>) {
  // expected-error @+1 {{'tt.dot' op expected operands to be 2d or 3d}}
  %0 = tt.dot %a, %a, %c : tensor<16xf16> * tensor<16xf16> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @dot_k(%a: tensor<16x32xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand}}
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_accumulator_shape(%a: tensor<16x32xf16>, %b: tensor<32x64xf16>, %c: tensor<16x32xf32>) {
  // expected-error @+1 {{'tt.dot' op expected the output shape to be the concatenation of the last dimension of the first operand and the last dimension of the second, got 'tensor<16x32xf32>'}}
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<32x64xf16> -> tensor<16x32xf32>
  tt.return
}

// -----

tt.func @dot_batch(%a: tensor<2x16x16xf16>, %b: tensor<4x16x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op expected the first dimension of the first operand to be equal to the first dimension of the result}}
  %0 = tt.dot %a, %b, %c : tensor<2x16x16xf16> * tensor<4x16x16xf16> -> tensor<2x16x16xf32>
  tt.return
}

// -----

tt.func @dot_int_float_mix(%a: tensor<16x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op operands and accumulator must be all integer or all floating point, got 'i8', 'i8' and 'f32'}}
  %0 = tt.dot %a, %a, %c : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_element_types(%a: tensor<16x16xf16>, %b: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op a and b must have the same element type (or both be fp8), got 'f16' and 'bf16'}}
  %0 = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_encodings(%a: tensor<16x16xf16, "a">, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op mismatching encoding between A and B operands}}
  %0 = tt.dot %a, %b, %c : tensor<16x16xf16, "a"> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_scaled_rank(%a: tensor<2x64x64xbf16>, %b: tensor<2x64x64xbf16>, %c: tensor<2x64x64xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op operands must be 2-D}}
  %0 = tt.dot_scaled %a, %b, %c lhs = bf16 rhs = bf16 {fastMath = false} : tensor<2x64x64xbf16> * tensor<2x64x64xbf16> -> tensor<2x64x64xf32>
  tt.return
}

// -----

tt.func @dot_scaled_k(%a: tensor<128x64xi8>, %b: tensor<64x128xf8E4M3FN>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand (128 and 64 after unpacking)}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<128x64xi8> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
  tt.return
}

// -----

tt.func @dot_scaled_accumulator(%a: tensor<64x64xi8>, %b: tensor<64x128xf8E4M3FN>, %c: tensor<64x128xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op accumulator must be 128x128, got 'tensor<64x128xf32>'}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e2m1 rhs = e4m3 {fastMath = false, lhs_k_pack = false} : tensor<64x64xi8> * tensor<64x128xf8E4M3FN> -> tensor<64x128xf32>
  tt.return
}

// -----

tt.func @dot_scaled_a_scale(%a: tensor<128x64xf8E4M3FN>, %sa: tensor<128x4xi8>, %b: tensor<64x128xf8E4M3FN>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op scales K dimension must match the operand K divided by the scale factor (64 / 32), got 'tensor<128x4xi8>'}}
  %0 = tt.dot_scaled %a scale %sa, %b, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128x64xf8E4M3FN>, tensor<128x4xi8> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
  tt.return
}

// -----

tt.func @dot_scaled_b_scale(%a: tensor<128x64xf8E4M3FN>, %b: tensor<64x128xf8E4M3FN>, %sb: tensor<64x2xi8>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op scales N dimension must match the operand N dimension (128), got 'tensor<64x2xi8>'}}
  %0 = tt.dot_scaled %a, %b scale %sb, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128x64xf8E4M3FN> * tensor<64x128xf8E4M3FN>, tensor<64x2xi8> -> tensor<128x128xf32>
  tt.return
}

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

// -----

// "needs at least one operand" is shadowed by SameOperandsShape.
tt.func @reduce_no_operand() {
  // expected-error @+1 {{'tt.reduce' op expected 1 or more operands, but found 0}}
  "tt.reduce"() <{axis = 0 : i32}> ({
  ^bb0:
    "tt.reduce.return"() : () -> ()
  }) : () -> ()
  tt.return
}

// -----

tt.func @reduce_axis(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.reduce' op axis 2 is out of range for rank 2}}
  %0 = "tt.reduce"(%x) <{axis = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4x8xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @reduce_num_results(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.reduce' op must have the same number of inputs as outputs}}
  %0:2 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  tt.return
}

// -----

tt.func @reduce_1d_to_tensor(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.reduce' op reducing a 1-D tensor yields the scalar 'f32', got 'tensor<1xf32>'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<8xf32>) -> tensor<1xf32>
  tt.return
}

// -----

tt.func @reduce_result_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.reduce' op result must be the operand without dimension 1, got 'tensor<8xf32>'}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4x8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @reduce_result_encoding(%x: tensor<4x8xf32, "a">) {
  // expected-error @+1 {{'tt.reduce' op source and result must both have a layout encoding or neither}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4x8xf32, "a">) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @reduce_combiner_num_arguments(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.reduce' op combiner region must take 2 arguments (two per operand), got 1}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32):
    tt.reduce.return %a : f32
  }) : (tensor<8xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_combiner_argument_type(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.reduce' op combiner argument 1 has type 'f16', expected 'f32'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f16):
    tt.reduce.return %a : f32
  }) : (tensor<8xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_combiner_terminator(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.reduce' op combiner region must end with tt.reduce.return}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    ub.unreachable
  }) : (tensor<8xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_combiner_num_results(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.reduce' op combiner must return 1 values, got 2}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a, %b : f32, f32
  }) : (tensor<8xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_combiner_result_type(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.reduce' op combiner result 0 has type 'i32', expected 'f32'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %c = arith.constant 0 : i32
    tt.reduce.return %c : i32
  }) : (tensor<8xf32>) -> f32
  tt.return
}

// -----

// "needs at least one operand" is shadowed by SameOperandsAndResultShape.
tt.func @scan_no_operand() {
  // expected-error @+1 {{'tt.scan' op expected 1 or more operands, but found 0}}
  "tt.scan"() <{axis = 0 : i32, reverse = false}> ({
  ^bb0:
    "tt.scan.return"() : () -> ()
  }) : () -> ()
  tt.return
}

// -----

tt.func @scan_axis(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tt.scan' op axis 1 is out of range for rank 1}}
  %0 = "tt.scan"(%x) <{axis = 1 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    tt.scan.return %a : i32
  }) : (tensor<8xi32>) -> tensor<8xi32>
  tt.return
}

// -----

tt.func @scan_num_results(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tt.scan' op must have the same number of inputs as outputs}}
  %0:2 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    tt.scan.return %a : i32
  }) : (tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>)
  tt.return
}

// -----

tt.func @scan_result_type(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tt.scan' op operand types and result types must agree, got 'tensor<8xi32>' and 'tensor<8xf32>'}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    tt.scan.return %a : i32
  }) : (tensor<8xi32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @scan_combiner_num_results(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tt.scan' op combiner must return 1 values, got 0}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    "tt.scan.return"() : () -> ()
  }) : (tensor<8xi32>) -> tensor<8xi32>
  tt.return
}

// -----

tt.func @scan_combiner_terminator(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tt.scan' op combiner region must end with tt.scan.return}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    ub.unreachable
  }) : (tensor<8xi32>) -> tensor<8xi32>
  tt.return
}

// -----

tt.func @histogram_rank(%x: tensor<16x16xi32>) {
  // expected-error @+1 {{'tt.histogram' op source and result must be 1-D, got 'tensor<16x16xi32>' and 'tensor<16xi32>'}}
  %0 = tt.histogram %x : tensor<16x16xi32> -> tensor<16xi32>
  tt.return
}

// -----

// The mask check of the histogram verifier is shadowed by the ODS
// TypesMatchWith constraint, which reports the mismatch first.
tt.func @histogram_mask(%x: tensor<512xi32>, %m: tensor<256xi1>) {
  // expected-error @+1 {{'tt.histogram' op failed to verify that mask type matches src type}}
  %0 = "tt.histogram"(%x, %m) : (tensor<512xi32>, tensor<256xi1>) -> tensor<16xi32>
  tt.return
}

// -----

tt.func @gather_rank(%src: tensor<128x16xf32>, %idx: tensor<512xi32>) {
  // expected-error @+1 {{'tt.gather' op input and indices ranks must match, got 2 and 1}}
  %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<512xi32>) -> tensor<512xf32>
  tt.return
}

// -----

tt.func @gather_axis(%src: tensor<128x16xf32>, %idx: tensor<512x16xi32>) {
  // expected-error @+1 {{'tt.gather' op gather dimension must be less than the input rank, got 2 for rank 2}}
  %0 = tt.gather %src[%idx] {axis = 2 : i32} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
  tt.return
}

// -----

tt.func @gather_result(%src: tensor<128x16xf32>, %idx: tensor<512x16xi32>) {
  // expected-error @+1 {{'tt.gather' op input and output element types must match, got 'f32' and 'f16'}}
  %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf16>
  tt.return
}

// -----

tt.func @gather_index_dimension(%src: tensor<128x16xf32>, %idx: tensor<512x32xi32>) {
  // expected-error @+1 {{'tt.gather' op indices dimension 1 must match the corresponding input dimension (at most its size), got 32 and 16}}
  %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<512x32xi32>) -> tensor<512x32xf32>
  tt.return
}

// -----

// Triton: "indices and output encodings must match".
tt.func @gather_result_encoding(%src: tensor<128x16xf32>, %idx: tensor<512x4xi32, "a">) {
  // expected-error @+1 {{'tt.gather' op}}
  %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<512x4xi32, "a">) -> tensor<512x4xf32, "b">
  tt.return
}

//===----------------------------------------------------------------------===//
// External and inline code
//===----------------------------------------------------------------------===//

// -----

tt.func @inline_asm_pack(%x: tensor<128xi32>) {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op packed_element must be at least 1, got 0}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 0 : i32, pure = true} %x : tensor<128xi32> -> tensor<128xi32>
  tt.return
}

// -----

// The verifier's shape check is shadowed by the Elementwise trait.
tt.func @inline_asm_shapes(%x: tensor<128xi32>) {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<128xi32> -> tensor<64xi32>
  tt.return
}

// -----

tt.func @inline_asm_multiple_of_pack(%x: tensor<2xi32>) {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op number of elements 2 must be a multiple of packed_element 4}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %x : tensor<2xi32> -> tensor<2xi32>
  tt.return
}

// -----

tt.func @map_elementwise_pack(%x: tensor<64xf32>) {
  // expected-error @+1 {{'tt.map_elementwise' op Pack must be a power of 2, got 0}}
  %0 = "tt.map_elementwise"(%x) <{pack = 0 : i32}> ({
  ^bb0(%a: f32):
    tt.map_elementwise.return %a : f32
  }) : (tensor<64xf32>) -> tensor<64xf32>
  tt.return
}

// -----

// "needs at least one operand" is shadowed by SameOperandsAndResultShape.
tt.func @map_elementwise_no_operand() {
  // expected-error @+1 {{'tt.map_elementwise' op expected 1 or more operands, but found 0}}
  "tt.map_elementwise"() <{pack = 1 : i32}> ({
  ^bb0:
    tt.map_elementwise.return
  }) : () -> ()
  tt.return
}

// -----

tt.func @map_elementwise_multiple_of_pack(%x: tensor<2xf32>) {
  // expected-error @+1 {{'tt.map_elementwise' op number of elements 2 must be a multiple of pack 4}}
  %0 = "tt.map_elementwise"(%x) <{pack = 4 : i32}> ({
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32):
    tt.map_elementwise.return %a, %b, %c, %d : f32, f32, f32, f32
  }) : (tensor<2xf32>) -> tensor<2xf32>
  tt.return
}

// -----

tt.func @map_elementwise_no_body(%x: tensor<64xf32>) {
  // expected-error @+1 {{'tt.map_elementwise' op needs a body}}
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  }) : (tensor<64xf32>) -> tensor<64xf32>
  tt.return
}

// -----

tt.func @map_elementwise_num_arguments(%x: tensor<64xf32>) {
  // expected-error @+1 {{'tt.map_elementwise' op region has wrong number of arguments: expected 2 (pack x operands), got 1}}
  %0 = "tt.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a: f32):
    tt.map_elementwise.return %a, %a : f32, f32
  }) : (tensor<64xf32>) -> tensor<64xf32>
  tt.return
}

// -----

tt.func @map_elementwise_argument_type(%x: tensor<64xf32>) {
  // expected-error @+1 {{'tt.map_elementwise' op argument types did not match: argument 0 has type 'i32', expected 'f32'}}
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: i32):
    %f = arith.sitofp %a : i32 to f32
    tt.map_elementwise.return %f : f32
  }) : (tensor<64xf32>) -> tensor<64xf32>
  tt.return
}

// -----

tt.func @map_elementwise_num_results(%x: tensor<64xf32>) {
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    // expected-error @+1 {{'tt.map_elementwise.return' op region return does not match map_elementwise result}}
    tt.map_elementwise.return %a, %a : f32, f32
  }) : (tensor<64xf32>) -> tensor<64xf32>
  tt.return
}

// -----

tt.func @map_elementwise_result_type(%x: tensor<64xf32>) {
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    // expected-error @+1 {{'tt.map_elementwise.return' op region return does not match map_elementwise result}}
    tt.map_elementwise.return %a : f32
  }) : (tensor<64xf32>) -> tensor<64xi32>
  tt.return
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

// -----

tt.func @print_is_signed(%x: tensor<128xi32>, %y: i32) {
  // expected-error @+1 {{'tt.print' op isSigned must have an entry for each of the 2 arguments, got 1}}
  tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x, %y : tensor<128xi32>, i32
  tt.return
}

//===----------------------------------------------------------------------===//
// Block pointers and tensor descriptors
//===----------------------------------------------------------------------===//

// -----

tt.func @make_tensor_ptr_rank(%base: !tt.ptr<f16>, %m: i64, %o: i32) {
  // expected-error @+1 {{'tt.make_tensor_ptr' op shape, strides and offsets need one value per block dimension (2)}}
  %0 = tt.make_tensor_ptr %base, [%m], [%m], [%o] {order = array<i32: 0>} : <tensor<128x64xf16>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_order(%base: !tt.ptr<f16>, %m: i64, %o: i32) {
  // expected-error @+1 {{'tt.make_tensor_ptr' op order must be a permutation of [0, 2)}}
  %0 = tt.make_tensor_ptr %base, [%m, %m], [%m, %m], [%o, %o] {order = array<i32: 0, 2>} : <tensor<128x64xf16>>
  tt.return
}

// -----

// The base pointee check of the verifier is shadowed by the ODS TypesMatchWith
// constraint, which reports the mismatch first.
tt.func @make_tensor_ptr_base(%base: !tt.ptr<f32>, %m: i64, %o: i32) {
  // expected-error @+1 {{'tt.make_tensor_ptr' op failed to verify that base points to the block's element type}}
  %0 = "tt.make_tensor_ptr"(%base, %m, %m, %m, %m, %o, %o) <{order = array<i32: 1, 0>}> : (!tt.ptr<f32>, i64, i64, i64, i64, i32, i32) -> !tt.ptr<tensor<128x64xf16>>
  tt.return
}

// -----

tt.func @make_tensor_descriptor_rank(%base: !tt.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tt.make_tensor_descriptor' op shape and strides need one value per block dimension (2)}}
  %0 = tt.make_tensor_descriptor %base, [%m], [%s] : <f16>, <tensor<128x64xf16>>
  tt.return
}

// -----

tt.func @make_tensor_descriptor_base(%base: !tt.ptr<f32>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tt.make_tensor_descriptor' op base pointee 'f32' must be the block's element type 'f16'}}
  %0 = tt.make_tensor_descriptor %base, [%m, %m], [%s, %s] : <f32>, <tensor<128x64xf16>>
  tt.return
}

// -----

tt.func @descriptor_load_result(%d: !tt.tensordesc<tensor<128x64xf16>>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op tensor descriptor block and tensor types must match, got 'tensor<128x64xf16>' and 'tensor<128x64xf32>'}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf32>
  tt.return
}

// -----

// Only leading unit dimensions may be dropped (Triton: "ranked reduce load
// only allowed for unit dimension leading dim"); the same number of elements
// is not enough.
tt.func @descriptor_load_flattened(%d: !tt.tensordesc<tensor<16x16xf32>>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op ranked reduce load only allowed for unit dimension leading dim.}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x16xf32>> -> tensor<256xf32>
  tt.return
}

// -----

tt.func @descriptor_store_source(%d: !tt.tensordesc<tensor<128x64xf16>>, %i: i32, %v: tensor<64x64xf16>) {
  // expected-error @+1 {{'tt.descriptor_store' op tensor descriptor block and tensor types must match, got 'tensor<128x64xf16>' and 'tensor<64x64xf16>'}}
  tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<128x64xf16>>, tensor<64x64xf16>
  tt.return
}

// -----

// Triton: "tensor desciptor block and tensor types must match".
tt.func @descriptor_store_reshaped(%d: !tt.tensordesc<tensor<16x16xf32>>, %i: i32, %v: tensor<8x32xf32>) {
  // expected-error @+1 {{'tt.descriptor_store' op}}
  tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<16x16xf32>>, tensor<8x32xf32>
  tt.return
}

// -----

tt.func @descriptor_gather_block(%d: !tt.tensordesc<tensor<2x128xbf16>>, %xs: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op block must have exactly 1 row, but got 'tensor<2x128xbf16>'}}
  %0 = tt.descriptor_gather %d[%xs, %y] : (!tt.tensordesc<tensor<2x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
  tt.return
}

// -----

tt.func @descriptor_gather_offsets(%d: !tt.tensordesc<tensor<1x128xbf16>>, %xs: tensor<4x8xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op x offsets must be a 1D tensor, but got 'tensor<4x8xi32>'}}
  %0 = tt.descriptor_gather %d[%xs, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<4x8xi32>, i32) -> tensor<32x128xbf16>
  tt.return
}

// -----

tt.func @descriptor_gather_result(%d: !tt.tensordesc<tensor<1x128xbf16>>, %xs: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op result tensor number of columns must match block (128), but got 'tensor<32x64xbf16>'}}
  %0 = tt.descriptor_gather %d[%xs, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x64xbf16>
  tt.return
}

// -----

tt.func @descriptor_scatter_source(%d: !tt.tensordesc<tensor<1x128xbf16>>, %xs: tensor<32xi32>, %y: i32, %v: tensor<16x128xbf16>) {
  // expected-error @+1 {{'tt.descriptor_scatter' op result tensor must have as many rows as indices (32), but got 'tensor<16x128xbf16>'}}
  tt.descriptor_scatter %d[%xs, %y], %v : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<16x128xbf16>
  tt.return
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

// -----

tt.func @return_count(%x: i32) -> i32 {
  // expected-error @+1 {{'tt.return' op returns 0 values but 'return_count' declares 1}}
  tt.return
}

// -----

tt.func @return_type(%x: i32) -> i64 {
  // expected-error @+1 {{'tt.return' op operand 0 has type 'i32' but 'return_type' returns 'i64'}}
  tt.return %x : i32
}

// -----

tt.func @call_unknown(%x: i32) {
  // expected-error @+1 {{'tt.call' op 'nowhere' does not name a tt.func}}
  %0 = tt.call @nowhere(%x) : (i32) -> i32
  tt.return
}

// -----

tt.func private @callee(i32) -> i32

tt.func @call_num_arguments(%x: i32) {
  // expected-error @+1 {{'tt.call' op passes 2 arguments but 'callee' takes 1}}
  %0 = tt.call @callee(%x, %x) : (i32, i32) -> i32
  tt.return
}

// -----

tt.func private @callee(i32) -> i32

tt.func @call_argument_type(%x: i64) {
  // expected-error @+1 {{'tt.call' op argument 0 has type 'i64' but 'callee' takes 'i32'}}
  %0 = tt.call @callee(%x) : (i64) -> i32
  tt.return
}

// -----

tt.func private @callee(i32) -> i32

tt.func @call_result_types(%x: i32) {
  // expected-error @+1 {{'tt.call' op result types do not match 'callee', which returns 'i32'}}
  %0 = tt.call @callee(%x) : (i32) -> f32
  tt.return
}

//===----------------------------------------------------------------------===//
// Triton's checks, in its order and words
//===----------------------------------------------------------------------===//

// -----

// An empty range is reported as such, before the zero-sized tensor is.
tt.func @make_range_empty() {
  // expected-error @+1 {{'tt.make_range' op start must be less than end, got [4, 4)}}
  %0 = tt.make_range {end = 4 : i32, start = 4 : i32} : tensor<0xi32>
  tt.return
}

// -----

tt.func @reduce_element_types(%x: tensor<8x16xf16>) {
  // expected-error @+1 {{'tt.reduce' op operand types and result types must agree, got 'tensor<8x16xf16>' and 'tensor<16xf32>'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f16, %b: f16):
    %s = arith.addf %a, %b : f16
    tt.reduce.return %s : f16
  }) : (tensor<8x16xf16>) -> tensor<16xf32>
  tt.return
}

// -----

tt.func @atomic_cas_value(%p: !tt.ptr<i32>, %c: i32, %v: i64) {
  // expected-error @+1 {{'tt.atomic_cas' op failed to verify that ptr type matches value type}}
  %0 = tt.atomic_cas acq_rel, gpu, %p, %c, %v : (!tt.ptr<i32>, i32, i64) -> i32
  tt.return
}

// -----

tt.func @descriptor_gather_block_rank(%d: !tt.tensordesc<tensor<128xbf16>>, %xs: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op block must be a 2D tensor, but got 'tensor<128xbf16>'}}
  %0 = tt.descriptor_gather %d[%xs, %y] : (!tt.tensordesc<tensor<128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
  tt.return
}

// -----

tt.func @descriptor_gather_result_rank(%d: !tt.tensordesc<tensor<1x128xbf16>>, %xs: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op result must be a 2D tensor, but got 'tensor<128xbf16>'}}
  %0 = tt.descriptor_gather %d[%xs, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<128xbf16>
  tt.return
}

// -----

tt.func @descriptor_gather_element(%d: !tt.tensordesc<tensor<1x128xbf16>>, %xs: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op result tensor element type must match block ('bf16'), but got 'tensor<32x128xf16>'}}
  %0 = tt.descriptor_gather %d[%xs, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xf16>
  tt.return
}

// -----

// Each scalar would be stored unmasked: the body may not write memory.
tt.func @map_elementwise_store(%ptrs: tensor<64x!tt.ptr<f32>>, %x: tensor<64xf32>) {
  %0 = "tt.map_elementwise"(%ptrs, %x) <{pack = 1 : i32}> ({
  ^bb0(%p: !tt.ptr<f32>, %a: f32):
    // expected-error @+1 {{'tt.store' op Stores are not supported inside map_elementwise}}
    tt.store %p, %a : !tt.ptr<f32>
    tt.map_elementwise.return %a : f32
  }) : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>) -> tensor<64xf32>
  tt.return
}

// -----

tt.func @dot_bit_width(%a: tensor<16x16xf32>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op element types of operands A and B must have same bit width, got 'f32' and 'f16'}}
  %0 = tt.dot %a, %b, %c : tensor<16x16xf32> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_ranks(%a: tensor<2x16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op expected all operands to have the same rank}}
  %0 = tt.dot %a, %b, %c : tensor<2x16x16xf16> * tensor<16x16xf16> -> tensor<2x16x16xf32>
  tt.return
}
