//===- GlobalMemory.cpp - Predicated accesses to global memory ------------===//
//
// Global accesses are inline asm in the form Triton emits: one predicated
// ld/st.global of up to four 32-bit words, so masked lanes cost no branch.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/InlinePTX.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// How a run of contiguous elements travels as PTX registers.
struct WordPlan {
  unsigned wordBits; // 16, 32 or 64
  unsigned numWords; // 1, 2 or 4
  bool byteAccess;   // an 8-bit access through a 16-bit register
};

unsigned getMemoryBits(Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return 64;
  return std::max(8u, type.getIntOrFloatBitWidth());
}

WordPlan planWords(Type elementType, unsigned numElements) {
  unsigned elementBits = getMemoryBits(elementType);
  unsigned totalBits = elementBits * numElements;
  if (totalBits == 8)
    return {16, 1, true};
  if (totalBits == 16)
    return {16, 1, false};
  unsigned wordBits = elementBits == 64 ? 64 : 32;
  return {wordBits, totalBits / wordBits, false};
}

const char *getConstraint(unsigned wordBits) {
  return wordBits == 64 ? "l" : wordBits == 32 ? "r" : "h";
}

std::string getCacheSuffix(tt::CacheModifier cache, bool isLoad) {
  switch (cache) {
  case tt::CacheModifier::NONE:
    return "";
  case tt::CacheModifier::CA:
    return isLoad ? ".ca" : "";
  case tt::CacheModifier::CG:
    return ".cg";
  case tt::CacheModifier::CS:
    return ".cs";
  case tt::CacheModifier::CV:
    return isLoad ? ".cv" : "";
  case tt::CacheModifier::WB:
    return isLoad ? "" : ".wb";
  case tt::CacheModifier::WT:
    return isLoad ? "" : ".wt";
  }
  return "";
}

/// The L1 eviction priority. PTX does not combine it with a cache operator
/// (`.cg.L1::evict_last` is rejected), so a cache operator the access
/// carries (`cacheSuffix`) wins; a modifier the access has no operator for
/// (a store's `ca`) leaves the priority in place, as in Triton.
std::string getEvictSuffix(tt::EvictionPolicy evict, StringRef cacheSuffix) {
  if (!cacheSuffix.empty())
    return "";
  switch (evict) {
  case tt::EvictionPolicy::NORMAL:
    return "";
  case tt::EvictionPolicy::EVICT_FIRST:
    return ".L1::evict_first";
  case tt::EvictionPolicy::EVICT_LAST:
    return ".L1::evict_last";
  }
  return "";
}

/// For an access with an eviction policy, a fractional L2 cache policy of
/// the same priority covering everything it touches, for the access's
/// `.L2::cache_hint` operand (as Triton emits on sm_80 and later: data a
/// kernel reads again, such as a normalization's weights, stays in L2
/// while the streamed tensors pass through); null without a policy.
Value createL2CachePolicy(OpBuilder &builder, Location loc,
                          tt::EvictionPolicy evict) {
  const char *priority = nullptr;
  if (evict == tt::EvictionPolicy::EVICT_FIRST)
    priority = "evict_first";
  else if (evict == tt::EvictionPolicy::EVICT_LAST)
    priority = "evict_last";
  if (!priority)
    return {};
  return nvidia::emitInlinePTX(builder, loc, builder.getI64Type(), {},
                               std::string("createpolicy.fractional.L2::") +
                                   priority + ".b64 $0, 1.0;",
                               "=l");
}

/// The integer type of an element as stored in memory.
Type getMemoryIntType(OpBuilder &builder, Type elementType) {
  return builder.getIntegerType(getMemoryBits(elementType));
}

/// Elements -> memory integers (i1 widens to i8, pointers to i64).
Value toMemoryInt(OpBuilder &builder, Location loc, Value element) {
  Type type = element.getType();
  Type intType = getMemoryIntType(builder, type);
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::PtrToIntOp::create(builder, loc, intType, element);
  if (type.isInteger(1))
    return LLVM::ZExtOp::create(builder, loc, intType, element);
  if (type == intType)
    return element;
  return LLVM::BitcastOp::create(builder, loc, intType, element);
}

