/* Loops and branches that macros' uses make, measured by -auto-instrument:
 * each use that makes whole statements is written out in the copy.  The
 * loops a use writes are reported at its macro's name, the first at its
 * first column, the next one column right, and so on.  By hand:
 *   find (line 39): FIND's do 39:5 runs once a call (2 calls); its for
 *     39:6 stops at x[3] == 0.625 (4 turns) and runs out for 9.0 (8 turns):
 *     12 turns, x read (8 bytes a turn);
 *   main: the loop of line 47, 8 turns, x and y stored;
 *     CLEAR(y, 2) (49:5, 49:6): 2 turns storing y; CLEAR(x, none) (49:18,
 *     49:19): its for entered once, never turns;
 *     SCALE (50:5): 8 multiply, y read and stored;
 *     line 51 turns twice, TWICE's do (52:9) runs once a turn, its two
 *     loops (52:10, 52:11) 4 turns an entry: 8 plus, 8 multiply;
 *     BOTH (53:5, 53:6), two statements with no do-while around them:
 *     8 minus, 8 divide, x read and stored;
 *     SUMV (54:5, its use on two lines, its loop variable y_i made by ##):
 *     8 plus, y read;
 *     OUTER (56:5) around CLEAR (56:11, 56:12): each do once, the for
 *     entered once with 0 turns;
 *     HALVE twice (57:5, 57:15): an if/else, no loop; h = 3 takes the then
 *     arm and 1.0 the else arm: 1 multiply.
 *   y ends as 6 6 18 18 3 3 3 3, so s = 60; x[k] = (k - 0.5) / 4. */
#include <stdio.h>

#define CLEAR(a, n) do { int i_; for (i_ = 0; i_ < (n); i_++) (a)[i_] = 0.0; } while (0)
#define SCALE(a, n, s) for (int k_ = 0; k_ < (n); k_++) (a)[k_] *= (s)
#define TWICE(a, n) do { for (int p_ = 0; p_ < (n); p_++) (a)[p_] += 1.0; for (int q_ = 0; q_ < (n); q_++) (a)[q_] *= 2.0; } while (0)
#define BOTH(a, n) for (int u_ = 0; u_ < (n); u_++) (a)[u_] -= 0.5; for (int v_ = 0; v_ < (n); v_++) (a)[v_] /= 4.0
#define SUMV(v, n, s) for (int v##_i = 0; v##_i < (n); v##_i++) s += v[v##_i]
#define OUTER(s) do { s; } while (0)
#define FIND(a, n, v, at) do { at = -1; for (int f_ = 0; f_ < (n); f_++) if ((a)[f_] == (v)) { at = f_; break; } } while (0)
#define HALVE(x) if ((x) > 1.0) (x) = 1.0; else (x) *= 0.5

double x[8], y[8];

static int find(double v)
{
    int at;
    FIND(x, 8, v, at);
    return at;
}

int main(void)
{
    int n = 8, none = 0;
    double s = 0.0, h = 3.0;
    for (int k = 0; k < n; k++)
        x[k] = k, y[k] = 1.0;
    CLEAR(y, 2); CLEAR(x, none);
    SCALE(y, n, 3.0);
    for (int r = 0; r < 2; r++)
        TWICE(y, 4);
    BOTH(x, n);
    SUMV(y, n,
         s);
    OUTER(CLEAR(x, none));
    HALVE(h); HALVE(h);
    int at = find(0.625);
    printf("%g %g %g %d %d\n", s, x[3], h, at, find(9.0));
    return 0;
}
