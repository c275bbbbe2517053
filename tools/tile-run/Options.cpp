//===- Options.cpp - tile-run's command line ------------------------------===//
//
// Options take their value as the next argument or after `=`; the two
// files may come in either order (the .json one is the metadata).
//
//===----------------------------------------------------------------------===//

#include "tools/tile-run/Options.h"
#include "tools/tile-run/Support.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tile::run {
static void usage(FILE *to) {
  std::fprintf(
      to,
      "usage: tile-run KERNEL.json (KERNEL.ptx|KERNEL.cubin) --grid "
      "X[,Y,Z] [options]\n"
      "\n"
      "Loads a compiled kernel with the CUDA driver (libcuda.so.1, found at "
      "run time;\n"
      "TILE_RUN_LIBCUDA overrides the library), launches it with block = "
      "num_warps * 32\n"
      "threads and `shared` bytes of dynamic shared memory, and times it.\n"
      "\n"
      "options:\n"
      "  --grid X[,Y,Z]        number of programs (blocks) per dimension\n"
      "  --arg SPEC            one kernel argument, in order:\n"
      "                          buf:TYPE:COUNT:random|zeros|iota|file=PATH  "
      "device buffer\n"
      "                          i32:V  i64:V  f32:V  f64:V                 "
      "scalar\n"
      "                          null                                       "
      "null pointer\n"
      "                          desc:@N:SHAPE[:OPTION...]                  "
      "TMA descriptor of\n"
      "                            --arg N's buffer; "
      "desc:TYPE:INIT:SHAPE[:OPTION...] "
      "gives it\n"
      "                            a buffer of its own (TYPE and INIT as for "
      "buf:, sized to\n"
      "                            fit). It passes what a !tt.tensordesc "
      "parameter takes in\n"
      "                            Triton's ABI: the 128-byte CUtensorMap "
      "(cuTensorMapEncodeTiled),\n"
      "                            then the shape as i32s and the strides as "
      "i64s. SHAPE: e.g.\n"
      "                            100x70 (elements, outermost first). "
      "OPTIONs (default: the\n"
      "                            kernel's i-th tensordesc_meta entry for "
      "its i-th descriptor):\n"
      "                              strides=S0,S1  elements (default "
      "row-major); the last is 1,\n"
      "                                             the others multiples of "
      "16 bytes\n"
      "                              block=B0xB1    the TMA box (<= 256 per "
      "dimension)\n"
      "                              swizzle=0|32|64|128  bytes; the box's "
      "rows fit in it\n"
      "                              type=T         u8 u16 u32 s32 u64 s64 "
      "f16 bf16 f32 f64 ...\n"
      "                              fill=zero|nan  out-of-bounds reads "
      "(default zero)\n"
      "                        TYPE: f32 f16 bf16 f64 i8 i16 i32 i64; COUNT "
      "may be 1024, 64M, 2^26\n"
      "  --iters N             timed launches (default 100; 0: run once, no "
      "timing)\n"
      "  --warmup N            untimed launches before timing (default 10)\n"
      "  --timeout S           seconds a launch may take before tile-run\n"
      "                        calls the kernel hung and exits with 124\n"
      "                        (default 60)\n"
      "  --bytes N             bytes moved per launch: also print GB/s\n"
      "  --out IDX:FILE        after the first launch, write buffer --arg IDX "
      "(0-based; a\n"
      "                        desc: with its own buffer writes that) to "
      "FILE\n"
      "  --check add           check buffer 2 == buffer 0 + buffer 1 for the "
      "first i32 arg 3\n"
      "                        elements (or the whole buffer) and the rest "
      "untouched\n"
      "  --block N             override the block size (threads)\n"
      "  --device N            CUDA device ordinal (default 0)\n"
      "  --seed N              seed of the random initialiser (default 0)\n"
      "  --report FILE         write the results as JSON\n"
      "  --dry-run             check everything, print the launch (and each "
      "descriptor's\n"
      "                        cuTensorMapEncodeTiled arguments), touch no "
      "GPU\n"
      "\n"
      "exit status: 0 ok, 1 error or failed check, 2 usage, 3 no CUDA "
      "driver / no GPU\n");
}

