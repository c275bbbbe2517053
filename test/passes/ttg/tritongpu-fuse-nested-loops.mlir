// tritongpu-fuse-nested-loops: a loop nest marked tt.flatten becomes one
// loop counting the inner iterations in T, with the code before the inner
// loop under `T == 0`, the code after it under `T == len - 1`, and the
// inner length speculated so the inner body runs unguarded. Nests it cannot
// or must not flatten stay as they are (the pass never fails).

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-fuse-nested-loops,canonicalize,cse)' | FileCheck %s
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-fuse-nested-loops)' | FileCheck %s --check-prefix=RAW

// The inner length K is computed in front of the nest, which is versioned
// on it being at most zero (Triton tests zero only, where a negative length
// would run the unguarded body): that version keeps the outer loop alone,
// storing the accumulator's initial value. The fused loop runs N * max(1, K) times;
// the accumulator starts as its initial value and is reset in the
// epilogue.
// CHECK-LABEL: tt.func @flatten_versioned
// CHECK-SAME: (%[[N:.+]]: i32, %[[K:.+]]: i32, %[[P:.+]]: !tt.ptr<f32>)
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : i32
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : i32
// CHECK-DAG: %[[CM1:.+]] = arith.constant -1 : i32
// CHECK: %[[EMPTY:.+]] = arith.cmpi sle, %[[K]], %[[C0]] : i32
// CHECK-NEXT: scf.if %[[EMPTY]] {
// CHECK-NEXT: scf.for %[[I0:.+]] = %[[C0]] to %[[N]] step %[[C1]]
// CHECK-NEXT: %[[Q0:.+]] = tt.addptr %[[P]], %[[I0]]
// CHECK-NEXT: tt.store %[[Q0]], %[[ZERO]]
// CHECK-NEXT: } {tt.flatten}
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[LEN:.+]] = arith.maxsi %[[K]], %[[C1]] : i32
// CHECK-NEXT: %[[TOTAL:.+]] = arith.muli %[[N]], %[[LEN]] : i32
// CHECK-NEXT: scf.for %{{.+}} = %[[C0]] to %[[TOTAL]] step %[[C1]] iter_args(%[[T:.+]] = %[[C0]], %[[IARG:.+]] = %[[CM1]], %[[JARG:.+]] = %[[C0]], %[[ACC:.+]] = %[[ZERO]], %[[OFFARG:.+]] = %[[C0]]) -> (i32, i32, i32, f32, i32)
// CHECK-NEXT: %[[START:.+]] = arith.cmpi eq, %[[T]], %[[C0]] : i32
// CHECK-NEXT: %[[J:.+]] = arith.select %[[START]], %[[C0]], %[[JARG]] : i32
// CHECK-NEXT: %[[PRO:.+]]:2 = scf.if %[[START]] -> (i32, i32) {
// CHECK-NEXT: %[[I:.+]] = arith.addi %[[IARG]], %[[C1]] : i32
// CHECK-NEXT: %[[OFF:.+]] = arith.muli %[[I]], %[[K]] : i32
// CHECK-NEXT: scf.yield %[[OFF]], %[[I]] : i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[OFFARG]], %[[IARG]] : i32, i32
// CHECK-NEXT: }
// The inner body, unguarded.
// CHECK-NEXT: %[[X:.+]] = arith.addi %[[PRO]]#0, %[[J]] : i32
// CHECK-NEXT: %[[PTR:.+]] = tt.addptr %[[P]], %[[X]]
// CHECK-NEXT: %[[V:.+]] = tt.load %[[PTR]]
// CHECK-NEXT: %[[SUM:.+]] = arith.addf %[[ACC]], %[[V]] : f32
// CHECK-NEXT: %[[JNEXT:.+]] = arith.addi %[[J]], %[[C1]] : i32
// CHECK-NEXT: %[[LAST:.+]] = arith.subi %[[LEN]], %[[C1]] : i32
// CHECK-NEXT: %[[END:.+]] = arith.cmpi eq, %[[T]], %[[LAST]] : i32
// CHECK-NEXT: %[[ACCNEXT:.+]] = arith.select %[[END]], %[[ZERO]], %[[SUM]] : f32
// CHECK-NEXT: scf.if %[[END]] {
// CHECK-NEXT: %[[OUT:.+]] = tt.addptr %[[P]], %[[PRO]]#1
// CHECK-NEXT: tt.store %[[OUT]], %[[SUM]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[TINC:.+]] = arith.addi %[[T]], %[[C1]] : i32
// CHECK-NEXT: %[[TNEXT:.+]] = arith.select %[[END]], %[[C0]], %[[TINC]] : i32
// CHECK-NEXT: scf.yield %[[TNEXT]], %[[PRO]]#1, %[[JNEXT]], %[[ACCNEXT]], %[[PRO]]#0
// No other version.
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NOT: scf.for

