// End to end: the corpus add kernel (test/corpus/add_f32_b1024.ttir) from
// TTIR through tile-to-llvm, mlir-translate and llc to PTX that ptxas
// accepts, for sm_80 and sm_90a. tt.divisibility and make_range let the
// loads and stores become 128-bit vector accesses.
// REQUIRES: ptxas

// RUN: %mlir-tile --tile-to-llvm='target=cuda:80' %s | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 -o %t.sm80.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM80 < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin

// RUN: %mlir-tile --tile-to-llvm='target=cuda:90' %s | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -o %t.sm90.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM90 < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o %t.sm90.cubin

// SM80: .target sm_80
// SM90: .target sm_90a
// CHECK-LABEL: .visible .entry add_kernel(
// CHECK: .reqntid 128
// CHECK: %ctaid.x;
// CHECK: %tid.x;
// Each thread holds 8 of the 1024 elements: two 4-wide runs per operand.
// CHECK-COUNT-4: @%p{{[0-9]+}} ld.global.v4.b32 { %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}} }, [ %rd{{[0-9]+}} + 0 ];
// CHECK-COUNT-8: add.rn.f32
// CHECK-COUNT-2: @%p{{[0-9]+}} st.global.v4.b32 [ %rd{{[0-9]+}} + 0 ], { %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}} };
// CHECK-NOT: ld.global
// CHECK: ret;

module {
  tt.func public @add_kernel(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c1024_i32 = arith.constant 1024 : i32
    %pid = tt.get_program_id x : i32
    %offs = arith.muli %pid, %c1024_i32 : i32
    %offs_0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %offs_1 = tt.splat %offs : i32 -> tensor<1024xi32>
    %offs_2 = arith.addi %offs_1, %offs_0 : tensor<1024xi32>
    %m = tt.splat %n : i32 -> tensor<1024xi32>
    %m_3 = arith.cmpi slt, %offs_2, %m : tensor<1024xi32>
    %x = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %x_4 = tt.addptr %x, %offs_2 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %x_5 = tt.load %x_4, %m_3 : tensor<1024x!tt.ptr<f32>>
    %y = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %y_6 = tt.addptr %y, %offs_2 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %y_7 = tt.load %y_6, %m_3 : tensor<1024x!tt.ptr<f32>>
    %0 = tt.splat %out_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %1 = tt.addptr %0, %offs_2 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %2 = arith.addf %x_5, %y_7 : tensor<1024xf32>
    tt.store %1, %2, %m_3 : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
