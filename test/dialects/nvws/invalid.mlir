// RUN: %mlir-tile %s -split-input-file -verify-diagnostics

// Every error branch of the nvws verifiers (NVWSArefOps.cpp,
// NVWSWarpGroupOps.cpp), with Triton 3.6's messages.

#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @stage_counts_differ(%a: !ttg.memdesc<2x32x32xf16, #sh, #smem, mutable>,
                             %b: !ttg.memdesc<3x32x32xf16, #sh, #smem, mutable>) {
  // expected-error @below {{Leading dims of sliced aref inputs don't match.}}
  %aref = nvws.aref.create %a, %b : <[!ttg.memdesc<2x32x32xf16, #sh, #smem, mutable>, !ttg.memdesc<3x32x32xf16, #sh, #smem, mutable>]>
  tt.return
}

// -----

#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 1, 4], order = [2, 1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @buffer_used_elsewhere(%a: !ttg.memdesc<2x32x32xf16, #sh, #smem, mutable>) {
    // expected-error @below {{Aref buffer is used elsewhere, Aref cannot guarantee async safety}}
    %aref = nvws.aref.create %a : <[!ttg.memdesc<2x32x32xf16, #sh, #smem, mutable>]>
    %v = ttg.local_load %a : !ttg.memdesc<2x32x32xf16, #sh, #smem, mutable> -> tensor<2x32x32xf16, #blocked>
    tt.return
  }
}

// -----

#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @buffer_types_differ(%a: !ttg.memdesc<2x32x32xf16, #sh, #smem, mutable>) {
  // expected-error @below {{'nvws.aref.create' op failed to verify that input types match Aref output type}}
  %aref = "nvws.aref.create"(%a) : (!ttg.memdesc<2x32x32xf16, #sh, #smem, mutable>) -> !nvws.aref<[!ttg.memdesc<2x32x16xf16, #sh, #smem, mutable>]>
  tt.return
}

// -----

#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @enter_count(%aref: !nvws.aref<[!ttg.memdesc<2x32x32xf16, #sh, #smem, mutable>, !ttg.memdesc<2x32x32xf16, #sh, #smem, mutable>]>) {
  // expected-error @below {{Aref has different number of arguments than enter}}
  %buf, %tok = nvws.aref.put.enter %aref : <[!ttg.memdesc<2x32x32xf16, #sh, #smem, mutable>, !ttg.memdesc<2x32x32xf16, #sh, #smem, mutable>]> -> !ttg.memdesc<32x32xf16, #sh, #smem, mutable>, !ttg.async.token
  tt.return
}

// -----

#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @enter_rank(%aref: !nvws.aref<[!ttg.memdesc<2x32x32xf16, #sh, #smem, mutable>]>) {
  // expected-error @below {{Ranks don't match}}
  %buf, %tok = nvws.aref.get.enter %aref : <[!ttg.memdesc<2x32x32xf16, #sh, #smem, mutable>]> -> !ttg.memdesc<2x32x32xf16, #sh, #smem, mutable>, !ttg.async.token
  tt.return
}

// -----

#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @enter_element_type(%aref: !nvws.aref<[!ttg.memdesc<2x32x32xf16, #sh, #smem, mutable>]>) {
  // expected-error @below {{Ranks don't match}}
  %buf, %tok = nvws.aref.get.enter %aref : <[!ttg.memdesc<2x32x32xf16, #sh, #smem, mutable>]> -> !ttg.memdesc<32x32xbf16, #sh, #smem, mutable>, !ttg.async.token
  tt.return
}

// -----

#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @enter_dims(%aref: !nvws.aref<[!ttg.memdesc<2x32x64xf16, #sh, #smem, mutable>]>) {
  // expected-error @below {{Dimensions don't match}}
  %buf, %tok = nvws.aref.put.enter %aref : <[!ttg.memdesc<2x32x64xf16, #sh, #smem, mutable>]> -> !ttg.memdesc<64x32xf16, #sh, #smem, mutable>, !ttg.async.token
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @enter_tensor(%aref: !nvws.aref<[tensor<2x32xf16, #blocked>]>) {
    // expected-error @below {{Slicing not Implemented for this type}}
    %buf, %tok = nvws.aref.put.enter %aref : <[tensor<2x32xf16, #blocked>]> -> !ttg.memdesc<32xf16, #sh, #smem, mutable>, !ttg.async.token
    tt.return
  }
}

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
tt.func @scales_rank(%aref: !nvws.aref<[!ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>]>) {
  // expected-error @below {{Ranks don't match for TensorMemoryScalesEncodingAttr}}
  %buf, %tok = nvws.aref.put.enter %aref : <[!ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>]> -> !ttg.memdesc<128x4xf8E4M3FN, #scales, #ttng.tensor_memory, mutable>, !ttg.async.token
  tt.return
}

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
tt.func @scales_dims(%aref: !nvws.aref<[!ttg.memdesc<128x8xi8, #scales, #ttng.tensor_memory, mutable>]>) {
  // expected-error @below {{Dimensions don't match for TensorMemoryScalesEncodingAttr}}
  %buf, %tok = nvws.aref.put.enter %aref : <[!ttg.memdesc<128x8xi8, #scales, #ttng.tensor_memory, mutable>]> -> !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>, !ttg.async.token
  tt.return
}

// -----

tt.func @num_warps_per_region() {
  // expected-error @below {{Must supply numWarps for each Warp Group.}}
  "nvws.warp_group"() <{numWarps = array<i32: 4, 4>}> ({
    nvws.warp_group.return
  }) : () -> ()
  tt.return
}

// -----

tt.func @results_without_regions() -> i32 {
  // expected-error @below {{Must have at least one region when there are results.}}
  %r = "nvws.warp_group"() <{numWarps = array<i32>}> : () -> i32
  tt.return %r : i32
}

// -----

tt.func @results_without_yield() -> i32 {
  // expected-error @below {{When nvws.warp_group op has results, the first region should be terminated by nvws.warp_group.yield op.}}
  %r = "nvws.warp_group"() <{numWarps = array<i32: 4>}> ({
    nvws.warp_group.return
  }) : () -> i32
  tt.return %r : i32
}

// -----

tt.func @yield_count(%a: i32) -> i32 {
  // expected-error @below {{Mismatch in the number of results returned by nvws.warp_group op and the number of the operands of the corresponding nvws.warp_group.yield op in the first region.}}
  %r = "nvws.warp_group"() <{numWarps = array<i32: 4>}> ({
    nvws.warp_group.yield %a, %a : i32, i32
  }) : () -> i32
  tt.return %r : i32
}

// -----

tt.func @yield_outside_warp_group(%a: i32) {
  // expected-error @below {{'nvws.warp_group.yield' op expects parent op 'nvws.warp_group'}}
  nvws.warp_group.yield %a : i32
}

// -----

tt.func @token_element_type(%i: i32) {
  // expected-error @below {{'nvws.producer_commit' op operand #0 must be tensor of}}
  "nvws.producer_commit"(%i, %i) : (i32, i32) -> ()
  tt.return
}
