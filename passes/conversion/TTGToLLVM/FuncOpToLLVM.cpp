//===- FuncOpToLLVM.cpp - tt.func/return/call to LLVM ---------------------===//
//
// A public tt.func becomes a PTX kernel: `nvvm.kernel` (the ptx_kernel
// calling convention) and `nvvm.reqntid` = num-warps x threads-per-warp
// (ttg.total-num-warps when warp-specialized, with `ttg.maxnreg` as
// `nvvm.maxnreg`). Its parameters are the function's arguments, in order,
// then Triton's two trailing scratch pointers, global and profile scratch
// (GlobalScratchOpToLLVM.cpp), which every Triton kernel declares and
// Triton's launcher always passes, null when the kernel needs none. A
// device function that needs global scratch takes its part of it as one
// more, last parameter (GlobalScratchOpToLLVM.cpp). Launched in clusters
// (tile.cluster-ctas), a kernel requires its cluster size and returns at
// once on every CTA but the first of each cluster.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/Scratch.h"
#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/WarpSpecialize.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/tt/TTDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// An LLVM function returns one value: void for no result, the converted
/// type for one, and, as upstream's func-to-llvm does, a literal struct of
/// the converted types for several. Null when a result has no LLVM form.
Type packResultTypes(MLIRContext *context, const TypeConverter &converter,
                     TypeRange results) {
  if (results.empty())
    return LLVM::LLVMVoidType::get(context);
  SmallVector<Type> converted;
  for (Type result : results) {
    Type type = converter.convertType(result);
    if (!type)
      return {};
    converted.push_back(type);
  }
  if (converted.size() == 1)
    return converted.front();
  return LLVM::LLVMStructType::getLiteral(context, converted);
}

struct FuncOpConversion : public ConvertOpToLLVMPattern<tt::FuncOp> {
  FuncOpConversion(LLVMTypeConverter &converter,
                   const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(tt::FuncOp func, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = func.getFunctionType();
    bool isKernel = func.isPublic() && !func.isExternal();
    if (isKernel && type.getNumResults() != 0)
      return func.emitOpError("a kernel (public tt.func) cannot return "
                              "values");
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    for (auto [i, input] : llvm::enumerate(type.getInputs())) {
      Type converted = getTypeConverter()->convertType(input);
      if (!converted)
        return func.emitOpError("argument ")
               << i << " of type " << input << " has no LLVM form";
      signature.addInputs(i, converted);
    }
    auto module = func->getParentOfType<ModuleOp>();
    auto globalPointer =
        LLVM::LLVMPointerType::get(getContext(), /*addressSpace=*/1);
    int64_t scratchBytes = getFunctionGlobalScratchBytes(func);
    if (isKernel)
      for (unsigned i = 0; i < kNumScratchParameters; ++i)
        signature.addInputs(globalPointer);
    else if (scratchBytes > 0 && !func.isExternal())
      signature.addInputs(globalPointer); // its part of the program's area
    Type resultType =
        packResultTypes(getContext(), *getTypeConverter(), type.getResults());
    if (!resultType)
      return func.emitOpError("has a result type with no LLVM form");
    auto llvmType =
        LLVM::LLVMFunctionType::get(resultType, signature.getConvertedTypes());
    auto llvmFunc = LLVM::LLVMFuncOp::create(rewriter, func.getLoc(),
                                             func.getName(), llvmType);
    if (isKernel) {
      // A warp-specialized kernel launches its partitions' warps too.
      nvidia::markAsKernel(llvmFunc,
                           getTotalNumWarps(module, lowering.numWarps) *
                               lowering.threadsPerWarp);
      if (auto registers =
              module->getAttrOfType<IntegerAttr>(kMaxRegistersAttrName))
        nvidia::limitRegisters(llvmFunc, int(registers.getInt()));
      if (failed(passTensorDescriptors(func, llvmFunc)))
        return failure();
      if (lowering.clusterCTAs > 1)
        nvidia::setClusterSize(llvmFunc, lowering.clusterCTAs);
    } else if (!func.isExternal()) {
      // Device functions are private to the module; a declaration stays
      // external so it can be resolved at link time (libdevice, ...).
      llvmFunc.setLinkage(LLVM::Linkage::Internal);
      // As in Triton: the TTIR `inline` pass has inlined every call it
      // may, so a function still called was asked to stay a call
      // (noinline = true), and LLVM's inliner must not undo that.
      llvmFunc.setPassthroughAttr(
          rewriter.getArrayAttr({rewriter.getStringAttr("noinline")}));
    }
    // Calls and global scratch buffers read how much it needs.
    if (scratchBytes > 0)
      llvmFunc->setAttr(kGlobalScratchSizeAttrName,
                        rewriter.getI32IntegerAttr(scratchBytes));
    // The bytes that steer the warps of ttg.warp_specialize ops
    // (convert-warp-specialize-to-llvm reads them).
    if (Attribute offset = func->getAttr(kAllocationOffsetAttrName))
      llvmFunc->setAttr(kAllocationOffsetAttrName, offset);
    rewriter.inlineRegionBefore(func.getBody(), llvmFunc.getBody(),
                                llvmFunc.end());
    if (failed(rewriter.convertRegionTypes(&llvmFunc.getBody(),
                                           *getTypeConverter(), &signature)))
      return failure();
    if (isKernel && lowering.clusterCTAs > 1)
      returnFromOtherCTAsOfCluster(rewriter, llvmFunc, func.getLoc());
    rewriter.eraseOp(func);
    return success();
  }

  /// Launched in clusters, a program runs on the first CTA of its cluster;
  /// the others return before anything else.
  static void returnFromOtherCTAsOfCluster(ConversionPatternRewriter &rewriter,
                                           LLVM::LLVMFuncOp func,
                                           Location loc) {
    Block *entry = &func.getBody().front();
    Block *body = rewriter.splitBlock(entry, entry->begin());
    Block *exit = rewriter.createBlock(&func.getBody(), func.getBody().end());
    LLVM::ReturnOp::create(rewriter, loc, ValueRange{});
    rewriter.setInsertionPointToEnd(entry);
    Value rank = nvidia::getRankInCluster(rewriter, loc);
    Value zero = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                          rewriter.getI32IntegerAttr(0));
    Value first = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                       rank, zero);
    LLVM::CondBrOp::create(rewriter, loc, first, body, exit);
  }

  /// Tensor descriptor parameters are tensor maps passed by value; the
  /// launcher learns how to encode each from the function's
  /// `tile.tensordesc_meta` (Triton's `tensordesc_meta`, one entry per
  /// descriptor parameter, in order).
  LogicalResult passTensorDescriptors(tt::FuncOp func,
                                      LLVM::LLVMFuncOp llvmFunc) const {
    SmallVector<Attribute> metadata;
    for (auto [i, input] : llvm::enumerate(func.getArgumentTypes())) {
      auto desc = dyn_cast<tt::TensorDescType>(input);
      if (!desc)
        continue;
      std::string why;
      FailureOr<DictionaryAttr> entry = getTensorDescMetadata(desc, why);
      if (failed(entry)) // Reported up front (checkTMALowering).
        return failure();
      nvidia::passTensorMapByValue(llvmFunc, i);
      metadata.push_back(*entry);
    }
    if (!metadata.empty())
      llvmFunc->setAttr(kTensorDescMetadataAttrName,
                        ArrayAttr::get(getContext(), metadata));
    return success();
  }

  const LoweringContext &lowering;
};

