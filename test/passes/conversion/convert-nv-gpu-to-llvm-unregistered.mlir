// convert-nv-gpu-to-llvm leaves ops of no registered dialect
// (-allow-unregistered-dialect) alone while it lowers the nvg ops around
// them.

// RUN: %mlir-tile %s -allow-unregistered-dialect -p 'builtin.module(convert-nv-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='nvg.'

// CHECK-LABEL: llvm.func @beside_unregistered
// CHECK: %[[ID:.+]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: "use"(%[[ID]]) : (i32) -> ()
llvm.func @beside_unregistered() {
  %id = nvg.cluster_id
  "use"(%id) : (i32) -> ()
  llvm.return
}
