//===- Passes.td - TTIR to TTIR passes ---------------------*- tablegen -*-===//

#ifndef TILE_PASSES_TT_PASSES_TD
#define TILE_PASSES_TT_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonRewriteTensorPointerPass
    : Pass<"triton-rewrite-tensor-pointer", "::mlir::ModuleOp"> {
  let summary = "Rewrite loads and stores through block pointers into loads and stores through tensors of pointers";
  let description = [{
    Triton 3.6's triton-rewrite-tensor-pointer, the second pass of make_ttir.
    `tt.make_tensor_ptr` and `tt.advance` disappear; a `tt.load` or
    `tt.store` through a block pointer becomes one through a tensor of
    pointers. Element `(i0, i1, ...)` of the block is at
    `base + Σ_d (offset_d + i_d) * stride_d`, computed in i64 (the i32
    offsets sign-extended, one `tt.make_range` per dimension, expanded and
    broadcast to the block). Each dimension listed in `boundaryCheck` adds
    `0 <= offset_d + i_d < shape_d` to the mask; with a boundary check,
    `padding` (zero or nan) gives the masked-off lanes of a load their value
    (`other`). Without a boundary check there is no mask, and `padding` has
    nothing to fill. Cache, eviction and volatile attributes stay.

    A block pointer carried by `scf.for`, `scf.if` or `scf.while` becomes
    its i64 offsets there, as in Triton, when the base, shape and strides
    are the same on every path into the op and defined before it; otherwise
    (two different `tt.make_tensor_ptr` meet) the base, shape and strides
    are carried too. An `arith.select` between block pointers (what
    canonicalize, which the inliner runs first, makes of an `scf.if` that
    only chooses between two) selects each part the two do not share.

    Block pointers that come from anywhere else (function arguments, calls)
    or are used by any other op, and `padding = nan` (2) on an element type
    without NaN, are diagnosed before anything is rewritten. Triton's
    front end rejects nan padding of integers too.

    ```mlir
    tt.func @copy_row(%src: !tt.ptr<f32>, %dst: !tt.ptr<f32>, %n: i64, %row: i32) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i64
      %a = tt.make_tensor_ptr %src, [%n, %n], [%n, %c1], [%row, %c0] {order = array<i32: 1, 0>} : <tensor<1x64xf32>>
      %v = tt.load %a {boundaryCheck = array<i32: 1>, padding = 1 : i32} : !tt.ptr<tensor<1x64xf32>>
      %b = tt.make_tensor_ptr %dst, [%n, %n], [%n, %c1], [%row, %c0] {order = array<i32: 1, 0>} : <tensor<1x64xf32>>
      tt.store %b, %v {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<1x64xf32>>
      tt.return
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tile::tt::TTDialect"];
}

//===----------------------------------------------------------------------===//
// make_ttir's clean-up passes and the loop passes of Triton 3.6
//===----------------------------------------------------------------------===//

def TritonCombinePass : Pass<"triton-combine", "::mlir::ModuleOp"> {
  let summary = "Fold TTIR idioms Triton's front end leaves behind";
  let description = [{
    Triton 3.6's triton-combine, run by make_ttir after canonicalize. Its
    rewrites:

    - `arith.addf/addi(tt.dot(a, b, 0), d)` (either side) becomes
      `tt.dot(a, b, d)` when the dot has no other user (for `addf`, only a
      dot with `maxNumImpreciseAcc = 0`);
    - `tt.addptr(tt.addptr(p, i), j)` becomes `tt.addptr(p, i + j)` when the
      offsets are i64, or both are constants (splat or scalar) whose sum
      does not overflow; the outer addptr's `tt.divisibility`,
      `tt.contiguity` and `tt.constancy` stay;
    - `arith.select(c, tt.load(p, splat(c), x), y)` becomes
      `tt.load(p, splat(c), y)`;
    - a sum over axis 1 of `broadcast(expand_dims(x, 2)) *
      broadcast(expand_dims(y, 0))` (f32 or narrower, K >= 16) becomes
      `tt.dot(x, y, 0)` with tf32 precision;
    - a rank-1 `tt.reshape` used only by reductions and histograms may
      reorder its elements (`allow_reorder`);
    - a `tt.reshape` that only drops leading unit dimensions of its
      `tt.descriptor_load` (the reshape being the load's only user) makes the
      load produce the reshaped type.

    ```mlir
    tt.func @dot_add(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %d: tensor<64x64xf32>) -> tensor<64x64xf32> {
      %zero = arith.constant dense<0.0> : tensor<64x64xf32>
      %dot = tt.dot %a, %b, %zero : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
      %sum = arith.addf %dot, %d : tensor<64x64xf32>
      tt.return %sum : tensor<64x64xf32>
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tile::tt::TTDialect"];
}

def TritonReorderBroadcastPass
    : Pass<"triton-reorder-broadcast", "::mlir::ModuleOp"> {
  let summary = "Apply elementwise ops before a broadcast or splat, not after";
  let description = [{
    Triton 3.6's triton-reorder-broadcast. An elementwise op without memory
    effects whose operands are all splats (`tt.splat` or splat constants)
    runs on the scalars and its result is splat; one whose operands are
    broadcasts from one shape, splats and splat constants runs on the
    broadcast sources (the splats re-made at that shape) and its result is
    broadcast. The ops then touch fewer elements. The canonicalization
    patterns of `tt.broadcast` and `tt.expand_dims` run with them.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tile::tt::TTDialect"];
}

def TritonLoopUnrollPass : Pass<"triton-loop-unroll", "::mlir::ModuleOp"> {
  let summary = "Unroll scf.for loops by their tt.loop_unroll_factor";
  let description = [{
    Triton 3.6's triton-loop-unroll, the last pass of make_ttir. An
    `scf.for` with `tt.loop_unroll_factor = N` (N > 1) is unrolled N times;
    the attribute goes away. When the trip count is not known to be a
    multiple of N, the leftover iterations run in an epilogue loop marked
    `tt.num_stages = 1`, so that the software pipeliner leaves it alone.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TritonLICMPass : Pass<"triton-licm", "::mlir::ModuleOp"> {
  let summary = "Loop-invariant code motion that also hoists loads";
  let description = [{
    Triton 3.6's triton-licm: MLIR's loop-invariant code motion (innermost
    loops first), plus loop-invariant `tt.load`s of loops whose every op
    at most reads memory. A hoisted load out of an `scf.for` is masked by
    `lowerBound < upperBound` (and its own mask), so that a loop that runs
    no iteration reads nothing. Loads in `scf.while` loops stay.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tile::tt::TTDialect"];
}

def TritonLoopAwareCSEPass
    : Pass<"triton-loop-aware-cse", "::mlir::ModuleOp"> {
  let summary = "Merge scf.for iteration arguments that always hold equal values";
  let description = [{
    Triton 3.6's triton-loop-aware-cse. Two iteration arguments of an
    `scf.for` are the same value when their initial values are, and the
    values yielded for them are computed alike (by memory-effect-free ops
    without regions) from equal values, assuming the two arguments equal
    (which is how cycles through the loop are resolved). Uses of the second
    are redirected to the first; CSE and the `scf.for` canonicalizer then
    clean up. Plain CSE runs first and last.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def TritonRewriteTensorDescriptorToPointerPass
    : Pass<"triton-rewrite-tensor-descriptor-to-pointer", "::mlir::ModuleOp"> {
  let summary = "Rewrite tensor descriptor loads and stores as pointer loads and stores";
  let description = [{
    Triton 3.6's triton-rewrite-tensor-descriptor-to-pointer, which make_ttir
    runs for GPUs without TMA (compute capability below 90). A
    `!tt.tensordesc` becomes the values it is made of (base pointer, shape,
    strides, padding); `tt.descriptor_load`, `tt.descriptor_store`,
    `tt.descriptor_gather` and `tt.descriptor_scatter` become `tt.load` and
    `tt.store` through tensors of pointers, masked to the tensor's bounds
    (out-of-bounds loads read zero, or NaN with `padding = nan`).
    `tt.descriptor_reduce` becomes `tt.atomic_rmw`. Descriptors crossing
    function boundaries and control flow are expanded too.

    With `target` set to a CUDA target of compute capability 90 or more the
    pass does nothing: those GPUs keep descriptors for TMA. The stage
    pipeline passes its target; run alone, the pass always rewrites.
  }];
  let options = [
    Option<"target", "target", "std::string", "\"\"",
           "GPU target (cuda:NN); descriptors are kept for NN >= 90">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tile::tt::TTDialect"];
}

#endif // TILE_PASSES_TT_PASSES_TD
