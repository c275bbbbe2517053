// RUN: %mlir-tile %s -split-input-file --allow-unregistered-dialect -p 'builtin.module(nvws-assign-stage-phase)' | FileCheck %s

// Outside warp-specialized code: one ring walk for the puts, one for the
// gets. A depth-2 ring starts at stage 1 (the first enter moves to 0); the
// producer at phase 0, the consumer at phase 1. Exits and buffer ops take
// the stage of the enter whose token they use.

#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: @straight_line
  // CHECK: %[[AREF:.*]] = nvws.aref.create
  // CHECK-NEXT: %[[GS:.*]] = arith.constant 1 : i32
  // CHECK-NEXT: %[[GP:.*]] = arith.constant 1 : i32
  // CHECK-NEXT: %[[PS:.*]] = arith.constant 1 : i32
  // CHECK-NEXT: %[[PP:.*]] = arith.constant 0 : i32
  // CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
  // CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[PS]], %[[ONE]] : i32
  // CHECK-NEXT: %[[DEPTH:.*]] = arith.constant 2 : i32
  // CHECK-NEXT: %[[WRAP:.*]] = arith.cmpi eq, %[[NEXT]], %[[DEPTH]] : i32
  // CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
  // CHECK-NEXT: %[[S1:.*]] = arith.select %[[WRAP]], %[[ZERO]], %[[NEXT]] : i32
  // CHECK-NEXT: %[[ONE2:.*]] = arith.constant 1 : i32
  // CHECK-NEXT: %[[FLIP:.*]] = arith.xori %[[PP]], %[[ONE2]] : i32
  // CHECK-NEXT: %[[P1:.*]] = arith.select %[[WRAP]], %[[FLIP]], %[[PP]] : i32
  // CHECK-NEXT: %{{.*}}, %[[T1:.*]] = nvws.aref.put.enter %[[AREF]][%[[S1]], %[[P1]]]
  // CHECK-NEXT: nvws.aref.buffer %[[AREF]][%[[S1]]], %[[T1]]
  // CHECK-NEXT: nvws.aref.put.exit %[[AREF]][%[[S1]]], %[[T1]]
  // The consumer's walk, from its own start.
  // CHECK: %[[GNEXT:.*]] = arith.addi %[[GS]], %{{.*}} : i32
  // CHECK: %[[GSTAGE:.*]] = arith.select %{{.*}}, %{{.*}}, %[[GNEXT]] : i32
  // CHECK: %[[GPHASE:.*]] = arith.select %{{.*}}, %{{.*}}, %[[GP]] : i32
  // CHECK-NEXT: %{{.*}}, %[[T2:.*]] = nvws.aref.get.enter %[[AREF]][%[[GSTAGE]], %[[GPHASE]]]
  // CHECK-NEXT: nvws.aref.get.exit %[[AREF]][%[[GSTAGE]]], %[[T2]]
  // The second put continues the producer's walk.
  // CHECK: arith.addi %[[S1]], %{{.*}} : i32
  // CHECK: arith.xori %[[P1]], %{{.*}} : i32
  // CHECK: nvws.aref.put.enter %[[AREF]][
  tt.func @straight_line(%buf: !ttg.memdesc<2x1xi32, #sh, #smem, mutable>) {
    %aref = nvws.aref.create %buf : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]>
    %b0, %t0 = nvws.aref.put.enter %aref : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]> -> !ttg.memdesc<1xi32, #sh, #smem, mutable>, !ttg.async.token
    %again = nvws.aref.buffer %aref, %t0 : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]>, !ttg.async.token -> !ttg.memdesc<1xi32, #sh, #smem, mutable>
    nvws.aref.put.exit %aref, %t0 [#nvws.async_op<none>] : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]>, !ttg.async.token
    %b1, %t1 = nvws.aref.get.enter %aref : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]> -> !ttg.memdesc<1xi32, #sh, #smem, mutable>, !ttg.async.token
    nvws.aref.get.exit %aref, %t1 [#nvws.async_op<none>] : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]>, !ttg.async.token
    %b2, %t2 = nvws.aref.put.enter %aref : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]> -> !ttg.memdesc<1xi32, #sh, #smem, mutable>, !ttg.async.token
    nvws.aref.put.exit %aref, %t2 [#nvws.async_op<none>] : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]>, !ttg.async.token
    tt.return
  }
}

