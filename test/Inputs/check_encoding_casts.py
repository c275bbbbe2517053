#!/usr/bin/env python3
"""Fails when C++ outside the allow-list names a concrete ttg encoding in a
cast (isa/cast/dyn_cast/...<XEncodingAttr>). Everything else must ask the
layout algebra (ttg::toLinearLayout, LayoutEncodingAttrInterface).

The allow-list holds the places where the encoding *is* the decision:
defining encodings, giving them meaning, building them (layout inference,
coalesce, accelerate-matmul) or choosing an instruction family."""
import re
import sys

from lint_support import cpp_sources, summarize

ALLOWED = {
    # Definition: syntax and verification.
    "dialects/ttg/TTGAttrs.cpp",
    # Building encodings: the shared encoding of a dot operand depends on
    # whether its parent is an mma (swizzled for ldmatrix) or FMA layout.
    "dialects/ttg/EncodingBuilders.cpp",
    # The memdesc type's verifier: Triton's rule that a padded encoding's
    # linear part spans exactly one buffer (padding has no linear layout).
    "dialects/ttg/TTGTypes.cpp",
    # ttng.warp_group_dot's verifier: Triton's rule on the kWidth of its
    # in-register (dot_op) operand.
    "dialects/ttg/TTGOps.cpp",
    # TMA's swizzle mode is a hardware parameter the nvmma_shared encoding
    # names (swizzlingByteWidth), encoded into the CUtensorMap as is.
    "dialects/ttg/TMABlock.cpp",
    # Triton's canonicalization of convert_layout leaves conversions from
    # an mma accumulator to a dot operand (done in registers) alone.
    "dialects/ttg/ConvertLayoutCanonicalization.cpp",
    # Definition of the encodings tile reads but gives no layout, and the
    # test that names them (isParseOnlyEncoding).
    "dialects/ttg/TTGParseOnlyAttrs.cpp",
    # Meaning: the one conversion of encodings to linear layouts.
    "dialects/ttg/EncodingToLinearLayout.cpp",
    # Printing aliases, and layout inference that builds blocked results.
    "dialects/ttg/TTGDialect.cpp",
    # ttng's TMEM encodings: their definition, the memdesc rules they bring,
    # and op verifiers whose rules (Triton's) name the operand encodings.
    "dialects/ttg/TTNGDialect.cpp",
    "dialects/ttg/TTNGTensorMemoryOps.cpp",
    # TMA writes shared memory only in the nvmma_shared swizzle.
    "dialects/ttg/TTNGTmaOps.cpp",
    # Triton's aref verifier: TMEM scale buffers are not sliced by stage.
    "dialects/nvws/NVWSArefOps.cpp",
    # Buffer alignment: wgmma and TMA apply the nvmma_shared swizzle to the
    # absolute address, so such buffers start on a whole swizzle pattern.
    "passes/analysis/Allocation.cpp",
    # Choosing an instruction family: mma.sync or FMA for tt.dot.
    "passes/conversion/TTGToLLVM/Dot/DotPlan.cpp",
    # The same for ttng.warp_group_dot: wgmma reads only nvmma_shared
    # buffers and writes version-3 mma accumulators.
    "passes/conversion/TTGToLLVM/WarpGroupDotOpToLLVM.cpp",
    # Choosing the instruction family of each dot (mma.sync vs FMA) and
    # building the mma and dot operand encodings of that choice.
    "passes/ttg/AccelerateMatmul.cpp",
    # Triton's layout propagation decides by encoding kind: a tensor-core
    # accumulator layout (or a slice of one) wins a conflict, an mma anchor
    # spreads only when a conversion returns to a tensor-core layout, and
    # expand_dims inverts a slice to its parent.
    "passes/ttg/LayoutPropagation.cpp",
    # Triton's hoistConvertDotOperand moves only conversions to a dot
    # operand of an mma (tensor-core) layout up to their loads.
    "passes/ttg/HoistConversions.cpp",
    # A reduction's result is a slice along its axis of the layout it
    # reduces in: redoing a reduction in a target layout reads the slice's
    # parent (blocked parents only; dot operand targets are the hoists').
    "passes/ttg/RematerializeReductions.cpp",
    "passes/ttg/Rematerializer.cpp",
    # Only conversions *to* a dot operand layout are staged through shared
    # memory; the dot operand encoding is the decision.
    "passes/ttg/ReduceDataDuplication.cpp",
    # Building the encoding of a transposed view (a swizzled order
    # permuted, nvmma's `transposed` flipped), then checked against the
    # linear layouts.
    "dialects/ttg/MemDescViews.cpp",
    # Triton's rule rewrites a blocked source's sizePerThread for a
    # swizzled (not nvmma) destination.
    "passes/ttg/CoalesceAsyncCopy.cpp",
    # The consuming dot decides the view: mma v2 operands are read with
    # ldmatrix(.trans) from a swizzled buffer, wgmma's from nvmma buffers.
    "passes/ttg/OptimizeDotOperands.cpp",
    # Triton prefetches only mma v2 (and AMD mfma) dots; the slice width is
    # the operand's kWidth.
    "passes/ttg/Prefetch.cpp",
    # Reading a dot operand (which operand, through which layout) is the
    # decision: A is read from shared memory before B, and conversions to
    # the replicated operand layouts are sunk to their use.
    "passes/ttg/ReorderInstructions.cpp",
    # Building the blocked layouts of thread-local reductions and
    # warp-local gathers from the blocked layout they replace, as Triton.
    "passes/ttg/OptimizeThreadLocality.cpp",
    # Choosing a descriptor's encoding: Triton's rule takes the buffer a
    # loaded block is stored into when it is a non-transposed nvmma_shared,
    # the only encoding a TMA copy fills.
    "passes/ttg/OptimizeDescriptorEncoding.cpp",
}
CAST = re.compile(r"\b(isa|cast|dyn_cast|dyn_cast_if_present|isa_and_present|"
                  r"cast_if_present|dyn_cast_or_null|isa_and_nonnull)"
                  r"<[^>]*\b(\w+(Encoding|SharedEncoding)Attr)\b")


def main():
    violations = 0
    checked = 0
    for rel, path in cpp_sources(sys.argv[1]):
        checked += 1
        if rel in ALLOWED:
            continue
        for lineno, line in enumerate(path.read_text().splitlines(), 1):
            match = CAST.search(line)
            if match:
                violations += 1
                print(f"{rel}:{lineno}: casts to {match.group(2)}; ask the "
                      f"layout algebra instead, or add the file to the "
                      f"allow-list with a reason")
    return summarize(checked, violations,
                     "encoding casts outside the allow-list")


if __name__ == "__main__":
    sys.exit(main())