struct ReturnOpConversion : public ConvertOpToLLVMPattern<tt::ReturnOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(tt::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange values = adaptor.getOperands();
    if (values.size() <= 1) {
      rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, values);
      return success();
    }
    // Several results travel as one struct (packResultTypes).
    Location loc = op.getLoc();
    auto type = LLVM::LLVMStructType::getLiteral(
        getContext(), llvm::to_vector(values.getTypes()));
    Value packed = LLVM::PoisonOp::create(rewriter, loc, type);
    for (auto [i, value] : llvm::enumerate(values))
      packed = LLVM::InsertValueOp::create(rewriter, loc, packed, value, i);
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, packed);
    return success();
  }
};

struct CallOpConversion : public ConvertOpToLLVMPattern<tt::CallOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(tt::CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType =
        packResultTypes(getContext(), *getTypeConverter(), op.getResultTypes());
    if (!resultType)
      return op.emitOpError("has a result type with no LLVM form");
    SmallVector<Type> callResults;
    if (!isa<LLVM::LLVMVoidType>(resultType))
      callResults.push_back(resultType);
    SmallVector<Value> operands(adaptor.getOperands());
    // A callee that needs global scratch gets its part of the caller's, at
    // the offset the allocation gave the call.
    if (auto offset =
            op->getAttrOfType<IntegerAttr>(kGlobalScratchOffsetAttrName)) {
      FailureOr<Value> pointer = getGlobalScratchPointer(
          rewriter, loc, op->getParentOfType<LLVM::LLVMFuncOp>(),
          offset.getInt());
      if (failed(pointer))
        return rewriter.notifyMatchFailure(op, "no global scratch parameter");
      operands.push_back(*pointer);
    }
    auto call = LLVM::CallOp::create(rewriter, loc, callResults,
                                     op.getCalleeAttr(), operands);
    if (op.getNumResults() <= 1) {
      rewriter.replaceOp(op, call.getResults());
      return success();
    }
    // Several results come back as one struct (packResultTypes).
    SmallVector<Value> results;
    for (unsigned i = 0; i < op.getNumResults(); ++i)
      results.push_back(
          LLVM::ExtractValueOp::create(rewriter, loc, call.getResult(), i));
    rewriter.replaceOp(op, results);
    return success();
  }
};
} // namespace

void mlir::tile::populateFuncOpToLLVMPatterns(LLVMTypeConverter &converter,
                                              RewritePatternSet &patterns,
                                              const LoweringContext &lowering) {
  patterns.add<FuncOpConversion>(converter, lowering); // tt.func
  patterns.add<ReturnOpConversion,                     // tt.return
               CallOpConversion>(converter);           // tt.call
}
