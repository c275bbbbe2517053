//===- TargetInfo.cpp - The NVIDIA seam of the LLVM lowering --------------===//
//
// The only file of the lowering that spells PTX. Global accesses are inline
// asm in the form Triton emits: one predicated ld/st.global of up to four
// 32-bit words, so masked lanes cost no branch.
//
//===----------------------------------------------------------------------===//

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
/// (`.cg.L1::evict_last` is rejected), so a cache modifier wins.
std::string getEvictSuffix(tt::EvictionPolicy evict, tt::CacheModifier cache) {
  if (cache != tt::CacheModifier::NONE)
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

/// Packs contiguous elements into the words of `plan`.
SmallVector<Value> packWords(OpBuilder &builder, Location loc,
                             ArrayRef<Value> elements, const WordPlan &plan) {
  SmallVector<Value> ints = llvm::map_to_vector(
      elements, [&](Value e) { return toMemoryInt(builder, loc, e); });
  Type wordType = builder.getIntegerType(plan.wordBits);
  if (plan.byteAccess)
    return {LLVM::ZExtOp::create(builder, loc, wordType, ints[0])};
  unsigned perWord = ints.size() / plan.numWords;
  if (perWord == 1)
    return ints;
  // Several narrow elements per word: through a vector bitcast.
  auto vecType = VectorType::get({int64_t(ints.size())}, ints[0].getType());
  Value vec = LLVM::UndefOp::create(builder, loc, vecType);
  for (auto [i, v] : llvm::enumerate(ints))
    vec = LLVM::InsertElementOp::create(
        builder, loc, vec, v,
        LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                 builder.getI32IntegerAttr(i)));
  auto wordsType = VectorType::get({int64_t(plan.numWords)}, wordType);
  Value words = LLVM::BitcastOp::create(builder, loc, wordsType, vec);
  SmallVector<Value> result;
  for (unsigned w = 0; w < plan.numWords; ++w)
    result.push_back(LLVM::ExtractElementOp::create(
        builder, loc, words,
        LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                 builder.getI32IntegerAttr(w))));
  return result;
}

/// Unpacks the words of `plan` into `numElements` elements.
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
  auto wordsType =
      VectorType::get({int64_t(plan.numWords)}, words[0].getType());
  Value vec = LLVM::UndefOp::create(builder, loc, wordsType);
  for (auto [i, w] : llvm::enumerate(words))
    vec = LLVM::InsertElementOp::create(
        builder, loc, vec, w,
        LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                 builder.getI32IntegerAttr(i)));
  auto elementsType = VectorType::get({int64_t(numElements)}, intType);
  Value elements = LLVM::BitcastOp::create(builder, loc, elementsType, vec);
  SmallVector<Value> result;
  for (unsigned i = 0; i < numElements; ++i)
    result.push_back(fromMemoryInt(
        builder, loc,
        LLVM::ExtractElementOp::create(
            builder, loc, elements,
            LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                     builder.getI32IntegerAttr(i))),
        elementType));
  return result;
}

/// Inline PTX. Memory accesses have side effects; pure arithmetic does not,
/// so LLVM may remove or merge it.
Value emitAsm(OpBuilder &builder, Location loc, Type resultType,
              ValueRange operands, StringRef asmString, StringRef constraints,
              bool hasSideEffects = true) {
  auto op = LLVM::InlineAsmOp::create(
      builder, loc, resultType, operands, asmString, constraints,
      hasSideEffects, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(builder.getContext(), LLVM::AsmDialect::AD_ATT),
      ArrayAttr());
  return op.getNumResults() ? op.getResult(0) : Value();
}

std::string registerList(unsigned first, unsigned count) {
  if (count == 1)
    return "$" + std::to_string(first);
  std::string list = "{ ";
  for (unsigned i = 0; i < count; ++i)
    list += (i ? ", $" : "$") + std::to_string(first + i);
  return list + " }";
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
      (isVolatile ? "" : getEvictSuffix(evict, cache)) + vectorSuffix(n) + "." +
      type + " " + registerList(0, n) + ", [ $" + std::to_string(n) + " + 0 ];";
  std::string constraints;
  for (unsigned i = 0; i < n; ++i)
    constraints += std::string("=") + getConstraint(plan.wordBits) + ",";
  constraints += "l,b";
  for (unsigned i = 0; i < other.size() && i < n && !other.empty(); ++i)
    constraints += std::string(",") + getConstraint(plan.wordBits);

  Type wordType = builder.getIntegerType(plan.wordBits);
  Type resultType =
      n == 1 ? wordType
             : LLVM::LLVMStructType::getLiteral(builder.getContext(),
                                                SmallVector<Type>(n, wordType));
  Value result =
      emitAsm(builder, loc, resultType, operands, asmString, constraints);
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
  std::string type =
      plan.byteAccess ? "u8" : "b" + std::to_string(plan.wordBits);
  std::string asmString = "@$" + std::to_string(n + 1) + " st.global" +
                          getCacheSuffix(cache, /*isLoad=*/false) +
                          getEvictSuffix(evict, cache) + vectorSuffix(n) + "." +
                          type + " [ $" + std::to_string(n) + " + 0 ], " +
                          registerList(0, n) + ";";
  std::string constraints;
  for (unsigned i = 0; i < n; ++i)
    constraints += std::string(getConstraint(plan.wordBits)) + ",";
  constraints += "l,b";
  emitAsm(builder, loc, Type(), operands, asmString, constraints);
}

