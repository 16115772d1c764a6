/* Member functions (in the class and out of it), operators of a user type
 * (calls, followed into their bodies), a lambda with captures (its loop is
 * reported where it is written), std:: math (one special each), while and
 * do, auto.  Per iteration, by hand:
 *   line 37: e += 0.5 * x * x over the member u: 1 plus, 2 multiply;
 *            loads u
 *   line 44: p[i] += v[i] * dt: Vec2::operator* (2 multiply) and
 *            Vec2::operator+= (2 plus); loads p and v (16 bytes each),
 *            stores p
 *   line 48: w[j] *= k: 1 multiply; loads and stores w (the lambda counts
 *            where it is written: the call scale(n) adds nothing more)
 *   line 53: sqrt, exp, pow: 3 special; one + and one *; loads, stores w
 *   line 58: p[i].x = p[i].y * dt: 1 multiply; loads and stores p */
#include <cmath>
#include <vector>

struct Vec2 {
    double x, y;
    Vec2 operator*(double s) const { return {x * s, y * s}; }
    Vec2 &operator+=(const Vec2 &o)
    {
        x += o.x;
        y += o.y;
        return *this;
    }
};

class Field {
public:
    std::vector<double> u;
    double energy() const;
};

double Field::energy() const
{
    double e = 0;
    for (const double &x : u)
        e += 0.5 * x * x;
    return e;
}

void update(int n, Vec2 *p, const Vec2 *v, double dt, std::vector<float> &w)
{
    for (int i = 0; i < n; i++)
        p[i] += v[i] * dt;
    float k = 0.5f;
    auto scale = [&w, k](int m) {
        for (int j = 0; j < m; j++)
            w[j] *= k;
    };
    scale(n);
    int i = 0;
    while (i < n) {
        auto x = w[i];
        w[i] = std::sqrt(x) + std::exp(x) * std::pow(x, 2.0f);
        i++;
    }
    do {
        i--;
        p[i].x = p[i].y * dt;
    } while (i > 0);
}
