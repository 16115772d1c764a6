/* The built-in annotations of C library I/O (issue 13: fscanf, sscanf, fgets
 * and others were unknown calls).  Per iteration, by hand:
 *   line 13: fscanf stores through its variadic arguments: a (8) and b (4)
 *   line 15: fread modifies its buffer: a stored (8)
 *   line 17: fwrite reads its buffer: b loaded (4)
 *   line 19: fgets modifies its buffer: line stored (1)
 *   line 21: sscanf reads its string and stores through the rest: buf
 *            loaded (1), a stored (8) */
#include <stdio.h>

void io(FILE *f, int n, double *a, float *b, char *line, char *buf)
{
    for (int i = 0; i < n; i++)
        fscanf(f, "%lf %f", &a[i], &b[i]);
    for (int i = 0; i < n; i++)
        fread(&a[i], sizeof *a, 1, f);
    for (int i = 0; i < n; i++)
        fwrite(&b[i], sizeof *b, 1, f);
    for (int i = 0; i < n; i++)
        fgets(line + 80 * i, 80, f);
    for (int i = 0; i < n; i++)
        sscanf(buf + i, "%lf", &a[i]);
}
