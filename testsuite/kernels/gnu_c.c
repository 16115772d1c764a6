/* C as gcc takes it (gnu17): GNU extensions, and a function called before
 * any declaration, which gcc accepts with a warning. */
#define SQUARE(x) ({ __typeof__(x) x_ = (x); x_ * x_; })

void gnu(int n, double *a, double s)
{
    typeof(s) t = s;
    /* one multiply (SQUARE), one add */
    for (int i = 0; i < n; i++)
        a[i] = SQUARE(a[i]) + t;
    undeclared_helper(a, n);
}
