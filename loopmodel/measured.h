/* measured: what a run of an automatically instrumented program measured
 * (the JSON it writes at exit, README.md "Automatic measurement"), read back
 * and keyed by the loops of an analyzed program.  A stage output of the loop
 * model: kept beside it, never written into it (pure C and cJSON, no clang).
 *
 * Used by measuretool -measured (tools/mt_driver.c) and perfmodel -measured
 * (tools/perfmodel_cli.c), which read the set; the text and JSON reports
 * (report/), which put static and measured counts side by side; the ExaSAT
 * XML writer (xml-schema/xml_write.c), which writes a measured loop's
 * pininfo; and fuzz/fuzz_measured.c.
 *
 * measured_read() returns a set the caller frees with measured_free(); it
 * borrows nothing from the program, and what measured_of() returns lives as
 * long as the set.
 *
 * What a measurement holds is the table measured_schema (json_check.h):
 * each loop's "file", "line", "column" and counts are required, "function",
 * "fp_total" and "ai" optional (they follow from the rest), "seconds",
 * "thread_seconds", "gflops" and "gbytes_per_s" optional (timed loops), "totals",
 * "build" and "files" optional; a member of another name, or one given
 * twice, is an error.  measured_merge.c sums the measurements of a run's
 * processes. */
#ifndef AITOOL_MEASURED_H
#define AITOOL_MEASURED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "json_check.h"
#include "loop_model.h"

/* One loop's own level, exclusive of nested loops, over the whole run. */
typedef struct measured_loop {
    unsigned long entries, iterations;
    lm_fp_counts fp;
    unsigned long load_bytes, store_bytes;
    double ai;
    /* A timed loop's (timed): the wall time of it with the loops inside it
     * (a thread's most), its threads' sum, and their work's rates over
     * the wall time. */
    bool timed;
    double seconds, thread_seconds, gflops, gbytes_per_s;
} measured_loop;

typedef struct measured_set measured_set;

/* The counts of one loop's own level (entries, iterations, fp_* but
 * fp_total, load_bytes, store_bytes), as a group of rows: a measurement's
 * loops and totals hold them, and so does the "measured" object of the JSON
 * report (report_json.c).  measured_schema is the whole measurement. */
extern const json_check_field measured_count_fields[];
extern const json_check_field measured_schema;

/* The measurement at path, its entries matched to p's loops by file name,
 * line and column (p must be finished).  NULL when the file cannot be read
 * or parsed; errors and unmatched entries are reported through diag. */
measured_set *measured_read(const lm_program *p, const char *path);

/* The same for a program read from ExaSAT XML (perfmodel -measured), whose loops
 * keep their line but neither the source file nor the column: an entry is matched
 * by its "function" and "line", the entries of one place in column order to its
 * loops in source order (files are not told apart, and no digest is checked: the
 * sources are not at hand); an entry without "function" matches nothing. */
measured_set *measured_read_lines(const lm_program *p, const char *path);

/* The measurement at path as a cJSON tree (cJSON_Delete it), checked
 * against measured_schema; NULL after the errors, at their positions. */
struct cJSON *measured_parse(const char *path);
/* The time fields of one checked entry of "loops" (timed, seconds,
 * thread_seconds, gflops, gbytes_per_s) into m; the others untouched. */
void measured_time_of(const struct cJSON *entry, measured_loop *m);
void measured_free(measured_set **s);

/* What was measured for loop l, or NULL. */
const measured_loop *measured_of(const measured_set *s, const lm_loop *l);
/* The same as the performance model asks it (perf_measured_counts): false
 * when set (a measured_set, or NULL) has nothing for l, else its entries and
 * iterations. */
bool measured_counts_of(const void *set, const lm_loop *l, unsigned long long *entries,
                        unsigned long long *iterations);

/* The build identity a measurement carries ("build", "files"): the digest
 * of a source file's text (FNV-1a), and the identity of an instrumented
 * file, its digest and name together; the runtime sums its files'
 * identities into "build".  measured_read() refuses a measurement whose
 * digest of an analyzed file is not that file's text now. */
uint64_t measured_digest(const char *text, size_t len);
uint64_t measured_unit_id(const char *path, uint64_t digest);

/* measuretool -merge-measured: the measurements of one run's processes,
 * summed loop by loop (keyed by file, line, column and function) into out,
 * written atomically.  False after an error naming the input: unreadable,
 * not a measurement, or of another build than the first. */
bool measured_merge(const char *out, const char *const *inputs, int n);

/* The ExaSAT pininfo a measurement gives: what it measured, nothing else. */
void measured_pininfo(lm_pininfo *pi, const measured_loop *m);

#endif
