//===- Atomics.cpp - Atomic read-modify-write and compare-and-swap --------===//
//
// tt.atomic_rmw and tt.atomic_cas become one predicated PTX instruction per
// element (or per packed pair of 16-bit floats, or, on sm_90, per vector of
// up to 16 bytes of floats to add), in the spelling Triton emits:
// `atom.global.<scope>.<sem>.<op>.<type>` (compare-and-swap:
// `atom.global.<sem>.<scope>.cas`), also where the old value is not wanted
// (ptxas makes that atom a reduction, REDG, as `red` would be). The one
// combination PTX lacks on a supported target, a bf16 add before sm_90, is
// LLVM's atomicrmw (the NVPTX backend writes the compare-and-swap loop), as in
// Triton. Which element types each operation takes is decided here too, so that
// the lowering's up-front check and the emitter agree.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/nvidia/InlinePTX.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/nvg/NVGDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The bit width of an integer or float element; 0 for anything else
/// (pointers, which no atomic takes).
unsigned getElementBits(Type type) {
  if (!isa<IntegerType, FloatType>(type))
    return 0;
  return type.getIntOrFloatBitWidth();
}

/// `type` quoted, as a diagnostic streaming it would print it.
std::string describe(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "'" << type << "'";
  return text;
}

/// The inline asm constraint of a register of `bits` bits.
const char *getConstraint(unsigned bits) {
  return bits == 64 ? "l" : bits == 32 ? "r" : "h";
}

/// `.sem.scope`, Triton's keywords being PTX's.
std::string getOrdering(tt::MemSemantic sem, tt::MemSyncScope scope) {
  return "." + tt::stringifyMemSemantic(sem).str() + "." +
         tt::stringifyMemSyncScope(scope).str();
}

/// Elements -> the integer the asm operand carries (floats bitcast).
Value toBits(OpBuilder &builder, Location loc, Value value) {
  Type type = value.getType();
  if (isa<IntegerType>(type))
    return value;
  return LLVM::BitcastOp::create(
      builder, loc, builder.getIntegerType(type.getIntOrFloatBitWidth()),
      value);
}

Value fromBits(OpBuilder &builder, Location loc, Value bits, Type type) {
  if (bits.getType() == type)
    return bits;
  return LLVM::BitcastOp::create(builder, loc, type, bits);
}

/// Two 16-bit elements as one 32-bit word, the first in the low half (its
/// lower address).
Value packPair(OpBuilder &builder, Location loc, ArrayRef<Value> pair) {
  auto vectorType = VectorType::get({2}, pair[0].getType());
  Value vector = LLVM::UndefOp::create(builder, loc, vectorType);
  for (auto [i, element] : llvm::enumerate(pair))
    vector = LLVM::InsertElementOp::create(
        builder, loc, vector, element,
        LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                 builder.getI32IntegerAttr(i)));
  return LLVM::BitcastOp::create(builder, loc, builder.getI32Type(), vector);
}

SmallVector<Value> unpackPair(OpBuilder &builder, Location loc, Value word,
                              Type elementType) {
  auto vectorType = VectorType::get({2}, elementType);
  Value vector = LLVM::BitcastOp::create(builder, loc, vectorType, word);
  SmallVector<Value> pair;
  for (int i = 0; i < 2; ++i)
    pair.push_back(LLVM::ExtractElementOp::create(
        builder, loc, vector,
        LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                 builder.getI32IntegerAttr(i))));
  return pair;
}

/// The `.op.type` suffix of `atom` applying `kind` to `elementType`,
/// `numElements` (1 or 2) at once.
std::string getOperationSuffix(tt::RMWOp kind, Type elementType,
                               unsigned numElements) {
  std::string bits = std::to_string(getElementBits(elementType));
  switch (kind) {
  case tt::RMWOp::AND:
    return ".and.b" + bits;
  case tt::RMWOp::OR:
    return ".or.b" + bits;
  case tt::RMWOp::XOR:
    return ".xor.b" + bits;
  case tt::RMWOp::XCHG:
    return ".exch.b" + bits;
  case tt::RMWOp::ADD:
    return ".add.u" + bits;
  case tt::RMWOp::MAX:
    return ".max.s" + bits;
  case tt::RMWOp::MIN:
    return ".min.s" + bits;
  case tt::RMWOp::UMAX:
    return ".max.u" + bits;
  case tt::RMWOp::UMIN:
    return ".min.u" + bits;
  case tt::RMWOp::FADD: {
    std::string pack = numElements == 2 ? "x2" : "";
    if (elementType.isBF16())
      return ".add.noftz.bf16" + pack;
    if (elementType.isF16())
      return ".add.noftz.f16" + pack;
    return ".add.f" + bits;
  }
  }
  return "";
}

