/* Malformed pragmas: each is an error, and the counts are still made. */
#pragma aitool fp_plus(1) fp_bogus(2)
double a1(double x) { return x + 1; }
#pragma aitool fp_plus(1) fp_plus(1)
double a2(double x) { return x + 1; }
#pragma aitool fp_plus(x)
double a3(double x) { return x + 1; }
#pragma aitool fp_plus 1
double a4(double x) { return x + 1; }
#pragma aitool
double a5(double x) { return x + 1; }
#pragma aitool fp_plus(1)
int not_a_loop;
void loop(int n, double *a)
{
    for (int i = 0; i < n; i++)
        a[i] += 1.0;
}