Options parseOptions(int argc, char **argv) {
  Options o;
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      size_t eq = a.find('=');
      if (a.rfind("--", 0) == 0 && eq != std::string::npos) {
        std::string v = a.substr(eq + 1);
        a = a.substr(0, eq);
        return v;
      }
      if (i + 1 >= argc)
        fail(ExitUsage, "%s needs a value", a.c_str());
      return argv[++i];
    };
    auto intValue = [&](const char *opt, long long lo) {
      std::string v = value();
      long long n;
      if (!parseCount(v, n) || n < lo)
        fail(ExitUsage, "%s: bad value '%s'", opt, v.c_str());
      return n;
    };
    std::string name = a.substr(0, a.find('='));
    if (a == "-h" || a == "--help") {
      usage(stdout);
      std::exit(ExitOk);
    } else if (name == "--grid") {
      std::string v = value();
      std::vector<std::string> dims = split(v, ',');
      if (dims.size() > 3)
        fail(ExitUsage, "--grid: at most three dimensions, got '%s'",
             v.c_str());
      for (size_t d = 0; d < dims.size(); ++d) {
        long long n;
        if (!parseCount(dims[d], n) || n < 1 || n > 0x7fffffff ||
            (d > 0 && n > 65535))
          fail(ExitUsage, "--grid: bad dimension '%s'", dims[d].c_str());
        o.grid[d] = (unsigned)n;
      }
      o.haveGrid = true;
    } else if (name == "--arg") {
      o.argSpecs.push_back(value());
    } else if (name == "--iters") {
      o.iters = intValue("--iters", 0);
    } else if (name == "--warmup") {
      o.warmup = intValue("--warmup", 0);
    } else if (name == "--timeout") {
      o.timeout = intValue("--timeout", 1);
    } else if (name == "--bytes") {
      o.bytes = intValue("--bytes", 1);
    } else if (name == "--block") {
      o.block = intValue("--block", 1);
    } else if (name == "--device") {
      o.device = intValue("--device", 0);
    } else if (name == "--seed") {
      o.seed = intValue("--seed", 0);
    } else if (name == "--out") {
      std::string v = value();
      size_t colon = v.find(':');
      long long idx;
      if (colon == std::string::npos || colon + 1 == v.size() ||
          !parseCount(v.substr(0, colon), idx) || idx < 0)
        fail(ExitUsage, "--out: expected IDX:FILE, got '%s'", v.c_str());
      o.outs.emplace_back((int)idx, v.substr(colon + 1));
    } else if (name == "--check") {
      o.check = value();
      if (o.check != "add")
        fail(ExitUsage, "--check: only 'add' is known, got '%s'",
             o.check.c_str());
    } else if (name == "--report") {
      o.report = value();
    } else if (a == "--dry-run") {
      o.dryRun = true;
    } else if (a.size() > 1 && a[0] == '-') {
      fail(ExitUsage, "unknown option '%s' (see --help)", a.c_str());
    } else {
      positional.push_back(a);
    }
  }
  if (positional.size() != 2) {
    usage(stderr);
    fail(ExitUsage,
         "expected KERNEL.json and KERNEL.ptx|cubin, got %zu "
         "file arguments",
         positional.size());
  }
  o.jsonPath = positional[0];
  o.kernelPath = positional[1];
  // Accept the two files in either order.
  auto endsWith = [](const std::string &s, const char *suffix) {
    size_t n = std::strlen(suffix);
    return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
  };
  if (endsWith(o.kernelPath, ".json") && !endsWith(o.jsonPath, ".json"))
    std::swap(o.jsonPath, o.kernelPath);
  if (!o.haveGrid)
    fail(ExitUsage, "--grid X[,Y,Z] is required");
  return o;
}
} // namespace tile::run
