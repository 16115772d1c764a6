/* The statement record of C++ (test_analyzer's "statement record, C++"):
 * a range-based for is a for whose variable and range run once per entry;
 * a lambda's body runs where it is called, and a return in it leaves only
 * the lambda; a loop written as a call has the lambda's body as its body. */
#include <vector>

#include "raja_mini.hpp"

double f(std::vector<double> &v, double *y, long n)
{
    double s = 0;
    for (double &e : v)
        s += e;
    auto g = [&](int m) {
        for (int j = 0; j < m; j++)
            y[j] *= 2.0;
        return s;
    };
    RAJA::forall<RAJA::seq_exec>(RAJA::RangeSegment(0, n), [=](long i) { y[i] += 1.0; });
    return g(3);
}
