//===- TTAttrs.td - Enum attributes of tt ------------------*- tablegen -*-===//
//
// The enums of Triton 3.6 with their keywords and integer values. They are
// I32-backed so that, inside an attribute dictionary, they print as Triton
// prints them (`padding = 1 : i32`), and as keywords where an assembly format
// names them.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TT_TTATTRS_TD
#define TILE_DIALECTS_TT_TTATTRS_TD

include "mlir/IR/EnumAttr.td"

class TT_I32Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::mlir::tile::tt";
}

def TT_CacheModifierAttr : TT_I32Enum<"CacheModifier", "cache modifier", [
  I32EnumAttrCase<"NONE", 1, "none">, I32EnumAttrCase<"CA", 2, "ca">,
  I32EnumAttrCase<"CG", 3, "cg">, I32EnumAttrCase<"WB", 4, "wb">,
  I32EnumAttrCase<"CS", 5, "cs">, I32EnumAttrCase<"WT", 6, "wt">,
  I32EnumAttrCase<"CV", 7, "cv">]>;

def TT_EvictionPolicyAttr : TT_I32Enum<"EvictionPolicy", "eviction policy", [
  I32EnumAttrCase<"NORMAL", 1, "evict_normal">,
  I32EnumAttrCase<"EVICT_FIRST", 2, "evict_first">,
  I32EnumAttrCase<"EVICT_LAST", 3, "evict_last">]>;

def TT_MemSemanticAttr : TT_I32Enum<"MemSemantic", "memory semantic", [
  I32EnumAttrCase<"RELAXED", 1, "relaxed">,
  I32EnumAttrCase<"ACQUIRE", 2, "acquire">,
  I32EnumAttrCase<"RELEASE", 3, "release">,
  I32EnumAttrCase<"ACQUIRE_RELEASE", 4, "acq_rel">]>;

def TT_MemSyncScopeAttr : TT_I32Enum<"MemSyncScope", "memory sync scope", [
  I32EnumAttrCase<"GPU", 1, "gpu">, I32EnumAttrCase<"CTA", 2, "cta">,
  I32EnumAttrCase<"SYSTEM", 3, "sys">]>;

def TT_AtomicRMWAttr : TT_I32Enum<"RMWOp", "atomic read-modify-write op", [
  I32EnumAttrCase<"AND", 1, "and">, I32EnumAttrCase<"OR", 2, "or">,
  I32EnumAttrCase<"XOR", 3, "xor">, I32EnumAttrCase<"ADD", 4, "add">,
  I32EnumAttrCase<"FADD", 5, "fadd">, I32EnumAttrCase<"MAX", 6, "max">,
  I32EnumAttrCase<"MIN", 7, "min">, I32EnumAttrCase<"UMAX", 8, "umax">,
  I32EnumAttrCase<"UMIN", 9, "umin">, I32EnumAttrCase<"XCHG", 10, "exch">]>;

def TT_PaddingOptionAttr : TT_I32Enum<"PaddingOption", "padding option", [
  I32EnumAttrCase<"PAD_ZERO", 1, "zero">,
  I32EnumAttrCase<"PAD_NAN", 2, "nan">]>;

def TT_DescriptorReduceKindAttr
    : TT_I32Enum<"DescriptorReduceKind", "descriptor reduce kind", [
  I32EnumAttrCase<"ADD", 1, "add">, I32EnumAttrCase<"MIN", 2, "min">,
  I32EnumAttrCase<"MAX", 3, "max">, I32EnumAttrCase<"INC", 4, "inc">,
  I32EnumAttrCase<"DEC", 5, "dec">, I32EnumAttrCase<"AND", 6, "and">,
  I32EnumAttrCase<"OR", 7, "or">, I32EnumAttrCase<"XOR", 8, "xor">]>;

def TT_ProgramDim : TT_I32Enum<"ProgramIDDim", "program id dimension", [
  I32EnumAttrCase<"X", 0, "x">, I32EnumAttrCase<"Y", 1, "y">,
  I32EnumAttrCase<"Z", 2, "z">]>;

def TT_RoundingModeAttr : TT_I32Enum<"RoundingMode", "fp rounding mode", [
  I32EnumAttrCase<"RTZ", 0, "rtz">, I32EnumAttrCase<"RTNE", 1, "rtne">]>;

def TT_PropagateNanAttr : TT_I32Enum<"PropagateNan", "NaN propagation", [
  I32EnumAttrCase<"NONE", 0, "none">, I32EnumAttrCase<"ALL", 0xFFFF, "all">]>;

def TT_InputPrecisionAttr : TT_I32Enum<"InputPrecision", "dot input precision", [
  I32EnumAttrCase<"TF32", 0, "tf32">, I32EnumAttrCase<"TF32x3", 1, "tf32x3">,
  I32EnumAttrCase<"IEEE", 2, "ieee">, I32EnumAttrCase<"BF16x3", 3, "bf16x3">,
  I32EnumAttrCase<"BF16x6", 4, "bf16x6">]>;

def TT_ScaleDotElemTypeAttr
    : TT_I32Enum<"ScaleDotElemType", "dot_scaled operand element type", [
  I32EnumAttrCase<"E4M3", 0, "e4m3">, I32EnumAttrCase<"E5M2", 1, "e5m2">,
  I32EnumAttrCase<"E2M3", 2, "e2m3">, I32EnumAttrCase<"E3M2", 3, "e3m2">,
  I32EnumAttrCase<"E2M1", 4, "e2m1">, I32EnumAttrCase<"BF16", 5, "bf16">,
  I32EnumAttrCase<"FP16", 6, "fp16">]>;

#endif // TILE_DIALECTS_TT_TTATTRS_TD
