/* chips: a CHIP3S program (an application and the objects it includes) and
 * its evaluation to seconds on a machine.
 *
 * chips_load() reads APP.la and, through its includes, every object it uses
 * (the includer's directory first, then each include directory; `hardware`,
 * `la` and `sequential` are built in), checks what can be checked before
 * running (object kinds, includes, link targets and names, options) and
 * returns a program the caller frees with chips_free().  chips_evaluate()
 * evaluates one point.  Vector types (chips_vct.h) are the built-in ones
 * and those of the specification files given.  Every problem is reported through diag as
 * FILE:LINE:COL: error: and makes the call fail; nothing is left half done.
 *
 * Used by the chips program (tools/chips_cli.c), its benchmark, fuzz
 * target and tests.  The loader, parser and evaluator share the headers in
 * internal/, private to chips/. */
#ifndef AITOOL_CHIPS_H
#define AITOOL_CHIPS_H

#include <stdbool.h>
#include <stddef.h>

#include "machine.h"

/* Limits that keep every input finite and the stack bounded: a `while` runs
 * at most CHIPS_MAX_WHILE iterations each time it is entered, procedures and
 * object evaluations nest at most CHIPS_MAX_CALL_DEPTH deep, a partmp
 * evaluated stage by stage has at most CHIPS_MAX_STAGES stages. */
enum {
    CHIPS_MAX_WHILE = 10000000,
    CHIPS_MAX_CALL_DEPTH = 64,
    CHIPS_MAX_STAGES = 1000000,
    CHIPS_MAX_MESSAGES = 1000000,
    CHIPS_MAX_DIM = 10000000,
    /* expressions and statements inside one another, all calls together */
    CHIPS_MAX_EVAL_NESTING = 1000,
};

typedef struct chips_program chips_program;

/* vector_specs: specification files of user vector types (vctdef's output,
 * chips -vectors), added to the built-in types. */
chips_program *chips_load(const char *path, const char *const *include_dirs, size_t ndirs,
                          const char *const *vector_specs, size_t nspecs);
void chips_free(chips_program **p);

const char *chips_name(const chips_program *p);

/* The application's interface variables (all groups but scope and local),
 * in declaration order. */
size_t chips_iface_count(const chips_program *p);
const char *chips_iface_name(const chips_program *p, size_t i);
const char *chips_iface_group(const chips_program *p, size_t i);
bool chips_iface_numeric(const chips_program *p, size_t i);
/* Its declared type: "numeric", "vector" or "string". */
const char *chips_iface_type(const chips_program *p, size_t i);
/* Its index, or -1. */
int chips_iface_find(const chips_program *p, const char *name);

/* What an operation costs, in seconds, from a machine file (README.md,
 * "Machine files": the "chips" object, else derived from the peak and the
 * bandwidth). */
typedef struct chips_hardware {
    const char *name;
    double nproc;
    double flop[MACHINE_CHIPS_NFLOP];
    double mem[MACHINE_CHIPS_NMEM];
    double hllc[MACHINE_CHIPS_NHLLC];
    bool has_hllc[MACHINE_CHIPS_NHLLC];
    double icc_unit;
    bool has_icc;
    double L, o, g, G;
    bool has_inpcom;
    double disk_seek, disk_byte; /* seconds a seek, and a byte moved */
    bool has_disk;
    /* The costs of user vector types' symbols and units (borrowed). */
    const machine_chips_cost *user;
    size_t nuser;
    /* -network: inpcom steps run through this SIMON switch model instead of
     * LogGP (borrowed; NULL for LogGP). */
    const struct sw_config *network;
} chips_hardware;

void chips_hardware_from_machine(const machine *m, chips_hardware *hw);

/* Each of hw's user costs names a vector type of p and one of its symbols
 * ("unit" for a numeric type); false after an error at its place in
 * machine_file. */
bool chips_check_user_costs(const chips_program *p, const chips_hardware *hw,
                            const char *machine_file);

/* A value for an interface variable, by its index. */
typedef struct chips_setting {
    size_t iface;
    double value;
} chips_setting;

/* One point: every object back to its declared values, the settings
 * applied, the application's init run.  True when it ran; *has_time is
 * false when the program ended with `exit;`.  values (room for
 * chips_iface_count, may be NULL) receives the numeric interface variables
 * as the point started (after the settings); a variable with no value is NAN. */
bool chips_evaluate(chips_program *p, const chips_hardware *hw, const chips_setting *settings,
                    size_t nsettings, double *time, bool *has_time, double *values);

#endif
