/* std::span (C++20, so analyzed with -std=c++20): its elements as a
 * vector's.  Per iteration, by hand:
 *   line 9: 1 divide; loads and stores one float of s
 *   line 11: 1 plus; loads s (float) and d (double); stores d */
#include <span>

void spans(std::span<float> s, std::span<double> d, int n)
{
    for (auto &e : s)
        e /= 3.0f;
    for (int i = 0; i < n; i++)
        d[i] += s[i];
}
