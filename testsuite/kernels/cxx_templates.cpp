/* Templates are counted per instance the file uses, by the instance's
 * types; a template nothing instantiates is listed, uncounted.  Counts per
 * iteration, worked out by hand:
 *   axpy<float>   y[i] += a * x[i]: 1 plus, 1 multiply; loads x, y (4 bytes
 *                 each), stores y
 *   axpy<double>  the same with 8-byte elements
 *   Grid<double>::smooth  (u[i-1] + u[i] + u[i+1]) / 3: 2 plus, 1 divide;
 *                 loads and stores the member u (double)
 *   dot<double>   s += x[i] * y[i]: 1 plus, 1 multiply; loads x, y; called
 *                 only from norm2<double>, so found when that is walked
 *   unused<T>     never instantiated: its loop is listed, not counted */
template <typename T>
void axpy(int n, T a, const T *x, T *y)
{
    for (int i = 0; i < n; i++)
        y[i] += a * x[i];
}

template <typename T>
struct Grid {
    T *u;
    int n;
    void smooth()
    {
        for (int i = 1; i < n - 1; i++)
            u[i] = (u[i - 1] + u[i] + u[i + 1]) / 3;
    }
};

template <typename T>
T dot(int n, const T *x, const T *y)
{
    T s = 0;
    for (int i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}

template <typename T>
T norm2(int n, const T *x)
{
    return dot(n, x, x);
}

template <typename T>
void unused(int n, T *x)
{
    for (int i = 0; i < n; i++)
        x[i] *= 2;
}

double run(int n, float *xf, float *yf, double *xd, double *yd, Grid<double> &g)
{
    axpy(n, 2.0f, xf, yf);
    axpy(n, 2.0, xd, yd);
    g.smooth();
    return norm2(n, xd);
}

/* An explicit specialization is reported where it is written, and only
 * there, though run_int calls it: no FP (int), loads x and y, stores y. */
template <>
void axpy<int>(int n, int a, const int *x, int *y)
{
    for (int i = 0; i < n; i++)
        y[i] += a * x[i];
}

void run_int(int n, const int *x, int *y)
{
    axpy(n, 3, x, y);
}

/* A member function template: its instances are told apart by their
 * parameters (libclang names no template argument of a method): 1 plus,
 * loads a, per instance. */
struct Sum {
    template <class T>
    T of(const T *a, int n)
    {
        T s = 0;
        for (int i = 0; i < n; i++)
            s += a[i];
        return s;
    }
};

double sums(Sum &s, const float *a, const double *b)
{
    return s.of(a, 3) + s.of(b, 3);
}
