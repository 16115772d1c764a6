/* A loop whose bound calls a function (test_cli, "loops without bounds"): the model cannot
 * evaluate lim(n), so the loop of line 7 takes its iterations per entry by the name clamp_L7
 * or from a measurement; one multiply an iteration. */
int lim(int n);
void clamp(double *a, int n)
{
    for (int i = 0; i < lim(n); i++)
        a[i] = a[i] * 0.5;
}
