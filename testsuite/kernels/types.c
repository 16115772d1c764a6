/* Every kind of element type; sizes are the target's (x86-64 here). */
struct particle { double pos[3]; float mass; };
typedef double real_t;
typedef struct { int id; short tag; } anon_t;

void integers(int n, char *c, signed char *sc, unsigned char *uc, short *s, unsigned short *us)
{
    for (int i = 0; i < n; i++)
        c[i] = sc[i] + uc[i] + s[i] + us[i];
}

void wide(int n, int *i4, unsigned *u4, long *l, unsigned long *ul, long long *ll,
          unsigned long long *ull, _Bool *flag)
{
    for (int i = 0; i < n; i++)
        i4[i] = u4[i] + l[i] + ul[i] + ll[i] + ull[i] + flag[i];
}

void floating(int n, double *d, float *f, long double *ld, real_t *r, const double *cd)
{
    for (int i = 0; i < n; i++)
        d[i] = f[i] * ld[i] + r[i] + cd[i];   /* multiply 1, plus 2 (long double) */
}

void records(int n, struct particle *p, anon_t *an, double **ptrs, double *d)
{
    for (int i = 0; i < n; i++) {
        p[i].mass = p[i].pos[0] * 2.0f;       /* multiply 1 */
        an[i].tag = (short)an[i].id;
        d[i] = *ptrs[i];                      /* ptrs: elements are double * */
    }
}
