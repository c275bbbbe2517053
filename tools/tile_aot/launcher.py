"""One specialization's launcher: the text of its NAME.h and NAME.c."""

from __future__ import annotations

import hashlib
import json
import textwrap

from .cgen import (HELPERS, c_bytes, c_call, c_proto, comment, guard_name,
                   hint_conditions, launch_prefix)
from .common import CompileError, UsageError, log
from .compiled import Compiled, scratch_count
from .signature import c_type


class Launcher:
    """One specialization: everything its .h and .c say."""

    def __init__(self, args, entries, kernel, compiled, source, grid_exprs,
                 helpers, grid_text):
        meta = compiled.meta
        self.kernel, self.source, self.entries = kernel, source, entries
        self.signature = ", ".join(e.text for e in entries)
        self.grid_exprs, self.helpers = grid_exprs, helpers
        self.grid_text = grid_text
        self.num_warps = int(meta["num_warps"])
        self.num_stages = int(meta["num_stages"])
        self.threads = self.num_warps * int(meta["target"].get("warp_size", 32))
        self.shared = int(meta.get("shared", 0))
        self.target = f"cuda:{meta['target']['arch']}"
        if int(meta.get("num_ctas", 1)) != 1:
            raise UsageError(f"{source}: num_ctas {meta['num_ctas']}: "
                             "cluster launches are not supported")
        for key in ("global_scratch_size", "profile_scratch_size"):
            if int(meta.get(key) or 0) > 0:
                raise UsageError(f"{source}: {key} {meta[key]}: kernels that "
                                 "need scratch memory are not supported")
        self.runtime = [e for e in entries if e.runtime]
        self.scratch = scratch_count(compiled.ptx, kernel, self.runtime)
        self.image, self.image_kind = self.pick_image(args.embed, compiled)
        self.prefix = args.out_name or kernel
        self.function = f"{self.prefix}_{self.hash()}_{self.suffix()}"

    @staticmethod
    def pick_image(embed: str, compiled: Compiled) -> tuple[bytes, str]:
        if embed == "cubin" or (embed == "auto" and compiled.cubin):
            if not compiled.cubin:
                raise CompileError("--embed cubin: there is no cubin (no "
                                   "ptxas? set TILE_PTXAS)")
            return compiled.cubin, "cubin"
        if embed == "auto":
            log("no cubin (no ptxas): embedding the PTX, which the driver "
                "compiles when the module is loaded")
        # The driver reads PTX as a NUL-terminated string.
        return compiled.ptx.encode() + b"\0", "ptx"

    def hash(self) -> str:
        """Eight hex digits of the specialization, as Triton names them:
        the signature and the compile options, and (unlike Triton) the
        target and the grid, which also change the function."""
        key = [e.text for e in self.entries] + [
            f"warps{self.num_warps}xstages{self.num_stages}", self.target,
            f"grid {self.grid_text}"]
        return hashlib.sha256(" ".join(key).encode()).hexdigest()[:8]

    def suffix(self) -> str:
        """Triton's suffix: each entry's index, `d` after a :16 entry and
        `c` after a :1 entry (0d1d2d3d4 for add_kernel)."""
        return "".join(str(e.index) + {16: "d", 1: "c"}.get(e.hint, "")
                       for e in self.entries)

    def c_args(self) -> list[tuple[str, str]]:
        return [(c_type(e.type), e.cname) for e in self.runtime]

    def manifest(self) -> dict:
        """What `link` needs, on one line of the header."""
        return {
            "tile_aot": 1, "function": self.function, "prefix": self.prefix,
            "kernel": self.kernel, "signature": self.signature,
            "target": self.target, "num_warps": self.num_warps,
            "num_stages": self.num_stages, "shared": self.shared,
            "grid": self.grid_text,
            "args": [{"name": e.cname, "ctype": c_type(e.type),
                      "type": e.type, "hint": e.hint}
                     for e in self.entries if e.dispatched],
        }

    def describe(self) -> list[str]:
        """The comment block both files start with."""
        consts = [f"#{e.index} = {e.value}" for e in self.entries
                  if e.value is not None]
        ones = [f"#{e.index} == 1" for e in self.entries if e.hint == 1]
        lines = [
            f"{self.kernel} from {self.source}, specialized for",
            f"  signature  {self.signature}",
            "  grid       " + (self.grid_text if self.grid_exprs
                               else "given by the caller (gX, gY, gZ)"),
        ]
        if consts or ones:
            lines.append("  baked in   " + ", ".join(consts + ones))
        lines += textwrap.wrap(
            f"{self.target}, {self.num_warps} warps ({self.threads} threads "
            f"a block), {self.num_stages} stage"
            f"{'' if self.num_stages == 1 else 's'}, {self.shared} bytes of "
            "dynamic shared memory.", 76)
        return lines

    def header(self) -> str:
        f = self.function
        checks = [f"{e.cname} % 16 == 0" for e in self.runtime if e.hint == 16]
        launch_doc = (
            "Launches the kernel on `stream`. Returns CUDA_ERROR_INVALID_VALUE"
            + (f" where a hint fails ({', '.join(checks)}) or" if checks
               else " where")
            + " the grid is out of range, CUDA_SUCCESS without launching for "
            "an empty grid, else what loading and cuLaunchKernel return.")
        out = [f"/* {f}.h: generated by tools/tile-aot; do not edit.", " *"]
        out += [" * " + line for line in self.describe()]
        out += [" */", "// tile-aot: " + json.dumps(self.manifest()),
                f"#ifndef {guard_name(f)}", f"#define {guard_name(f)}", "",
                "#include <cuda.h>", "#include <stdint.h>", "",
                "#ifdef __cplusplus", 'extern "C" {', "#endif", ""]
        out += comment("Loads the kernel into the current context. The "
                       "launch function loads it on first use; call this "
                       "first where several threads launch.")
        out += [f"CUresult load_{f}(void);", f"CUresult unload_{f}(void);",
                ""]
        out += comment(launch_doc)
        out += c_proto("CUresult", f,
                       launch_prefix(self.grid_exprs) + self.c_args(), ";")
        out += ["", "#ifdef __cplusplus", "}",
                "#endif", "", f"#endif /* {guard_name(f)} */", ""]
        return "\n".join(out)

    def source_text(self) -> str:
        f = self.function
        out = [f"/* {f}.c: generated by tools/tile-aot; do not edit.", " *"]
        out += [" * " + line for line in self.describe()]
        what = ("the cubin" if self.image_kind == "cubin"
                else "the PTX (NUL-terminated; the driver compiles it at load)")
        out += [" */", f'#include "{f}.h"', "", "#include <stddef.h>", "",
                f"/* The kernel image: {what}, {len(self.image)} bytes. */",
                f"static const unsigned char tile_image[{len(self.image)}] = {{",
                c_bytes(self.image), "};", "",
                "static CUmodule tile_module;",
                "static CUfunction tile_function;", ""]
        out += self.load_functions()
        for helper in sorted(self.helpers):
            out.append(HELPERS[helper])
        out += self.launch_function()
        return "\n".join(out)

    def load_functions(self) -> list[str]:
        f = self.function
        out = [f"CUresult load_{f}(void) {{",
               "  CUmodule module;",
               "  CUfunction function;",
               "  CUresult r;",
               "  if (tile_function)",
               "    return CUDA_SUCCESS;",
               "  r = cuModuleLoadDataEx(&module, tile_image, 0, NULL, NULL);",
               "  if (r != CUDA_SUCCESS)",
               "    return r;",
               f'  r = cuModuleGetFunction(&function, module, "{self.kernel}");']
        if self.shared > 48 * 1024:
            out += ["  /* Above 48 KiB a kernel must opt in to its dynamic "
                    "shared memory. */",
                    "  if (r == CUDA_SUCCESS)"]
            out += c_call("    r = ", "cuFuncSetAttribute",
                          ["function",
                           "CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES",
                           str(self.shared)], ";")
        out += ["  if (r != CUDA_SUCCESS) {",
                "    cuModuleUnload(module);",
                "    return r;",
                "  }",
                "  tile_module = module;",
                "  tile_function = function;",
                "  return CUDA_SUCCESS;",
                "}", "",
                f"CUresult unload_{f}(void) {{",
                "  CUmodule module = tile_module;",
                "  if (!module)",
                "    return CUDA_SUCCESS;",
                "  tile_module = NULL;",
                "  tile_function = NULL;",
                "  return cuModuleUnload(module);",
                "}", ""]
        return out

    def launch_function(self) -> list[str]:
        f = self.function
        out = c_proto("CUresult", f,
                      launch_prefix(self.grid_exprs) + self.c_args(), " {")
        params = [f"&{e.cname}" for e in self.runtime]
        if self.scratch:
            out.append("  /* Triton's trailing scratch pointers: null, as "
                       "Triton's AOT launchers pass them. */")
            for i in range(self.scratch):
                out.append(f"  CUdeviceptr tile_scratch{i} = 0;")
                params.append(f"&tile_scratch{i}")
        if params:
            out += c_call("  void *tile_params[] = ", "", params, ";",
                          brackets="{}")
        out.append("  CUresult tile_status;")
        conds = hint_conditions([(e.cname, e.hint) for e in self.runtime])
        if conds:
            out += ["  /* The code was compiled for arguments that hold "
                    "these hints. */",
                    "  if (!(" + " &&\n        ".join(conds) + "))",
                    "    return CUDA_ERROR_INVALID_VALUE;"]
        if self.grid_exprs is not None:
            out += self.grid_lines()
        out += ["  /* An empty grid has nothing to do. */",
                "  if (gX == 0 || gY == 0 || gZ == 0)",
                "    return CUDA_SUCCESS;",
                f"  tile_status = load_{f}();",
                "  if (tile_status != CUDA_SUCCESS)",
                "    return tile_status;"]
        out += c_call("  return ", "cuLaunchKernel",
                      ["tile_function", "gX", "gY", "gZ", str(self.threads),
                       "1", "1", str(self.shared), "stream",
                       "tile_params" if params else "NULL", "NULL"], ";")
        out += ["}", ""]
        return out

    def grid_lines(self) -> list[str]:
        """Computes gX, gY, gZ from the grid expressions, in 64 bits, and
        refuses what does not fit a launch."""
        out = ["  unsigned int gX, gY, gZ;", "  int64_t tile_grid[3];"]
        if self.helpers:
            out.insert(1, "  int tile_bad = 0;")
        out += [f"  tile_grid[{i}] = {expr};"
                for i, expr in enumerate(self.grid_exprs)]
        out += ["  if (" + ("tile_bad || " if self.helpers else "")
                + "tile_grid[0] < 0 || tile_grid[1] < 0 || tile_grid[2] < 0 ||",
                "      tile_grid[0] > 0xffffffff || tile_grid[1] > 0xffffffff ||",
                "      tile_grid[2] > 0xffffffff)",
                "    return CUDA_ERROR_INVALID_VALUE;",
                "  gX = (unsigned int)tile_grid[0];",
                "  gY = (unsigned int)tile_grid[1];",
                "  gZ = (unsigned int)tile_grid[2];"]
        return out
