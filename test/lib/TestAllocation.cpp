//===- TestAllocation.cpp - Print the shared-memory allocation ------------===//
//
// test-tile-print-allocation computes the allocation of the module
// (passes/analysis/Allocation.h), without recording it, and prints every
// buffer with its op, the op's source line, offset and size, function by
// function, then the total, e.g.
//   function @f
//     ttg.local_alloc (line 12): offset = 0, size = 8192
//     scratch tt.reduce (line 14): offset = 8192, size = 16
//   total = 8208
// so that FileCheck tests can name a buffer by its line ([[@LINE+1]]).
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
/// The source line of `op`, or 0 when its location has none.
unsigned getLine(Operation *op) {
  if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
    return loc.getLine();
  return 0;
}

struct TestAllocationPass
    : public PassWrapper<TestAllocationPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAllocationPass)

  StringRef getArgument() const final { return "test-tile-print-allocation"; }
  StringRef getDescription() const final {
    return "Print the shared-memory allocation: every buffer's op, offset "
           "and size, and the total";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<SharedMemoryAllocation> allocation =
        computeSharedMemoryAllocation(module);
    if (failed(allocation))
      return signalPassFailure();
    llvm::raw_ostream &os = llvm::outs();
    for (auto func : module.getOps<tt::FuncOp>()) {
      os << "function @" << func.getSymName() << "\n";
      for (const SharedBuffer &buffer : allocation->buffers) {
        if (buffer.op->getParentOfType<tt::FuncOp>() != func)
          continue;
        os << "  " << (buffer.isScratch ? "scratch " : "")
           << buffer.op->getName() << " (line " << getLine(buffer.op)
           << "): offset = " << buffer.offset << ", size = " << buffer.bytes
           << "\n";
      }
    }
    os << "total = " << allocation->totalBytes << "\n";
  }
};
} // namespace

namespace mlir::tile {
void registerTestAllocationPass() { PassRegistration<TestAllocationPass>(); }
} // namespace mlir::tile
