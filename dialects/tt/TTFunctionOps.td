//===- TTFunctionOps.td - Functions and debugging of tt ----*- tablegen -*-===//
//
// Functions, calls and returns; print and assert.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TT_TTFUNCTIONOPS_TD
#define TILE_DIALECTS_TT_TTFUNCTIONOPS_TD

include "dialects/tt/TTOpBase.td"

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

def TT_FuncOp : TT_Op<"func", [AffineScope, AutomaticAllocationScope,
    CallableOpInterface, FunctionOpInterface, IsolatedFromAbove,
    HasParent<"::mlir::ModuleOp">]> {
  let summary = "a Triton function (a kernel when public)";
  let description = [{
    Like `func.func`, but owned by tt so that Triton controls inlining
    (`noinline`). Argument attributes such as `tt.divisibility` are kept.

    ```mlir
    tt.func public @kernel(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) attributes {noinline = false} {
      tt.return
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name,
                                "::mlir::FunctionType":$type)>];
  let extraClassDeclaration = [{
    /// CallableOpInterface: the body, or null for a declaration.
    ::mlir::Region *getCallableRegion() {
      return isExternal() ? nullptr : &getBody();
    }
    /// FunctionOpInterface.
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    bool isDeclaration() { return isExternal(); }
  }];
  let hasCustomAssemblyFormat = 1;
}

def TT_ReturnOp : TT_Op<"return", [Pure, HasParent<"FuncOp">, ReturnLike,
                                   Terminator]> {
  let summary = "return from a tt.func";
  let description = [{
    ```mlir
    tt.func @callee(%x: i32) -> i32 {
      tt.return %x : i32
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$srcs);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($srcs^ `:` type($srcs))?";
  let hasVerifier = 1;
}

def TT_CallOp : TT_Op<"call", [CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "direct call of a tt.func";
  let description = [{
    ```mlir
    tt.func private @add_one(%x: i32) -> i32 {
      %c1 = arith.constant 1 : i32
      %y = arith.addi %x, %c1 : i32
      tt.return %y : i32
    }
    tt.func @caller(%x: i32) {
      %r = tt.call @add_one(%x) : (i32) -> i32
      tt.return
    }
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>);
  let extraClassDeclaration = [{
    ::mlir::FunctionType getCalleeType() {
      return ::mlir::FunctionType::get(getContext(), getOperandTypes(),
                                       getResultTypes());
    }
    operand_range getArgOperands() { return getOperands(); }
    ::mlir::MutableOperandRange getArgOperandsMutable() {
      return getOperandsMutable();
    }
    ::mlir::CallInterfaceCallable getCallableForCallee() {
      return (*this)->getAttrOfType<::mlir::SymbolRefAttr>("callee");
    }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::mlir::cast<::mlir::SymbolRefAttr>(callee));
    }
  }];
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

def TT_PrintOp : TT_Op<"print", [MemoryEffects<[MemWrite<TT_GlobalMemory>]>]> {
  let summary = "device-side print";
  let description = [{
    Prints `prefix` and each argument; `isSigned` has one entry per argument.

    ```mlir
    tt.func @print(%x: tensor<128xi32>) {
      tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<128xi32>
      tt.return
    }
    ```
  }];
  let arguments = (ins StrAttr:$prefix, BoolAttr:$hex,
                       Variadic<TT_Type>:$args, DenseI32ArrayAttr:$isSigned);
  let assemblyFormat = "$prefix attr-dict (`:` $args^ `:` type($args))?";
  let hasVerifier = 1;
}

def TT_AssertOp : TT_Op<"assert", [MemoryEffects<[MemWrite<TT_GlobalMemory>]>]> {
  let summary = "device-side assert";
  let description = [{
    Aborts the kernel with `message` when any element of `condition` is false.

    ```mlir
    tt.func @assert(%c: tensor<1024xi1>) {
      tt.assert %c, "x must be positive" : tensor<1024xi1>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_BoolLike:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
}

#endif // TILE_DIALECTS_TT_TTFUNCTIONOPS_TD
