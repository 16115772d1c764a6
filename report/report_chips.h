/* report_chips: the loop model as a CHIP3S performance study (measuretool
 * -chips APP.la): an application object APP and, beside it, a subtask
 * object per function whose cflow procedure Time holds the function's loop
 * nests with their trip counts and own-level FP operations and bytes.  It
 * reads the finished model (with its ExaSAT detail, for bounds and calls)
 * and walks nothing.  chips/README.md says how to evaluate the result.
 * Used by measuretool (-chips); chips takes its nesting limit from here.
 * report_chips_app_name() returns a name the caller frees. */
#ifndef AITOOL_REPORT_CHIPS_H
#define AITOOL_REPORT_CHIPS_H

#include <stdbool.h>

#include "bound_expr.h"
#include "loop_model.h"
#include "machine.h"
#include "perf.h"

/* How deep a study nests.  chips reads statements inside one another, and
 * each expression, at most REPORT_CHIPS_MAX_NESTING deep: chips_parse.h
 * takes its limit from here, so it reads whatever the emitter writes.  A
 * loop is a statement and its body's statements one level deeper, so the
 * emitter refuses, at the loop, a loop nested deeper than
 * REPORT_CHIPS_MAX_LOOP_DEPTH.  A trip count whose expression would nest
 * deeper than chips reads is left to a variable, as a bound the emitter
 * cannot translate is. */
enum {
    REPORT_CHIPS_MAX_NESTING = 200,
    REPORT_CHIPS_MAX_LOOP_DEPTH = REPORT_CHIPS_MAX_NESTING - 1,
};

/* What a study is written with, besides the program. */
typedef struct report_chips_options {
    const bexpr_bindings *params; /* value the symbols of the loop bounds; may be NULL */
    /* The function the application evaluates (-chips-entry); NULL: main, or
     * without one the functions no other function calls. */
    const char *entry;
    /* -machine: the machine and perfmodel's predictions on it (both or
     * neither); each nest's time is then perfmodel's roofline of it. */
    const machine *machine;
    const perf_result *predicted;
} report_chips_options;

/* Write app_path (NAME.la) and FUNC.la for each function beside it, each
 * atomically.  False after a reported error (a loop nested too deep, an
 * entry the program does not define: nothing written). */
bool report_chips_write(const char *app_path, const lm_program *p,
                        const report_chips_options *opt);

/* The CHIP3S object name of app_path ("dir/memsort.la": memsort), or NULL
 * with *why set when the path does not name a .la file. */
char *report_chips_app_name(const char *app_path, const char **why);

#endif
