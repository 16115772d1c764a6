/* A main for cxx_complex.cpp (or its instrumented copy, KERNEL): n = 4
 * (test_instrument's C++ suite counts by hand). */
#include KERNEL
#include <cstdio>

int main()
{
    cplx z[4], a[4], b[4];
    std::complex<float> f[4];
    for (int i = 0; i < 4; i++) {
        a[i] = cplx(i, 1);
        b[i] = cplx(1, i + 1);
        f[i] = std::complex<float>(1, (float)i);
    }
    complex_ops(4, z, a, b, f, 2.0);
    std::printf("%g %g %g %g\n", z[3].real(), z[3].imag(), (double)f[3].real(),
                (double)f[3].imag());
    return 0;
}