/// Whether PTX has the bf16 add `atom` on this target (sm_90 on).
bool hasNativeBF16Add(int computeCapability) { return computeCapability >= 90; }

/// The PTX ISA version that has the vector float adds.
constexpr int kVectorFloatAddPtxVersion = 81;

/// Whether PTX adds vectors of `elementType` in global memory on this
/// target: `.v2`/`.v4` of f32 and `.v2`/`.v4`/`.v8` of f16 and bf16, up
/// to 16 bytes, from sm_90 on and PTX 8.1 on (a `ptxVersion` of 0 is not
/// fixed yet: the PTX is then emitted at a version that has them).
bool hasVectorFloatAdd(Type elementType, int computeCapability,
                       int ptxVersion) {
  return computeCapability >= 90 &&
         (ptxVersion == 0 || ptxVersion >= kVectorFloatAddPtxVersion) &&
         (elementType.isF16() || elementType.isBF16() || elementType.isF32());
}

/// A float add of the contiguous `values` (2 to 16 bytes' worth) as one
/// vector atom (hasVectorFloatAdd).
SmallVector<Value> emitVectorFloatAdd(OpBuilder &builder, Location loc,
                                      Value ptr, ArrayRef<Value> values,
                                      Value pred, tt::MemSemantic sem,
                                      tt::MemSyncScope scope, bool returnsOld) {
  Type elementType = values.front().getType();
  unsigned bits = getElementBits(elementType);
  unsigned n = values.size();
  std::string suffix =
      ".add" + (elementType.isF32()
                    ? ".v" + std::to_string(n) + ".f32"
                    : ".noftz.v" + std::to_string(n) +
                          (elementType.isF16() ? ".f16" : ".bf16"));
  const char *reg = getConstraint(bits);
  SmallVector<Value> operands{ptr};
  for (Value value : values)
    operands.push_back(toBits(builder, loc, value));
  // Outputs $0..$n-1, the address $n, the values $n+1..$2n, the predicate.
  std::string constraints;
  for (unsigned i = 0; i < n; ++i)
    constraints += std::string("=") + reg + ",";
  constraints += "l";
  for (unsigned i = 0; i < n; ++i)
    constraints += std::string(",") + reg;
  std::string asmString;
  if (pred) {
    operands.push_back(pred);
    constraints += ",b";
    // Lanes whose predicate is false return 0.
    for (unsigned i = 0; i < n; ++i)
      asmString += "mov.b" + std::to_string(bits) + " $" + std::to_string(i) +
                   ", 0;\n\t";
    asmString += "@$" + std::to_string(2 * n + 1) + " ";
  }
  asmString += "atom.global." + tt::stringifyMemSyncScope(scope).str() + "." +
               tt::stringifyMemSemantic(sem).str() + suffix + " " +
               nvidia::operandList(0, n) + ", [ $" + std::to_string(n) +
               " + 0 ], " + nvidia::operandList(n + 1, n) + ";";
  Type wordType = builder.getIntegerType(bits);
  Value result = nvidia::emitInlinePTX(
      builder, loc,
      LLVM::LLVMStructType::getLiteral(builder.getContext(),
                                       SmallVector<Type>(n, wordType)),
      operands, asmString, constraints);
  if (!returnsOld)
    return {};
  SmallVector<Value> old;
  for (unsigned i = 0; i < n; ++i)
    old.push_back(fromBits(
        builder, loc, LLVM::ExtractValueOp::create(builder, loc, result, i),
        elementType));
  return old;
}

/// LLVM's ordering for a Triton memory semantic.
LLVM::AtomicOrdering getLLVMOrdering(tt::MemSemantic sem) {
  switch (sem) {
  case tt::MemSemantic::RELAXED:
    return LLVM::AtomicOrdering::monotonic;
  case tt::MemSemantic::ACQUIRE:
    return LLVM::AtomicOrdering::acquire;
  case tt::MemSemantic::RELEASE:
    return LLVM::AtomicOrdering::release;
  case tt::MemSemantic::ACQUIRE_RELEASE:
    return LLVM::AtomicOrdering::acq_rel;
  }
  return LLVM::AtomicOrdering::acq_rel;
}

/// The NVPTX backend's synchronization scope for a Triton scope (the
/// system is LLVM's default scope).
StringRef getLLVMSyncScope(tt::MemSyncScope scope) {
  switch (scope) {
  case tt::MemSyncScope::CTA:
    return "block";
  case tt::MemSyncScope::GPU:
    return "device";
  case tt::MemSyncScope::SYSTEM:
    return "";
  }
  return "";
}

