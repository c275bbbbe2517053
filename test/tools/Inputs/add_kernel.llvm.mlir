// A hand-written vector add in the LLVM and NVVM dialects, with the signature
// and launch shape of Triton's add_kernel (x, y, out, n; BLOCK = 1024
// elements per program, 4 warps): each thread adds two 4-element vectors,
// 512 elements apart, as Triton's blocked layout does, and falls back to
// scalar code for the masked tail. It stands in for tile's lowering in the
// tests of the driver (tile-compile) and of the runner (tile-run).
module {
  llvm.func @add_kernel(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>, %out: !llvm.ptr<1>,
                        %n: i32) attributes {nvvm.kernel,
                                             nvvm.reqntid = array<i32: 128>} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c2 = llvm.mlir.constant(2 : i32) : i32
    %c3 = llvm.mlir.constant(3 : i32) : i32
    %c4 = llvm.mlir.constant(4 : i32) : i32
    %c512 = llvm.mlir.constant(512 : i32) : i32
    %c1024 = llvm.mlir.constant(1024 : i32) : i32
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %pid = nvvm.read.ptx.sreg.ctaid.x : i32
    %block = llvm.mul %pid, %c1024 : i32
    %lane4 = llvm.mul %tid, %c4 : i32
    %first = llvm.add %block, %lane4 : i32
    llvm.br ^rep(%c0 : i32)
  ^rep(%r: i32):
    %more = llvm.icmp "slt" %r, %c2 : i32
    llvm.cond_br %more, ^body, ^exit
  ^body:
    %roff = llvm.mul %r, %c512 : i32
    %base = llvm.add %first, %roff : i32
    %last = llvm.add %base, %c3 : i32
    %full = llvm.icmp "slt" %last, %n : i32
    llvm.cond_br %full, ^vector, ^tail(%c0 : i32)
  ^vector:
    %b64 = llvm.sext %base : i32 to i64
    %px = llvm.getelementptr %x[%b64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    %py = llvm.getelementptr %y[%b64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    %po = llvm.getelementptr %out[%b64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    %vx = llvm.load %px {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
    %vy = llvm.load %py {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
    %vs = llvm.fadd %vx, %vy : vector<4xf32>
    llvm.store %vs, %po {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
    llvm.br ^next
  ^tail(%k: i32):
    %kin = llvm.icmp "slt" %k, %c4 : i32
    llvm.cond_br %kin, ^tailbody, ^next
  ^tailbody:
    %i = llvm.add %base, %k : i32
    %inb = llvm.icmp "slt" %i, %n : i32
    llvm.cond_br %inb, ^element, ^tailnext
  ^element:
    %i64 = llvm.sext %i : i32 to i64
    %qx = llvm.getelementptr %x[%i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    %qy = llvm.getelementptr %y[%i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    %qo = llvm.getelementptr %out[%i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    %sx = llvm.load %qx : !llvm.ptr<1> -> f32
    %sy = llvm.load %qy : !llvm.ptr<1> -> f32
    %ss = llvm.fadd %sx, %sy : f32
    llvm.store %ss, %qo : f32, !llvm.ptr<1>
    llvm.br ^tailnext
  ^tailnext:
    %k1 = llvm.add %k, %c1 : i32
    llvm.br ^tail(%k1 : i32)
  ^next:
    %r1 = llvm.add %r, %c1 : i32
    llvm.br ^rep(%r1 : i32)
  ^exit:
    llvm.return
  }
}
