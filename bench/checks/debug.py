"""tt.print and tt.assert on the GPU.

print: our PTX of test/Inputs/language/debug/print_kernel.ttir and Triton
3.6's own compilation of the same program (tl.device_print, built here at
check time: the GPU machine has Triton) print the same lines; device printf
output is captured from file descriptor 1. Line order between threads is
unspecified, so the lines are compared as sorted lists.

assert: with every x >= 0 the kernel runs through and stores x + 1; with a
negative x it aborts with CUDA's assertion message (run in a child process,
since a failed assertion leaves the CUDA context unusable)."""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # bench/, also for the child
from language_check import Case, mismatch  # noqa: E402


def captured(torch, run):
    """Runs `run()` and returns what the device printed, as lines."""
    sys.stdout.flush()
    with tempfile.TemporaryFile(mode="w+b") as f:
        saved = os.dup(1)
        os.dup2(f.fileno(), 1)
        try:
            run()
            torch.cuda.synchronize()
        finally:
            sys.stdout.flush()
            os.dup2(saved, 1)
            os.close(saved)
        f.seek(0)
        return f.read().decode(errors="replace").splitlines()


def triton_print_lines(torch, x):
    import triton
    import triton.language as tl

    @triton.jit
    def print_kernel(x_ptr):
        offs = tl.program_id(0) * 32 + tl.arange(0, 32)
        x = tl.load(x_ptr + offs)
        tl.device_print("x: ", x)
        tl.device_print("h: ", x.to(tl.float32) * 0.5)
        tl.device_print("done")

    return captured(torch, lambda: print_kernel[(2,)](x, num_warps=1))


def check_print(ctx):
    torch = ctx.torch
    x = torch.arange(-20, 44, dtype=torch.int32, device="cuda")
    ours = captured(torch, lambda: ctx.launch((2,), x))
    theirs = triton_print_lines(torch, x)
    if not ours:
        return ["our kernel printed nothing"]
    if sorted(ours) == sorted(theirs):
        return []
    only_ours = sorted(set(ours) - set(theirs))[:3]
    only_theirs = sorted(set(theirs) - set(ours))[:3]
    return [f"{len(ours)} lines vs Triton's {len(theirs)}; only ours: "
            f"{only_ours}; only Triton's: {only_theirs}"]


def check_assert(ctx):
    torch = ctx.torch
    x = torch.arange(128, dtype=torch.int32, device="cuda")
    out = torch.full_like(x, -1)
    ctx.launch((1,), x, out)
    problems = mismatch("out", out, x + 1)
    # A failing assertion, in a child process.
    child = subprocess.run(
        [sys.executable, __file__, "--fail", ctx.kernel.image.source["image"]],
        capture_output=True, text=True, timeout=120)
    text = child.stdout + child.stderr
    if "Assertion `x must be non-negative` failed" not in text:
        problems.append("a negative x did not fail the assertion; child "
                        f"exit {child.returncode}: {text[-400:]}")
    elif "assert_kernel.py:8" not in text:
        problems.append(f"the assertion names no file and line: {text[-300:]}")
    return problems


def fail_child(ptx_path):
    """The child of check_assert: one launch with x[5] = -1."""
    import torch
    import tilebench
    driver = tilebench.Driver()
    image = tilebench.KernelImage.load("assert", ptx_path)
    kernel = driver.load(image)
    x = torch.arange(128, dtype=torch.int32, device="cuda")
    x[5] = -1
    out = torch.empty_like(x)
    stream = torch.cuda.current_stream().cuda_stream
    kernel.launcher((1,), [("ptr", x.data_ptr()), ("ptr", out.data_ptr())]
                    + [("ptr", 0)] * image.launch_params([8, 8]), stream)()
    torch.cuda.synchronize()


CASES = [
    Case(f"print_kernel_sm{t}", "test/Inputs/language/debug/print_kernel.ttir",
         check_print, target=f"cuda:{t}", num_warps=1) for t in (80, 90)
] + [
    Case(f"assert_kernel_sm{t}", "test/Inputs/language/debug/assert_kernel.ttir",
         check_assert, target=f"cuda:{t}", num_warps=1) for t in (80, 90)
]

if __name__ == "__main__" and len(sys.argv) == 3 and sys.argv[1] == "--fail":
    fail_child(sys.argv[2])
