//===- SanitizerPrelude.h - included first under TILE_ENABLE_SANITIZERS --===//
//
// Force-included (-include) into every translation unit of tile when it is
// built with AddressSanitizer. tile is instrumented, but the stock
// libLLVM.so/libMLIR.so it shares allocators with are not: under ASan the
// inline llvm::BumpPtrAllocator code (llvm/Support/Allocator.h) that tile
// compiles poisons the unused tail of every slab it allocates and unpoisons
// only what it hands out itself. The same allocators (the StorageUniquer of
// attributes and types, for one) also hand out memory through libMLIR.so's
// uninstrumented copy of that code, which never unpoisons, so MLIR's own
// objects in a slab tile started read as use-after-poison (a false report).
// Manual poisoning is therefore turned off; ASan's own checks (heap, stack,
// globals) are unaffected.
//
//===----------------------------------------------------------------------===//
#ifndef TILE_CMAKE_SANITIZERPRELUDE_H
#define TILE_CMAKE_SANITIZERPRELUDE_H

#include <sanitizer/asan_interface.h>

#undef __asan_poison_memory_region
#define __asan_poison_memory_region(p, size) ((void)(p), (void)(size))

#endif // TILE_CMAKE_SANITIZERPRELUDE_H
