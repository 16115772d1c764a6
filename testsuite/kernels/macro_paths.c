/* Arrays reached through members inside macro bodies defined in this file.
 * The text of such an expression used to run from the #define to the use:
 * every use had a text of its own, and different arrays of one use could
 * share one.  Per loop by hand (arrays count once each, by the path):
 *   line 24: loads s->a and s->b (2 doubles), stores s->c (1 double);
 *            plus 1; COPY's two uses read s->b twice: still one load.
 *   line 27: loads s->a (1 double) and s->idx (1 int); the subscript of
 *            s->a is not relative: its text is the macro's use. */
typedef struct fields {
    double *a, *b, *c;
    int *idx;
} fields;

#define COPY(p, i) ((p)->c[i] = (p)->a[i] + (p)->b[i])
#define AGAIN(p, i) ((p)->c[i] = (p)->b[i])
#define GATHER(p, i) ((p)->a[(p)->idx[i]])

double macro_paths(fields *s, int n)
{
    double sum = 0.0;
    int i;
    /* Code between the definitions and the uses made the old texts long. */
    sum = sum * 2.0;
    for (i = 0; i < n; i++) { COPY(s, i); AGAIN(s, i); }
    if (n > 3)
        sum = sum - 1.0;
    for (i = 0; i < n; i++)
        sum += GATHER(s, i);
    return sum;
}
