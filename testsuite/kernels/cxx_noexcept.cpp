/* Loops in functions no exception can leave (test_instrument's C++ suite):
 * a destructor and a noexcept function.  Their nests get no handler in the
 * -auto-instrument copy: a rethrow there could only terminate, and g++
 * warns of it (-Wterminate), so a copy built with -Werror would fail.
 *   line 18, ~Buf: 1 entry, 8 turns, s += v[i] * 2.0: 1 plus, 1 multiply,
 *     v loaded (8 bytes) a turn;
 *   line 27, norm2: 1 entry, 4 turns, 1 plus, 1 multiply, x loaded;
 *   line 38, main: 1 entry, 8 turns, b.v stored, no FP.
 * Prints "56 30". */
#include <cstdio>

struct Buf {
    double v[8];
    double *sum;
    ~Buf()
    {
        double s = 0;
        for (int i = 0; i < 8; i++)
            s += v[i] * 2.0;
        *sum = s;
    }
};

static double norm2(const double *x, int n) noexcept
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    return s;
}

int main()
{
    double total = 0, x[4] = {1, 2, 3, 4};
    {
        Buf b;
        b.sum = &total;
        for (int i = 0; i < 8; i++)
            b.v[i] = i;
    }
    std::printf("%g %g\n", total, norm2(x, 4));
    return 0;
}
