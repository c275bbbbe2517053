"""Tensor descriptors below sm_90 (tt.make_tensor_descriptor,
tt.descriptor_load/store), rewritten by
triton-rewrite-tensor-descriptor-to-pointer into masked pointer accesses:
2-D copies of blocks that overhang the tensor, with zero and NaN padding.
The kernels are test/Inputs/language/descriptors/*.ttir; they run for sm_80
only (from sm_90 on descriptors are TMA's, which tile does not lower yet).
The checks are the block-pointer copies' (same arguments, same blocks)."""

from language_check import Case
from checks.block_pointers import copy_checker

DIR = "test/Inputs/language/descriptors/"

COPIES = [
    ("copy_f32_zero", "float32", "zero"),
    ("copy_f32_nan", "float32", "nan"),
    ("copy_i32_zero", "int32", "zero"),
]

CASES = [
    Case(f"descriptor_{name}_sm80", DIR + name + ".ttir",
         copy_checker(dtype, padding), target="cuda:80")
    for name, dtype, padding in COPIES
]
