/* A main for cxx_templates.cpp (or its instrumented copy, KERNEL): n = 100,
 * a grid of 50 (test_instrument's C++ suite counts by hand). */
#include KERNEL
#include <cstdio>
int main()
{
    float xf[100], yf[100];
    double xd[100], yd[100], u[50];
    int xi[100], yi[100];
    for (int i = 0; i < 100; i++) {
        xf[i] = (float)i; yf[i] = 1; xd[i] = i; yd[i] = 2; xi[i] = i; yi[i] = 1;
    }
    for (int i = 0; i < 50; i++)
        u[i] = i % 7;
    Grid<double> g{u, 50};
    double r = run(100, xf, yf, xd, yd, g);
    run_int(100, xi, yi);
    Sum s;
    double q = sums(s, xf, xd);
    std::printf("%g %g %g %g %d %g\n", r, yf[99], yd[99], u[20], yi[99], q);
    return 0;
}
