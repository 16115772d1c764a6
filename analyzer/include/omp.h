/* measuretool's view of <omp.h>, for code it analyzes with -fopenmp.
 *
 * measuretool parses OpenMP code as the sequential program it also is:
 * without clang's -fopenmp (libclang would hide the bodies of OpenMP
 * regions), but with _OPENMP defined.  clang's own omp.h then defines
 * omp_is_initial_device twice, once per device, relying on `#pragma omp
 * begin declare variant`, which only -fopenmp understands.  So the real
 * header is read as the OpenMP version before those variants (the same
 * functions, declared), and where there is none (Debian's libomp-19-dev not
 * installed) the common part of the OpenMP API is declared here.
 *
 * This file never spells the name of the project's pragma: a unit whose
 * headers do is parsed a second time, with the preprocessing record the
 * pragmas need (analyzer.c's analyzer_parse), which would double the parse
 * of every file that includes <omp.h>. */
#ifndef MEASURETOOL_OMP_WRAPPER_H
#define MEASURETOOL_OMP_WRAPPER_H

#if __has_include_next(<omp.h>)

#pragma push_macro("_OPENMP")
#undef _OPENMP
#define _OPENMP 201810
#include_next <omp.h>
#pragma pop_macro("_OPENMP")

#else

#ifdef __cplusplus
extern "C" {
#endif

typedef struct omp_lock_t { void *opaque; } omp_lock_t;
typedef struct omp_nest_lock_t { void *opaque; } omp_nest_lock_t;
typedef enum omp_sched_t {
    omp_sched_static = 1,
    omp_sched_dynamic = 2,
    omp_sched_guided = 3,
    omp_sched_auto = 4
} omp_sched_t;

void omp_set_num_threads(int num_threads);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int omp_get_thread_num(void);
int omp_get_num_procs(void);
int omp_in_parallel(void);
void omp_set_dynamic(int dynamic);
int omp_get_dynamic(void);
void omp_set_nested(int nested);
int omp_get_nested(void);
void omp_set_schedule(omp_sched_t kind, int chunk);
void omp_get_schedule(omp_sched_t *kind, int *chunk);
int omp_get_thread_limit(void);
void omp_set_max_active_levels(int levels);
int omp_get_max_active_levels(void);
int omp_get_level(void);
int omp_get_ancestor_thread_num(int level);
int omp_get_team_size(int level);
int omp_get_active_level(void);
int omp_in_final(void);
int omp_get_num_devices(void);
int omp_get_default_device(void);
void omp_set_default_device(int device);
int omp_is_initial_device(void);
int omp_get_num_teams(void);
int omp_get_team_num(void);

void omp_init_lock(omp_lock_t *lock);
void omp_destroy_lock(omp_lock_t *lock);
void omp_set_lock(omp_lock_t *lock);
void omp_unset_lock(omp_lock_t *lock);
int omp_test_lock(omp_lock_t *lock);
void omp_init_nest_lock(omp_nest_lock_t *lock);
void omp_destroy_nest_lock(omp_nest_lock_t *lock);
void omp_set_nest_lock(omp_nest_lock_t *lock);
void omp_unset_nest_lock(omp_nest_lock_t *lock);
int omp_test_nest_lock(omp_nest_lock_t *lock);

double omp_get_wtime(void);
double omp_get_wtick(void);

#ifdef __cplusplus
}
#endif

#endif

#endif
