/* The driver of instrumentation: analyze the file, let the instrumenter of
 * the mode collect its edits while libclang's view is alive, apply them, and
 * write the copy. */
#include "instrument.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "analyzer.h"
#include "analyzer_tu.h"
#include "auto.h"
#include "costs.h"
#include "diag.h"
#include "edits.h"
#include "fileio.h"
#include "loop_model.h"
#include "manual.h"
#include "source.h"

typedef struct instrument_job {
    instrument_mode mode;
    const op_costs *costs;
    const char *input;
    char *text; /* the instrumented file */
    size_t len;
} instrument_job;

static bool instrument_hook(void *ctx, CXTranslationUnit tu, lm_program *p, lm_file *file)
{
    instrument_job *job = ctx;
    source s = {.tu = tu, .path = job->input, .prog = p, .model = file,
                .edits = EDIT_LIST_INIT};
    s.file = clang_getFile(tu, job->input);
    size_t size = 0;
    s.text = s.file ? clang_getFileContents(tu, s.file, &size) : NULL;
    if (!s.text) {
        diag_at(DIAG_ERROR, job->input, 1, 1, "cannot read the file's text back from libclang");
        return false;
    }
    s.len = size;
    bool ok = job->mode == INSTRUMENT_AUTO    ? auto_instrument(&s)
              : job->mode == INSTRUMENT_CLOCK ? auto_clock(&s, job->costs)
                                              : manual_instrument(&s);
    if (ok) {
        job->text = source_apply(&s, &job->len);
        if (!job->text) {
            diag_at(DIAG_ERROR, job->input, 1, 1, "internal error: overlapping source edits");
            ok = false;
        }
    }
    edits_release(&s.edits);
    source_release(&s);
    return ok;
}

static bool instrument_write(FILE *out, void *ctx)
{
    const instrument_job *job = ctx;
    return fwrite(job->text, 1, job->len, out) == job->len;
}

bool instrument_file(analyzer *a, lm_program *p, instrument_mode mode, const op_costs *costs,
                     const char *input, const analyzer_unit *u, const char *output)
{
    instrument_job job = {mode, costs, input, NULL, 0};
    bool ok = analyzer_analyze_unit_then(a, p, input, u, instrument_hook, &job);
    if (ok && job.text)
        ok = fileio_write_atomic(output, instrument_write, &job);
    free(job.text);
    return ok;
}
