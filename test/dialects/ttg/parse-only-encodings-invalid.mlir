// RUN: %mlir-tile %s -split-input-file -verify-diagnostics

// Every rule of the amd_mfma, amd_wmma, padded_shared and shared_linear
// verifiers and parsers, and of #ttg.dot_op over AMD parents, with Triton
// 3.6's messages.

// expected-error @+1 {{version must be in the [0, 4] range}}
#m = #ttg.amd_mfma<{version = 5, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = false}>

// -----

// expected-error @+1 {{invalid (mDim, nDim) combination: (32, 16)}}
#m = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 16, 8], isTransposed = false}>

// -----

// expected-error @+1 {{elementBitWidth must be 32 or 64}}
#m = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = false, elementBitWidth = 16}>

// -----

// Triton reads past the end of a short instrShape; tile reports it.
// expected-error @+1 {{#ttg.amd_mfma needs instrShape [M, N] or [M, N, K]}}
#m = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], isTransposed = false}>

// -----

// expected-error @+1 {{expected a bool for 'isTransposed', got 1 : i64}}
#m = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = 1}>

// -----

// expected-error @+1 {{WMMA version must be in the [1, 3] range}}
#m = #ttg.amd_wmma<{version = 0, warpsPerCTA = [1, 1]}>

// -----

// expected-error @+1 {{invalid WMMA v1 instruction shape}}
#m = #ttg.amd_wmma<{version = 1, warpsPerCTA = [1, 1], instrShape = [16, 16, 32]}>

// -----

// expected-error @+1 {{invalid WMMA v2 instruction shape}}
#m = #ttg.amd_wmma<{version = 2, warpsPerCTA = [1, 1], instrShape = [16, 16, 64]}>

// -----

// expected-error @+1 {{invalid WMMA v3 instruction shape}}
#m = #ttg.amd_wmma<{version = 3, warpsPerCTA = [1, 1]}>

// -----

#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = false}>
// expected-error @+1 {{ttg.dot_op kWidth parameter is mandatory for MFMA parent}}
#d = #ttg.dot_op<{opIdx = 0, parent = #mfma}>

// -----

#wmma = #ttg.amd_wmma<{version = 1, warpsPerCTA = [1, 1]}>
// expected-error @+1 {{ttg.dot_op kWidth parameter must be 8/16 for WMMA v1}}
#d = #ttg.dot_op<{opIdx = 0, parent = #wmma, kWidth = 4}>

// -----

#wmma = #ttg.amd_wmma<{version = 2, warpsPerCTA = [1, 1]}>
// expected-error @+1 {{ttg.dot_op kWidth parameter must be 4/8/16 for WMMA v2}}
#d = #ttg.dot_op<{opIdx = 0, parent = #wmma, kWidth = 2}>

// -----

#wmma = #ttg.amd_wmma<{version = 3, warpsPerCTA = [1, 1], instrShape = [16, 16, 32]}>
// expected-error @+1 {{ttg.dot_op kWidth parameter is mandatory for WMMA v3}}
#d = #ttg.dot_op<{opIdx = 0, parent = #wmma}>

// -----

// The tensor's rank must still be the encoding's.
#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = false}>
tt.func @rank(%x: tensor<64xf32, #mfma>) {
  // expected-error @+1 {{Layout has rank 2, but the tensor it's attached to has rank 1}}
  tt.return %x : tensor<64xf32, #mfma>
}

// -----

// expected-error @+1 {{interval values must all be power of two}}
#s = #ttg.padded_shared<[3:+2] {offset = [[1]], block = []}>

// -----

// expected-error @+1 {{padding values must all be power of two}}
#s = #ttg.padded_shared<[2:+0] {offset = [[1]], block = []}>

// -----

// expected-error @+1 {{interval values cannot have duplicates}}
#s = #ttg.padded_shared<[2:+1, 2:+4] {offset = [[1]], block = []}>

// -----

// expected-error @+1 {{Unexpected attribute "order" found}}
#s = #ttg.padded_shared<[2:+1] {offset = [[1, 0]], block = [], order = [0, 1]}>

// -----

// expected-error @+1 {{Unexpected attribute "register" found}}
#s = #ttg.padded_shared<[2:+1] {order = [1, 0], register = [[0, 1]]}>

// -----

// expected-error @+1 {{Mismatch of shape and order ranks in padded layout}}
#s = #ttg.padded_shared<[2:+1] {order = [1, 0], shape = [16]}>

// -----

// expected-error @+1 {{Expected basis of 'block' not found}}
#s = #ttg.padded_shared<[2:+1] {offset = [[1, 0]]}>

// -----

// expected-error @+1 {{Expected basis of 'offset' not found}}
#s = #ttg.padded_shared<[2:+1] {block = [[0, 1]]}>

// -----

// expected-error @+1 {{Each offset basis must be 0 or a power of two.}}
#s = #ttg.padded_shared<[2:+1] {offset = [[1, 0], [3, 0]], block = []}>

// -----

// expected-error @+1 {{Each offset basis must move in at most one dimension.}}
#s = #ttg.padded_shared<[2:+1] {offset = [[1, 1], [2, 0], [0, 1]], block = []}>

// -----

// expected-error @+1 {{Broadcasting is not supported.}}
#s = #ttg.padded_shared<[2:+1] {offset = [[1, 0], [1, 0]], block = []}>

// -----

// expected-error @+1 {{alignment must be a positive power of two}}
#s = #ttg.shared_linear<{offset = [[0, 1], [1, 0]]}, alignment = 12>

// -----

// expected-error @+1 {{alignment must be specified outside of the linear layout braces}}
#s = #ttg.shared_linear<{offset = [[0, 1], [1, 0]], alignment = 16}, alignment = 16>

// -----

// expected-error @+1 {{SharedLinearEncodingAttr must have exactly two attributes: offset and block}}
#s = #ttg.shared_linear<{offset = [[0, 1], [1, 0]], lane = []}, alignment = 16>

// -----

// expected-error @+1 {{The layout must be surjective}}
#s = #ttg.shared_linear<{offset = [[0, 2], [1, 0]]}, alignment = 16>

// -----

// expected-error @+1 {{After removing the zero bases the layout must be bijective}}
#s = #ttg.shared_linear<{offset = [[0, 1], [1, 0], [1, 1]]}, alignment = 16>

