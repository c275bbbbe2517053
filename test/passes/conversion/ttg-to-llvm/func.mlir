// convert-triton-gpu-to-llvm on tt.func, tt.return and tt.call: a public
// function with a body is a PTX kernel (nvvm.kernel, nvvm.reqntid =
// ttg.num-warps x ttg.threads-per-warp) whose parameters are its arguments
// followed, always, by Triton's two scratch pointers (global, then profile
// scratch); other functions get internal linkage and LLVM's noinline (the
// TTIR inliner has inlined every call it may); tensors travel as structs
// of the calling thread's registers.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'
// The result translates to LLVM IR with the ptx_kernel calling convention.
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir -split-input-file | FileCheck %s --check-prefix=LLVMIR

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @helper
  // CHECK-SAME: (%[[X:.+]]: i32, %{{.+}}: !llvm.struct<(f32)>) -> i32 attributes {passthrough = ["noinline"]} {
  // CHECK-NOT: nvvm.kernel
  // CHECK: llvm.return %[[X]] : i32
  // LLVMIR: define internal i32 @helper(i32 %0, { float } %1) #[[NOINLINE:[0-9]+]]
  tt.func private @helper(%x: i32, %t: tensor<128xf32, #blocked>) -> i32 {
    tt.return %x : i32
  }

  // CHECK-LABEL: llvm.func internal @no_result
  // CHECK-SAME: () attributes {passthrough = ["noinline"]} {
  // CHECK: llvm.return{{$}}
  tt.func private @no_result() {
    tt.return
  }

  // Pointers become global (addrspace 1) pointers, whatever their pointee;
  // scalars stay; tt.divisibility hints are not parameters. The two
  // trailing pointers are the global and profile scratch.
  // CHECK-LABEL: llvm.func @kernel
  // CHECK-SAME: (%[[P:[^:]+]]: !llvm.ptr<1>, %[[N:[^:]+]]: i32, %[[F:[^:]+]]: f32, %{{[^:]+}}: i64, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: i1, %{{[^:]+}}: f16, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK-SAME: attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128>} {
  // CHECK: %[[S:.+]] = llvm.insertvalue %[[F]], %{{.+}}[0] : !llvm.struct<(f32)>
  // CHECK: %[[R:.+]] = llvm.call @helper(%[[N]], %[[S]]) : (i32, !llvm.struct<(f32)>) -> i32
  // CHECK: llvm.call @no_result() : () -> ()
  // CHECK: llvm.return{{$}}
  // LLVMIR: define ptx_kernel void @kernel(ptr addrspace(1) %0, i32 %1, float %2, i64 %3, ptr addrspace(1) %4, i1 %5, half %6, ptr addrspace(1) %7, ptr addrspace(1) %8) #[[A128:[0-9]+]]
  // LLVMIR: call i32 @helper(i32 %1,
  // LLVMIR: call void @no_result()
  // LLVMIR: define ptx_kernel void @implicit_public(ptr addrspace(1) %0, ptr addrspace(1) %1) #[[A128:[0-9]+]]
  // LLVMIR: attributes #[[NOINLINE]] = { noinline }
  // LLVMIR: attributes #[[A128]] = { "nvvm.reqntid"="128" }
  tt.func public @kernel(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32, %f: f32, %i: i64, %q: !tt.ptr<f16>, %b: i1, %h: f16) {
    %t = tt.splat %f : f32 -> tensor<128xf32, #blocked>
    %r = tt.call @helper(%n, %t) : (i32, tensor<128xf32, #blocked>) -> i32
    tt.call @no_result() : () -> ()
    tt.return
  }

  // A public function without an explicit visibility keyword is a kernel too;
  // a kernel without arguments still gets the two scratch pointers.
  // CHECK-LABEL: llvm.func @implicit_public
  // CHECK-SAME: (%{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK-SAME: attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128>}
  tt.func @implicit_public() {
    tt.return
  }
}

// -----

