//===- NVPTXBackend.cpp - LLVM dialect module to PTX in-process -----------===//

#include "plugin/compiler/NVPTXBackend.h"

#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/Internalize.h"

#include <mutex>

using namespace mlir;
using namespace mlir::tile::compiler;

namespace {
constexpr llvm::StringLiteral kTriple = "nvptx64-nvidia-cuda";
/// The newest PTX ISA LLVM 22's NVPTX back end knows (-mattr=+ptx90): a
/// newer requested version is written into the .version line only, as
/// Triton does for its LLVM.
constexpr int kNewestLLVMPTXVersion = 90;
/// tile's PTX version: PTX 8.0 is the first with sm_90a.
constexpr int kDefaultPTXVersion = 80;
/// Triton 3.6's, for kernels that build tensor maps on the device:
/// tensormap.replace needs PTX 8.3, and the lowering writes global strides
/// in bytes, which PTX 8.6 and later read right.
constexpr int kTensorMapPTXVersion = 87;

/// Vector float atomics (`atom`/`red` `.add` of `.v2`/`.v4`/`.v8`, sm_90)
/// need PTX 8.1.
constexpr int kVectorAtomicPTXVersion = 81;

/// The PTX version tile writes for `module` when none is asked for: the
/// default, or what its inline PTX needs (tensor maps built on the device,
/// vector atomics).
int getDefaultPTXVersion(const llvm::Module &module) {
  llvm::Regex vectorAtomic("(atom|red)[.a-z_]*\\.global[.a-z_]*\\.add"
                           "[.a-z]*\\.v[248]\\.");
  int version = kDefaultPTXVersion;
  for (const llvm::Function &function : module)
    for (const llvm::BasicBlock &block : function)
      for (const llvm::Instruction &instruction : block)
        if (auto *call = dyn_cast<llvm::CallBase>(&instruction))
          if (auto *assembly =
                  dyn_cast<llvm::InlineAsm>(call->getCalledOperand())) {
            llvm::StringRef text = assembly->getAsmString();
            if (text.contains("tensormap.replace"))
              version = std::max(version, kTensorMapPTXVersion);
            else if (vectorAtomic.match(text))
              version = std::max(version, kVectorAtomicPTXVersion);
          }
  return version;
}

std::unique_ptr<llvm::TargetMachine>
createTargetMachine(llvm::StringRef arch, llvm::StringRef features,
                    bool fpFusion, std::string &error) {
  llvm::Triple triple(kTriple);
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;
  llvm::TargetOptions options;
  options.AllowFPOpFusion =
      fpFusion ? llvm::FPOpFusion::Fast : llvm::FPOpFusion::Strict;
  // llc's default: PTX with the comments that name each function.
  options.MCOptions.AsmVerbose = true;
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, arch, features, options, std::nullopt, std::nullopt,
      llvm::CodeGenOptLevel::Aggressive));
}

/// llvm-link --only-needed --internalize: the libdevice functions the
/// kernel calls, made internal so that -O3 can drop what it inlines.
/// With enable_reflect_ftz off, a denormal result must survive where the
/// lowering chose an approximate instruction that flushes it: tile lowers
/// f32 exp2 to ex2.approx.ftz (Triton's default, where libdevice's exp2f
/// resolves to the same instruction through nvvm-reflect-ftz); without
/// flush-to-zero Triton's gives ex2.approx.f32, so the intrinsic is swapped.
void keepDenormals(llvm::Module &module) {
  llvm::Function *flushing = module.getFunction("llvm.nvvm.ex2.approx.ftz.f32");
  if (!flushing)
    return;
  llvm::FunctionCallee exact = module.getOrInsertFunction(
      "llvm.nvvm.ex2.approx.f32", flushing->getFunctionType());
  flushing->replaceAllUsesWith(exact.getCallee());
  flushing->eraseFromParent();
}

