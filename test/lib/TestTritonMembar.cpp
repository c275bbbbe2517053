//===- TestTritonMembar.cpp - Barrier insertion under Triton's test name --===//
//
// test-print-membar inserts ttg.local_barrier where shared-memory accesses
// conflict (passes/analysis/Membar.h), so that FileCheck sees where the
// barriers land; Triton's tests run it after allocate-shared-memory. A
// module without an allocation gets one first; modules nested in the one
// the pass runs on are handled each on its own.
//
//===----------------------------------------------------------------------===//

#include "test/lib/TestPasses.h"

#include "passes/analysis/Allocation.h"
#include "passes/analysis/Membar.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
struct TestTritonMembarPass
    : public PassWrapper<TestTritonMembarPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestTritonMembarPass)

  StringRef getArgument() const final { return "test-print-membar"; }
  StringRef getDescription() const final {
    return "Insert barriers between conflicting shared-memory accesses, "
           "exempting the mbarrier pairs Triton's NVIDIA backend deems "
           "order-free";
  }

  void runOnOperation() override {
    for (ModuleOp module : getModulesToAllocate(getOperation())) {
      if (!hasSharedMemoryAllocation(module) &&
          failed(annotateSharedMemoryAllocation(module)))
        return signalPassFailure();
      (void)insertSharedMemoryBarriers(module, /*exemptMBarrierPairs=*/true);
    }
  }
};
} // namespace

namespace mlir::tile {
void registerTestTritonMembarPass() {
  PassRegistration<TestTritonMembarPass>();
}
} // namespace mlir::tile
