// mlir-opt only warns when a plugin fails to load; prove that it loaded.
// RUN: %mlir-tile --show-dialects | FileCheck %s
// RUN: mlir-opt --load-pass-plugin=%tile_plugin --load-dialect-plugin=%tile_plugin --show-dialects | FileCheck %s
// CHECK: Available Dialects:
// CHECK-SAME: tt
