//===- NVWSArefOps.cpp - Verifiers and stage setters of the aref ops ------===//
//
// The messages are Triton 3.6's, so that its negative tests hold here.
//
//===----------------------------------------------------------------------===//

#include "dialects/nvws/NVWSDialect.h"

#include "llvm/ADT/STLExtras.h"

#include <optional>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::nvws;

LogicalResult ArefCreateOp::verify() {
  SmallVector<int64_t> stageCounts;
  for (Value buffer : getBuffers()) {
    // Any other user could touch a stage outside its enter/exit bracket.
    if (!llvm::all_of(buffer.getUsers(), [](Operation *user) {
          return isa<ArefCreateOp, ttg::LocalDeallocOp>(user);
        }))
      return emitError("Aref buffer is used elsewhere, Aref cannot guarantee "
                       "async safety");
    auto type = cast<ttg::MemDescType>(buffer.getType());
    if (type.getShape().empty())
      return emitError("Aref is sliced, but input type isn't supported.");
    stageCounts.push_back(type.getShape().front());
  }
  if (!llvm::all_equal(stageCounts))
    return emitError("Leading dims of sliced aref inputs don't match.");
  return success();
}

/// Why `stage` is not one stage of `whole`, or nothing when it is. TMEM
/// scale buffers are not sliced by stage: their stage type is the whole
/// type.
static std::optional<StringRef> checkStageOf(ttg::MemDescType whole,
                                             ttg::MemDescType stage) {
  if (!whole || !stage)
    return StringRef("MLIR Types don't match");
  ArrayRef<int64_t> wholeShape = whole.getShape();
  ArrayRef<int64_t> stageShape = stage.getShape();
  if (isa<ttng::TensorMemoryScalesEncodingAttr>(whole.getEncoding())) {
    if (whole.getElementType() != stage.getElementType() ||
        wholeShape.size() != stageShape.size())
      return StringRef("Ranks don't match for TensorMemoryScalesEncodingAttr");
    if (wholeShape != stageShape)
      return StringRef(
          "Dimensions don't match for TensorMemoryScalesEncodingAttr");
    return std::nullopt;
  }
  if (whole.getElementType() != stage.getElementType() ||
      wholeShape.size() != stageShape.size() + 1)
    return StringRef("Ranks don't match");
  if (wholeShape.drop_front() != stageShape)
    return StringRef("Dimensions don't match");
  return std::nullopt;
}

/// Checks that an enter op gives one stage of each buffer of its aref.
static LogicalResult verifyEnter(Operation *op, ArefType aref,
                                 TypeRange bufferTypes) {
  ArrayRef<Type> wholeTypes = aref.getBaseType().getValue();
  if (wholeTypes.size() != bufferTypes.size())
    return op->emitError("Aref has different number of arguments than enter");
  for (auto [whole, stage] : llvm::zip(wholeTypes, bufferTypes)) {
    auto wholeMemDesc = dyn_cast<ttg::MemDescType>(whole);
    if (!wholeMemDesc)
      return op->emitError("Slicing not Implemented for this type");
    if (std::optional<StringRef> reason =
            checkStageOf(wholeMemDesc, dyn_cast<ttg::MemDescType>(stage)))
      return op->emitError(*reason);
  }
  return success();
}

LogicalResult ArefPutEnterOp::verify() {
  return verifyEnter(*this, getAref().getType(), getBuffers().getTypes());
}

LogicalResult ArefGetEnterOp::verify() {
  return verifyEnter(*this, getAref().getType(), getBuffers().getTypes());
}

int64_t nvws::getArefDepth(ttg::MemDescType bufferType) {
  if (isa<ttng::TensorMemoryScalesEncodingAttr>(bufferType.getEncoding()))
    return 1;
  return bufferType.getShape().front();
}

void ArefPutEnterOp::setStage(Value stage) { getStageMutable().assign(stage); }
void ArefGetEnterOp::setStage(Value stage) { getStageMutable().assign(stage); }
void ArefPutExitOp::setStage(Value stage) { getStageMutable().assign(stage); }
void ArefGetExitOp::setStage(Value stage) { getStageMutable().assign(stage); }
void ArefBufferOp::setStage(Value stage) { getStageMutable().assign(stage); }
