//===- LayoutPasses.td - Layout passes of TTGIR ------------*- tablegen -*-===//
//
// Passes choosing and cleaning up tensor layouts: coalescing, conversions,
// dot operand and accumulator layouts, thread locality.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_TTG_LAYOUTPASSES_TD
#define TILE_PASSES_TTG_LAYOUTPASSES_TD

include "mlir/Pass/PassBase.td"

def TTGCoalescePass : Pass<"tritongpu-coalesce", "::mlir::ModuleOp"> {
  let summary = "Give each global memory access a coalesced layout";
  let description = [{
    For each load, store and atomic on a tensor of pointers, picks the
    blocked layout in which each thread accesses up to 128 contiguous bits
    that axis analysis proves contiguous and aligned (never more than the
    hints prove), and converts the op's operands and results to it.
  }];
  let statistics = [
    Statistic<"numCoalescedAccesses", "num-coalesced-accesses",
              "Number of loads, stores and atomics given a new layout">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def TTGF32DotTCPass : Pass<"tritongpu-F32DotTC", "::mlir::ModuleOp"> {
  let summary = "Split f32 dots of tf32x3, bf16x3 and bf16x6 precision into tensor-core dots";
  let description = [{
    Triton 3.6's tritongpu-F32DotTC. A `tt.dot` of f32 operands whose
    `inputPrecision` asks for more accuracy than one tensor-core pass gives
    becomes several tensor-core dots of the operands' high and low parts:

    - `tf32x3` (only with `emu-tf32`): `x = big + small` with `big` the
      operand rounded to tf32 (`cvt.rna.tf32.f32`, a
      `tt.elementwise_inline_asm`) and `small = x - big`; the result is
      `big·big + (small·big + big·small) + c`, three tf32 dots.
    - `bf16x3` and `bf16x6`: `x = hi + mid (+ lo)`, each part the bf16
      truncation of what the earlier parts leave; bf16x3 sums
      `mid·hi + hi·mid`, bf16x6 first `mid·mid + lo·hi + hi·lo`, then both
      add `hi·hi` and `c`.

    The low-order products are summed first; if they are NaN (an infinite
    operand times a zero low part) they are replaced by zero, so that
    infinities come out of the high product alone. The 3xTF32 trick is
    CUTLASS's; 3/6xBF16 are from arXiv:1904.06376.

    ```
    mlir-opt --load-dialect-plugin=libtile.so \
      -p 'builtin.module(tritongpu-F32DotTC{emu-tf32=true})' k.ttgir
    ```
  }];
  let options = [
    Option<"emuTF32", "emu-tf32", "bool", /*default=*/"false",
           "Split tf32x3 dots into three tf32 dots (Triton sets it for "
           "compute capability 8.0 and up)">,
  ];
  let statistics = [
    Statistic<"numSplitDots", "num-split-dots", "Number of dots split">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TTGRemoveLayoutConversionsPass
    : Pass<"tritongpu-remove-layout-conversions", "::mlir::ModuleOp"> {
  let summary = "Remove ttg.convert_layout ops by computing values in the layout their users need";
  let description = [{
    First, as Triton's layout propagation: the layouts of anchors (loads
    whose threads read different addresses, dots, atomics) are carried
    forward to everything computed from them: elementwise ops, broadcasts,
    reductions (their results take the slice layout), scans (only into
    layouts the scan lowering can scan along the axis; Triton keeps scans
    in blocked layouts, all of which qualify), expand_dims, trans, join,
    split and reshapes that keep element order (their results take the
    layout the encoding's dialect infers), conversions (which then
    disappear) and values that scf.for and scf.if carry. Where two layouts
    reach one value the tensor-core layout wins, else the first to arrive
    (the last anchor spreads first, as in Triton); a dot's mma layout
    spreads into its epilogue too, as in Triton 3.6. A conversion back is
    inserted right before each user that needs the old layout. This keeps
    attention's scores, row statistics and accumulator in the mma layout,
    with one conversion of P into the dot operand layout, and converts a
    matmul's bias into the mma layout and its narrowed result out of it.

    Then, until nothing changes, it rematerializes the cheap producers of a
    converted value (make_range, splat, constants, addptr, broadcast,
    expand_dims, elementwise ops, and trans, join and order-keeping reshapes
    in the layouts the target implies) in the target layout, propagates a
    conversion's source layout forward through elementwise ops and scans
    into reductions, and moves conversions out of loops and ifs. Scans are
    not recomputed in another layout (they are not cheap). A reshape with
    `allow_reorder` reads the source of a conversion directly when its
    result layout can hold that source's registers, and `tt.unsplat` reads
    any layout; a reshape marked `efficient_layout` keeps its layouts.

    Last, conversions move to narrower values (to the loads of an mma dot
    operand; above a broadcast or widening cast, through conversions from
    the target layout and reusing one an earlier move made), and a
    conversion of what a single-use reduction computes is removed by
    reducing in the target layout when its operands are at hand there and
    an earlier conversion dies with the old chain.
  }];
  let statistics = [
    Statistic<"numRemovedConversions", "num-removed-conversions",
              "Number of ttg.convert_layout ops removed (those before the "
              "pass minus those after)">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def TTGAccelerateMatmulPass
    : Pass<"tritongpu-accelerate-matmul", "::mlir::ModuleOp"> {
  let summary = "Give each tt.dot that tensor cores can compute an mma layout";
  let description = [{
    For each `tt.dot` whose result still has a register layout other than
    `#ttg.nvidia_mma`, on a target of compute capability 8.0 or higher, and
    whose operands the tensor cores take (f16, bf16, fp8, i8, or f32 with
    `inputPrecision = tf32`), picks Triton 3.6's instruction:

    * **wgmma on cuda:90** (`#ttg.nvidia_mma` version 3) when the dot is
      2-D, num-warps is a multiple of 4, M a multiple of 64, N of 16, K at
      least one instruction (256 bits of operand elements), and fp8 into f32
      allows at least 32 imprecise additions. The dot becomes a
      `ttng.warp_group_dot` with

          #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0,
                           warpsPerCTA = W, instrShape = [16, N', K']}>

      `K'` is one instruction's K; `N'` the largest wgmma width (a multiple
      of 8 up to 256; for i8 of 16 up to 224, or 8) dividing N that leaves
      every warp column work. `W` stacks warpgroups of 4 warps along M while
      M has 16 rows per warp left, then along N; a dot chained to another
      dot keeps all warps along M. Both operands are stored in shared memory
      right after they are computed (`ttg.local_alloc` of the value) with
      `#ttg.nvmma_shared`: the order of their registers for f16 and bf16,
      K-major for every other type (tf32, fp8 and i8 must be K-major; such a
      store transposes in registers and its load is not pipelined), and the
      widest 128/64/32-byte swizzle that the contiguous dim's bytes fill.
      Every other dot on cuda:90 gets a remark naming why and falls back to
      mma.sync.
    * **mma.sync** (version 2) otherwise:

          #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0,
                           warpsPerCTA = W, instrShape = [16, 8]}>

      with the operands in `#ttg.dot_op<{opIdx = 0|1, parent = #mma,
      kWidth = 32 / bits}>`. `bits` is the narrowest element width the
      operand had before widening casts (so f16 loaded and widened to f32
      still gets kWidth 2). `W` is Triton's choice: warps are doubled along
      M or N, whichever has more 16x8 tiles per warp left (M on ties); when
      the dot is chained to another dot (attention), all warps go along the
      longer dim, or copy the other dot's mma layout.

    `ttg.convert_layout` ops convert the accumulator in and the result back.
    Then, as in Triton, operand types the chosen path does not compute
    natively are widened with `tt.fp_to_fp` (or `arith.extsi`): fp8 operands
    of mma.sync to f16 except on cuda:89, and FMA operands to the
    accumulator's type.

    f64 dots take mma.sync on cuda:80 and cuda:90 only (kWidth 1; wgmma has
    no f64 form), where the tensor cores are fast at f64, as in Triton.

    Dots stay on the FMA path (blocked layouts) when no tensor-core
    instruction takes them: f32 with `ieee` precision (and, until tile has
    `tritongpu-F32DotTC`, `tf32x3`/`bf16x3`/`bf16x6`), f64 on targets other
    than cuda:80 and cuda:90 (or K not a multiple of 8), integers other
    than i8, targets below cuda:80, and K below one instruction's (256 /
    bits). M and N may be smaller than the 16x8 tile, as in Triton 3.6 (its
    test_core has 1x2 and 2x4 dots): the layouts then hold the tile
    broadcast.

    Every `tt.dot_scaled` is first decomposed, as Triton does below sm_100
    (DecomposeScaledBlocked): both operands are upcast to bf16 (f16 when
    either is fp16), e2m1 with `ttg.fp4_to_fp` along K and fp8 with
    `tt.fp_to_fp`; an e8m0 scale s becomes 2^(s - 127) (shifted into a bf16
    exponent, or an f32 one rounded to f16), is repeated along its 32
    elements of K and multiplied in, and unless `fastMath` a scale of 0xFF
    makes the values NaN; an ordinary `tt.dot` of the results then gets its
    layouts like any other. Formats without an upcast on the target are an
    error naming the op, the side and the format: e4m3 below cuda:89, fp6
    (e2m3, e3m2), and e2m1 packed along M or N (`lhs_k_pack`/`rhs_k_pack`
    false). Likewise a `tt.dot` with e4m3 operands below cuda:89 is an
    error (every path there widens fp8, and e4m3 has no conversion).
    Triton's transposition of dot_scaled ops that scale only B is not done
    (it chooses layouts; the result is the same).

    Deliberate difference from Triton 3.6: a dot whose operands the tensor
    cores take but whose accumulator type they have no instruction for
    (e.g. bf16 x bf16 -> bf16, i8 x i8 -> i8, tf32 -> f16) is an error
    naming the op, the types and the target; Triton builds the mma layout
    and fails later in the lowering.
  }];
  let statistics = [
    Statistic<"numMmaDots", "num-mma-dots",
              "Number of tt.dot ops given an mma layout (tensor cores)">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect",
                           "::mlir::tile::ttng::TTNGDialect",
                           "::mlir::arith::ArithDialect"];
}

def TTGReduceDataDuplicationPass
    : Pass<"tritongpu-reduce-data-duplication", "::mlir::ModuleOp"> {
  let summary = "Stage register-to-dot-operand conversions through swizzled shared memory";
  let description = [{
    A `ttg.convert_layout` from a register layout to a `#ttg.dot_op` layout
    that moves data between warps (an mma operand is replicated across the
    warps along the other dim) becomes an explicit

        %m = ttg.local_alloc %x : (tensor<..., #blocked>) -> !ttg.memdesc<..., #shared, #smem>
        %y = ttg.local_load %m : !ttg.memdesc<..., #shared, #smem> -> tensor<..., #ttg.dot_op<...>>

    so each warp reads (with ldmatrix) only the part it needs. The shared
    encoding is Triton 3.6's `#ttg.swizzled_shared` for that dot operand:
    the order of the source layout (`getOrderForMemory`) and the
    vec/perPhase/maxPhase of `getDotOperandSharedEncoding`. Conversions that
    stay within each warp are left to the convert_layout lowering.
  }];
  let statistics = [
    Statistic<"numStagedConversions", "num-staged-conversions",
              "Number of conversions to dot operands staged through shared "
              "memory">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def TTGCombineTensorSelectAndIfPass
    : Pass<"tritongpu-combine-tensor-select-and-if", "::mlir::ModuleOp"> {
  let summary = "Fold tensor selects into an scf.if on the same condition";
  let description = [{
    An `arith.select` of tensors whose condition also drives an `scf.if` in
    the same block (after the select, and before every use of the select)
    becomes one more result of the if: the then branch yields the select's
    true value, the else branch (created when missing) its false value. A
    use of a select inside one branch of such an if first takes the value
    that branch would select. Scalar selects stay as they are.

    ```mlir
    %s = arith.select %c, %a, %b : tensor<64xf32, #blocked>
    scf.if %c { ... }
    // becomes
    %r = scf.if %c -> (tensor<64xf32, #blocked>) { ...; scf.yield %a : ... }
         else { scf.yield %b : ... }
    ```
  }];
  let statistics = [
    Statistic<"numCombinedSelects", "num-combined-selects",
              "Number of selects folded into an scf.if">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def TTGOptimizeThreadLocalityPass
    : Pass<"tritongpu-optimize-thread-locality", "::mlir::ModuleOp"> {
  let summary = "Keep reductions and gathers within a thread or a warp";
  let description = [{
    Three rewrites that trade a layout conversion for less communication
    between threads:

    - A `tt.reshape allow_reorder` feeding reductions along one axis gets a
      blocked result layout with that axis outermost in the order (so
      threads split the other dims), marked `efficient_layout`, and a
      `ttg.convert_layout` back for its users.
    - A `tt.gather` of rank 2 or more gets a blocked layout in which one
      warp spans the gather axis (so the gather needs only shuffles), on
      source, indices and result, marked `efficient_layout`.
    - A floating-point add/mul/max/min reduction along the innermost dim of
      a blocked `tt.load` result, whose only use combines it into a loop
      accumulator, is split: the loop reduces only the elements of each
      thread (a rank+1 reshape that moves them into a new innermost dim)
      into a new loop-carried accumulator that starts at the operation's
      neutral element, and the reduction across threads happens once after
      the loop, combined there with the original initial value.
  }];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect",
                           "::mlir::tile::tt::TTDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TTGReorderInstructionsPass
    : Pass<"tritongpu-reorder-instructions", "::mlir::ModuleOp"> {
  let summary = "Move ops to shorten live ranges and to help ptxas";
  let description = [{
    Moves, in this order:

    - each `ttg.convert_layout` after any `ttg.local_dealloc` that lies
      between it and its first use in its block (the dealloc's buffer is
      then free before the conversion's scratch is needed);
    - a `ttg.local_load`, or a convert to a `#ttg.dot_op` layout, with one
      user in another loop nest, right before that user (it would
      otherwise keep a large register tensor alive across the loop);
    - a `ttg.local_alloc` of a value right after the value's definition
      (not for constants and splats: no gain, more shared memory);
    - a `tt.trans` right after its operand's definition;
    - the `ttg.local_load` of a dot's B operand after that of its A operand
      when nothing in between writes memory.
  }];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def TTGOptimizeDotOperandsPass
    : Pass<"tritongpu-optimize-dot-operands", "::mlir::ModuleOp"> {
  let summary = "Fold transposes and reshapes of dot operands into shared-memory views";
  let description = [{
    After canonicalizing, three rewrites let the hardware (or the
    shared-memory read) do a transpose or reshape instead of the registers:

    * `tt.dot(convert_layout(tt.trans(x)))` with an mma v2 dot: `x` is
      stored into a `#ttg.swizzled_shared` buffer swizzled for the operand
      read transposed, and the operand is a `ttg.local_load` of its
      `ttg.memdesc_trans` view (ldmatrix.trans does the transpose);
    * `ttg.local_alloc(tt.trans(x))` read only by a `ttng.warp_group_dot`
      or a `ttng.tc_gen5_mma(_scaled)`: `x` is stored with the transposed
      `#ttg.nvmma_shared` layout and the dot reads a `ttg.memdesc_trans`
      view (wgmma and tcgen05 take either major);
    * `ttg.local_alloc(tt.reshape(x))` into an nvmma layout: `x` is stored
      with the layout whose `ttg.memdesc_reshape` view is the allocated
      one.

    ```
    mlir-opt --load-dialect-plugin=libtile.so --load-pass-plugin=libtile.so \
      -p 'builtin.module(tritongpu-optimize-dot-operands{hoist-layout-conversion=true})' k.ttgir
    ```
  }];
  let options = [
    Option<"hoistLayoutConversion", "hoist-layout-conversion", "bool",
           /*default=*/"true",
           "Move conversions to dot operands above elementwise ops (Triton "
           "3.6 accepts the option and ignores it)">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect",
                           "::mlir::tile::ttng::TTNGDialect",
                           "::mlir::tile::tt::TTDialect"];
}

def TTGCoalesceAsyncCopyPass
    : Pass<"tritongpu-coalesce-async-copy", "::mlir::ModuleOp"> {
  let summary = "Give each thread one cp.async worth of contiguous source elements";
  let description = [{
    For a `ttg.async_copy_global_to_local` from a `#ttg.blocked` tensor of
    pointers into a `#ttg.swizzled_shared` buffer: when a thread holds more
    contiguous elements along the fastest dim than land contiguously in the
    buffer (the copy would be split into several narrow cp.async), the
    source layout's sizePerThread along that dim is clipped to the buffer's
    run. The pointers, mask and other value get a `ttg.convert_layout` to
    the clipped layout and the copy's `contiguity` is recomputed.
  }];
  let statistics = [
    Statistic<"numClippedCopies", "num-clipped-copies",
              "Number of copies whose source layout was narrowed">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect",
                           "::mlir::tile::tt::TTDialect"];
}

def TTGOptimizeAccumulatorInitPass
    : Pass<"tritongpu-optimize-accumulator-init", "::mlir::ModuleOp"> {
  let summary = "Replace zeroing an mma accumulator by the dot's use-accumulator flag";
  let description = [{
    For a `ttng.warp_group_dot` directly in an `scf.for` whose accumulator
    is a zero constant, a loop argument starting at zero, or is zeroed in
    the loop by an `arith.select` or `scf.if` on a condition: the zeroing
    goes away and the dot's `useC` operand says instead whether the
    accumulator holds a value, through a new i1 loop argument (false on
    entry when the argument starts at zero; after the dot it is true; a
    select of the zeroing's condition where the zeroing was). Dots that
    accumulate fp8 products in f32 in pieces (`maxNumImpreciseAcc` no
    larger than K) are left alone, as are dots whose flag is already not
    the constant true. Triton 3.6 runs this pass only for compute
    capability 100 and up (tcgen05 mma); tile has no tcgen05 ops, so only
    wgmma is rewritten.
  }];
  let statistics = [
    Statistic<"numDotsWithFlag", "num-dots-with-flag",
              "Number of dots whose accumulator zeroing became a flag">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // TILE_PASSES_TTG_LAYOUTPASSES_TD
