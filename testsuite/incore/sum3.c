void sum3(long n, const double (*restrict a)[3], double *restrict out)
{
    for (long i = 0; i < n; i++) {
        double s = 0.0;
        for (long c = 0; c < 3; c++)
            s = s + a[i][c];
        out[i] = s;
    }
}

void sum3_fixed(const double (*restrict a)[3], double *restrict out)
{
    for (long i = 0; i < 4; i++) {
        double s = 0.0;
        for (long c = 0; c < 3; c++)
            s = s + a[i][c];
        out[i] = s;
    }
}
