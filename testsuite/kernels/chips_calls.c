/* measuretool -chips on work in called functions (issue 28): main calls
 * f(1000) ten times and f's loop does one add per iteration, so the program
 * does 10 x 1000 = 10,000 adds; -chips-entry f with n = 7 evaluates f
 * alone: 7 adds. */
double a[1000];

void f(int n)
{
    for (int i = 0; i < n; i++)
        a[i] = a[i] + 1.0;
}

int main(void)
{
    for (int k = 0; k < 10; k++)
        f(1000);
    return 0;
}