static Value callIntrinsic(OpBuilder &builder, Location loc, StringRef name,
                           Type resultType, ValueRange args) {
  return LLVM::CallIntrinsicOp::create(builder, loc, resultType,
                                       builder.getStringAttr(name), args)
      .getResult(0);
}

Value nvidia::emitExp2Approx(OpBuilder &builder, Location loc, Value x) {
  return callIntrinsic(builder, loc, "llvm.nvvm.ex2.approx.f32", x.getType(),
                       x);
}

Value nvidia::emitLog2Approx(OpBuilder &builder, Location loc, Value x) {
  return callIntrinsic(builder, loc, "llvm.nvvm.lg2.approx.f", x.getType(), x);
}

Value nvidia::emitRsqrtApprox(OpBuilder &builder, Location loc, Value x) {
  return callIntrinsic(builder, loc, "llvm.nvvm.rsqrt.approx.ftz.f",
                       x.getType(), x);
}

Value nvidia::emitSqrtApprox(OpBuilder &builder, Location loc, Value x) {
  return callIntrinsic(builder, loc, "llvm.nvvm.sqrt.approx.ftz.f", x.getType(),
                       x);
}

Value nvidia::emitDivFull(OpBuilder &builder, Location loc, Value x, Value y) {
  return emitAsm(builder, loc, x.getType(), ValueRange{x, y},
                 "div.full.f32 $0, $1, $2;", "=r,r,r",
                 /*hasSideEffects=*/false);
}

Value nvidia::emitMulHiUnsigned(OpBuilder &builder, Location loc, Value x,
                                Value y) {
  unsigned bits = x.getType().getIntOrFloatBitWidth();
  std::string name = bits == 64 ? "llvm.nvvm.mulhi.ull" : "llvm.nvvm.mulhi.ui";
  return callIntrinsic(builder, loc, name, x.getType(), ValueRange{x, y});
}

Value nvidia::emitLibdeviceCall(OpBuilder &builder, Location loc,
                                StringRef name, Type resultType,
                                ValueRange args) {
  auto module =
      builder.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
  if (!func) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMFunctionType::get(resultType,
                                            llvm::to_vector(args.getTypes()));
    func = LLVM::LLVMFuncOp::create(builder, loc, name, type);
  }
  return LLVM::CallOp::create(builder, loc, func, args).getResult();
}

std::string nvidia::getLibdeviceName(StringRef mathOp, Type type) {
  // libdevice names: __nv_<op> for f64, __nv_<op>f for f32.
  static const llvm::StringMap<StringRef> kNames = {
      {"math.erf", "erf"},     {"math.tanh", "tanh"},   {"math.powf", "pow"},
      {"math.sin", "sin"},     {"math.cos", "cos"},     {"math.tan", "tan"},
      {"math.exp", "exp"},     {"math.exp2", "exp2"},   {"math.log", "log"},
      {"math.log2", "log2"},   {"math.log10", "log10"}, {"math.log1p", "log1p"},
      {"math.expm1", "expm1"}, {"math.sqrt", "sqrt"},   {"math.rsqrt", "rsqrt"},
      {"math.atan", "atan"},   {"math.atan2", "atan2"}, {"math.asin", "asin"},
      {"math.acos", "acos"},   {"math.sinh", "sinh"},   {"math.cosh", "cosh"},
      {"math.cbrt", "cbrt"},   {"math.erfc", "erfc"},   {"math.round", "round"},
      {"math.trunc", "trunc"}};
  auto it = kNames.find(mathOp);
  if (it == kNames.end() || !(type.isF32() || type.isF64()))
    return "";
  return ("__nv_" + it->second + (type.isF32() ? "f" : "")).str();
}
