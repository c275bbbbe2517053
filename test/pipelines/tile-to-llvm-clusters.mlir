// num-ctas > 1 on cuda:90: each program is launched as a cluster of CTAs
// (Triton's launcher: num-ctas x the grid's x CTAs, clusters of num-ctas).
// tile lays tensors out for one CTA and records the cluster as
// tile.cluster-ctas; the kernel requires that cluster size
// (nvvm.cluster_dim, .reqnctapercluster), its program ids and counts are
// the cluster's (%clusterid, %nclusterid), and every CTA but the first of
// its cluster returns before anything else. Global scratch slices stay per
// CTA, as Triton's launcher allocates them.

// RUN: %mlir-tile --tile-to-llvm='num-ctas=2' %s | FileCheck %s
// RUN: %mlir-tile --tile-to-llvm='num-ctas=2' %s | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: llvm.func @axpy
// CHECK-SAME: nvvm.cluster_dim = array<i32: 2, 1, 1>
// CHECK: %[[ZERO:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[RANK:.+]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK-NEXT: %[[FIRST:.+]] = llvm.icmp "eq" %[[RANK]], %[[ZERO]] : i32
// CHECK-NEXT: llvm.cond_br %[[FIRST]], ^[[BODY:.+]], ^[[EXIT:[a-z0-9]+]]
// CHECK: ^[[BODY]]:
// CHECK: nvvm.read.ptx.sreg.clusterid.y
// CHECK: nvvm.read.ptx.sreg.nclusterid.x
// CHECK-NOT: nvvm.read.ptx.sreg.ctaid
// CHECK: ^[[EXIT]]:
// CHECK-NEXT: llvm.return

// PTX: .explicitcluster
// PTX-NEXT: .reqnctapercluster 2, 1, 1
// PTX: mov.u32 {{.*}}, %cluster_ctarank;

tt.func public @axpy(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
  %pid = tt.get_program_id y : i32
  %n = tt.get_num_programs x : i32
  %base = arith.muli %pid, %n : i32
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %b = tt.splat %base : i32 -> tensor<128xi32>
  %off = arith.addi %r, %b : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %off : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v = tt.load %xp : tensor<128x!tt.ptr<f32>>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %off : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %yp, %v : tensor<128x!tt.ptr<f32>>
  tt.return
}
