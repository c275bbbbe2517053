tt.func @bad_axis(%x: tensor<64xi32>) {
  %e = tt.expand_dims %x {axis = 3 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  tt.return
}