// A function with several results returns them packed into one literal
// struct, as upstream's func-to-llvm does (Triton's frontend emits these for
// a noinline function returning a tuple): the return builds the struct, the
// call takes it apart again.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @pair
  // CHECK-SAME: (%[[X:[^:]+]]: f32, %[[T:[^:]+]]: !llvm.struct<(f32)>) -> !llvm.struct<(f32, struct<(f32)>)> attributes {passthrough = ["noinline"]} {
  // CHECK: %[[U:.+]] = llvm.mlir.poison : !llvm.struct<(f32, struct<(f32)>)>
  // CHECK: %[[U0:.+]] = llvm.insertvalue %[[X]], %[[U]][0] : !llvm.struct<(f32, struct<(f32)>)>
  // CHECK: %[[U1:.+]] = llvm.insertvalue %[[T]], %[[U0]][1] : !llvm.struct<(f32, struct<(f32)>)>
  // CHECK: llvm.return %[[U1]] : !llvm.struct<(f32, struct<(f32)>)>
  // LLVMIR: define internal { float, { float } } @pair(float %0, { float } %1)
  tt.func private @pair(%x: f32, %t: tensor<128xf32, #blocked>) -> (f32, tensor<128xf32, #blocked>) attributes {noinline = true} {
    tt.return %x, %t : f32, tensor<128xf32, #blocked>
  }

  // CHECK-LABEL: llvm.func @call_pair
  // CHECK: %[[R:.+]] = llvm.call @pair(%{{.+}}, %{{.+}}) : (f32, !llvm.struct<(f32)>) -> !llvm.struct<(f32, struct<(f32)>)>
  // CHECK: %[[A:.+]] = llvm.extractvalue %[[R]][0] : !llvm.struct<(f32, struct<(f32)>)>
  // CHECK: %[[B:.+]] = llvm.extractvalue %[[R]][1] : !llvm.struct<(f32, struct<(f32)>)>
  // CHECK: llvm.insertvalue %[[A]], %{{.+}}[0] : !llvm.struct<(f32)>
  // CHECK: %[[B0:.+]] = llvm.extractvalue %[[B]][0] : !llvm.struct<(f32)>
  // CHECK: llvm.fadd %{{.+}}, %[[B0]] : f32
  // LLVMIR: call { float, { float } } @pair(float
  tt.func public @call_pair(%f: f32) {
    %t = tt.splat %f : f32 -> tensor<128xf32, #blocked>
    %r:2 = tt.call @pair(%f, %t) : (f32, tensor<128xf32, #blocked>) -> (f32, tensor<128xf32, #blocked>)
    %s = tt.splat %r#0 : f32 -> tensor<128xf32, #blocked>
    %sum = arith.addf %s, %r#1 : tensor<128xf32, #blocked>
    tt.return
  }
}

// -----

// reqntid follows ttg.num-warps.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // The kernel's tensor argument is a struct of its 1024 / 256 = 4 registers.
  // CHECK-LABEL: llvm.func @eight_warps
  // CHECK-SAME: (%{{[^:]+}}: !llvm.struct<(i32, i32, i32, i32)>, %{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK-SAME: attributes {nvvm.kernel, nvvm.reqntid = array<i32: 256>}
  // LLVMIR: define ptx_kernel void @eight_warps({ i32, i32, i32, i32 } %0, ptr addrspace(1) %1, ptr addrspace(1) %2) #[[A256:[0-9]+]]
  // LLVMIR: attributes #[[A256]] = { "nvvm.reqntid"="256" }
  tt.func public @eight_warps(%t: tensor<1024xi32, #blocked>) {
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @one_warp
  // CHECK-SAME: (%{{[^:]+}}: !llvm.ptr<1>, %{{[^:]+}}: !llvm.ptr<1>)
  // CHECK-SAME: attributes {nvvm.kernel, nvvm.reqntid = array<i32: 32>}
  tt.func public @one_warp() {
    tt.return
  }
}
