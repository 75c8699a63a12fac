// Portable kernels over Eigen and, on x86-64, AVX2/FMA ones compiled for that target alone (with
// GCC's target attribute: the rest of the program stays baseline x86-64) and chosen at run time
// only where the CPU has AVX2 and FMA.
#include "nn/net_kernels.h"

#include <Eigen/Core>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define SAVANNA_NET_AVX2 1
#endif

namespace savanna::nn {
namespace {

using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

void DenseEigen(const float* w, const float* b, const float* x, int in, int out, float* y,
                bool relu) {
  Eigen::Map<Eigen::VectorXf> result(y, out);
  result.noalias() =
      Eigen::Map<const RowMatrix>(w, out, in) * Eigen::Map<const Eigen::VectorXf>(x, in);
  result += Eigen::Map<const Eigen::VectorXf>(b, out);
  if (relu) result = result.cwiseMax(0.0f);
}

void AxpyEigen(float s, const float* x, int n, float* y) {
  Eigen::Map<Eigen::VectorXf>(y, n) += s * Eigen::Map<const Eigen::VectorXf>(x, n);
}

float DotEigen(const float* a, const float* b, int n) {
  return Eigen::Map<const Eigen::VectorXf>(a, n).dot(Eigen::Map<const Eigen::VectorXf>(b, n));
}

#ifdef SAVANNA_NET_AVX2

__attribute__((target("avx2,fma"))) float HorizontalSum(__m256 v) {
  const __m128 pair = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  const __m128 two = _mm_add_ps(pair, _mm_movehl_ps(pair, pair));
  return _mm_cvtss_f32(_mm_add_ss(two, _mm_shuffle_ps(two, two, 1)));
}

__attribute__((target("avx2,fma"))) float DotAvx2(const float* a, const float* b, int n) {
  __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps();
  int i = 0;
  for (; i + 16 <= n; i += 16) {
    acc0 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i), acc0);
    acc1 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i + 8), _mm256_loadu_ps(b + i + 8), acc1);
  }
  for (; i + 8 <= n; i += 8)
    acc0 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i), acc0);
  float sum = HorizontalSum(_mm256_add_ps(acc0, acc1));
  for (; i < n; ++i) sum += a[i] * b[i];
  return sum;
}

// Four rows at a time, so that each load of x serves four products.
__attribute__((target("avx2,fma"))) void DenseAvx2(const float* w, const float* b, const float* x,
                                                   int in, int out, float* y, bool relu) {
  const size_t stride = size_t(in);
  int o = 0;
  for (; o + 4 <= out; o += 4) {
    const float* r0 = w + size_t(o) * stride;
    const float* r1 = r0 + stride;
    const float* r2 = r1 + stride;
    const float* r3 = r2 + stride;
    __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps(), a2 = _mm256_setzero_ps(),
           a3 = _mm256_setzero_ps();
    int i = 0;
    for (; i + 8 <= in; i += 8) {
      const __m256 xv = _mm256_loadu_ps(x + i);
      a0 = _mm256_fmadd_ps(_mm256_loadu_ps(r0 + i), xv, a0);
      a1 = _mm256_fmadd_ps(_mm256_loadu_ps(r1 + i), xv, a1);
      a2 = _mm256_fmadd_ps(_mm256_loadu_ps(r2 + i), xv, a2);
      a3 = _mm256_fmadd_ps(_mm256_loadu_ps(r3 + i), xv, a3);
    }
    float s[4] = {HorizontalSum(a0), HorizontalSum(a1), HorizontalSum(a2), HorizontalSum(a3)};
    for (; i < in; ++i) {
      s[0] += r0[i] * x[i];
      s[1] += r1[i] * x[i];
      s[2] += r2[i] * x[i];
      s[3] += r3[i] * x[i];
    }
    for (int k = 0; k < 4; ++k) {
      const float v = s[k] + b[o + k];
      y[o + k] = relu && v < 0.0f ? 0.0f : v;
    }
  }
  for (; o < out; ++o) {
    const float v = DotAvx2(w + size_t(o) * stride, x, in) + b[o];
    y[o] = relu && v < 0.0f ? 0.0f : v;
  }
}

__attribute__((target("avx2,fma"))) void AxpyAvx2(float s, const float* x, int n, float* y) {
  const __m256 sv = _mm256_set1_ps(s);
  int i = 0;
  for (; i + 8 <= n; i += 8)
    _mm256_storeu_ps(y + i, _mm256_fmadd_ps(sv, _mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i)));
  for (; i < n; ++i) y[i] += s * x[i];
}

#endif

}  // namespace

const NetKernels& PortableKernels() {
  static const NetKernels kernels{DenseEigen, AxpyEigen, DotEigen, "eigen"};
  return kernels;
}

const NetKernels& Kernels() {
  static const NetKernels kernels = [] {
#ifdef SAVANNA_NET_AVX2
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
      return NetKernels{DenseAvx2, AxpyAvx2, DotAvx2, "avx2"};
#endif
    return PortableKernels();
  }();
  return kernels;
}

}  // namespace savanna::nn
