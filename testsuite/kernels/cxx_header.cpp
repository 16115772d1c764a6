// Calls of a header's member, operator, template instances and a function
// with a loop.  By hand:
//   line 20 (10 turns): operator+ 2 plus, 1.0 * i 1 multiply, dot 1 plus
//     2 multiply, `s +=` 1 plus; axpy<float> and axpy<double> 1 plus and 1
//     multiply each, axpy<int> none: 6 plus, 5 multiply a turn;
//   line 27 (5 turns): `s -=` 1 minus, sum's estimate 1 plus (its loop runs
//     4 turns a call: a warning); w read through v.
#include <cstdio>

#include "cxx_header.hpp"

double w[4] = {1, 2, 3, 4};

int main()
{
    double s = 0;
    float f = 0;
    int k = 0;
    Vec2 p{1, 2};
    for (int i = 0; i < 10; i++) {
        Vec2 q = p + Vec2{1.0 * i, 2};
        s += q.dot(p);
        f = axpy(2.0f, f, 1.0f);
        s = axpy(0.5, s, 1.0);
        k = axpy(2, k, 1);
    }
    for (int i = 0; i < 5; i++)
        s -= sum(w, 4);
    std::printf("%g %g %d\n", s, (double)f, k);
    return 0;
}
