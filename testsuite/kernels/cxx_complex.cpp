/* std::complex arithmetic as its real operations (cxx.c's table, from
 * libstdc++ and libgcc as g++ 12 -O2 compiles them).  Per iteration:
 *   line 18: + then -, complex with complex: 2 plus, 2 minus
 *   line 20: *: (ac - bd) + (ad + bc)i: 4 multiply, 1 plus, 1 minus
 *   line 22: /: __divdc3's Smith algorithm: 3 divide, 3 multiply, 2 plus,
 *            1 minus
 *   line 24: a[i] * s (2 multiply) + b[i] / s (2 divide), their sum
 *            (2 plus), z[i] += it (2 plus)
 *   line 26: complex<float> *=: 4 multiply, 1 plus, 1 minus
 * Bytes: each complex<double> is 16, complex<float> 8; z is stored (and
 * loaded where += and *= read it). */
#include <complex>

typedef std::complex<double> cplx;

void complex_ops(int n, cplx *z, const cplx *a, const cplx *b, std::complex<float> *f, double s)
{
    for (int i = 0; i < n; i++)
        z[i] = a[i] + b[i] - a[i];
    for (int i = 0; i < n; i++)
        z[i] = a[i] * b[i];
    for (int i = 0; i < n; i++)
        z[i] = a[i] / b[i];
    for (int i = 0; i < n; i++)
        z[i] += a[i] * s + b[i] / s;
    for (int i = 0; i < n; i++)
        f[i] *= f[i];
}
