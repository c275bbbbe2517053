#!/usr/bin/env python3
"""Writes the tt.dot_scaled kernels of bench/checks/dot_scaled.py: one
M x N tile of C = scale(A, sa) @ scale(B, sb), K = 64, every tensor
row-major and contiguous. A is M x K (e2m1: M x K/2 bytes, two values per
byte, the lower K index in the low nibble), B is K x N (e2m1: K/2 x N
bytes), sa is M x K/32 and sb N x K/32 (e8m0 exponents as i8). Run from
anywhere; the kernels land in test/Inputs/language/dot_scaled."""

import os

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test",
                    "Inputs", "language", "dot_scaled")
M, N, K = 64, 64, 64
TYPES = {"e2m1": "i8", "e4m3": "f8E4M3FN", "e5m2": "f8E5M2",
         "bf16": "bf16", "fp16": "f16"}

# name -> (lhs format, rhs format, lhs scaled, rhs scaled, fastMath)
KERNELS = {
    "e2m1_e2m1": ("e2m1", "e2m1", True, True, False),
    "e2m1_e5m2": ("e2m1", "e5m2", True, True, False),
    "e4m3_e2m1": ("e4m3", "e2m1", True, True, False),
    "e5m2_e4m3": ("e5m2", "e4m3", True, True, True),
    "e5m2_e5m2_noscale": ("e5m2", "e5m2", False, False, False),
    "bf16_e2m1": ("bf16", "e2m1", False, True, False),
    "fp16_e2m1": ("fp16", "e2m1", False, True, False),
    "e2m1_fp16": ("e2m1", "fp16", True, False, False),
}


class Writer:
    def __init__(self):
        self.lines, self.n = [], 0

    def fresh(self):
        self.n += 1
        return f"%v{self.n}"

    def op(self, text):
        name = self.fresh()
        self.lines.append(f"    {name} = {text}")
        return name

    def pointers(self, ptr, elem, rows, cols):
        """A rows x cols tensor of pointers into row-major `ptr`."""
        r = self.op(f"tt.make_range {{end = {rows} : i32, start = 0 : i32}}"
                    f" : tensor<{rows}xi32>")
        c = self.op(f"tt.make_range {{end = {cols} : i32, start = 0 : i32}}"
                    f" : tensor<{cols}xi32>")
        r2 = self.op(f"tt.expand_dims {r} {{axis = 1 : i32}} : "
                     f"tensor<{rows}xi32> -> tensor<{rows}x1xi32>")
        stride = self.op(f"arith.constant dense<{cols}> : "
                         f"tensor<{rows}x1xi32>")
        rs = self.op(f"arith.muli {r2}, {stride} : tensor<{rows}x1xi32>")
        c2 = self.op(f"tt.expand_dims {c} {{axis = 0 : i32}} : "
                     f"tensor<{cols}xi32> -> tensor<1x{cols}xi32>")
        rb = self.op(f"tt.broadcast {rs} : tensor<{rows}x1xi32> -> "
                     f"tensor<{rows}x{cols}xi32>")
        cb = self.op(f"tt.broadcast {c2} : tensor<1x{cols}xi32> -> "
                     f"tensor<{rows}x{cols}xi32>")
        off = self.op(f"arith.addi {rb}, {cb} : tensor<{rows}x{cols}xi32>")
        base = self.op(f"tt.splat {ptr} : !tt.ptr<{elem}> -> "
                       f"tensor<{rows}x{cols}x!tt.ptr<{elem}>>")
        return self.op(f"tt.addptr {base}, {off} : "
                       f"tensor<{rows}x{cols}x!tt.ptr<{elem}>>, "
                       f"tensor<{rows}x{cols}xi32>"), \
            f"tensor<{rows}x{cols}x!tt.ptr<{elem}>>"

    def load(self, ptr, elem, rows, cols):
        p, ptype = self.pointers(ptr, elem, rows, cols)
        return self.op(f"tt.load {p} : {ptype}"), \
            f"tensor<{rows}x{cols}x{elem}>"


def kernel(name, lhs, rhs, lscaled, rscaled, fast):
    w = Writer()
    a_shape = (M, K // 2) if lhs == "e2m1" else (M, K)
    b_shape = (K // 2, N) if rhs == "e2m1" else (K, N)
    a, at = w.load("%a_ptr", TYPES[lhs], *a_shape)
    b, bt = w.load("%b_ptr", TYPES[rhs], *b_shape)
    lhs_operand, lhs_types = a, at
    if lscaled:
        sa, sat = w.load("%sa_ptr", "i8", M, K // 32)
        lhs_operand, lhs_types = f"{a} scale {sa}", f"{at}, {sat}"
    rhs_operand, rhs_types = b, bt
    if rscaled:
        sb, sbt = w.load("%sb_ptr", "i8", N, K // 32)
        rhs_operand, rhs_types = f"{b} scale {sb}", f"{bt}, {sbt}"
    zero = w.op(f"arith.constant dense<0.000000e+00> : tensor<{M}x{N}xf32>")
    d = w.op(f"tt.dot_scaled {lhs_operand}, {rhs_operand}, {zero} "
             f"lhs = {lhs} rhs = {rhs} {{fastMath = {str(fast).lower()}}} : "
             f"{lhs_types} * {rhs_types} -> tensor<{M}x{N}xf32>")
    cp, ctype = w.pointers("%c_ptr", "f32", M, N)
    w.lines.append(f"    tt.store {cp}, {d} : {ctype}")
    args = [f"%a_ptr: !tt.ptr<{TYPES[lhs]}> {{tt.divisibility = 16 : i32}}",
            f"%sa_ptr: !tt.ptr<i8> {{tt.divisibility = 16 : i32}}",
            f"%b_ptr: !tt.ptr<{TYPES[rhs]}> {{tt.divisibility = 16 : i32}}",
            f"%sb_ptr: !tt.ptr<i8> {{tt.divisibility = 16 : i32}}",
            "%c_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}"]
    scales = ", ".join(s for s, on in (("A", lscaled), ("B", rscaled)) if on)
    header = (f"// C = A @ B for {lhs} A and {rhs} B with "
              f"{'scales of ' + scales if scales else 'no scales'}"
              f"{', fastMath' if fast else ''} ({M}x{N}, K = {K});\n"
              f"// written by bench/make_dot_scaled_kernels.py (unused scale pointers stay "
              f"in the signature).\n")
    return (header + "module {\n  tt.func public @dot_scaled("
            + ", ".join(args) + ") attributes {noinline = false} {\n"
            + "\n".join(w.lines) + "\n    tt.return\n  }\n}\n")


if __name__ == "__main__":
    for name, spec in KERNELS.items():
        with open(os.path.join(HERE, f"dot_scaled_{name}.ttir"), "w") as f:
            f.write(kernel(name, *spec))