/// Memory integers -> elements.
Value fromMemoryInt(OpBuilder &builder, Location loc, Value value,
                    Type elementType) {
  if (isa<LLVM::LLVMPointerType>(elementType))
    return LLVM::IntToPtrOp::create(builder, loc, elementType, value);
  if (elementType.isInteger(1))
    return LLVM::ICmpOp::create(
        builder, loc, LLVM::ICmpPredicate::ne, value,
        LLVM::ConstantOp::create(builder, loc, value.getType(),
                                 builder.getIntegerAttr(value.getType(), 0)));
  if (value.getType() == elementType)
    return value;
  return LLVM::BitcastOp::create(builder, loc, elementType, value);
}

/// Whether registers of `type` may be bitcast to and from a vector of them:
/// i1 (an i8 in memory) and pointers (i64) go through memory integers.
static bool isBitcastable(Type type) {
  return !isa<LLVM::LLVMPointerType>(type) && !type.isInteger(1);
}

/// Packs contiguous elements into the words of `plan`. Several narrow
/// elements share a word through a vector of the word's own elements, as in
/// Triton's lowering, so that LLVM converts them together (fptrunc <2 x
/// float> to <2 x bfloat>) next to their use.
SmallVector<Value> packWords(OpBuilder &builder, Location loc,
                             ArrayRef<Value> elements, const WordPlan &plan) {
  Type wordType = builder.getIntegerType(plan.wordBits);
  if (plan.byteAccess)
    return {LLVM::ZExtOp::create(builder, loc, wordType,
                                 toMemoryInt(builder, loc, elements[0]))};
  unsigned perWord = elements.size() / plan.numWords;
  if (perWord == 1)
    return llvm::map_to_vector(
        elements, [&](Value e) { return toMemoryInt(builder, loc, e); });
  Type laneType = isBitcastable(elements[0].getType())
                      ? elements[0].getType()
                      : getMemoryIntType(builder, elements[0].getType());
  auto wordVecType = VectorType::get({int64_t(perWord)}, laneType);
  SmallVector<Value> result;
  for (unsigned w = 0; w < plan.numWords; ++w) {
    Value vec = LLVM::UndefOp::create(builder, loc, wordVecType);
    for (unsigned i = 0; i < perWord; ++i) {
      Value lane = elements[w * perWord + i];
      if (lane.getType() != laneType)
        lane = toMemoryInt(builder, loc, lane);
      vec = LLVM::InsertElementOp::create(builder, loc, vec, lane,
                                          i32Constant(builder, loc, i));
    }
    result.push_back(LLVM::BitcastOp::create(builder, loc, wordType, vec));
  }
  return result;
}

/// Unpacks the words of `plan` into `numElements` elements, each word
/// through a vector of its own elements (see packWords): one vector over all
/// the words unpacked them right after the load, and ptxas scheduled the
/// loads of Inductor's persistent reductions slower than Triton's.
SmallVector<Value> unpackWords(OpBuilder &builder, Location loc,
                               ArrayRef<Value> words, const WordPlan &plan,
                               Type elementType, unsigned numElements) {
  Type intType = getMemoryIntType(builder, elementType);
  if (plan.byteAccess)
    return {fromMemoryInt(
        builder, loc, LLVM::TruncOp::create(builder, loc, intType, words[0]),
        elementType)};
  if (numElements == plan.numWords)
    return llvm::map_to_vector(words, [&](Value w) {
      return fromMemoryInt(builder, loc, w, elementType);
    });
  unsigned perWord = numElements / plan.numWords;
  Type laneType = isBitcastable(elementType) ? elementType : intType;
  auto wordVecType = VectorType::get({int64_t(perWord)}, laneType);
  SmallVector<Value> result;
  for (Value word : words) {
    Value vec = LLVM::BitcastOp::create(builder, loc, wordVecType, word);
    for (unsigned i = 0; i < perWord; ++i) {
      Value lane = LLVM::ExtractElementOp::create(builder, loc, vec,
                                                  i32Constant(builder, loc, i));
      result.push_back(laneType == elementType
                           ? lane
                           : fromMemoryInt(builder, loc, lane, elementType));
    }
  }
  return result;
}

std::string vectorSuffix(unsigned numWords) {
  return numWords == 1 ? "" : ".v" + std::to_string(numWords);
}
} // namespace

