// convert-nv-gpu-to-llvm: the kernel's tensor memory (nvg.tensor_memory_base)
// and ttg.warp_id ops left for it, inside and outside warp groups.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-nv-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='nvg.' --implicit-check-not='ttg.warp_id'

// The first warp allocates the columns at the entry, everyone reads the
// address back from shared memory, and the columns are freed before each
// return.
// CHECK-LABEL: llvm.func @tensor_memory_two_returns
// CHECK: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[C32:.+]] = llvm.mlir.constant(32 : i32) : i32
// CHECK: %[[WARP0:.+]] = llvm.icmp "ult" %[[TID]], %[[C32]] : i32
// CHECK: %[[SLOT:.+]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [$1], 256;", "b,r" %[[WARP0]], %[[SLOT]] : (i1, !llvm.ptr<3>) -> !llvm.void
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[WORD:.+]] = llvm.load %[[SLOT]] : !llvm.ptr<3> -> i32
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[BASE:.+]] = llvm.inttoptr %[[WORD]] : i32 to !llvm.ptr<6>
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;", "b" %[[WARP0]] : (i1) -> !llvm.void
// CHECK: llvm.cond_br
// CHECK: nvvm.barrier0
// CHECK-NEXT: llvm.inline_asm {{.*}}"@$0 tcgen05.dealloc.cta_group::1.sync.aligned.b32 $1, 256;", "b,r" %[[WARP0]], %[[BASE]] : (i1, !llvm.ptr<6>) -> !llvm.void
// CHECK-NEXT: llvm.return %[[BASE]]
// CHECK: nvvm.barrier0
// CHECK-NEXT: llvm.inline_asm {{.*}}tcgen05.dealloc.cta_group::1.sync.aligned.b32 $1, 256;
// CHECK-NEXT: llvm.return
module attributes {"ttg.num-warps" = 4 : i32, ttg.tensor_memory_size = 256 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
llvm.func @tensor_memory_two_returns(%c: i1) -> !llvm.ptr<6> attributes {nvvm.kernel = 1 : ui1} {
  %0 = nvg.tensor_memory_base
  llvm.cond_br %c, ^a, ^b
^a:
  llvm.return %0 : !llvm.ptr<6>
^b:
  %1 = nvg.tensor_memory_base
  llvm.return %1 : !llvm.ptr<6>
}
}

// -----

// A CTA pair allocates with cta_group::2; the shared array is declared
// when the module has none.
// CHECK: llvm.mlir.global external @global_smem
// CHECK-LABEL: llvm.func @tensor_memory_two_ctas
// CHECK: tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [$1], 32;
// CHECK: tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;
// CHECK: tcgen05.dealloc.cta_group::2.sync.aligned.b32 $1, 32;
module attributes {"ttg.num-warps" = 4 : i32, ttg.tensor_memory_size = 32 : i32, "ttng.two-ctas" = true} {
llvm.func @tensor_memory_two_ctas() -> !llvm.ptr<6> attributes {nvvm.kernel = 1 : ui1} {
  %0 = nvg.tensor_memory_base
  llvm.return %0 : !llvm.ptr<6>
}
}

// -----

// The base used in a partition becomes an explicit capture of the
// warp_specialize, a block argument of every partition.
// CHECK-LABEL: llvm.func @tensor_memory_in_partition
// CHECK: %[[BASE:.+]] = llvm.inttoptr %{{.+}} : i32 to !llvm.ptr<6>
// CHECK: ttg.warp_specialize(%[[BASE]])
// CHECK: partition0(%[[ARG0:.+]]: !llvm.ptr<6>) num_warps(1)
// CHECK-NEXT: llvm.call @sink_tmem(%[[ARG0]])
// CHECK: partition1(%{{.+}}: !llvm.ptr<6>) num_warps(1)
// CHECK-NEXT: ttg.warp_return
module attributes {"ttg.num-warps" = 4 : i32, ttg.tensor_memory_size = 128 : i32} {
llvm.func @sink_tmem(!llvm.ptr<6>)
llvm.func @tensor_memory_in_partition() attributes {nvvm.kernel = 1 : ui1} {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(1) {
    %0 = nvg.tensor_memory_base
    llvm.call @sink_tmem(%0) : (!llvm.ptr<6>) -> ()
    ttg.warp_return
  }
  partition1() num_warps(1) {
    ttg.warp_return
  } : () -> ()
  llvm.return
}
}

// -----

// ttg.warp_id: the thread id over 32 read back from lane 0 (uniform), the
// partition's own warps counted from its first thread, 0 in a one-warp
// partition; omitUniformHint drops the shuffle. The constants are shared
// within each isolated region.
// CHECK-LABEL: llvm.func @warp_ids
// CHECK-DAG: %[[C32:.+]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-DAG: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[W:.+]] = llvm.udiv %[[TID]], %[[C32]] : i32
// CHECK: %[[U:.+]] = nvvm.shfl.sync idx %{{.+}}, %[[W]], %{{.+}}, %{{.+}} : i32 -> i32
// CHECK: llvm.call @sink(%[[U]])
// CHECK: %[[TID2:.+]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[W2:.+]] = llvm.udiv %[[TID2]], %[[C32]] : i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.call @sink(%[[W2]])
// CHECK: partition0() num_warps(2)
// CHECK-DAG: %[[P32:.+]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-DAG: %[[START:.+]] = llvm.mlir.constant(128 : i32) : i32
// CHECK: %[[PTID:.+]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[REL:.+]] = llvm.sub %[[PTID]], %[[START]] : i32
// CHECK: %[[PW:.+]] = llvm.udiv %[[REL]], %[[P32]] : i32
// CHECK: %[[PU:.+]] = nvvm.shfl.sync idx %{{.+}}, %[[PW]]
// CHECK: llvm.call @sink(%[[PU]])
// CHECK: partition1() num_warps(1)
// CHECK-NEXT: %[[ZERO:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.call @sink(%[[ZERO]])
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
llvm.func @sink(i32)
llvm.func @warp_ids() {
  %0 = ttg.warp_id
  llvm.call @sink(%0) : (i32) -> ()
  %1 = ttg.warp_id {omitUniformHint}
  llvm.call @sink(%1) : (i32) -> ()
  ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4, 6>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(2) {
    %2 = ttg.warp_id
    llvm.call @sink(%2) : (i32) -> ()
    ttg.warp_return
  }
  partition1() num_warps(1) {
    %3 = ttg.warp_id
    llvm.call @sink(%3) : (i32) -> ()
    ttg.warp_return
  } : () -> ()
  llvm.return
}
}
