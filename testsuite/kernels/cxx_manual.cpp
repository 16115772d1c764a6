/* measureTool's markers in C++ (test_instrument's C++ suite): a member
 * function's loop, 4 turns of one plus, loads d (8 bytes); main's, 3 turns
 * of one plus and one multiply, loads d.  So chflops = 4 + 6 = 10 and
 * chloads = 32 + 24 = 56; the template has no marker (one there is an
 * error: its instances count differently).  Prints "13 20 12 10 56 0". */
#include <cstdio>

unsigned long chiterations, chloads, chstores, chflops;

struct V {
    double *d;
    int n;
    double sum() const
    {
        double s = 0;
        chiterations = n;
        for (int i = 0; i < n; i++)
            s += d[i];
        return s;
    }
};

template <class T> T total(const T *x, int n)
{
    T s = 0;
    for (int i = 0; i < n; i++)
        s += x[i] * 2;
    return s;
}

int main()
{
    double d[4] = {1, 2, 3, 4};
    float f[3] = {1, 2, 3};
    V v{d, 4};
    double r = v.sum();
    chiterations = 3;
    for (int k = 0; k < 3; k++)
        r += d[k] * 0.5;
    std::printf("%g %g %g %lu %lu %lu\n", r, total(d, 4), (double)total(f, 3), chflops, chloads,
                chstores);
    return 0;
}
