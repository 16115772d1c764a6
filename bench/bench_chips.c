/* bench_chips: how fast the CHIP3S interpreter is on the seed's memsort
 * (chips/examples): reading and checking the four objects and evaluating one
 * point (target: median under 10 ms), and a sweep of 10,000 points through
 * the library, the program read once (target: under 1 s).  It prints what it
 * measured and whether each target was met; the exit status is 1 only when
 * the example cannot be evaluated. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "chips.h"
#include "machine.h"

enum { BENCH_RUNS = 21, BENCH_POINTS = 10000 };

static double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int bench_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Read memsort and evaluate one point; its seconds, or a negative number. */
static double bench_compile_and_evaluate(const char *app, const chips_hardware *hw)
{
    double start = bench_now(), t;
    bool has;
    chips_program *p = chips_load(app, NULL, 0, NULL, 0);
    bool ok = p && chips_evaluate(p, hw, NULL, 0, &t, &has, NULL) && has;
    chips_free(&p);
    return ok ? bench_now() - start : -1;
}

static double bench_sweep(const char *app, const chips_hardware *hw)
{
    chips_program *p = chips_load(app, NULL, 0, NULL, 0);
    int nelem = p ? chips_iface_find(p, "Nelem") : -1;
    if (nelem < 0) {
        chips_free(&p);
        return -1;
    }
    double start = bench_now();
    bool ok = true;
    for (int i = 0; i < BENCH_POINTS && ok; i++) {
        chips_setting s = {(size_t)nelem, 16384.0 * (i + 1)};
        double t;
        bool has;
        ok = chips_evaluate(p, hw, &s, 1, &t, &has, NULL) && has;
    }
    double elapsed = bench_now() - start;
    chips_free(&p);
    return ok ? elapsed : -1;
}

int main(void)
{
    const char *app = CHIPS_EXAMPLES_DIR "/memsort.la";
    machine *m = machine_load(CHIPS_EXAMPLES_DIR "/machine.json");
    if (!m)
        return 1;
    chips_hardware hw;
    chips_hardware_from_machine(m, &hw);
    double runs[BENCH_RUNS];
    for (int i = 0; i < BENCH_RUNS; i++)
        if ((runs[i] = bench_compile_and_evaluate(app, &hw)) < 0) {
            machine_free(&m);
            return 1;
        }
    qsort(runs, BENCH_RUNS, sizeof *runs, bench_cmp);
    double median = runs[BENCH_RUNS / 2];
    double sweep = bench_sweep(app, &hw);
    machine_free(&m);
    if (sweep < 0)
        return 1;
    printf("memsort read and evaluated: median %.3f ms of %d runs (min %.3f, max %.3f): "
           "target < 10 ms, %s\n",
           median * 1e3, BENCH_RUNS, runs[0] * 1e3, runs[BENCH_RUNS - 1] * 1e3,
           median < 0.010 ? "met" : "MISSED");
    printf("a sweep of %d points of memsort (Nelem), read once: %.3f s (%.1f us a point): "
           "target < 1 s, %s\n",
           BENCH_POINTS, sweep, sweep / BENCH_POINTS * 1e6, sweep < 1 ? "met" : "MISSED");
    return 0;
}