// Before canonicalization: the inner body sits in an scf.if on a constant
// true (the speculated length), the marks of the pass are gone.
// RAW-LABEL: tt.func @flatten_versioned
// RAW: %[[TRUE:.+]] = arith.constant true
// RAW-NEXT: scf.if %[[TRUE]] -> (i32, f32)
// RAW-NOT: ttg.must-execute
// RAW: tt.return
tt.func @flatten_versioned(%n: i32, %k: i32, %p: !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = arith.muli %i, %k : i32
    %acc = scf.for %j = %c0 to %k step %c1 iter_args(%a = %zero) -> f32 : i32 {
      %x = arith.addi %off, %j : i32
      %ptr = tt.addptr %p, %x : !tt.ptr<f32>, i32
      %v = tt.load %ptr : !tt.ptr<f32>
      %s = arith.addf %a, %v : f32
      scf.yield %s : f32
    }
    %out = tt.addptr %p, %i : !tt.ptr<f32>, i32
    tt.store %out, %acc : !tt.ptr<f32>
  } {tt.flatten}
  tt.return
}

// -----

// An assume that the inner loop runs at least once: no versioning.
// CHECK-LABEL: tt.func @flatten_assumed
// CHECK-SAME: (%[[N:.+]]: i32, %[[K:.+]]: i32
// CHECK: llvm.intr.assume
// CHECK-NEXT: %[[LEN:.+]] = arith.maxsi %[[K]], %{{.+}} : i32
// CHECK-NEXT: %[[TOTAL:.+]] = arith.muli %[[N]], %[[LEN]] : i32
// CHECK-NEXT: scf.for %{{.+}} = %{{.+}} to %[[TOTAL]]
// CHECK-NOT: scf.for
// CHECK: scf.if
// CHECK-NOT: scf.if
// CHECK: tt.load
// CHECK-NEXT: tt.store
// CHECK-NOT: scf.if
// CHECK: tt.return
tt.func @flatten_assumed(%n: i32, %k: i32, %p: !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %pos = arith.cmpi sgt, %k, %c0 : i32
  llvm.intr.assume %pos : i1
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %k step %c1 : i32 {
      %x = arith.addi %i, %j : i32
      %ptr = tt.addptr %p, %x : !tt.ptr<f32>, i32
      %v = tt.load %ptr : !tt.ptr<f32>
      tt.store %ptr, %v : !tt.ptr<f32>
    }
  } {tt.flatten}
  tt.return
}

// -----

// Without tt.flatten nothing happens (every bench kernel's loops).
// CHECK-LABEL: tt.func @no_flatten_attr
// CHECK-NEXT: arith.constant
// CHECK-NEXT: arith.constant
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK-NOT: scf.if
// CHECK: tt.return
tt.func @no_flatten_attr(%n: i32, %k: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %k step %c1 : i32 {
      %x = arith.addi %i, %j : i32
      %ptr = tt.addptr %p, %x : !tt.ptr<i32>, i32
      tt.store %ptr, %x : !tt.ptr<i32>
    }
  }
  tt.return
}

// -----