/// A bf16 add before sm_90, where PTX has no bf16 atom add: LLVM's
/// atomicrmw, which the NVPTX backend expands into a compare-and-swap loop,
/// as Triton lowers it. A predicate guards it with an scf.if (the atomic
/// may sit in an scf.for body, which must stay one block); the old value
/// is 0 where the predicate is false.
Value emitBF16AddByLLVM(OpBuilder &builder, Location loc, Value ptr,
                        Value value, Value pred, tt::MemSemantic sem,
                        tt::MemSyncScope scope) {
  auto emitAdd = [&](OpBuilder &b) -> Value {
    StringRef syncScope = getLLVMSyncScope(scope);
    return LLVM::AtomicRMWOp::create(
        b, loc, LLVM::AtomicBinOp::fadd, ptr, value, getLLVMOrdering(sem),
        syncScope.empty() ? StringRef() : syncScope);
  };
  if (!pred)
    return emitAdd(builder);
  Type type = value.getType();
  auto guarded = scf::IfOp::create(
      builder, loc, pred,
      [&](OpBuilder &b, Location) { scf::YieldOp::create(b, loc, emitAdd(b)); },
      [&](OpBuilder &b, Location) {
        scf::YieldOp::create(b, loc, Value(LLVM::ZeroOp::create(b, loc, type)));
      });
  return guarded.getResult(0);
}
} // namespace

std::string nvidia::getAtomicRMWUnsupportedReason(tt::RMWOp kind,
                                                  Type elementType) {
  unsigned bits = getElementBits(elementType);
  switch (kind) {
  case tt::RMWOp::FADD:
    if (elementType.isF16() || elementType.isBF16() || elementType.isF32() ||
        elementType.isF64())
      return "";
    return "PTX atom adds f16, bf16, f32 and f64 only, not " +
           describe(elementType);
  case tt::RMWOp::XCHG:
    if (bits == 32 || bits == 64)
      return "";
    return "PTX atom exchanges 32- and 64-bit elements only, not " +
           describe(elementType);
  default:
    if (isa<IntegerType>(elementType) && (bits == 32 || bits == 64))
      return "";
    return "PTX atom applies " + tt::stringifyRMWOp(kind).str() +
           " to 32- and 64-bit integers only, not " + describe(elementType);
  }
}

std::string nvidia::getAtomicCASUnsupportedReason(Type elementType) {
  unsigned bits = getElementBits(elementType);
  if (bits == 16 || bits == 32 || bits == 64)
    return "";
  return "PTX atom.cas swaps 16-, 32- and 64-bit elements only, not " +
         describe(elementType);
}

unsigned nvidia::getMaxAtomicPack(tt::RMWOp kind, Type elementType,
                                  int computeCapability, int ptxVersion) {
  if (kind != tt::RMWOp::FADD)
    return 1;
  if (hasVectorFloatAdd(elementType, computeCapability, ptxVersion))
    return 128 / elementType.getIntOrFloatBitWidth();
  if (elementType.isF16())
    return 2;
  if (elementType.isBF16() && hasNativeBF16Add(computeCapability))
    return 2;
  return 1;
}

SmallVector<Value>
nvidia::emitAtomicRMW(OpBuilder &builder, Location loc, tt::RMWOp kind,
                      Value ptr, ArrayRef<Value> values, Value pred,
                      tt::MemSemantic sem, tt::MemSyncScope scope,
                      bool returnsOld, int computeCapability, int ptxVersion) {
  Type elementType = values.front().getType();
  if (kind == tt::RMWOp::FADD && elementType.isBF16() &&
      !hasNativeBF16Add(computeCapability)) {
    Value old =
        emitBF16AddByLLVM(builder, loc, ptr, values.front(), pred, sem, scope);
    if (!returnsOld)
      return {};
    return {old};
  }

  unsigned numElements = values.size();
  // Always `atom`, as Triton writes it, even where the old value is unused:
  // ptxas makes such an atom the same REDG instruction `red` would be.
  if (numElements > 1 &&
      hasVectorFloatAdd(elementType, computeCapability, ptxVersion))
    return emitVectorFloatAdd(builder, loc, ptr, values, pred, sem, scope,
                              returnsOld);
  Value operand = numElements == 2 ? packPair(builder, loc, values)
                                   : toBits(builder, loc, values.front());
  unsigned bits = getElementBits(elementType) * numElements;
  std::string suffix = getOperationSuffix(kind, elementType, numElements);
  SmallVector<Value> operands;
  std::string constraints, asmString;
  operands = {ptr, operand};
  constraints =
      std::string("=") + getConstraint(bits) + ",l," + getConstraint(bits);
  if (pred) {
    operands.push_back(pred);
    constraints += ",b";
    // Lanes whose predicate is false return 0.
    asmString = "mov.b" + std::to_string(bits) + " $0, 0;\n\t@$3 ";
  }
  // Triton's order of the qualifiers (space, scope, semantic), which ptxas
  // takes as well as the ISA's (semantic, scope, space).
  asmString += "atom.global." + tt::stringifyMemSyncScope(scope).str() + "." +
               tt::stringifyMemSemantic(sem).str() + suffix +
               " $0, [ $1 + 0 ], $2;";
  Value old = nvidia::emitInlinePTX(builder, loc, builder.getIntegerType(bits),
                                    operands, asmString, constraints);
  if (!returnsOld)
    return {};
  if (numElements == 2)
    return unpackPair(builder, loc, old, elementType);
  return {fromBits(builder, loc, old, elementType)};
}

