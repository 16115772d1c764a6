/* The cost of -auto-instrument on C++ templates (bench/README.md, "C++:
 * -auto-instrument's cost"): a triad and a smoothing sweep over
 * std::vector, instantiated for double and float; argv: n (4000000) and
 * repetitions (40). */
#include <cstdio>
#include <cstdlib>
#include <vector>

template <typename T>
void triad(std::vector<T> &a, const std::vector<T> &b, const std::vector<T> &c, T s)
{
    for (std::size_t i = 0; i < a.size(); i++)
        a[i] = b[i] + s * c[i];
}

template <typename T> T smooth(std::vector<T> &u)
{
    T sum = 0;
    for (std::size_t i = 1; i + 1 < u.size(); i++) {
        u[i] = (u[i - 1] + u[i] + u[i + 1]) / 3;
        sum += u[i];
    }
    return sum;
}

int main(int argc, char **argv)
{
    std::size_t n = argc > 1 ? std::strtoul(argv[1], 0, 10) : 4000000;
    int reps = argc > 2 ? std::atoi(argv[2]) : 40;
    std::vector<double> a(n, 0.0), b(n, 1.0), c(n, 2.0);
    std::vector<float> u(n, 1.0f);
    double s = 0;
    for (int r = 0; r < reps; r++) {
        triad(a, b, c, 0.5);
        s += smooth(u) + a[r];
    }
    std::printf("%g\n", s);
    return 0;
}
