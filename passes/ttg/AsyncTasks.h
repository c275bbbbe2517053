//===- AsyncTasks.h - Warp-specialization task marks ------------*- C++ -*-===//
//
// Triton's Hopper warp specialization partitions a kernel into async tasks
// by marking ops with `async_task_id = array<i32: ...>`, the tasks that run
// them (nvgpu-test-ws-task-partition places the anchors,
// nvgpu-test-taskid-propagate spreads the marks).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_TTG_ASYNCTASKS_H
#define TILE_PASSES_TTG_ASYNCTASKS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::tile {
/// The attribute naming the tasks that run an op.
constexpr llvm::StringLiteral kAsyncTaskIdAttrName = "async_task_id";

/// Marks `op` with `tasks`, sorted and without repeats.
inline void setAsyncTaskIds(Operation *op, ArrayRef<int32_t> tasks) {
  SmallVector<int32_t> sorted(tasks);
  llvm::sort(sorted);
  sorted.erase(llvm::unique(sorted), sorted.end());
  op->setAttr(kAsyncTaskIdAttrName,
              DenseI32ArrayAttr::get(op->getContext(), sorted));
}
} // namespace mlir::tile

#endif // TILE_PASSES_TTG_ASYNCTASKS_H
