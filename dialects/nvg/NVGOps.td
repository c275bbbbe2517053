//===- NVGOps.td - The nvg (NVGPU) dialect ------------------*- tablegen -*-===//
//
// `nvg`: NVIDIA instructions on LLVM values that Triton 3.6's lowering
// emits between convert-triton-gpu-to-llvm and convert-nv-gpu-to-llvm, in
// Triton's printed forms. Ops, operands and enums as Triton 3.6 has them.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_NVG_NVGOPS_TD
#define TILE_DIALECTS_NVG_NVGOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Dialect/LLVMIR/LLVMOpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def NVG_Dialect : Dialect {
  let name = "nvg";
  let cppNamespace = "::mlir::tile::nvg";
  let summary = "NVIDIA instructions on LLVM values (Triton's NVGPU)";
  let description = [{
    Ops on LLVM values for NVIDIA instructions that have no NVVM op of the
    form Triton needs: warpgroup MMAs and their waits, the CTA's rank in its
    cluster, acquire loads, the base of tensor memory.
    `convert-nv-gpu-to-llvm` lowers them to NVVM ops and inline PTX.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def NVG_MemSemanticAttr : I32EnumAttr<"MemSemantic", "memory ordering", [
  I32EnumAttrCase<"RELAXED", 1, "relaxed">,
  I32EnumAttrCase<"ACQUIRE", 2, "acquire">,
  I32EnumAttrCase<"RELEASE", 3, "release">,
  I32EnumAttrCase<"ACQUIRE_RELEASE", 4, "acq_rel">,
]> {
  let cppNamespace = "::mlir::tile::nvg";
}

def NVG_MemSyncScopeAttr : I32EnumAttr<"MemSyncScope", "memory scope", [
  I32EnumAttrCase<"GPU", 1, "gpu">,
  I32EnumAttrCase<"CTA", 2, "cta">,
  I32EnumAttrCase<"SYSTEM", 3, "sys">,
]> {
  let cppNamespace = "::mlir::tile::nvg";
}

def NVG_WGMMALayoutAttr : I32EnumAttr<"WGMMALayout",
    "wgmma operand layout: row or col", [
  I32EnumAttrCase<"row", 0>,
  I32EnumAttrCase<"col", 1>,
]> {
  let cppNamespace = "::mlir::tile::nvg";
}

def NVG_WGMMAEltTypeAttr : I32EnumAttr<"WGMMAEltType",
    "wgmma element type", [
  I32EnumAttrCase<"s8", 0>,
  I32EnumAttrCase<"s32", 1>,
  I32EnumAttrCase<"e4m3", 2>,
  I32EnumAttrCase<"e5m2", 3>,
  I32EnumAttrCase<"f16", 4>,
  I32EnumAttrCase<"bf16", 5>,
  I32EnumAttrCase<"tf32", 6>,
  I32EnumAttrCase<"f32", 7>,
]> {
  let cppNamespace = "::mlir::tile::nvg";
}

class NVG_Op<string mnemonic, list<Trait> traits = []>
    : Op<NVG_Dialect, mnemonic, traits>;

def NVG_GlobalPtr : LLVM_PointerInAddressSpace<1>;
def NVG_TensorMemoryPtr : LLVM_PointerInAddressSpace<6>;
def NVG_Scalar : AnyTypeOf<[F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ, F16,
                            BF16, F32, F64, I1, I8, I16, I32, I64]>;
def NVG_WGMMAOperand : AnyTypeOf<[LLVM_AnyStruct, I64],
                                 "wgmma operand: registers or a descriptor">;

def NVG_WGMMAWaitGroupOp : NVG_Op<"wgmma_wait_group", [
    AllTypesMatch<["input", "output"]>]> {
  let summary = "wait for warpgroup MMA groups, handing their results on";
  let description = [{
    Waits until at most `pendings` committed groups of warpgroup MMAs are in
    flight; the result is `input` as read after the wait.

    ```mlir
    %out = nvg.wgmma_wait_group %in {pendings = 0 : i32} : !llvm.struct<(f32, f32)>
    ```
  }];
  let arguments = (ins LLVM_AnyStruct:$input, I32Attr:$pendings);
  let results = (outs LLVM_AnyStruct:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def NVG_WGMMAOp : NVG_Op<"wgmma"> {
  let summary = "one asynchronous warpgroup MMA (wgmma.mma_async)";
  let description = [{
    `opA` is a shared-memory matrix descriptor (i64) or a struct of the
    thread's 32-bit registers of A; `opB` a descriptor. With `useC` true the
    product adds to `opC`.

    ```mlir
    %d = nvg.wgmma %a, %b, %use {eltTypeA = 4 : i32, eltTypeB = 4 : i32,
        eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32,
        m = 64 : i32, n = 8 : i32, k = 16 : i32}
        : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
    ```
  }];
  let arguments = (ins NVG_WGMMAOperand:$opA, NVG_WGMMAOperand:$opB, I1:$useC,
                   Optional<LLVM_AnyStruct>:$opC,
                   I32Attr:$m, I32Attr:$n, I32Attr:$k,
                   NVG_WGMMAEltTypeAttr:$eltTypeC,
                   NVG_WGMMAEltTypeAttr:$eltTypeA,
                   NVG_WGMMAEltTypeAttr:$eltTypeB,
                   NVG_WGMMALayoutAttr:$layoutA, NVG_WGMMALayoutAttr:$layoutB);
  let results = (outs LLVM_AnyStruct:$res);
  let assemblyFormat = [{
    $opA `,` $opB `,` $useC (`,` $opC^)? attr-dict `:`
    functional-type(operands, $res)
  }];
  let hasVerifier = 1;
}

def NVG_ClusterCTAIdOp : NVG_Op<"cluster_id", [Pure]> {
  let summary = "the CTA's rank in its cluster";
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

def NVG_LoadAcquireOp : NVG_Op<"ld_acquire", [MemoryEffects<[MemRead]>]> {
  let summary = "a scalar global load with memory ordering and scope";
  let description = [{
    ```mlir
    %v = nvg.ld_acquire acquire, gpu, %p, %mask : (!llvm.ptr<1>) -> i32
    ```
  }];
  let arguments = (ins NVG_GlobalPtr:$addr, Optional<I1>:$mask,
                   NVG_MemSemanticAttr:$sem, NVG_MemSyncScopeAttr:$scope);
  let results = (outs NVG_Scalar:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $addr (`,` $mask^)? attr-dict `:`
    functional-type($addr, $result)
  }];
}

def NVG_TensorMemoryBaseAddress : NVG_Op<"tensor_memory_base", [Pure]> {
  let summary = "the base address of the kernel's tensor memory";
  let results = (outs NVG_TensorMemoryPtr:$result);
  let assemblyFormat = "attr-dict";
}

#endif // TILE_DIALECTS_NVG_NVGOPS_TD
