//===- Options.h - tile-run's command line ----------------------*- C++ -*-===//
//
// The options, their defaults and the --help text; parsing exits with a
// usage error (status 2) on anything it does not understand.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_RUN_OPTIONS_H
#define TILE_TOOLS_TILE_RUN_OPTIONS_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tile::run {
struct Options {
  std::string jsonPath, kernelPath;
  unsigned grid[3] = {0, 1, 1};
  bool haveGrid = false;
  unsigned block = 0; // 0: num_warps * warp_size
  std::vector<std::string> argSpecs;
  int iters = 100;
  int warmup = 10;
  /// Seconds a launch may take before tile-run calls the kernel hung.
  int timeout = 60;
  long long bytes = 0;
  std::vector<std::pair<int, std::string>> outs;
  std::string check;
  std::string report;
  int device = 0;
  uint64_t seed = 0;
  bool dryRun = false;
};

/// Parses the command line; prints --help and exits, or exits with a usage
/// error.
Options parseOptions(int argc, char **argv);
} // namespace tile::run

#endif // TILE_TOOLS_TILE_RUN_OPTIONS_H
