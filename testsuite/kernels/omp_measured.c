/* A worksharing loop inside a time loop (test_cli, "a worksharing loop measured"): each
 * thread of the team counts its own entry of the i loop, so the measurement says 20
 * entries for 10 steps on 2 threads; the model runs it 10 times, 1000 iterations each. */
void steps(double *a, int n, int nsteps)
{
    for (int t = 0; t < nsteps; t++) {
#pragma omp parallel for
        for (int i = 0; i < n; i++)
            a[i] += 1.0;
    }
}
