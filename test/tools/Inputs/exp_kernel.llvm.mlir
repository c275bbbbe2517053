// A hand-written kernel that calls libdevice (out[i] = expf(x[i])), for the
// driver's llvm-link stage.
module {
  llvm.func @__nv_expf(f32) -> f32
  llvm.func @exp_kernel(%x: !llvm.ptr<1>, %out: !llvm.ptr<1>, %n: i32)
      attributes {nvvm.kernel, nvvm.reqntid = array<i32: 256>} {
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %bid = nvvm.read.ptx.sreg.ctaid.x : i32
    %c256 = llvm.mlir.constant(256 : i32) : i32
    %t0 = llvm.mul %bid, %c256 : i32
    %i = llvm.add %t0, %tid : i32
    %inb = llvm.icmp "slt" %i, %n : i32
    llvm.cond_br %inb, ^body, ^exit
  ^body:
    %i64 = llvm.sext %i : i32 to i64
    %px = llvm.getelementptr %x[%i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    %v = llvm.load %px : !llvm.ptr<1> -> f32
    %e = llvm.call @__nv_expf(%v) : (f32) -> f32
    %po = llvm.getelementptr %out[%i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    llvm.store %e, %po : f32, !llvm.ptr<1>
    llvm.br ^exit
  ^exit:
    llvm.return
  }
}
