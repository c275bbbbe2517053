//===- InlineAsmOpToLLVM.cpp - tt.elementwise_inline_asm to LLVM ----------===//
//
// The user's assembly runs once per pack of `packed_element` registers of
// the calling thread, as in Triton: register i of every operand and result
// is the same tensor element (the op keeps one encoding), so a pack is
// `packed_element` consecutive registers. Within a pack, elements narrower
// than 32 bits travel as vectors that fill a 32-bit register (two f16, four
// i8), at most `packed_element` of them; wider elements travel one by one.
// The outputs are ordered result by result, and within a result pack
// element by pack element; several outputs form an LLVM struct.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// How many elements of `type` (an LLVM scalar type) share one 32-bit
/// register of the assembly, given `pack` elements per call.
int elementsPerRegister(Type type, int pack) {
  unsigned bits = type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 64;
  return bits < 32 ? std::min<int>(32 / bits, pack) : 1;
}

/// The number of registers each thread holds of the op's tensors (they
/// share one encoding), 1 when all are scalars, -1 when the layout is
/// unknown.
int64_t registersPerThread(tt::ElementwiseInlineAsmOp op) {
  for (Value value : llvm::concat<Value>(op.getArgs(), op->getResults()))
    if (auto type = dyn_cast<RankedTensorType>(value.getType())) {
      std::optional<layout::LinearLayout> layout = ttg::toLinearLayout(type);
      return layout ? layout->getNumRegisters() : -1;
    }
  return 1;
}

struct ElementwiseInlineAsmConversion
    : public ConvertOpToLLVMPattern<tt::ElementwiseInlineAsmOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tt::ElementwiseInlineAsmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const TypeConverter &converter = *getTypeConverter();
    int pack = op.getPackedElement();

    // Registers of each operand; a scalar operand serves every pack.
    SmallVector<SmallVector<Value>> operands;
    for (auto [original, value] : llvm::zip(op.getArgs(), adaptor.getArgs()))
      operands.push_back(isa<RankedTensorType>(original.getType())
                             ? unpackElements(rewriter, loc, value)
                             : SmallVector<Value>{value});
    SmallVector<Type> resultElementTypes;
    for (Value result : op.getResult())
      resultElementTypes.push_back(
          converter.convertType(getElementTypeOrSelf(result.getType())));
    int64_t numRegisters = registersPerThread(op);

    // The assembly's output types: per result, pack/perRegister registers.
    SmallVector<Type> outputTypes;
    for (Type type : resultElementTypes) {
      int perRegister = elementsPerRegister(type, pack);
      Type output =
          perRegister > 1 ? Type(VectorType::get({perRegister}, type)) : type;
      outputTypes.append(pack / perRegister, output);
    }
    Type asmType;
    if (outputTypes.size() == 1)
      asmType = outputTypes.front();
    else if (!outputTypes.empty())
      asmType = LLVM::LLVMStructType::getLiteral(getContext(), outputTypes);

    SmallVector<SmallVector<Value>> results(op->getNumResults());
    for (int64_t first = 0; first < numRegisters; first += pack) {
      SmallVector<Value> asmOperands;
      for (const SmallVector<Value> &registers : operands) {
        auto element = [&](int j) {
          return registers.size() == 1 ? registers[0] : registers[first + j];
        };
        Type type = element(0).getType();
        int perRegister = elementsPerRegister(type, pack);
        for (int j = 0; j < pack; j += perRegister) {
          if (perRegister == 1) {
            asmOperands.push_back(element(j));
            continue;
          }
          auto vectorType = VectorType::get({perRegister}, type);
          Value vector = LLVM::UndefOp::create(rewriter, loc, vectorType);
          for (int k = 0; k < perRegister; ++k)
            vector = LLVM::InsertElementOp::create(
                rewriter, loc, vector, element(j + k),
                i32Constant(rewriter, loc, k));
          asmOperands.push_back(vector);
        }
      }
      Value outputs = nvidia::emitUserInlineAsm(
          rewriter, loc, asmType, asmOperands, op.getAsmString(),
          op.getConstraints(), /*hasSideEffects=*/!op.getPure());
      int64_t output = 0;
      for (auto [r, type] : llvm::enumerate(resultElementTypes)) {
        int perRegister = elementsPerRegister(type, pack);
        for (int j = 0; j < pack; j += perRegister) {
          Value value = outputTypes.size() == 1
                            ? outputs
                            : Value(LLVM::ExtractValueOp::create(
                                  rewriter, loc, outputs, output));
          ++output;
          if (perRegister == 1) {
            results[r].push_back(value);
            continue;
          }
          for (int k = 0; k < perRegister; ++k)
            results[r].push_back(LLVM::ExtractElementOp::create(
                rewriter, loc, value, i32Constant(rewriter, loc, k)));
        }
      }
    }

    SmallVector<Value> replacements;
    for (auto [result, values] : llvm::zip(op.getResult(), results))
      replacements.push_back(
          isa<RankedTensorType>(result.getType())
              ? packElements(rewriter, loc, converter, values, result.getType())
              : values.front());
    rewriter.replaceOp(op, replacements);
    return success();
  }
};
} // namespace

LogicalResult mlir::tile::checkInlineAsmLowering(Operation *op) {
  auto inlineAsm = dyn_cast<tt::ElementwiseInlineAsmOp>(op);
  if (!inlineAsm)
    return success();
  if (inlineAsm->getNumResults() == 0 && inlineAsm.getArgs().empty())
    return op->emitOpError("without operands or results has no elements to "
                           "run on");
  // The verifier keeps one encoding for all operands and results, so
  // register i is the same element in each of them.
  int64_t registers = registersPerThread(inlineAsm);
  if (registers < 0)
    return op->emitOpError("cannot be lowered: its tensors have no linear "
                           "layout");
  int pack = inlineAsm.getPackedElement();
  if (pack < 1 || registers % pack != 0)
    return op->emitOpError("packs ")
           << pack << " elements per call, which does not divide the "
           << registers << " elements each thread holds";
  return success();
}

void mlir::tile::populateInlineAsmOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<ElementwiseInlineAsmConversion>(converter);
  (void)lowering;
}
