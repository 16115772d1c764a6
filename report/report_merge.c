/* -merge: the JSON reports of the slices of one run back into the report of
 * the whole run.  Each slice's report is the whole run's loop table cut at
 * file boundaries, plus a "shard" line (shard.h); the merge checks each
 * slice against what the writer writes (report_json_schema), that the
 * slices make up exactly one run, and writes their loops in slice order
 * with nothing else, in the layout report_json writes (cJSON's). */
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "diag.h"
#include "fileio.h"
#include "json_check.h"
#include "mem.h"
#include "shard.h"

/* One input: its parsed report and what its shard line says. */
typedef struct merge_input {
    cJSON *root;
    shard_info shard;
} merge_input;

static void merge_error_at(const char *path, const char *text, size_t offset, const char *what)
{
    unsigned line = 1, col = 1;
    for (size_t i = 0; i < offset && text[i]; i++) {
        if (text[i] == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    diag_at(DIAG_ERROR, path, line, col, "%s", what);
}

/* The report of a slice, or NULL after an error at it. */
static cJSON *merge_parse(const char *path, shard_info *shard)
{
    char *text = fileio_read_text(path, "JSON report");
    if (!text)
        return NULL;
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithOpts(text, &end, true);
    if (!root) {
        size_t len = strlen(text);
        size_t at = end && end >= text && end <= text + len ? (size_t)(end - text) : len;
        merge_error_at(path, text, at, "not valid JSON");
        free(text);
        return NULL;
    }
    const cJSON *line = cJSON_GetObjectItemCaseSensitive(root, "shard");
    const char *why = NULL;
    if (!cJSON_IsObject(root) || !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(root, "loops")))
        why = "not a JSON report of measuretool (an object with \"loops\")";
    else if (!cJSON_IsString(line))
        why = "not the JSON report of a slice: it has no \"shard\" (write it with -shard K/N)";
    else if (!shard_parse_text(line->valuestring, shard))
        why = "its \"shard\" is not \"TOOL, slice K/N, T files, database HASH\"";
    if (why)
        diag_at(DIAG_ERROR, path, 1, 1, "%s", why);
    /* A slice is written into the whole report as it is: each of its values
     * must be one the writer writes. */
    bool ok = !why && json_check(path, text, &report_json_schema) == 0;
    free(text);
    if (!ok)
        cJSON_Delete(root);
    return ok ? root : NULL;
}

typedef struct merge_job {
    cJSON *merged;
} merge_job;

static bool merge_write(FILE *out, void *ctx)
{
    const merge_job *job = ctx;
    char *text = cJSON_Print(job->merged);
    bool ok = text && fputs(text, out) >= 0 && fputc('\n', out) != EOF;
    cJSON_free(text);
    return ok;
}

/* The loops of the slices in slice order, moved into one report. */
static cJSON *merge_loops(merge_input *in, size_t n)
{
    cJSON *merged = cJSON_CreateObject();
    cJSON *loops = cJSON_AddArrayToObject(merged, "loops");
    for (unsigned k = 1; k <= (n ? in[0].shard.slices : 0); k++) {
        for (size_t i = 0; i < n; i++) {
            if (in[i].shard.slice != k)
                continue;
            cJSON *from = cJSON_GetObjectItemCaseSensitive(in[i].root, "loops");
            cJSON *item;
            while ((item = cJSON_DetachItemFromArray(from, 0)) != NULL)
                cJSON_AddItemToArray(loops, item);
        }
    }
    return merged;
}

bool report_json_merge(const char *out, const char *const *inputs, int n)
{
    merge_input *in = mem_alloc((size_t)(n > 0 ? n : 1) * sizeof *in);
    bool ok = n > 0;
    for (int i = 0; i < n; i++) {
        in[i].root = merge_parse(inputs[i], &in[i].shard);
        ok &= in[i].root != NULL;
    }
    shard_info *shards = mem_alloc((size_t)(n > 0 ? n : 1) * sizeof *shards);
    for (int i = 0; i < n; i++)
        shards[i] = in[i].shard;
    ok = ok && shard_check_whole(shards, inputs, (size_t)n);
    if (ok) {
        merge_job job = {merge_loops(in, (size_t)n)};
        ok = fileio_write_atomic(out, merge_write, &job);
        cJSON_Delete(job.merged);
    }
    for (int i = 0; i < n; i++)
        cJSON_Delete(in[i].root);
    free(shards);
    free(in);
    return ok;
}
