/* Standard containers: an element call (v[i], v.at(i), v.data()[i]) is one
 * access of one element, a load or a store by context; a range-based for
 * loads its element each iteration, and stores it too when its variable is
 * a non-const reference that is written.  A row of a vector of vectors is
 * selected, not moved: m[i][i + 1] is one load of a double of m.  Per
 * iteration, by hand (double 8 bytes, float 4, std::vector<double> 24):
 *   line 21: 1 multiply; loads v (double) and w (float); stores v
 *   line 23: 1 divide; loads and stores v
 *   line 25: 1 plus; loads a and v; stores v
 *   line 27: 1 minus; loads b (double) and w (float); stores w
 *   line 29: 1 plus; loads the row of m (a vector<double>), the row's
 *            element and v; stores v (the inner loop's counts inside)
 *   line 30: 1 plus; loads row and v; stores v
 *   line 32: no FP; loads m; stores v */
#include <array>
#include <vector>

void containers(std::vector<double> &v, std::vector<float> &w, std::array<double, 4> &a,
                const std::vector<std::vector<double>> &m, double (&b)[8], int n)
{
    for (int i = 0; i < n; i++)
        v[i] = v.at(i) * w.data()[i];
    for (double &e : v)
        e = e / 2.0;
    for (const double &e : a)
        v[0] += e;
    for (double x : b)
        w[0] -= x;
    for (const auto &row : m)
        for (double x : row)
            v[1] += x;
    for (int i = 0; i < n; i++)
        v[i] = m[i][i + 1];
}
