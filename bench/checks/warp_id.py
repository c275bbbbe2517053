"""ttg.warp_id with and without its uniform hint (omitUniformHint), and a
branch on it: 128 threads, thread i stores its warp id at index i of out0
and out1, and the threads of the odd warps warp id + 100 into out2."""

from language_check import Case, mismatch


def check(ctx):
    torch = ctx.torch
    out0 = torch.full((128,), -1, dtype=torch.int32, device="cuda")
    out1 = torch.full((128,), -1, dtype=torch.int32, device="cuda")
    out2 = torch.zeros(128, dtype=torch.int32, device="cuda")
    ctx.launch((1,), out0, out1, out2)
    warp = torch.arange(128, device="cuda", dtype=torch.int32) // 32
    want2 = torch.where(warp % 2 == 1, warp + 100, torch.zeros_like(warp))
    return (mismatch("out0", out0, warp) + mismatch("out1", out1, warp)
            + mismatch("out2", out2, want2))


CASES = [
    Case(f"warp_id_sm{t}", "test/Inputs/language/warp_id/warp_id.ttir",
         check, target=f"cuda:{t}")
    for t in (80, 90)
]