Value nvidia::emitOrderedLoad(OpBuilder &builder, Location loc, Type type,
                              Value ptr, Value pred, tt::MemSemantic sem,
                              tt::MemSyncScope scope) {
  nvg::MemSemantic semantic = sem == tt::MemSemantic::ACQUIRE
                                  ? nvg::MemSemantic::ACQUIRE
                                  : nvg::MemSemantic::RELAXED;
  nvg::MemSyncScope syncScope =
      scope == tt::MemSyncScope::CTA   ? nvg::MemSyncScope::CTA
      : scope == tt::MemSyncScope::GPU ? nvg::MemSyncScope::GPU
                                       : nvg::MemSyncScope::SYSTEM;
  Value loaded = nvg::LoadAcquireOp::create(builder, loc, type, ptr, pred,
                                            semantic, syncScope);
  if (!pred)
    return loaded;
  // The predicated load leaves its register unwritten where `pred` fails.
  Value zero = LLVM::ZeroOp::create(builder, loc, type);
  return LLVM::SelectOp::create(builder, loc, pred, loaded, zero);
}

Value nvidia::emitAtomicCAS(OpBuilder &builder, Location loc, Value ptr,
                            Value cmp, Value value, Value pred,
                            tt::MemSemantic sem, tt::MemSyncScope scope) {
  unsigned bits = getElementBits(value.getType());
  const char *reg = getConstraint(bits);
  SmallVector<Value> operands{ptr, toBits(builder, loc, cmp),
                              toBits(builder, loc, value)};
  std::string constraints = std::string("=") + reg + ",l," + reg + "," + reg;
  std::string asmString;
  if (pred) {
    operands.push_back(pred);
    constraints += ",b";
    // Triton's spelling: the old value of a masked-off lane is 0.
    asmString = "mov.u" + std::to_string(bits) + " $0, 0x0;\n\t@$4 ";
  }
  // Triton orders the qualifiers .global.sem.scope; ptxas takes either order.
  asmString += "atom.global" + getOrdering(sem, scope) + ".cas.b" +
               std::to_string(bits) + " $0, [ $1 + 0 ], $2, $3;";
  Value old = nvidia::emitInlinePTX(builder, loc, builder.getIntegerType(bits),
                                    operands, asmString, constraints);
  return fromBits(builder, loc, old, value.getType());
}

void nvidia::emitPredicatedSharedStore(OpBuilder &builder, Location loc,
                                       Value ptr, Value value, Value pred) {
  unsigned bits = getElementBits(value.getType());
  // A shared address fits 32 bits (PTX's shared window).
  Value address =
      LLVM::PtrToIntOp::create(builder, loc, builder.getI32Type(), ptr);
  Value stored = toBits(builder, loc, value);
  // A byte goes out of a 16-bit register (PTX has no 8-bit ones).
  if (bits == 8)
    stored = LLVM::ZExtOp::create(builder, loc, builder.getI16Type(), stored);
  SmallVector<Value> operands{address, stored};
  std::string constraints = std::string("r,") + getConstraint(bits);
  std::string asmString;
  if (pred) {
    operands.push_back(pred);
    constraints += ",b";
    asmString = "@$2 ";
  }
  asmString += "st.shared.b" + std::to_string(bits) + " [ $0 + 0 ], $1;";
  nvidia::emitInlinePTX(builder, loc, Type(), operands, asmString, constraints);
}
