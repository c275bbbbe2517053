"""Tensor descriptors made on the device (tt.make_tensor_descriptor,
tt.descriptor_load/store): 2-D copies of blocks that overhang the tensor,
with zero and NaN padding. The kernels are
test/Inputs/language/descriptors/*.ttir, each run twice:
  * sm_80: triton-rewrite-tensor-descriptor-to-pointer makes masked pointer
    accesses of them;
  * sm_90: TMA; each program writes its two tensor maps into its slice of
    global scratch (docs/DeviceDescriptors.md), which the launcher allocates
    from the metadata's global_scratch_size; TMA fills the overhang of a
    load (zeros, or NaN) and drops the overhang of a store.
The checks are the block-pointer copies' (same arguments, same blocks: a
100 x 70 source, 32 x 64 blocks, a 4 x 2 grid)."""

from language_check import Case
from checks.block_pointers import copy_checker

DIR = "test/Inputs/language/descriptors/"

COPIES = [
    ("copy_f32_zero", "float32", "zero"),
    ("copy_f32_nan", "float32", "nan"),
    ("copy_i32_zero", "int32", "zero"),
]

CASES = [
    Case(f"descriptor_{name}_{sm}", DIR + name + ".ttir",
         copy_checker(dtype, padding), target=target)
    for sm, target in (("sm80", "cuda:80"), ("sm90", "cuda:90"))
    for name, dtype, padding in COPIES
]
