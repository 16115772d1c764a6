// A header's class, operator and templates: -auto-instrument never rewrites
// them, so each call counts their operations where it is made
// (cxx_header.cpp).
struct Vec2 {
    double x, y;
    double dot(const Vec2 &o) const { return x * o.x + y * o.y; }
};

inline Vec2 operator+(const Vec2 &a, const Vec2 &b) { return Vec2{a.x + b.x, a.y + b.y}; }

template <typename T> T axpy(T a, T x, T y) { return a * x + y; }

// A loop: what one call does is the static estimate, 1 plus.
inline double sum(const double *v, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}
