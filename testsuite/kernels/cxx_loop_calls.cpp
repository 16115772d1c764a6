/* Loops written as calls (the `loop` annotations of the built-in set) and
 * element operators (`element`): Kokkos Views by the built-in set, a user's
 * Matrix by cxx_loop_calls.annot.  Per iteration, by hand (each loop at
 * its call, kind for, bounds from its range):
 *   line 41: RAJA::forall over RangeSegment(0, n): y[i] += a * x[i]:
 *            1 plus, 1 multiply; loads x, y; stores y (doubles); 0 .. n-1
 *   line 42: RAJA::forall with a policy object over
 *            TypedRangeSegment<int>(1, 100): z[i] = x[i-1] - x[i]:
 *            1 minus; loads x, stores z; 1 .. 99
 *   line 45: Kokkos::parallel_for(n, ...) over Views:
 *            vy(i) = 2.0 * vx(i) + vy(i): 1 plus, 1 multiply; loads vx and
 *            vy, stores vy (the View's element operator); 0 .. n-1
 *   line 46: Kokkos::parallel_for(RangePolicy<>(2, n), ...): vy(i) /= 4.0f:
 *            1 divide (double); loads and stores vy; 2 .. n-1
 *   line 48: Kokkos::parallel_reduce(n, ..., s): acc += vx(i) * vx(i):
 *            1 plus, 1 multiply; loads vx (acc is a scalar); 0 .. n-1
 *   line 49: std::for_each over v: e = e * 0.5 + 1.0: 1 plus, 1 multiply;
 *            loads one double of v (the iterator pair); 0 .. v.size-1
 *   line 50: std::transform(v -> w): sqrt(e) * 3.0f: 1 multiply,
 *            1 special; loads v (a double), stores w (a float)
 *   line 52: std::transform(v, w -> v), binary: p - q: 1 minus;
 *            loads v and w (12 bytes), stores v
 *   line 54, 55: for loops over Matrix m(i, j) += 1.0 (Matrix::operator()
 *            annotated an element of double): 1 plus; loads, stores m */
#include <algorithm>
#include <cmath>
#include <vector>

#include "kokkos_mini.hpp"
#include "raja_mini.hpp"

struct Matrix {
    double *d;
    long cols;
    double &operator()(long i, long j) { return d[i * cols + j]; }
};

double calls(double *x, double *y, double *z, double a, long n, std::vector<double> &v,
             std::vector<float> &w, Matrix &m)
{
    RAJA::forall<RAJA::seq_exec>(RAJA::RangeSegment(0, n), [=](long i) { y[i] += a * x[i]; });
    RAJA::forall<RAJA::seq_exec>(RAJA::seq_exec{}, RAJA::TypedRangeSegment<int>(1, 100),
                                 [=](int i) { z[i] = x[i - 1] - x[i]; });
    Kokkos::View<double *> vx(x, n), vy(y, n);
    Kokkos::parallel_for(n, [=](long i) { vy(i) = 2.0 * vx(i) + vy(i); });
    Kokkos::parallel_for(Kokkos::RangePolicy<>(2, n), [=](long i) { vy(i) /= 4.0f; });
    double s = 0;
    Kokkos::parallel_reduce(n, [=](long i, double &acc) { acc += vx(i) * vx(i); }, s);
    std::for_each(v.begin(), v.end(), [](double &e) { e = e * 0.5 + 1.0; });
    std::transform(v.begin(), v.end(), w.begin(),
                   [](double e) { return (float)(std::sqrt(e) * 3.0f); });
    std::transform(v.begin(), v.end(), w.begin(), v.begin(),
                   [](double p, float q) { return p - q; });
    for (long i = 0; i < n; i++)
        for (long j = 0; j < 4; j++)
            m(i, j) += 1.0;
    return s;
}

/* A functor as the body: its operator() is the loop's body.  Line 71:
 * y[i] += a * x[i] through its members: 1 plus, 1 multiply; loads x and y,
 * stores y; 0 .. n-1. */
struct Axpy {
    double *x, *y;
    double a;
    void operator()(long i) const { y[i] += a * x[i]; }
};

void functor(double *x, double *y, long n)
{
    RAJA::forall<RAJA::seq_exec>(RAJA::RangeSegment(0, n), Axpy{x, y, 3.0});
}

/* A range held in a variable: the loop's bounds are its initializer's,
 * 0 .. n-1 and 2 .. 9.  Lines 81 and 82: x[i] *= 2.0: 1 multiply; loads
 * and stores x. */
void held(double *x, long n)
{
    auto r = RAJA::RangeSegment(0, n);
    RAJA::TypedRangeSegment<int> s(2, 10);
    RAJA::forall<RAJA::seq_exec>(r, [=](long i) { x[i] *= 2.0; });
    RAJA::forall<RAJA::seq_exec>(s, [=](int i) { x[i] *= 2.0; });
}
