// Tensor-map ops the lowering cannot express get a diagnostic before
// anything is rewritten: maps and tensors outside global memory, more than
// five dimensions, an interleaved layout.
// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)'

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @shared_map(%map: !tt.ptr<i8, 3>, %base: !tt.ptr<i8>, %n: i32) {
    // expected-error @below {{'ttng.tensormap_create' op needs global pointers for the tensor map and the tensor}}
    ttng.tensormap_create %map, %base, [%n], [%n], [], [%n] {elem_type = 0 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8, 3>, !tt.ptr<i8>, i32, i32, i32) -> ()
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rank6(%map: !tt.ptr<i8>, %base: !tt.ptr<i8>, %n: i32, %s: i64) {
    // expected-error @below {{'ttng.tensormap_create' op has rank 6; a tensor map has 1 to 5 dimensions}}
    ttng.tensormap_create %map, %base, [%n, %n, %n, %n, %n, %n], [%n, %n, %n, %n, %n, %n], [%s, %s, %s, %s, %s], [%n, %n, %n, %n, %n, %n] {elem_type = 0 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<i8>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i64, i64, i64, i64, i64, i32, i32, i32, i32, i32, i32) -> ()
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @interleaved(%map: !tt.ptr<i8>, %base: !tt.ptr<i8>, %n: i32) {
    // expected-error @below {{'ttng.tensormap_create' op asks for an interleaved layout, which tile's TMA copies (tile mode) do not read}}
    ttng.tensormap_create %map, %base, [%n], [%n], [], [%n] {elem_type = 0 : i32, fill_mode = 0 : i32, interleave_layout = 1 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<i8>, i32, i32, i32) -> ()
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @acquire_shared(%map: !tt.ptr<i8, 3>) {
    // expected-error @below {{'ttng.tensormap_fenceproxy_acquire' op needs a global pointer to the tensor map}}
    ttng.tensormap_fenceproxy_acquire %map : !tt.ptr<i8, 3>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reinterpret_shared(%map: !tt.ptr<i8, 3>) {
    // expected-error @below {{'ttng.reinterpret_tensor_descriptor' op needs a global pointer to the tensor map}}
    %d = ttng.reinterpret_tensor_descriptor %map : !tt.ptr<i8, 3> to !tt.tensordesc<tensor<128x64xf16>>
    tt.return
  }
}
