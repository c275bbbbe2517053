// convert-triton-gpu-to-llvm of ttg.global_scratch_alloc: every kernel
// takes Triton's two trailing pointers (global and profile scratch), and a
// buffer is the first one advanced by the program's linear id (x + nx * (y
// + ny * z)) times the module's size (ttg.global_scratch_memory_size), plus
// the buffer's offset. A kernel of a module without global scratch takes
// the two pointers too (its launcher passes null). A device function that
// needs global scratch takes its part of the program's as a last
// parameter; a call passes the caller's part at the call's offset.
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' | FileCheck %s

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 384 : i32} {
  // CHECK-LABEL: llvm.func @scratch(
  // CHECK-SAME: %arg0: !llvm.ptr<1>, %arg1: i32, %[[SCRATCH:.*]]: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>)
  // CHECK: %[[Z:.*]] = nvvm.read.ptx.sreg.ctaid.z
  // CHECK: %[[NY:.*]] = nvvm.read.ptx.sreg.nctaid.y
  // CHECK: %[[ZNY:.*]] = llvm.mul %[[Z]], %[[NY]] : i32
  // CHECK: %[[Y:.*]] = nvvm.read.ptx.sreg.ctaid.y
  // CHECK: %[[YZ:.*]] = llvm.add %[[Y]], %[[ZNY]] : i32
  // CHECK: %[[NX:.*]] = nvvm.read.ptx.sreg.nctaid.x
  // CHECK: %[[YZNX:.*]] = llvm.mul %[[YZ]], %[[NX]] : i32
  // CHECK: %[[X:.*]] = nvvm.read.ptx.sreg.ctaid.x
  // CHECK: %[[PID:.*]] = llvm.add %[[X]], %[[YZNX]] : i32
  // CHECK: %[[SIZE:.*]] = llvm.mlir.constant(384 : i32) : i32
  // CHECK: %[[SLICE:.*]] = llvm.mul %[[PID]], %[[SIZE]] : i32
  // CHECK: %[[OFFSET:.*]] = llvm.mlir.constant(256 : i32) : i32
  // CHECK: %[[BYTE:.*]] = llvm.add %[[SLICE]], %[[OFFSET]] : i32
  // CHECK: %[[P:.*]] = llvm.getelementptr %[[SCRATCH]][%[[BYTE]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
  // CHECK: st.global.b32 {{.*}} %arg1, %[[P]]
  tt.func public @scratch(%out: !tt.ptr<i32>, %v: i32) {
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32, ttg.global_scratch_memory_offset = 256 : i32} : !tt.ptr<i8>
    %q = tt.bitcast %p : !tt.ptr<i8> -> !tt.ptr<i32>
    tt.store %q, %v : !tt.ptr<i32>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, ttg.global_scratch_memory_alignment = 1 : i32, ttg.global_scratch_memory_size = 0 : i32} {
  // CHECK-LABEL: llvm.func @no_scratch(
  // CHECK-SAME: %arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>, %arg2: !llvm.ptr<1>)
  // CHECK-NEXT: llvm.return
  tt.func public @no_scratch(%out: !tt.ptr<i32>) {
    tt.return
  }
}

// -----

// Inside a partition of ttg.warp_specialize the buffer is computed from the
// scratch parameter, which the partitions then capture.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 128 : i32} {
  // CHECK-LABEL: llvm.func @in_partition(
  // CHECK-SAME: %arg0: i32, %[[SCRATCH:.*]]: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>)
  // CHECK: ttg.warp_specialize(%arg0, %[[SCRATCH]])
  // CHECK: partition0(%{{.*}}: i32, %[[CAPTURED:.*]]: !llvm.ptr<1>)
  // CHECK: llvm.getelementptr %[[CAPTURED]][%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
  tt.func public @in_partition(%v: i32) {
    ttg.warp_specialize(%v)
    default {
      ttg.warp_yield
    }
    partition0(%w: i32) num_warps(1) {
      %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32, ttg.global_scratch_memory_offset = 0 : i32} : !tt.ptr<i8>
      %q = tt.bitcast %p : !tt.ptr<i8> -> !tt.ptr<i32>
      tt.store %q, %w : !tt.ptr<i32>
      ttg.warp_return
    } : (i32) -> ()
    tt.return
  }
}

// -----

// A kernel calls a device function whose buffer needs 128 bytes, placed at
// 256 in the kernel's 384 (as tritongpu-global-scratch-memory-allocation
// lays them out): the callee takes its part as its last parameter and its
// buffer is that part plus the buffer's offset; the kernel passes its slice
// plus 256. A function that needs none takes no extra parameter.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 384 : i32} {
  // CHECK-LABEL: llvm.func internal @helper(
  // CHECK-SAME: %arg0: i32, %[[PART:.*]]: !llvm.ptr<1>)
  // CHECK-SAME: ttg.global_scratch_memory_size = 128 : i32
  // CHECK: %[[AT:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK: %[[P:.*]] = llvm.getelementptr %[[PART]][%[[AT]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
  // CHECK: st.global.b32 {{.*}} %arg0, %[[P]]
  tt.func private @helper(%v: i32) attributes {noinline = true, ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 128 : i32} {
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32, ttg.global_scratch_memory_offset = 0 : i32} : !tt.ptr<i8>
    %q = tt.bitcast %p : !tt.ptr<i8> -> !tt.ptr<i32>
    tt.store %q, %v : !tt.ptr<i32>
    tt.return
  }
  // CHECK-LABEL: llvm.func internal @plain(
  // CHECK-SAME: %arg0: i32)
  tt.func private @plain(%v: i32) attributes {noinline = true} {
    tt.return
  }
  // CHECK-LABEL: llvm.func @kernel(
  // CHECK-SAME: %arg0: i32, %[[SCRATCH:.*]]: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>)
  // CHECK: %[[SIZE:.*]] = llvm.mlir.constant(384 : i32) : i32
  // CHECK: %[[SLICE:.*]] = llvm.mul %{{.*}}, %[[SIZE]] : i32
  // CHECK: %[[OFFSET:.*]] = llvm.mlir.constant(256 : i32) : i32
  // CHECK: %[[BYTE:.*]] = llvm.add %[[SLICE]], %[[OFFSET]] : i32
  // CHECK: %[[PART:.*]] = llvm.getelementptr %[[SCRATCH]][%[[BYTE]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
  // CHECK: llvm.call @helper(%arg0, %[[PART]]) : (i32, !llvm.ptr<1>) -> ()
  // CHECK: llvm.call @plain(%arg0) : (i32) -> ()
  tt.func public @kernel(%v: i32) {
    tt.call @helper(%v) {ttg.global_scratch_memory_offset = 256 : i32} : (i32) -> ()
    tt.call @plain(%v) : (i32) -> ()
    tt.return
  }
}
