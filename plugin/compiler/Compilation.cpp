//===- Compilation.cpp - One in-process compile, TTIR to PTX --------------===//

#include "plugin/compiler/Compilation.h"

#include "pipelines/Pipelines.h"
#include "plugin/Registration.h"
#include "plugin/compiler/DiagnosticLog.h"
#include "plugin/compiler/KernelMetadata.h"
#include "plugin/compiler/NVPTXBackend.h"
#include "plugin/compiler/SourceParser.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"

#include <mutex>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::compiler;

namespace {
/// The message of the last LLVM fatal error on this thread: LLVM reports it
/// and then exits or aborts, which the crash recovery around a compile
/// turns back into a failed compile.
thread_local std::string lastFatalError;

void recordFatalError(void *, const char *reason, bool) {
  lastFatalError = reason ? reason : "";
}

/// Everything a compile's context may parse or create: tile's dialects, the
/// upstream dialects Triton's IR uses, the dialects the stages create ops
/// in, and the translations to LLVM IR. Built once (finding the stages'
/// dialects parses every stage pipeline); each compile's context copies it.
DialectRegistry createRegistry() {
  DialectRegistry registry;
  registerTileDialects(registry);
  registry.insert<arith::ArithDialect, cf::ControlFlowDialect,
                  func::FuncDialect, gpu::GPUDialect, index::IndexDialect,
                  LLVM::LLVMDialect, math::MathDialect, NVVM::NVVMDialect,
                  scf::SCFDialect, ub::UBDialect>();
  func::registerInlinerExtension(registry);
  getStageDependentDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  return registry;
}

const DialectRegistry &getRegistry() {
  static const DialectRegistry registry = createRegistry();
  return registry;
}

/// Process-wide set-up, once: the passes the stage pipelines name (tile's
/// and the upstream ones mlir-opt would have registered), the NVPTX target,
/// the dialect registry and crash recovery.
void initializeCompiler() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerTilePasses();
    registerCanonicalizer();
    registerCSE();
    registerInliner();
    registerSCCP();
    registerSymbolDCE();
    registerSCFToControlFlowPass();
    registerConvertControlFlowToLLVMPass();
    registerArithToLLVMConversionPass();
    registerConvertNVVMToLLVMPass();
    registerReconcileUnrealizedCastsPass();
    initializeNVPTXBackend();
    // Outside any compile's crash recovery: the registry's one-time set-up.
    (void)getRegistry();
    llvm::install_fatal_error_handler(recordFatalError, nullptr);
    llvm::CrashRecoveryContext::Enable();
  });
}

/// Where each stage pipeline's output goes in the result.
std::optional<tile_stage> getResultStage(llvm::StringRef pipeline) {
  if (pipeline == "ttir")
    return TILE_STAGE_TTIR;
  if (pipeline == "ttgir")
    return TILE_STAGE_TTGIR;
  if (pipeline == "llir")
    return TILE_STAGE_LLVM_MLIR;
  return std::nullopt;
}

/// The steps of one compile, inside the crash recovery.
class Compiler {
public:
  Compiler(const tile_options &options, DiagnosticLog &log,
           CompileOutcome &outcome)
      : options(options), log(log), outcome(outcome) {}

  /// Runs every step; failure leaves the failed stage in the outcome.
  LogicalResult run(llvm::StringRef ir, llvm::StringRef sourceName);

private:
  /// Starts `stage`: its diagnostics, and the stage named on failure.
  void begin(llvm::StringRef stage) {
    log.setStage(stage);
    outcome.failedStage = stage.str();
  }
  bool keeps(tile_stage stage) const {
    return options.keep_stages & (1u << stage);
  }
  void keep(tile_stage stage, ModuleOp module) {
    if (!keeps(stage))
      return;
    std::string text;
    llvm::raw_string_ostream os(text);
    // As Triton prints its stage files: with locations, and each value
    // named after the Python variable its name location records.
    module->print(os,
                  OpPrintingFlags().enableDebugInfo().printNameLocAsPrefix());
    outcome.stages[stage] = std::move(text);
  }
  FailureOr<ttg::TargetOptions> resolveOptions(ModuleOp module);

  const tile_options &options;
  DiagnosticLog &log;
  CompileOutcome &outcome;
};

