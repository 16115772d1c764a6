/* A main for cxx_containers.cpp (or its instrumented copy, KERNEL): n = 5,
 * vectors of 6, m 5 rows of 6 (test_instrument's C++ suite counts by hand). */
#include KERNEL
#include <cstdio>

int main()
{
    std::vector<double> v(6, 1.0);
    std::vector<float> w(6, 2.0f);
    std::array<double, 4> a = {1, 2, 3, 4};
    std::vector<std::vector<double>> m(5, std::vector<double>(6, 0.5));
    double b[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    containers(v, w, a, m, b, 5);
    std::printf("%g %g %g %g\n", v[0], v[1], v[4], (double)w[0]);
    return 0;
}
