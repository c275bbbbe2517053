//===- TTDialect.td - The tt (Triton IR) dialect -----------*- tablegen -*-===//
//
// The `tt` dialect: Triton's tile-level IR, textually compatible with the IR
// that Triton 3.6 prints. Tensors are tiles owned by one program (CTA); their
// distribution over threads is chosen later by the `ttg` dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TT_TTDIALECT_TD
#define TILE_DIALECTS_TT_TTDIALECT_TD

include "mlir/IR/OpBase.td"

def TT_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::mlir::tile::tt";
  let summary = "Triton IR: tile-level operations of one GPU program";
  let description = [{
    The `tt` dialect is Triton's program-level IR (TTIR). A kernel is a
    `tt.func` whose body computes on whole tiles (ranked tensors with
    power-of-two element counts) of scalars and pointers. Scalar and
    elementwise arithmetic uses `arith` and `math`, control flow uses `scf`.
    The printed form of every type, attribute and operation matches what
    Triton 3.6 prints, so Triton's dumps parse unchanged.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::ub::UBDialect"
  ];
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    void registerTypes();
  }];
}

#endif // TILE_DIALECTS_TT_TTDIALECT_TD
