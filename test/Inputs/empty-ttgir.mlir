// A TTGIR module with nothing in it, for dumping pipelines that expect TTGIR.
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
}
