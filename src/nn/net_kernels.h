// The few loops a net's evaluation spends its time in, chosen once per process for the CPU: a
// hand-written AVX2/FMA version on x86-64 processors that have it, else Eigen's (SSE2 on any
// x86-64, or whatever the compiler targets: WebAssembly SIMD in the browser build). docs/nets.md,
// "Evaluation", has the measurements behind the choice.
#pragma once

namespace savanna::nn {

struct NetKernels {
  // y[o] = b[o] + sum_i w[o * in + i] * x[i] for o < out (w row-major), then max(y, 0) when
  // `relu`.
  void (*dense)(const float* w, const float* b, const float* x, int in, int out, float* y,
                bool relu);
  // y[i] += s * x[i] for i < n.
  void (*axpy)(float s, const float* x, int n, float* y);
  // sum_i a[i] * b[i] for i < n.
  float (*dot)(const float* a, const float* b, int n);
  const char* name;  // "avx2" or "eigen"
};

// The kernels for this CPU.
const NetKernels& Kernels();
// The portable ones (Eigen), for comparison in tests and benchmarks.
const NetKernels& PortableKernels();

}  // namespace savanna::nn