// tt.flatten takes a nest of exactly one inner loop.
// CHECK-LABEL: tt.func @two_inner_loops
// CHECK-COUNT-3: scf.for
// CHECK-NOT: scf.if
// CHECK: } {tt.flatten}
tt.func @two_inner_loops(%n: i32, %k: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %k step %c1 : i32 {
      %ptr = tt.addptr %p, %j : !tt.ptr<i32>, i32
      tt.store %ptr, %i : !tt.ptr<i32>
    }
    scf.for %j = %c0 to %k step %c1 : i32 {
      %ptr = tt.addptr %p, %j : !tt.ptr<i32>, i32
      tt.store %ptr, %j : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}

// -----

// A loop under an scf.if is not part of the outer loop's nest.
// CHECK-LABEL: tt.func @inner_under_if
// CHECK: scf.for
// CHECK-NEXT: scf.if
// CHECK-NEXT: scf.for
// CHECK: } {tt.flatten}
tt.func @inner_under_if(%n: i32, %k: i32, %c: i1, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.if %c {
      scf.for %j = %c0 to %k step %c1 : i32 {
        %ptr = tt.addptr %p, %j : !tt.ptr<i32>, i32
        tt.store %ptr, %i : !tt.ptr<i32>
      }
    }
  } {tt.flatten}
  tt.return
}

// -----

// The inner length depends on the outer iteration: it cannot be
// speculated in front of the nest, so the nest is left alone.
// CHECK-LABEL: tt.func @bounds_depend_on_outer
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT: scf.for %{{.+}} = %{{.+}} to %[[I]] step
// CHECK-NOT: scf.if
// CHECK: } {tt.flatten}
tt.func @bounds_depend_on_outer(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %i step %c1 : i32 {
      %ptr = tt.addptr %p, %j : !tt.ptr<i32>, i32
      tt.store %ptr, %i : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}

// -----

// Trip counts are computed signed: unsigned loops are left alone.
// CHECK-LABEL: tt.func @unsigned_inner
// CHECK: scf.for
// CHECK-NEXT: scf.for unsigned
// CHECK-NOT: scf.if
// CHECK: } {tt.flatten}
tt.func @unsigned_inner(%n: i32, %k: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for unsigned %j = %c0 to %k step %c1 : i32 {
      %ptr = tt.addptr %p, %j : !tt.ptr<i32>, i32
      tt.store %ptr, %i : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}

// -----

// Loop-invariant code motion takes an inner loop that does not depend on
// the outer one out of it: nothing is left to fuse.
// CHECK-LABEL: tt.func @inner_independent_of_outer
// CHECK: %[[T:.+]] = scf.for
// CHECK: scf.for
// CHECK-NEXT: arith.addi %{{.+}}, %[[T]]
// CHECK: } {tt.flatten}
tt.func @inner_independent_of_outer(%n: i32, %k: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0) -> i32 : i32 {
    %t = scf.for %j = %c0 to %k step %c1 iter_args(%u = %c0) -> i32 : i32 {
      %v = arith.addi %u, %j : i32
      scf.yield %v : i32
    }
    %w = arith.addi %s, %t : i32
    scf.yield %w : i32
  } {tt.flatten}
  tt.return %r : i32
}

// -----

// ttg.always-fuse (Triton's test hook) fuses without speculation, also
// when the inner length depends on the outer iteration: a loop adds the
// lengths up first, the prologue computes the tile's length and the body
// is guarded by T being in range.
// CHECK-LABEL: tt.func @always_fuse_variant
// CHECK-SAME: (%[[N:.+]]: i32
// CHECK: %[[TOTAL:.+]] = scf.for %[[I0:.+]] = %{{.+}} to %[[N]] step %{{.+}} iter_args(%[[SUM:.+]] = %{{.+}})
// CHECK-NEXT: %[[L0:.+]] = arith.maxsi %[[I0]], %{{.+}} : i32
// CHECK-NEXT: %[[ADD:.+]] = arith.addi %[[SUM]], %[[L0]] : i32
// CHECK-NEXT: scf.yield %[[ADD]]
// CHECK: scf.for %{{.+}} = %{{.+}} to %[[TOTAL]] step %{{.+}} iter_args(%[[T:[^ ]+]] =
// CHECK: %[[PRO:.+]]:3 = scf.if
// CHECK-NEXT: %[[I:.+]] = arith.addi
// CHECK-NEXT: %[[INNERLEN:.+]] = arith.maxsi %[[I]], %{{.+}} : i32
// CHECK-NEXT: scf.yield %[[I]], %[[I]], %[[INNERLEN]]
// CHECK: %[[GE:.+]] = arith.cmpi sge, %[[T]], %{{.+}} : i32
// CHECK-NEXT: %[[LT:.+]] = arith.cmpi slt, %[[T]], %[[PRO]]#1 : i32
// CHECK-NEXT: %[[IN:.+]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK-NEXT: scf.if %[[IN]] -> (i32) {
// CHECK-NEXT: tt.addptr
// CHECK-NEXT: tt.store %{{.+}}, %[[PRO]]#0
// CHECK: arith.subi %[[PRO]]#2, %{{.+}} : i32
// CHECK-NOT: scf.for
// CHECK: tt.return
tt.func @always_fuse_variant(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %i step %c1 : i32 {
      %ptr = tt.addptr %p, %j : !tt.ptr<i32>, i32
      tt.store %ptr, %i : !tt.ptr<i32>
    }
  } {"ttg.always-fuse"}
  tt.return
}

