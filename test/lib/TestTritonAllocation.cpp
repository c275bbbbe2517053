//===- TestTritonAllocation.cpp - Allocation remarks in Triton's form -----===//
//
// test-print-allocation computes the shared-memory allocation of the module
// (passes/analysis/Allocation.h) without recording it and reports it as
// remarks, in the form Triton's own test pass uses, so that Triton's
// allocation tests run with `-verify-diagnostics`:
//  * on each tt.func: its name, then `size = N`, the bytes it needs with
//    everything it calls;
//  * on an op with scratch: `scratch offset = O, size = N`;
//  * on a tt.call: `virtual offset = O, size = N`, where the callee's
//    buffers start and what it needs;
//  * on a ttg.local_alloc: `offset = O, size = N`.
// Offsets are relative to the function's own start, as each function's
// shared memory is addressed from a base its caller passes.
// `get-scratch-size-function=ValidConstant` gives every op 128 bytes of
// scratch instead of what it needs.
// test-tile-print-allocation (TestAllocation.cpp) prints absolute offsets.
//
//===----------------------------------------------------------------------===//

#include "test/lib/TestPasses.h"

#include "dialects/tt/TTDialect.h"
#include "passes/analysis/Allocation.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
enum class ScratchSizeChoice { Computed, ValidConstant };

struct TestTritonAllocationPass
    : public PassWrapper<TestTritonAllocationPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestTritonAllocationPass)

  TestTritonAllocationPass() = default;
  TestTritonAllocationPass(const TestTritonAllocationPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const final { return "test-print-allocation"; }
  StringRef getDescription() const final {
    return "Print the shared-memory allocation as remarks, in Triton's "
           "format";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto constant128 = [](Operation *op) -> int64_t {
      return isa<tt::FuncOp>(op) ? 0 : 128;
    };
    FailureOr<SharedMemoryAllocation> allocation =
        scratchSizeChoice == ScratchSizeChoice::ValidConstant
            ? computeSharedMemoryAllocation(module, constant128)
            : computeSharedMemoryAllocation(module);
    if (failed(allocation))
      return signalPassFailure();
    DenseMap<Operation *, const SharedBuffer *> bufferOf;
    for (const SharedBuffer &buffer : allocation->buffers)
      bufferOf[buffer.op] = &buffer;

    for (auto func : module.getOps<tt::FuncOp>()) {
      emitRemark(func.getLoc(), func.getSymName());
      int64_t base = allocation->functionBase.lookup(func);
      func.walk([&](Operation *op) {
        if (auto call = dyn_cast<tt::CallOp>(op)) {
          auto callee = module.lookupSymbol<tt::FuncOp>(call.getCallee());
          int64_t bytes = callee ? allocation->functionBytes.lookup(callee) : 0;
          if (bytes > 0)
            emitRemark(op->getLoc())
                << "virtual offset = "
                << allocation->functionBase.lookup(callee) - base
                << ", size = " << bytes;
        }
        const SharedBuffer *buffer = bufferOf.lookup(op);
        if (!buffer)
          return;
        emitRemark(op->getLoc()) << (buffer->isScratch ? "scratch " : "")
                                 << "offset = " << buffer->offset - base
                                 << ", size = " << buffer->bytes;
      });
      emitRemark(func.getLoc())
          << "size = " << allocation->functionBytes.lookup(func);
    }
  }

  Option<ScratchSizeChoice> scratchSizeChoice{
      *this, "get-scratch-size-function",
      llvm::cl::desc("Where the scratch sizes come from"),
      llvm::cl::init(ScratchSizeChoice::Computed),
      llvm::cl::values(clEnumValN(ScratchSizeChoice::Computed, "None",
                                  "what each op needs (default)"),
                       clEnumValN(ScratchSizeChoice::ValidConstant,
                                  "ValidConstant", "128 bytes for every op"))};
};
} // namespace

namespace mlir::tile {
void registerTestTritonAllocationPass() {
  PassRegistration<TestTritonAllocationPass>();
}
} // namespace mlir::tile