FailureOr<ttg::TargetOptions> Compiler::resolveOptions(ModuleOp module) {
  auto emitOptionError = [&] {
    return emitError(module.getLoc(), "tile_compile: ");
  };
  if (options.maxnreg < 0)
    return emitOptionError() << "maxnreg must be 0 (no limit) or positive, "
                                "got "
                             << options.maxnreg,
           failure();
  ttg::TargetOptions given;
  given.target = options.target ? options.target : ttg::kDefaultTarget.str();
  given.numWarps = options.num_warps;
  given.numCTAs = options.num_ctas;
  given.numStages = options.num_stages;
  given.lineInfo = options.line_info != 0;
  given.ptxVersion = options.ptx_version;
  // A TTGIR module's own attributes win over the options.
  return resolveTargetOptions(module, given, ExplicitTargetOptions(),
                              "tile_compile: ");
}

LogicalResult Compiler::run(llvm::StringRef ir, llvm::StringRef sourceName) {
  MLIRContext context(getRegistry(), MLIRContext::Threading::DISABLED);
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diagnostic) {
    log.capture(diagnostic);
    return success();
  });

  begin("parse");
  ParserConfig config(&context);
  OwningOpRef<ModuleOp> module =
      parseModuleKeepingNames(ir, sourceName, config);
  if (!module)
    return failure();
  outcome.kernelName = findKernelName(*module);

  begin("options");
  FailureOr<ttg::TargetOptions> targetOptions = resolveOptions(*module);
  if (failed(targetOptions))
    return failure();
  if (options.maxnreg > 0)
    (*module)->setAttr("ttg.maxnreg",
                       Builder(&context).getI32IntegerAttr(options.maxnreg));

  bool isTTGIR = isTTGIRModule(*module);
  for (const StagePipeline &stage : getStagePipelines()) {
    if (isTTGIR && stage.consumesTTIR)
      continue;
    begin(stage.name);
    PassManager pm(&context, ModuleOp::getOperationName());
    std::string error;
    llvm::raw_string_ostream errorStream(error);
    if (failed(addStagePipeline(stage, *targetOptions, pm, errorStream)))
      return emitError((*module)->getLoc(), error), failure();
    if (failed(pm.run(*module)))
      return failure();
    if (std::optional<tile_stage> resultStage = getResultStage(stage.name))
      keep(*resultStage, *module);
  }

  // Triton's `llir` stage ends with optimized LLVM IR, its `ptx` stage
  // with PTX.
  begin("llir");
  NVPTXOptions backendOptions;
  backendOptions.arch = getNVPTXArch(targetOptions->target);
  backendOptions.ptxVersion = options.ptx_version;
  backendOptions.fpFusion = options.enable_fp_fusion != 0;
  backendOptions.reflectFtz = options.enable_reflect_ftz != 0;
  if (options.libdevice_path)
    backendOptions.libdevicePath = options.libdevice_path;
  NVPTXBackend backend(backendOptions);
  if (failed(backend.lowerToLLVMIR(*module)))
    return failure();
  if (keeps(TILE_STAGE_LLIR))
    outcome.stages[TILE_STAGE_LLIR] = backend.printLLVMIR();
  FailureOr<std::string> metadata =
      buildKernelMetadata(*module, *targetOptions, backend.getPTXVersion());
  if (failed(metadata))
    return failure();

  begin("ptx");
  FailureOr<std::string> ptx = backend.emitPTX(*module);
  if (failed(ptx))
    return failure();
  outcome.stages[TILE_STAGE_PTX] = std::move(*ptx);
  outcome.metadataJSON = std::move(*metadata);
  outcome.failedStage.clear();
  return success();
}
} // namespace

CompileOutcome mlir::tile::compiler::compile(llvm::StringRef ir,
                                             llvm::StringRef sourceName,
                                             const tile_options &options) {
  initializeCompiler();
  CompileOutcome outcome;
  DiagnosticLog log;
  lastFatalError.clear();
  bool compiled = false;
  // On a crash, the compile's contexts are abandoned where they stand (their
  // state is unknown); the diagnostics so far are in `log`, outside them.
  llvm::CrashRecoveryContext recovery;
  bool finished = recovery.RunSafely([&] {
    Compiler compiler(options, log, outcome);
    compiled = succeeded(compiler.run(ir, sourceName));
  });
  if (!finished) {
    std::string what =
        lastFatalError.empty()
            ? "a crash (signal " + std::to_string(recovery.RetCode) + ")"
            : "an LLVM fatal error: " + lastFatalError;
    log.addError("tile stopped with " + what + " in stage '" +
                 log.getStage().str() +
                 "'; this is a bug in tile, please report it with the input");
    compiled = false;
  }
  outcome.succeeded = compiled;
  if (!compiled) {
    outcome.error = log.firstError();
    if (outcome.error.empty())
      outcome.error = "stage '" + outcome.failedStage + "' failed";
    outcome.metadataJSON = "{}";
    outcome.stages[TILE_STAGE_PTX].reset();
  }
  outcome.diagnosticsJSON = log.toJSON();
  return outcome;
}
