/* measuretool -chips (test_cli): bounds as CHIP3S trip counts, by hand
 * with n = 100 and g->n = 50 (as -param gives them):
 *   line 16: i = 1 .. n-2: (n - 2) - 1 + 1 = 98 iterations, 1 multiply;
 *   line 18: j = 0 .. g->n - 1 by 2: floor(49 / 2) + 1 = 25, its add and
 *            a call of Time_helper (helper's 1 multiply, left out there);
 *   line 20: k = n / 2 (C's division: c_div) down to 0: 51;
 *   line 22: q below n % 7 + 3 * m (c_mod; m unset);
 *   line 25: a while loop: no bounds, its count is the variable kern_L25.
 * No main: init evaluates kern, the function no other function calls. */
struct grid { int n; double *u; };

double helper(double x) { return x * 3.0; }

void kern(struct grid *g, double *a, int n, int m)
{
    for (int i = 1; i < n - 1; i++)
        a[i] = a[i - 1] * 0.5;
    for (int j = 0; j < g->n; j += 2)
        g->u[j] = helper(g->u[j]) + 1.0;
    for (int k = n / 2; k >= 0; k--)
        a[k] -= 1.0;
    for (int q = 0; q < n % 7 + m * 3; q++)
        a[q] += a[q + 1];
    int t = 0;
    while (t < m) {
        a[t] *= 2.0;
        t++;
    }
}
