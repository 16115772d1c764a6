/* A template's instances differ in which stretches of code have work
 * (test_instrument's C++ suite): f<int> has no FP, f<double> adds and
 * multiplies in the if's arm, and both count with the same statements.
 * f<float> is only taken by address, which the analysis does not follow:
 * it counts in spare counters and changes no reported loop.  By hand:
 *   line 15, f<int>: 1 entry, 5 turns, loads a (4 bytes a turn)
 *   line 15, f<double>: 1 entry, 4 turns, x > 1 in 3 of them: 3 plus,
 *            3 multiply; loads d (8 bytes a turn)
 * Prints "18 15 12". */
#include <cstdio>

template <class T> T f(const T *x, int n)
{
    T s = 0;
    for (int i = 0; i < n; i++) {
        if (x[i] > 1)
            s += x[i] * 2;
    }
    return s;
}

int main()
{
    int a[5] = {0, 1, 2, 3, 4};
    double d[4] = {0.5, 1.5, 2.5, 3.5};
    float g[3] = {2, 2, 2};
    float (*by_address)(const float *, int) = f<float>;
    std::printf("%d %g %g\n", f(a, 5), f(d, 4), (double)by_address(g, 3));
    return 0;
}