LogicalResult linkLibdevice(llvm::Module &module, llvm::StringRef path,
                            std::string &error) {
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> libdevice =
      llvm::getLazyIRFileModule(path, diagnostic, module.getContext());
  if (!libdevice) {
    llvm::raw_string_ostream os(error);
    os << "cannot read libdevice '" << path << "': " << diagnostic.getMessage();
    return failure();
  }
  // libdevice says nvptx64-nvidia-gpulibs; the kernel's triple wins anyway.
  libdevice->setTargetTriple(module.getTargetTriple());
  libdevice->setDataLayout(module.getDataLayout());
  bool failedToLink = llvm::Linker::linkModules(
      module, std::move(libdevice), llvm::Linker::Flags::LinkOnlyNeeded,
      [](llvm::Module &linked, const llvm::StringSet<> &fromLibdevice) {
        llvm::internalizeModule(linked, [&](const llvm::GlobalValue &value) {
          return !value.hasName() || !fromLibdevice.contains(value.getName());
        });
      });
  if (failedToLink) {
    error = "cannot link libdevice '" + path.str() + "'";
    return failure();
  }
  return success();
}

/// -O3 as Triton's optimize_module runs it: with the SLP vectorizer, loop
/// unrolling and vectorization on (a PassBuilder's own defaults leave SLP
/// off) and no target machine (the NVPTX cost model declines to pair
/// conversions). Otherwise the two halves of a loaded word are converted one
/// by one right after the load, where Triton converts them as a pair at
/// their use, and ptxas scheduled Inductor's persistent reductions 12 %
/// slower.
void optimize(llvm::Module &module) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = true;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  llvm::PassBuilder builder(nullptr, tuning);
  llvm::TargetLibraryInfoImpl libraryInfo(module.getTargetTriple());
  functions.registerPass(
      [&] { return llvm::TargetLibraryAnalysis(libraryInfo); });
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(sccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, sccs, modules);
  llvm::ModulePassManager passes =
      builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  passes.run(module, modules);
}

/// llc -O3: the PTX text.
LogicalResult emitPTXText(llvm::Module &module, llvm::TargetMachine &machine,
                          std::string &ptx, std::string &error) {
  llvm::raw_string_ostream os(ptx);
  llvm::buffer_ostream buffered(os);
  llvm::legacy::PassManager passes;
  llvm::TargetLibraryInfoImpl libraryInfo(module.getTargetTriple());
  passes.add(new llvm::TargetLibraryInfoWrapperPass(libraryInfo));
  if (machine.addPassesToEmitFile(passes, buffered, nullptr,
                                  llvm::CodeGenFileType::AssemblyFile)) {
    error = "the NVPTX target cannot emit assembly";
    return failure();
  }
  passes.run(module);
  return success();
}

/// Triton's post-processing of llc's PTX: without `, debug` on the target
/// line (ptxas would compile for the debugger), and with the requested
/// .version when it is newer than what LLVM can write.
void finishPTX(std::string &ptx, int ptxVersion) {
  llvm::Regex debugTarget("(\n\\.target[^\n]*), *debug");
  ptx = debugTarget.sub("\\1", ptx);
  if (ptxVersion > kNewestLLVMPTXVersion) {
    llvm::Regex version("\n\\.version [0-9]+\\.[0-9]+");
    ptx = version.sub("\n.version " + std::to_string(ptxVersion / 10) + "." +
                          std::to_string(ptxVersion % 10),
                      ptx);
  }
}
} // namespace

void mlir::tile::compiler::initializeNVPTXBackend() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    // Triton's code generation flags, which LLVM has only as command-line
    // options: 32-bit shared-memory pointers, and an add folded into a
    // widening multiply (mad.wide) when addresses are selected.
    auto &registered = llvm::cl::getRegisteredOptions();
    for (llvm::StringRef flag : {"nvptx-short-ptr", "nvptx-mad-wide-opt"})
      if (llvm::cl::Option *option = registered.lookup(flag))
        (void)option->addOccurrence(0, flag, "true");
  });
}

std::string mlir::tile::compiler::getNVPTXArch(llvm::StringRef target) {
  // Which targets tile supports is ttg::verifyTargetOptions' decision; this
  // spells one: sm_NN, with Hopper's architecture-specific features (wgmma,
  // setmaxnreg) from sm_90 on.
  unsigned capability = 0;
  if (!target.consume_front("cuda:") || target.getAsInteger(10, capability))
    return "";
  return "sm_" + std::to_string(capability) + (capability >= 90 ? "a" : "");
}

