/* Whole-program totals follow the calls (test_cli, "whole-program totals follow calls"),
 * with n = 1000: f's nest runs 10 times from main's k loop (10000 adds), g's nest 7 times,
 * once from main and 3 x 2 from the j nest (7000 multiplies); main's k loop keeps its own
 * add (10), not the add its call of f added there; r's recursion counts once (1000 adds). */
double f(const double *a, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

void g(double *a, int n)
{
    for (int i = 0; i < n; i++)
        a[i] *= 2.0;
}

double r(const double *a, int n, int depth)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s = s - a[i];
    return depth > 0 ? s + r(a, n, depth - 1) : s;
}

int main(void)
{
    static double a[1000];
    double t = 0;
    for (int k = 0; k < 10; k++)
        t += f(a, 1000);
    g(a, 1000);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 2; j++)
            g(a, 1000);
    t = r(a, 1000, 2);
    return (int)t;
}