SmallVector<Value>
nvidia::emitPredicatedLoad(OpBuilder &builder, Location loc, Value ptr,
                           Type elementType, unsigned numElements, Value pred,
                           ArrayRef<Value> other, tt::CacheModifier cache,
                           tt::EvictionPolicy evict, bool isVolatile) {
  WordPlan plan = planWords(elementType, numElements);
  unsigned n = plan.numWords;
  std::string wordName = std::to_string(plan.wordBits);
  // Outputs $0..$n-1, then the address $n, the predicate $n+1 and the
  // values for masked-off lanes $n+2...
  SmallVector<Value> operands{ptr, pred};
  std::string asmString;
  Value policy =
      isVolatile ? Value() : createL2CachePolicy(builder, loc, evict);
  if (!other.empty()) {
    SmallVector<Value> otherWords = packWords(builder, loc, other, plan);
    operands.append(otherWords);
    for (unsigned i = 0; i < n; ++i)
      asmString += "mov.b" + wordName + " $" + std::to_string(i) + ", $" +
                   std::to_string(n + 2 + i) + ";\n\t";
  } else {
    for (unsigned i = 0; i < n; ++i)
      asmString += "mov.b" + wordName + " $" + std::to_string(i) + ", 0;\n\t";
  }
  std::string type = plan.byteAccess ? "u8" : "b" + wordName;
  asmString +=
      "@$" + std::to_string(n + 1) + " ld" + (isVolatile ? ".volatile" : "") +
      ".global" + getCacheSuffix(cache, /*isLoad=*/true) +
      (isVolatile
           ? ""
           : getEvictSuffix(evict, getCacheSuffix(cache, /*isLoad=*/true))) +
      (policy ? ".L2::cache_hint" : "") + vectorSuffix(n) + "." + type + " " +
      nvidia::operandList(0, n) + ", [ $" + std::to_string(n) + " + 0 ]";
  std::string constraints;
  for (unsigned i = 0; i < n; ++i)
    constraints += std::string("=") + getConstraint(plan.wordBits) + ",";
  constraints += "l,b";
  for (unsigned i = 0; i < other.size() && i < n && !other.empty(); ++i)
    constraints += std::string(",") + getConstraint(plan.wordBits);
  if (policy) {
    asmString += ", $" + std::to_string(n + operands.size());
    operands.push_back(policy);
    constraints += ",l";
  }
  asmString += ";";

  Type wordType = builder.getIntegerType(plan.wordBits);
  Type resultType =
      n == 1 ? wordType
             : LLVM::LLVMStructType::getLiteral(builder.getContext(),
                                                SmallVector<Type>(n, wordType));
  Value result = nvidia::emitInlinePTX(builder, loc, resultType, operands,
                                       asmString, constraints);
  SmallVector<Value> words;
  if (n == 1)
    words.push_back(result);
  else
    for (unsigned i = 0; i < n; ++i)
      words.push_back(LLVM::ExtractValueOp::create(builder, loc, result, i));
  return unpackWords(builder, loc, words, plan, elementType, numElements);
}

void nvidia::emitPredicatedStore(OpBuilder &builder, Location loc, Value ptr,
                                 ArrayRef<Value> values, Value pred,
                                 tt::CacheModifier cache,
                                 tt::EvictionPolicy evict) {
  WordPlan plan = planWords(values.front().getType(), values.size());
  unsigned n = plan.numWords;
  SmallVector<Value> operands = packWords(builder, loc, values, plan);
  operands.push_back(ptr);
  operands.push_back(pred);
  Value policy = createL2CachePolicy(builder, loc, evict);
  std::string type =
      plan.byteAccess ? "u8" : "b" + std::to_string(plan.wordBits);
  std::string asmString =
      "@$" + std::to_string(n + 1) + " st.global" +
      getCacheSuffix(cache, /*isLoad=*/false) +
      getEvictSuffix(evict, getCacheSuffix(cache, /*isLoad=*/false)) +
      (policy ? ".L2::cache_hint" : "") + vectorSuffix(n) + "." + type +
      " [ $" + std::to_string(n) + " + 0 ], " + nvidia::operandList(0, n);
  std::string constraints;
  for (unsigned i = 0; i < n; ++i)
    constraints += std::string(getConstraint(plan.wordBits)) + ",";
  constraints += "l,b";
  if (policy) {
    asmString += ", $" + std::to_string(n + 2);
    operands.push_back(policy);
    constraints += ",l";
  }
  asmString += ";";
  nvidia::emitInlinePTX(builder, loc, Type(), operands, asmString, constraints);
}