// -----

// In a warp-specialized loop: each partition's position is carried by the
// loop (stage, phase per walk), the new ops and loop values are tagged with
// the partition that computes them, and a put in an if adds the position
// to the if's results.

#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: @partitioned_loop
  // CHECK: %[[AREF:.*]] = nvws.aref.create
  // CHECK: %[[LOOP:.*]]:4 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[PS:.*]] = %{{.*}}, %[[PP:.*]] = %{{.*}}, %[[GS:.*]] = %{{.*}}, %[[GP:.*]] = %{{.*}}) -> (i32, i32, i32, i32)
  // CHECK: %[[IF:.*]]:2 = scf.if %{{.*}} -> (i32, i32) {
  // CHECK: arith.addi %[[PS]], %{{.*}} {loop.cluster = 1 : i32, loop.stage = 0 : i32, ttg.partition = array<i32: 0>, ttg.warp_specialize.tag = 3 : i32} : i32
  // CHECK: %[[S:.*]] = arith.select
  // CHECK: %[[P:.*]] = arith.select
  // CHECK-NEXT: %{{.*}}, %[[T:.*]] = nvws.aref.put.enter %[[AREF]][%[[S]], %[[P]]]
  // CHECK-NEXT: nvws.aref.put.exit %[[AREF]][%[[S]]], %[[T]]
  // CHECK-NEXT: scf.yield {ttg.partition = array<i32: 0>} %[[S]], %[[P]] : i32, i32
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield {ttg.partition = array<i32: 0>} %[[PS]], %[[PP]] : i32, i32
  // CHECK-NEXT: } {ttg.partition = array<i32: 0>, ttg.partition.outputs = [array<i32: 0>, array<i32: 0>]}
  // CHECK: arith.addi %[[GS]], %{{.*}} {ttg.partition = array<i32: 1>} : i32
  // CHECK: %[[GSTAGE:.*]] = arith.select {{.*}} {ttg.partition = array<i32: 1>}
  // CHECK: %[[GPHASE:.*]] = arith.select {{.*}} {ttg.partition = array<i32: 1>}
  // CHECK-NEXT: %{{.*}}, %[[GT:.*]] = nvws.aref.get.enter %[[AREF]][%[[GSTAGE]], %[[GPHASE]]]
  // CHECK-NEXT: nvws.aref.get.exit %[[AREF]][%[[GSTAGE]]], %[[GT]]
  // CHECK-NEXT: scf.yield {ttg.partition = array<i32: 0, 1>} %[[IF]]#0, %[[IF]]#1, %[[GSTAGE]], %[[GPHASE]] : i32, i32, i32, i32
  // CHECK-NEXT: } {ttg.partition = array<i32: 0, 1>, ttg.partition.outputs = [array<i32: 0>, array<i32: 0>, array<i32: 1>, array<i32: 1>], ttg.warp_specialize.tag = 3 : i32}
  tt.func @partitioned_loop(%buf: !ttg.memdesc<3x1xi32, #sh, #smem, mutable>, %n: i32, %cond: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %aref = nvws.aref.create %buf : <[!ttg.memdesc<3x1xi32, #sh, #smem, mutable>]>
    scf.for %i = %c0 to %n step %c1 : i32 {
      scf.if %cond {
        %b, %t = nvws.aref.put.enter %aref {loop.cluster = 1 : i32, loop.stage = 0 : i32, ttg.partition = array<i32: 0>, ttg.warp_specialize.tag = 3 : i32} : <[!ttg.memdesc<3x1xi32, #sh, #smem, mutable>]> -> !ttg.memdesc<1xi32, #sh, #smem, mutable>, !ttg.async.token
        nvws.aref.put.exit %aref, %t [#nvws.async_op<none>] {ttg.partition = array<i32: 0>} : <[!ttg.memdesc<3x1xi32, #sh, #smem, mutable>]>, !ttg.async.token
      } {ttg.partition = array<i32: 0>}
      %b, %t = nvws.aref.get.enter %aref {ttg.partition = array<i32: 1>} : <[!ttg.memdesc<3x1xi32, #sh, #smem, mutable>]> -> !ttg.memdesc<1xi32, #sh, #smem, mutable>, !ttg.async.token
      nvws.aref.get.exit %aref, %t [#nvws.async_op<none>] {ttg.partition = array<i32: 1>} : <[!ttg.memdesc<3x1xi32, #sh, #smem, mutable>]>, !ttg.async.token
    } {ttg.partition = array<i32: 0, 1>, ttg.warp_specialize.tag = 3 : i32}
    tt.return
  }
}

// -----

// A token carried into a loop: the buffer op inside gets the stage the loop
// carries along with it, and its partition joins the loop's stage and phase
// outputs.

#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: @carried_token
  // CHECK: %{{.*}}, %[[T:.*]] = nvws.aref.put.enter %[[AREF:.*]][%[[S:.*]], %{{.*}}]
  // CHECK: %[[LOOP:.*]]:3 = scf.for %{{.*}} iter_args(%[[CT:.*]] = %[[T]], %[[CS:.*]] = %[[S]], %{{.*}} = %{{.*}}) -> (!ttg.async.token, i32, i32)
  // CHECK-NEXT: nvws.aref.buffer %[[AREF]][%[[CS]]], %[[CT]] {ttg.partition = array<i32: 2>}
  // CHECK-NEXT: scf.yield {ttg.partition = array<i32: 0, 2>}
  // CHECK-NEXT: } {ttg.partition = array<i32: 0, 2>, ttg.partition.outputs = [array<i32: 0>, array<i32: 2>, array<i32: 2>]}
  // The exit after the loop takes the stage the loop returns with the token.
  // CHECK-NEXT: nvws.aref.put.exit %[[AREF]][%[[LOOP]]#1], %[[LOOP]]#0
  tt.func @carried_token(%buf: !ttg.memdesc<2x1xi32, #sh, #smem, mutable>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %aref = nvws.aref.create %buf : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]>
    %b, %t = nvws.aref.put.enter %aref : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]> -> !ttg.memdesc<1xi32, #sh, #smem, mutable>, !ttg.async.token
    %tok = scf.for %i = %c0 to %n step %c1 iter_args(%it = %t) -> (!ttg.async.token) : i32 {
      %v = nvws.aref.buffer %aref, %it {ttg.partition = array<i32: 2>} : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]>, !ttg.async.token -> !ttg.memdesc<1xi32, #sh, #smem, mutable>
      scf.yield %it : !ttg.async.token
    } {ttg.partition = array<i32: 0>, ttg.partition.outputs = [array<i32: 0>]}
    nvws.aref.put.exit %aref, %tok [#nvws.async_op<none>] : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]>, !ttg.async.token
    tt.return
  }
}

// -----

// A scalar that a warp-specialized loop returns to code outside the
// partitions is computed in the default partition too.

module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: @escaping_scalar
  // CHECK: arith.addi %{{.*}} {ttg.partition = array<i32: 0, 2>} : i32
  // CHECK: arith.muli %{{.*}} {ttg.partition = array<i32: 1>} : i32
  // CHECK: } {tt.warp_specialize, ttg.partition = array<i32: 0, 1, 2>, ttg.partition.outputs = [array<i32: 0, 2>, array<i32: 1>]}
  tt.func @escaping_scalar(%n: i32, %p: !tt.ptr<i32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %m = %c1) -> (i32, i32) : i32 {
      %a2 = arith.addi %a, %i {ttg.partition = array<i32: 2>} : i32
      %m2 = arith.muli %m, %i {ttg.partition = array<i32: 1>} : i32
      scf.yield {ttg.partition = array<i32: 1, 2>} %a2, %m2 : i32, i32
    } {tt.warp_specialize, ttg.partition = array<i32: 1, 2>, ttg.partition.outputs = [array<i32: 2>, array<i32: 1>]}
    tt.store %p, %r#0 : !tt.ptr<i32>
    "use"(%r#1) {ttg.partition = array<i32: 1>} : (i32) -> ()
    tt.return
  }
}