// -----

// The fused loop takes the largest tt.num_stages of the nest and its
// tt.warp_specialize and tt.disallow_acc_multi_buffer; the zero-length
// version does not keep tt.warp_specialize.
// CHECK-LABEL: tt.func @attributes
// CHECK: scf.if
// CHECK-NOT: tt.warp_specialize
// CHECK: } else {
// CHECK: scf.for
// CHECK: } {tt.disallow_acc_multi_buffer, tt.num_stages = 4 : i32, tt.warp_specialize}
tt.func @attributes(%n: i32, %k: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %k step %c1 : i32 {
      %ptr = tt.addptr %p, %j : !tt.ptr<i32>, i32
      tt.store %ptr, %i : !tt.ptr<i32>
    } {tt.num_stages = 4 : i32, tt.disallow_acc_multi_buffer}
  } {tt.flatten, tt.num_stages = 2 : i32, tt.warp_specialize}
  tt.return
}

// -----

// A prologue value only the epilogue reads moves to the epilogue; one the
// inner body reads too stays in the prologue.
// CHECK-LABEL: tt.func @sink_into_epilogue
// CHECK-SAME: (%{{.+}}: i32, %[[K:.+]]: i32, %[[P:.+]]: !tt.ptr<i32>)
// CHECK: } else {
// CHECK: %[[PRO:.+]]:2 = scf.if
// CHECK-NEXT: %[[I:.+]] = arith.addi
// CHECK-NEXT: %[[BOTH:.+]] = arith.addi %[[I]], %[[K]] : i32
// CHECK-NEXT: scf.yield %[[BOTH]], %[[I]]
// CHECK-NOT: arith.muli
// CHECK: scf.if %{{.+}} {
// CHECK-NEXT: %[[AFTER:.+]] = arith.muli %[[PRO]]#1, %[[K]] : i32
// CHECK-NEXT: %[[Q:.+]] = tt.addptr %[[P]], %[[AFTER]]
// CHECK-NEXT: tt.store %[[Q]], %[[PRO]]#0
tt.func @sink_into_epilogue(%n: i32, %k: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %only_after = arith.muli %i, %k : i32
    %both = arith.addi %i, %k : i32
    scf.for %j = %c0 to %k step %c1 : i32 {
      %ptr = tt.addptr %p, %j : !tt.ptr<i32>, i32
      tt.store %ptr, %both : !tt.ptr<i32>
    }
    %q = tt.addptr %p, %only_after : !tt.ptr<i32>, i32
    tt.store %q, %both : !tt.ptr<i32>
  } {tt.flatten}
  tt.return
}
