//===- NVPTXBackend.h - LLVM dialect module to PTX in-process ---*- C++ -*-===//
//
// What tools/tile-compile does with stock tools after the llir pipeline,
// done in the calling process: mlir-translate --mlir-to-llvmir, llvm-link
// --only-needed --internalize of libdevice, opt -O3 and llc -O3 for
// nvptx64-nvidia-cuda with Triton's code generation flags, in the same order
// and with the same settings. The PTX is the stock chain's for the example
// and corpus add kernels; for larger ones (the corpus attention) instruction
// selection differs in places (a bfe where llc after opt writes shr + and).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PLUGIN_COMPILER_NVPTXBACKEND_H
#define TILE_PLUGIN_COMPILER_NVPTXBACKEND_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mlir::tile::compiler {
/// Code generation settings of one kernel.
struct NVPTXOptions {
  std::string arch;     // sm_80, sm_86, sm_89, sm_90a
  int ptxVersion = 0;   // 0: 80, or what the inline PTX needs (87 for
                        // tensor maps built on device, 81 for vector atomics)
  bool fpFusion = true; // llc -fp-contract=fast (else off)
  bool reflectFtz = true;
  std::string libdevicePath;
};

/// Sets up the NVPTX target and its process-wide code generation flags
/// (-nvptx-short-ptr, -nvptx-mad-wide-opt); idempotent and thread-safe.
void initializeNVPTXBackend();

/// The PTX target processor of a tile target ("cuda:80" -> "sm_80",
/// "cuda:90" -> "sm_90a"); empty for text that names no target.
std::string getNVPTXArch(llvm::StringRef target);

/// One kernel through LLVM: Triton's `llir` stage (translate, link, -O3),
/// then its `ptx` stage. Errors are emitted on the MLIR module's location.
class NVPTXBackend {
public:
  explicit NVPTXBackend(NVPTXOptions options);
  ~NVPTXBackend();

  /// Translates an LLVM-dialect module to LLVM IR, links libdevice when the
  /// kernel calls it, and optimizes.
  LogicalResult lowerToLLVMIR(ModuleOp module);
  /// The optimized LLVM IR, as text.
  std::string printLLVMIR() const;
  /// The .version the PTX declares (87 means 8.7); known after
  /// lowerToLLVMIR.
  int getPTXVersion() const { return ptxVersion; }
  /// Generates the PTX of the lowered module.
  FailureOr<std::string> emitPTX(ModuleOp module);

private:
  struct Errors;
  NVPTXOptions options;
  std::unique_ptr<Errors> errors;
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> llvmModule;
  int ptxVersion = 0;
};
} // namespace mlir::tile::compiler

#endif // TILE_PLUGIN_COMPILER_NVPTXBACKEND_H
