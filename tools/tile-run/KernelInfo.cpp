//===- KernelInfo.cpp - Reading KERNEL.json -------------------------------===//
//
// Every key is checked for its type and range here, so a bad KERNEL.json
// is reported on any machine, before the driver is loaded.
//
//===----------------------------------------------------------------------===//

#include "tools/tile-run/KernelInfo.h"
#include "tools/tile-run/Json.h"
#include "tools/tile-run/Support.h"

#include <cmath>
#include <cstdlib>

namespace tile::run {
namespace {
/// Reads an integer member, checking its type and range.
long long getInt(const Json &obj, const char *key, long long dflt,
                 const std::string &file, long long lo, long long hi) {
  const Json *v = obj.get(key);
  if (!v || v->kind == Json::Null)
    return dflt;
  if (v->kind != Json::Number || v->number != std::floor(v->number) ||
      v->number < lo || v->number > hi)
    fail(ExitError, "%s: '%s' must be an integer in [%lld, %lld]", file.c_str(),
         key, lo, hi);
  return (long long)v->number;
}

/// Reads `tensordesc_meta` (absent: no entries).
void readTensorDescMeta(const Json &root, const std::string &path,
                        KernelInfo &info) {
  const Json *meta = root.get("tensordesc_meta");
  if (!meta || meta->kind == Json::Null)
    return;
  if (meta->kind != Json::Array)
    fail(ExitError, "%s: \"tensordesc_meta\" must be a list", path.c_str());
  for (const Json &entry : meta->array) {
    TensorDescMeta m;
    const Json *block = entry.get("block_size");
    if (!block || block->kind != Json::Array || block->array.empty() ||
        block->array.size() > 5)
      fail(ExitError,
           "%s: every \"tensordesc_meta\" entry needs a \"block_size\" of 1 "
           "to 5 sizes",
           path.c_str());
    for (const Json &size : block->array) {
      if (size.kind != Json::Number || size.number < 1 || size.number > 256 ||
          size.number != std::floor(size.number))
        fail(ExitError,
             "%s: \"block_size\" entries must be integers in [1, "
             "256]",
             path.c_str());
      m.blockSize.push_back((long long)size.number);
    }
    m.elemSize = getInt(entry, "elem_size", 0, path, 1, 8);
    m.elemType = getInt(entry, "elem_type", 0, path, 0, 15);
    m.swizzle = getInt(entry, "swizzle", 0, path, 0, 3);
    if (const Json *fp4 = entry.get("fp4_padded"))
      m.fp4Padded = fp4->kind == Json::Bool && fp4->boolean;
    info.tensorDescMeta.push_back(m);
  }
}
} // namespace

KernelInfo readKernelInfo(const std::string &path) {
  std::string text = readFile(path, "kernel metadata");
  Json root = parseJson(text, path);
  if (root.kind != Json::Object)
    fail(ExitError, "%s: expected a JSON object", path.c_str());
  KernelInfo info;
  const Json *name = root.get("name");
  if (!name || name->kind != Json::String || name->string.empty())
    fail(ExitError, "%s: missing the kernel's \"name\"", path.c_str());
  info.name = name->string;
  info.numWarps = getInt(root, "num_warps", 4, path, 1, 32);
  info.numCtas = getInt(root, "num_ctas", 1, path, 1, 16);
  info.numStages = getInt(root, "num_stages", 0, path, 0, 64);
  info.shared = getInt(root, "shared", 0, path, 0, 1 << 30);
  info.globalScratchSize =
      getInt(root, "global_scratch_size", 0, path, 0, 1 << 30);
  info.globalScratchAlign =
      getInt(root, "global_scratch_align", 1, path, 1, 1 << 20);
  if (const Json *target = root.get("target")) {
    if (target->kind == Json::String) {
      // Triton's GPUTarget is sometimes written as "cuda:90".
      std::string t = target->string;
      size_t colon = t.find(':');
      info.backend = t.substr(0, colon);
      if (colon != std::string::npos)
        info.arch = std::atoi(t.c_str() + colon + 1);
    } else if (target->kind == Json::Object) {
      if (const Json *b = target->get("backend"); b && b->kind == Json::String)
        info.backend = b->string;
      info.arch = getInt(*target, "arch", 0, path, 0, 1000);
      info.warpSize = getInt(*target, "warp_size", 32, path, 1, 64);
    }
  }
  if (info.backend != "cuda")
    fail(ExitError, "%s: target backend '%s' is not cuda", path.c_str(),
         info.backend.c_str());
  if (const Json *params = root.get("params")) {
    if (params->kind != Json::Array)
      fail(ExitError, "%s: \"params\" must be a list", path.c_str());
    info.hasParams = true;
    for (const Json &p : params->array) {
      const Json *type = p.get("type");
      if (!type || type->kind != Json::String)
        fail(ExitError, "%s: every entry of \"params\" needs a \"type\"",
             path.c_str());
      Param param;
      param.type = type->string;
      if (const Json *n = p.get("name"); n && n->kind == Json::String)
        param.name = n->string;
      info.params.push_back(param);
    }
  }
  readTensorDescMeta(root, path, info);
  return info;
}
} // namespace tile::run
