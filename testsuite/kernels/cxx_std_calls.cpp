/* Calls made simple: std::move and std::forward are casts (clang does not
 * instantiate them), and a callee in parentheses is the function it names.
 * Per iteration, by hand: (f)(a[i]) is f's 1 multiply, then 1 plus;
 * (std::max)(...) is followed and adds no FP; loads a and b, stores b, and
 * the loop is complete (no unknown call). */
#include <algorithm>
#include <utility>

static double f(double x) { return x * 2; }

void calls(double *a, double *b, int n)
{
    for (int i = 0; i < n; i++)
        b[i] = (f)(a[i]) + (std::max)(std::move(a[i]), b[i]);
}
