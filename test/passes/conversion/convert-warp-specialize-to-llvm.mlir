// convert-warp-specialize-to-llvm: the warps past the default group wait in
// a switch loop for the state the default group writes before each
// ttg.warp_specialize; captures go through the op's shared memory; CTA
// barriers become named barriers of their warp group.

// RUN: %mlir-tile %s -split-input-file -mlir-print-local-scope -p 'builtin.module(convert-warp-specialize-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='ttg.warp'
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-warp-specialize-to-llvm{intrinsic-barriers=true})' \
// RUN:   | FileCheck %s --check-prefix=INTRINSIC

// 4 default warps, one partition of 4 warps (warps 4-7). The capture %v,
// loaded from memory, is passed through the op's bytes (offset 16); the
// kernel argument %p is read again in the partition; the state bytes are
// the function's (offset 0).
// CHECK-LABEL: llvm.func @one_partition(
// CHECK: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[WARP:.+]] = llvm.udiv %[[TID]]
// CHECK: %[[UNIFORM:.+]] = nvvm.shfl.sync idx {{.*}}, %[[WARP]]
// CHECK: %[[DEFAULT:.+]] = llvm.icmp "ult" %[[UNIFORM]]
// CHECK: llvm.cond_br %[[DEFAULT]], ^[[KERNEL:bb[0-9]+]], ^[[LOOP:bb[0-9]+]]
// CHECK: ^[[LOOP]]:
// CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK: %[[WORKER:.+]] = llvm.sub %[[UNIFORM]]
// CHECK: %[[SLOT:.+]] = llvm.getelementptr %{{.+}}[%[[WORKER]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: %[[STATE:.+]] = llvm.load %[[SLOT]] : !llvm.ptr<3> -> i8
// CHECK: llvm.switch %[[STATE]] : i8, ^[[IDLE:bb[0-9]+]] [
// CHECK-NEXT: 0: ^[[PART:bb[0-9]+]],
// CHECK-NEXT: 1: ^[[EXIT:bb[0-9]+]]
// CHECK: ^[[IDLE]]:
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NEXT: llvm.br ^[[LOOP]] {loop_annotation = #llvm.loop_annotation<licm = <disable = true>>}
// CHECK: ^[[EXIT]]:
// CHECK-NEXT: llvm.return
// CHECK: ^[[PART]]:
// CHECK: %[[CAPTURE:.+]] = llvm.getelementptr %{{.+}}[0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.struct<packed (f32)>
// CHECK: %[[VALUE:.+]] = llvm.load %[[CAPTURE]] {alignment = 1 : i64} : !llvm.ptr<3> -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK: llvm.store %[[VALUE]], %arg0
// CHECK: nvvm.barrier id = %{{.+}} number_of_threads = %{{.+}}
// CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NEXT: llvm.br ^[[LOOP]]
// CHECK: ^[[KERNEL]]:
// CHECK: %[[V:.+]] = llvm.load %arg0 : !llvm.ptr<1> -> f32
// CHECK-COUNT-4: llvm.store %{{.+}}, %{{.+}} : i8, !llvm.ptr<3>
// CHECK: llvm.store %[[V]], %{{.+}} {alignment = 1 : i64} : f32, !llvm.ptr<3>
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NEXT: llvm.br ^[[BODY:bb[0-9]+]]
// CHECK: ^[[BODY]]:
// CHECK: nvvm.barrier id = %{{.+}} number_of_threads = %{{.+}}
// CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NEXT: llvm.br ^[[AFTER:bb[0-9]+]]
// CHECK: ^[[AFTER]]:
// CHECK-COUNT-4: llvm.store %{{.+}}, %{{.+}} : i8, !llvm.ptr<3>
// CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NEXT: llvm.return

// The named barriers as intrinsic calls: barrier 2 over the partition's
// 128 threads, barrier 0 over the default group's.
// INTRINSIC-LABEL: llvm.func @one_partition(
// INTRINSIC: %[[C2:.+]] = llvm.mlir.constant(2 : i32)
// INTRINSIC-NEXT: %[[N:.+]] = llvm.mlir.constant(128 : i32)
// INTRINSIC-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.aligned.count"(%[[C2]], %[[N]])
// INTRINSIC: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.aligned.count"
// INTRINSIC-LABEL: llvm.func @registers(
// INTRINSIC-NOT: nvvm.barrier id
module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.func @one_partition(%p: !llvm.ptr<1>) attributes {allocation.offset = 0 : i32} {
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    ttg.warp_specialize(%p, %v) attributes {allocation.offset = 16 : i32, warpGroupStartIds = array<i32: 4>}
    default {
      nvvm.barrier0
      ttg.warp_yield
    }
    partition0(%q: !llvm.ptr<1>, %w: f32) num_warps(4) {
      llvm.store %w, %q : f32, !llvm.ptr<1>
      nvvm.barrier0
      ttg.warp_return
    } : (!llvm.ptr<1>, f32) -> ()
    llvm.return
  }
}

// -----

// With ttg.maxnreg the worker warps give registers up on entering the loop
// (4 workers, 4 default warps: 128 - 24 = 104 each, so the default group
// could take 232), and actualRegisters moves each group inside the op.
// CHECK-LABEL: llvm.func @registers(
// CHECK: ^bb1:
// CHECK-NEXT: nvvm.setmaxregister decrease 24
// CHECK: ^bb4:
// CHECK-NEXT: nvvm.setmaxregister increase 64
// CHECK: nvvm.setmaxregister decrease 24
// CHECK: ^bb5:
// CHECK-NEXT: nvvm.setmaxregister increase 232
// CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NEXT: nvvm.setmaxregister decrease 192
// CHECK: nvvm.setmaxregister increase 232
module attributes {ttg.maxnreg = 128 : i32, "ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.func @registers() attributes {allocation.offset = 0 : i32} {
    ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4>, actualRegisters = array<i32: 192, 64>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    llvm.return
  }
}

// -----

// A result of the default region (here a converted type) becomes an
// argument of the block after the op.
// CHECK-LABEL: llvm.func @result(
// CHECK: llvm.br ^[[AFTER:bb[0-9]+]](%arg0 : !llvm.ptr<1>)
// CHECK: ^[[AFTER]](%[[R:.+]]: !llvm.ptr<1>):
// CHECK: llvm.store %{{.+}}, %[[R]]
module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.func @result(%p: !llvm.ptr<1>) attributes {allocation.offset = 0 : i32} {
    %t = builtin.unrealized_conversion_cast %p : !llvm.ptr<1> to !tt.ptr<f32>
    %r = ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4>}
    default {
      ttg.warp_yield %t : !tt.ptr<f32>
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> !tt.ptr<f32>
    %q = builtin.unrealized_conversion_cast %r : !tt.ptr<f32> to !llvm.ptr<1>
    %c = llvm.mlir.constant(1.0 : f32) : f32
    llvm.store %c, %q : f32, !llvm.ptr<1>
    llvm.return
  }
}
