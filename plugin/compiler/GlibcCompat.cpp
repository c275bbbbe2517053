//===- GlibcCompat.cpp - The self-contained library's glibc floor ---------===//
//
// The self-contained libtile-compiler.so links libstdc++ statically, whose
// std::random_device calls arc4random when the build machine's glibc has it
// (2.36, Debian 12). That one symbol would keep the library from loading
// where glibc is older (Ubuntu 22.04 has 2.35); this definition, local to
// the library by its version script, takes its place, so the newest glibc
// symbol the library needs is 2.34's (pthread in libc). (libgcc's unwinder,
// which would need 2.35's _dl_find_object, stays the shared libgcc_s.)
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <sys/random.h>

extern "C" uint32_t arc4random(void) {
  uint32_t value = 0;
  // getrandom of 4 bytes does not return short reads; on an error (no
  // entropy source at all) the value stays 0, as nothing here needs
  // cryptographic randomness.
  (void)getrandom(&value, sizeof(value), 0);
  return value;
}