/// Errors LLVM reports through its context (inline assembly that does not
/// assemble, a linker conflict); warnings are dropped, as the stock tools
/// print but ignore them.
struct NVPTXBackend::Errors {
  std::string text;

  static void handle(const llvm::DiagnosticInfo *info, void *context) {
    if (info->getSeverity() != llvm::DS_Error)
      return;
    auto *errors = static_cast<Errors *>(context);
    llvm::raw_string_ostream os(errors->text);
    llvm::DiagnosticPrinterRawOStream printer(os);
    if (!errors->text.empty())
      os << "\n";
    info->print(printer);
  }

  /// Emits the collected errors on `module`; failure when there were any.
  LogicalResult report(ModuleOp module) {
    if (text.empty())
      return success();
    emitError(module.getLoc()) << text;
    text.clear();
    return failure();
  }
};

NVPTXBackend::NVPTXBackend(NVPTXOptions options)
    : options(std::move(options)), errors(std::make_unique<Errors>()),
      context(std::make_unique<llvm::LLVMContext>()) {
  initializeNVPTXBackend();
  context->setDiagnosticHandlerCallBack(Errors::handle, errors.get());
}

NVPTXBackend::~NVPTXBackend() {
  // The module belongs to the context: it goes first.
  llvmModule.reset();
}

LogicalResult NVPTXBackend::lowerToLLVMIR(ModuleOp module) {
  auto fail = [&](const llvm::Twine &message) {
    emitError(module.getLoc()) << message;
    return failure();
  };
  llvmModule = translateModuleToLLVMIR(module, *context);
  if (!llvmModule)
    return failure(); // The translation emitted why.

  std::string error;
  std::unique_ptr<llvm::TargetMachine> machine =
      createTargetMachine(options.arch, "", /*fpFusion=*/false, error);
  if (!machine)
    return fail("no NVPTX target: " + error);
  llvmModule->setTargetTriple(llvm::Triple(kTriple));
  llvmModule->setDataLayout(machine->createDataLayout());

  if (!options.reflectFtz)
    keepDenormals(*llvmModule);
  bool callsLibdevice = llvm::any_of(*llvmModule, [](llvm::Function &f) {
    return f.isDeclaration() && f.getName().starts_with("__nv_");
  });
  if (callsLibdevice) {
    if (options.libdevicePath.empty())
      return fail("the kernel calls libdevice (__nv_*) functions but no "
                  "libdevice path was given");
    if (options.reflectFtz)
      llvmModule->addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", 1);
    if (failed(linkLibdevice(*llvmModule, options.libdevicePath, error)))
      return fail(error);
  }
  optimize(*llvmModule);
  if (failed(errors->report(module)))
    return failure();
  ptxVersion = options.ptxVersion;
  if (!ptxVersion)
    ptxVersion = getDefaultPTXVersion(*llvmModule);
  return success();
}

std::string NVPTXBackend::printLLVMIR() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (llvmModule)
    llvmModule->print(os, nullptr);
  return text;
}

FailureOr<std::string> NVPTXBackend::emitPTX(ModuleOp module) {
  if (!llvmModule)
    return emitError(module.getLoc()) << "no LLVM IR to generate PTX from",
           failure();
  std::string error;
  std::string features =
      "+ptx" + std::to_string(std::min(ptxVersion, kNewestLLVMPTXVersion));
  std::unique_ptr<llvm::TargetMachine> machine =
      createTargetMachine(options.arch, features, options.fpFusion, error);
  if (!machine)
    return emitError(module.getLoc()) << "no NVPTX target: " << error,
           failure();
  std::string ptx;
  if (failed(emitPTXText(*llvmModule, *machine, ptx, error)))
    return emitError(module.getLoc()) << error, failure();
  if (failed(errors->report(module)))
    return failure();
  finishPTX(ptx, ptxVersion);
  return ptx;
}
