/* Two loops without bounds start on line 9 (test_cli, "two loops on a line"): each is
 * given its iterations by a name of its own, f_L9c5 and f_L9c41. */
#define BOTH(a, n) for (int i = 0; i < n; i++) a[i] += 1.0; for (int i = 0; i < n; i++) a[i] *= 2.0

void f(double *a, int n)
{
    int k = 0;
    BOTH(a, n);
    while (k < n) { a[k] -= 1.0; k++; } while (k > 0) { a[k] += 1.0; k--; }
}
