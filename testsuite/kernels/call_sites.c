/* Call sites (test_analyzer "call sites", test_chips_calls): what each call
 * of a function defined here records in the loop model, worked out by hand.
 * One execution of a body, loops counted per single iteration:
 *   f: 1 add (line 19); it reads and writes a: 8 + 8 bytes.
 *   g: 1 multiply (line 24), 1 divide and 1 add (line 26), and f(m) at
 *      function level (line 27) adds f's 1 add there (bytes count in loops
 *      only); in all 2 adds, 1 multiply, 1 divide.
 *   fact: 1 multiply (int k times a double); its call of itself (line 33)
 *      adds the summary the recursion guard made, 1 multiply.
 *   main: f(1000) in the loop at line 40 adds 1 add, 8 + 8 bytes; g(n, 2.0)
 *      at function level adds 2 adds, 1 multiply, 1 divide;
 *      op(k) in the loop at line 43 goes through a pointer (nothing added);
 *      fact(5) at function level adds 1 multiply. */
double a[2000], b[2000];

void f(int n)
{
    for (int i = 0; i < n; i++)
        a[i] = a[i] + 1.0;
}

double g(int m, double s)
{
    double t = s * 2.0;
    for (int i = 0; i < m; i++)
        b[i] = b[i] / t + 1.0;
    f(m);
    return t;
}

double fact(int k)
{
    return k <= 1 ? 1.0 : k * fact(k - 1);
}

int main(void)
{
    void (*op)(int) = f;
    int n = 100;
    for (int k = 0; k < 10; k++)
        f(1000);
    g(n, 2.0);
    for (int k = 0; k < 3; k++)
        op(k);
    return (int)fact(5);
}
