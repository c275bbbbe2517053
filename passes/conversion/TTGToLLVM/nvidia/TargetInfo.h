//===- TargetInfo.h - The NVIDIA seam of the LLVM lowering ------*- C++ -*-===//
//
// Everything that spells PTX or names an NVVM intrinsic lives behind these
// functions: predicated vector accesses to global memory and the fast math
// approximations Triton uses. The op lowerings call them and stay generic.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_CONVERSION_TTGTOLLVM_NVIDIA_TARGETINFO_H
#define TILE_PASSES_CONVERSION_TTGTOLLVM_NVIDIA_TARGETINFO_H

#include "dialects/tt/TTDialect.h"

#include "mlir/IR/Builders.h"

namespace mlir::tile::nvidia {
/// The widest global access one thread issues, in bits (ld.global.v4.b32).
constexpr unsigned kMaxAccessBits = 128;

/// Loads `numElements` contiguous elements of
/// `elementType` from `ptr` when `pred` holds, as one predicated PTX access;
/// lanes whose predicate is false get `other` (zeros when `other` is empty).
/// numElements * bits(elementType) must be 8, 16, 32, 64 or 128 bits (or
/// 256 for 64-bit elements).
SmallVector<Value>
emitPredicatedLoad(OpBuilder &builder, Location loc, Value ptr,
                   Type elementType, unsigned numElements, Value pred,
                   ArrayRef<Value> other, tt::CacheModifier cache,
                   tt::EvictionPolicy evict, bool isVolatile);

/// Stores `values` (contiguous elements) to `ptr` when `pred` holds, as one
/// predicated PTX access.
void emitPredicatedStore(OpBuilder &builder, Location loc, Value ptr,
                         ArrayRef<Value> values, Value pred,
                         tt::CacheModifier cache, tt::EvictionPolicy evict);

/// Fast f32 math the way Triton lowers it (MUFU approximations).
Value emitExp2Approx(OpBuilder &builder, Location loc, Value x);
Value emitLog2Approx(OpBuilder &builder, Location loc, Value x);
Value emitRsqrtApprox(OpBuilder &builder, Location loc, Value x);
Value emitSqrtApprox(OpBuilder &builder, Location loc, Value x);
Value emitDivFull(OpBuilder &builder, Location loc, Value x, Value y);

/// The high half of the unsigned product (mul.hi.u32/u64).
Value emitMulHiUnsigned(OpBuilder &builder, Location loc, Value x, Value y);

/// A call of CUDA's libdevice function `name` (declared in the module on
/// first use); the stage chain links libdevice when such calls exist.
Value emitLibdeviceCall(OpBuilder &builder, Location loc, StringRef name,
                        Type resultType, ValueRange args);

/// The libdevice function computing `mathOp` (math.erf, ...) for `type`
/// (f32 or f64), or an empty string when libdevice has none.
std::string getLibdeviceName(StringRef mathOp, Type type);
} // namespace mlir::tile::nvidia

#endif // TILE_PASSES_CONVERSION_TTGTOLLVM_NVIDIA_TARGETINFO_H
