// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(nvws-assign-stage-phase)' -verify-diagnostics

// Loops and ifs that hold aref enters must say which partitions they
// belong to: the position they carry is tagged with them.

#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @loop_without_partitions(%buf: !ttg.memdesc<2x1xi32, #sh, #smem, mutable>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %aref = nvws.aref.create %buf : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]>
  // expected-error @below {{a loop with aref enters needs its partitions (ttg.partition)}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %b, %t = nvws.aref.put.enter %aref : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]> -> !ttg.memdesc<1xi32, #sh, #smem, mutable>, !ttg.async.token
    nvws.aref.put.exit %aref, %t [#nvws.async_op<none>] : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]>, !ttg.async.token
  }
  tt.return
}

// -----

#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @if_without_partitions(%buf: !ttg.memdesc<2x1xi32, #sh, #smem, mutable>, %c: i1) {
  %aref = nvws.aref.create %buf : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]>
  // expected-error @below {{an if with aref enters needs its partitions (ttg.partition)}}
  scf.if %c {
    %b, %t = nvws.aref.get.enter %aref : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]> -> !ttg.memdesc<1xi32, #sh, #smem, mutable>, !ttg.async.token
    nvws.aref.get.exit %aref, %t [#nvws.async_op<none>] : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]>, !ttg.async.token
  }
  tt.return
}

// -----

#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @loop_results_without_partitions(%buf: !ttg.memdesc<2x1xi32, #sh, #smem, mutable>, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %aref = nvws.aref.create %buf : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]>
  // expected-error @below {{a loop with results needs the partitions of each (ttg.partition.outputs)}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (i32) : i32 {
    %b, %t = nvws.aref.put.enter %aref {ttg.partition = array<i32: 0>} : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]> -> !ttg.memdesc<1xi32, #sh, #smem, mutable>, !ttg.async.token
    nvws.aref.put.exit %aref, %t [#nvws.async_op<none>] {ttg.partition = array<i32: 0>} : <[!ttg.memdesc<2x1xi32, #sh, #smem, mutable>]>, !ttg.async.token
    scf.yield %a : i32
  } {ttg.partition = array<i32: 0>}
  tt.return %r : i32
}
