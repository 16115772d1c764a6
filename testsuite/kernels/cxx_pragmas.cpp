/* ROSE-style pragmas in C++: each states the counts its statement or
 * function really has (a template's, its instance's). */
#include <vector>

template <typename T>
void scale(std::vector<T> &v, T s)
{
#pragma aitool fp_multiply(1) fp_total(1)
    for (auto &e : v)
        e *= s;
}

struct Body {
    double m;
#pragma aitool fp_plus(1) fp_multiply(2) fp_total(3)
    double energy(double vx, double vy) const { return m * (vx * vx + vy); }
};

/* scale<double> (1 multiply) and the loop: energy (1 plus, 2 multiply),
 * the product and the sum around it */
#pragma aitool fp_plus(2) fp_multiply(4) fp_total(6)
double run(std::vector<double> &v, const Body &b)
{
    scale(v, 2.0);
    double e = 0;
    _Pragma("aitool fp_plus(2) fp_multiply(3) fp_total(5)")
    for (int i = 0; i < 4; i++)
        e += b.energy(v[i], v[i]) * 1.0;
    return e;
}
