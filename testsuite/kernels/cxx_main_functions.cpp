/* A main for cxx_functions.cpp (or its instrumented copy, KERNEL): n = 10,
 * a field of 4 values (test_instrument's C++ suite counts by hand). */
#include KERNEL
#include <cstdio>

int main()
{
    Field f;
    f.u = {1, 2, 3, 4};
    Vec2 p[10], v[10];
    for (int i = 0; i < 10; i++) {
        p[i] = {(double)i, 1};
        v[i] = {1, 2};
    }
    std::vector<float> w(10, 2.0f);
    update(10, p, v, 0.5, w);
    std::printf("%g %g %g %g\n", f.energy(), p[9].x, p[9].y, (double)w[9]);
    return 0;
}
