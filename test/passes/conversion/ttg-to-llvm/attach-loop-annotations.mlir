// tile-attach-loop-annotations: the llvm.loop_annotation a loop carries
// reaches its latch branch as a discardable attribute through
// convert-scf-to-cf and convert-cf-to-llvm; the pass makes it the branch's
// own loop_annotation, which mlir-translate emits as !llvm.loop metadata
// (llvm.licm.disable for tl.range(..., disable_licm=True)). A branch with
// its own annotation keeps it.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-scf-to-cf, convert-cf-to-llvm, tile-attach-loop-annotations)' | FileCheck %s
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-scf-to-cf, convert-cf-to-llvm, tile-attach-loop-annotations, convert-arith-to-llvm)' | mlir-translate --split-input-file --mlir-to-llvmir | FileCheck %s --check-prefix=LLVM

// CHECK: #[[LICM:.+]] = #llvm.loop_licm<disable = true, versioningDisable = true>
// CHECK: #[[ANNOTATION:.+]] = #llvm.loop_annotation<licm = #[[LICM]]>
// CHECK-LABEL: llvm.func @no_licm
// CHECK: llvm.br ^{{.+}} {loop_annotation = #[[ANNOTATION]]}
// CHECK-NOT: llvm.loop_annotation =
// LLVM-LABEL: define void @no_licm
// LLVM: br label %{{.+}}, !llvm.loop ![[LOOP:[0-9]+]]
// LLVM: ![[LOOP]] = distinct !{![[LOOP]], ![[DISABLE:[0-9]+]], !{{[0-9]+}}}
// LLVM: ![[DISABLE]] = !{!"llvm.licm.disable"}
// LLVM-LABEL: define void @own_annotation
// LLVM: !{!"llvm.loop.unroll.disable"}
// LLVM-NOT: llvm.licm.disable
#loop_licm = #llvm.loop_licm<disable = true, versioningDisable = true>
#loop_annotation = #llvm.loop_annotation<licm = #loop_licm>
module {
  llvm.func @no_licm(%n: i32, %p: !llvm.ptr) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      llvm.store %i, %p : i32, !llvm.ptr
    } {llvm.loop_annotation = #loop_annotation}
    llvm.return
  }
}

// -----

// CHECK: #[[UNROLL:.+]] = #llvm.loop_unroll<disable = true>
// CHECK: #[[OWN:.+]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: llvm.func @own_annotation
// CHECK: llvm.cond_br %{{.+}}, ^{{.+}}, ^{{.+}} {loop_annotation = #[[OWN]]}
// CHECK-NOT: llvm.loop_annotation =
#licm = #llvm.loop_licm<disable = true>
#carried = #llvm.loop_annotation<licm = #licm>
#unroll = #llvm.loop_unroll<disable = true>
#own = #llvm.loop_annotation<unroll = #unroll>
module {
  llvm.func @own_annotation(%c: i1) {
    llvm.br ^loop
  ^loop:
    llvm.cond_br %c, ^loop, ^exit {loop_annotation = #own, llvm.loop_annotation = #carried}
  ^exit:
    llvm.return
  }
}
