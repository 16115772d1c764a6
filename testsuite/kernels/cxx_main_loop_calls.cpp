/* A main for cxx_loop_calls.cpp (or its instrumented copy, KERNEL): n = 8,
 * vectors of 5, m 8 rows of 4 (test_instrument's C++ suite counts by
 * hand). */
#include KERNEL
#include <cstdio>

int main()
{
    double x[100], y[100], z[100], md[32];
    for (int i = 0; i < 100; i++) {
        x[i] = i;
        y[i] = 1;
        z[i] = 0;
    }
    for (int i = 0; i < 32; i++)
        md[i] = i;
    std::vector<double> v(5, 4.0);
    std::vector<float> w(5, 1.0f);
    Matrix m{md, 4};
    double s = calls(x, y, z, 0.5, 8, v, w, m);
    functor(x, y, 8);
    held(x, 8);
    std::printf("%g %g %g %g %g %g %g\n", s, y[7], z[50], v[4], (double)w[4], md[31], x[9]);
    return 0;
}
