//===- SignatureChecks.cpp - The --arg list against the kernel ------------===//
//
// The PTX is scanned for its entry's parameter list by hand: tile-run has no
// PTX parser, and `.param` declarations are regular enough for a scan.
//
//===----------------------------------------------------------------------===//

#include "tools/tile-run/SignatureChecks.h"
#include "tools/tile-run/Support.h"
#include "tools/tile-run/TensorDescriptors.h"

#include <cctype>
#include <cstdlib>

namespace tile::run {
namespace {
/// Describes an argument for messages.
std::string describe(const Arg &arg) {
  switch (arg.kind) {
  case Arg::Buffer:
    return std::string("a pointer to ") + arg.elem->name;
  case Arg::NullPtr:
    return "a null pointer";
  case Arg::Scalar:
    return std::string("a scalar ") + arg.elem->name;
  case Arg::Descriptor:
    return "a tensor descriptor";
  }
  return "?";
}

/// Checks that a !tt.tensordesc parameter gets a `desc:` of its rank.
void checkDescriptorParam(const std::string &what, const Param &p,
                          const Arg &a) {
  if (a.kind != Arg::Descriptor)
    fail(ExitUsage,
         "%s is %s, --arg '%s' is %s: give it --arg desc:... (see --help)",
         what.c_str(), p.type.c_str(), a.spec.c_str(), describe(a).c_str());
  if (p.type.rfind("!tt.tensordesc<", 0) != 0)
    fail(ExitUsage, "%s is %s, --arg '%s' is a tensor descriptor", what.c_str(),
         p.type.c_str(), a.spec.c_str());
  // !tt.tensordesc<tensor<128x64xf16...>>: one 'x' per dimension.
  size_t open = p.type.find("tensor<"), end = p.type.find_first_of(",>", open);
  size_t rank = 0;
  for (size_t i = open + 7; open != std::string::npos && i < end; ++i)
    rank += p.type[i] == 'x';
  if (rank && rank != a.desc->shape.size())
    fail(ExitUsage, "%s is %s (%zu dimensions), --arg '%s' describes %zu",
         what.c_str(), p.type.c_str(), rank, a.spec.c_str(),
         a.desc->shape.size());
}
} // namespace

void checkAgainstParams(const KernelInfo &info, const std::vector<Arg> &args) {
  if (!info.hasParams)
    return;
  size_t n = info.params.size();
  if (args.size() < n)
    fail(ExitUsage, "kernel '%s' takes %zu parameters, %zu --arg given",
         info.name.c_str(), n, args.size());
  for (size_t i = n; i < args.size(); ++i)
    if (args[i].kind != Arg::NullPtr)
      fail(ExitUsage,
           "kernel '%s' takes %zu parameters; --arg %zu ('%s') is extra (only "
           "trailing null pointers may be added)",
           info.name.c_str(), n, i, args[i].spec.c_str());
  for (size_t i = 0; i < n; ++i) {
    const Param &p = info.params[i];
    const Arg &a = args[i];
    std::string what = "parameter " + std::to_string(i);
    if (!p.name.empty())
      what += " (" + p.name + ")";
    if (p.type.rfind("!tt.tensordesc<", 0) == 0 || a.kind == Arg::Descriptor) {
      checkDescriptorParam(what, p, a);
      continue;
    }
    if (p.type.rfind("!tt.ptr<", 0) == 0 || p.type.rfind("!llvm.ptr", 0) == 0) {
      if (a.kind == Arg::Scalar)
        fail(ExitUsage, "%s is %s, --arg '%s' is %s", what.c_str(),
             p.type.c_str(), a.spec.c_str(), describe(a).c_str());
      if (a.kind == Arg::Buffer && p.type.rfind("!tt.ptr<", 0) == 0) {
        std::string pointee = p.type.substr(8, p.type.find_first_of(",>") - 8);
        if (pointee != a.elem->name)
          warn("%s is %s but --arg '%s' holds %s", what.c_str(), p.type.c_str(),
               a.spec.c_str(), a.elem->name);
      }
      continue;
    }
    if (a.kind != Arg::Scalar)
      fail(ExitUsage, "%s is %s, --arg '%s' is %s", what.c_str(),
           p.type.c_str(), a.spec.c_str(), describe(a).c_str());
    if (p.type != a.elem->name)
      fail(ExitUsage, "%s is %s, --arg '%s' is %s", what.c_str(),
           p.type.c_str(), a.spec.c_str(), describe(a).c_str());
  }
}

bool ptxParamSizes(const std::string &ptx, const std::string &name,
                   std::vector<unsigned> &sizes) {
  std::string key = ".entry " + name;
  size_t at = 0;
  while ((at = ptx.find(key, at)) != std::string::npos) {
    size_t after = at + key.size();
    while (after < ptx.size() && std::isspace((unsigned char)ptx[after]))
      ++after;
    if (after < ptx.size() && ptx[after] == '(')
      break;
    at = after;
  }
  if (at == std::string::npos)
    return false;
  size_t open = ptx.find('(', at), close = ptx.find(')', open);
  if (open == std::string::npos || close == std::string::npos)
    return false;
  std::string list = ptx.substr(open + 1, close - open - 1);
  for (const std::string &decl : split(list, ',')) {
    if (decl.find(".param") == std::string::npos)
      continue;
    // `.param .align 8 .b8 name[16]` or `.param .u64 .ptr .global name`.
    size_t bracket = decl.find('[');
    if (bracket != std::string::npos) {
      sizes.push_back(std::atoi(decl.c_str() + bracket + 1));
      continue;
    }
    unsigned bits = 0;
    for (const char *ty : {".u", ".s", ".b", ".f"}) {
      size_t p = 0;
      while ((p = decl.find(ty, p)) != std::string::npos) {
        p += 2;
        if (p < decl.size() && std::isdigit((unsigned char)decl[p])) {
          bits = std::atoi(decl.c_str() + p);
          break;
        }
      }
      if (bits)
        break;
    }
    sizes.push_back(bits / 8);
  }
  return true;
}

void addScratchPointers(const KernelInfo &info,
                        const std::vector<unsigned> *ptxSizes,
                        std::vector<Arg> &args) {
  if (!info.hasParams || args.size() != info.params.size())
    return;
  if (ptxSizes && (ptxSizes->size() != args.size() + 2 ||
                   ptxSizes->back() != 8 || (*ptxSizes)[args.size()] != 8))
    return;
  for (int i = 0; i < 2; ++i) {
    args.push_back(parseArg("null"));
    args.back().specIndex = -1;
  }
}

void checkAgainstPtx(const std::vector<unsigned> &sizes, const KernelInfo &info,
                     const std::vector<Arg> &args) {
  if (sizes.size() != args.size())
    fail(ExitUsage, "the PTX entry %s takes %zu parameters, %zu --arg given%s",
         info.name.c_str(), sizes.size(), args.size(),
         sizes.size() == args.size() + 2
             ? " (Triton kernels take two trailing scratch pointers: add "
               "--arg null --arg null)"
             : "");
  for (size_t i = 0; i < sizes.size(); ++i)
    if (sizes[i] != args[i].paramBytes())
      fail(ExitUsage, "PTX parameter %zu of %s is %u bytes, --arg '%s' is %u",
           i, info.name.c_str(), sizes[i], args[i].spec.c_str(),
           args[i].paramBytes());
}
} // namespace tile::run
