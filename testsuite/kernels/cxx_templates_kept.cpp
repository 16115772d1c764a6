/* Templates whose instances the copy cannot tell apart or that differ in
 * their statements are left as written, with a warning (test_instrument's
 * C++ suite); the others are measured.  By hand:
 *   line 16, csum<double, 3> (a non-type argument): 1 entry, 3 turns,
 *            3 plus, 3 multiply; loads a (8 bytes a turn)
 *   pick (line 21): if constexpr keeps another arm in each instance: kept
 *   packsum (line 33): a parameter pack: kept
 * Prints "12 5 10 13". */
#include <array>
#include <cstdio>
#include <type_traits>

template <class T, int N> T csum(const std::array<T, N> &a)
{
    T s = 0;
    for (int i = 0; i < N; i++)
        s += a[i] * 2;
    return s;
}

template <class T> T pick(const T *x, int n)
{
    T s = 0;
    for (int i = 0; i < n; i++) {
        if constexpr (std::is_floating_point<T>::value)
            s += x[i] * 0.5;
        else
            s += x[i];
    }
    return s;
}

template <class... Ts> double packsum(const double *x, int n, Ts... extra)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += x[i];
    return s + (0.0 + ... + extra);
}

int main()
{
    std::array<double, 3> a{1, 2, 3};
    double x[4] = {1, 2, 3, 4};
    int xi[4] = {1, 2, 3, 4};
    std::printf("%g %g %d %g\n", csum<double, 3>(a), pick(x, 4), pick(xi, 4),
                packsum(x, 4, 1.0, 2.0));
    return 0;
}
