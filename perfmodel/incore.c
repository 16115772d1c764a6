/* The in-core model's driver: the user's compiler command split into words and run on one
 * source file, and the cache that makes a repeated question free.  Assembly is kept per
 * (path and hash of the file's content, command): the loops of one file share a compile,
 * and an edited file is compiled again.  Results are kept per (that, lines, element size,
 * -mcpu, llvm-mca program), and under those the disk cache of incore_disk.c keeps them
 * across runs.  llvm-mca's add latency is asked once per (-mcpu, llvm-mca program) and
 * kept in each result, so that the disk cache has it too. */
#include "incore.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "incore_disk.h"
#include "incore_run.h"
#include "measured.h"
#include "mem.h"

unsigned incore_split_words(const char *command, char ***words)
{
    unsigned n = 0;
    *words = NULL;
    for (const char *p = command; *p;) {
        p += strspn(p, " \t");
        size_t len = strcspn(p, " \t");
        if (len == 0)
            break;
        *words = mem_realloc(*words, (n + 1) * sizeof **words);
        (*words)[n] = mem_alloc(len + 1);
        memcpy((*words)[n++], p, len);
        p += len;
    }
    return n;
}

void incore_words_free(char **words, unsigned n)
{
    for (unsigned k = 0; k < n; k++)
        free(words[k]);
    free(words);
}

/* The compiler's argument vector: its words, then -S -g -o out source. */
static char **compile_argv(char **words, unsigned n, const char *out, const char *source)
{
    const char *tail[] = {"-S", "-g", "-o", out, source};
    unsigned ntail = sizeof tail / sizeof *tail;
    char **argv = mem_alloc((n + ntail + 1) * sizeof *argv);
    memcpy(argv, words, n * sizeof *argv);
    for (unsigned k = 0; k < ntail; k++)
        argv[n + k] = (char *)tail[k];
    return argv;
}

incore_status incore_compile(const char *command, const char *source, strbuf *assembly,
                             strbuf *why)
{
    char **words;
    unsigned n = incore_split_words(command, &words);
    if (n == 0) {
        strbuf_printf(why, "the compiler command is empty");
        return INCORE_COMPILE_FAILED;
    }
    char *dir = incore_run_make_dir("compile", why);
    if (!dir) {
        incore_words_free(words, n);
        return INCORE_COMPILE_FAILED;
    }
    char *out = incore_run_path(dir, "loop.s"), *log = incore_run_path(dir, "compiler.out"),
         *err = incore_run_path(dir, "compiler.err");
    char **argv = compile_argv(words, n, out, source);
    int spawn_error = 0, rc = incore_run(argv, log, err, &spawn_error);
    incore_status status = INCORE_OK;
    if (rc < 0) {
        strbuf_printf(why, "cannot run the compiler '%s': %s", words[0], strerror(spawn_error));
        status = INCORE_COMPILE_FAILED;
    } else if (rc != 0 || !incore_run_read(out, assembly)) {
        strbuf_printf(why, "'%s' failed on %s (exit status %d): ", command, source, rc);
        incore_run_messages(err, why);
        status = INCORE_COMPILE_FAILED;
    }
    incore_run_remove_dir(dir);
    free(argv);
    free(out);
    free(log);
    free(err);
    free(dir);
    incore_words_free(words, n);
    return status;
}

/* ---- the cache ---- */

typedef struct compiled {
    uint64_t hash;
    char *source;     /* the path too: the assembly names the file by it */
    char *command;
    char *assembly;   /* NULL when the compile failed */
    incore_status status;
    char *why;
} compiled;

/* llvm-mca's add latency for one (-mcpu, program), and its 256- and 512-bit add
 * throughputs once a loop with zmm registers asked (widths); 0 when not had. */
typedef struct add_latency {
    char *mcpu, *mca;
    double cycles;
    bool widths;
    double ymm_cycles, zmm_cycles;
} add_latency;

typedef struct analysis {
    uint64_t hash;
    char *source, *command, *mcpu, *mca;
    unsigned first_line, last_line, element_size;
    incore_status status;
    char *why;
    incore_result result;
} analysis;

static struct {
    pthread_mutex_t lock;
    compiled *compiles;
    unsigned ncompiles;
    analysis **analyses; /* each on its own: results handed out must not move */
    unsigned nanalyses;
    add_latency *latencies;
    unsigned nlatencies;
    unsigned hits, disk_hits;
} cache = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* The digest of the file's bytes (measured_digest, as a measurement names a source's
 * text); false when it cannot be read. */
static bool source_hash(const char *path, uint64_t *hash)
{
    strbuf text = STRBUF_INIT;
    bool ok = incore_run_read(path, &text);
    *hash = measured_digest(text.s ? text.s : "", text.len);
    strbuf_release(&text);
    return ok;
}

static bool same_text(const char *a, const char *b)
{
    return (!a && !b) || (a && b && !strcmp(a, b));
}

static const compiled *cache_compile(uint64_t hash, const incore_request *req)
{
    for (unsigned k = 0; k < cache.ncompiles; k++)
        if (cache.compiles[k].hash == hash && !strcmp(cache.compiles[k].command, req->compiler) &&
            !strcmp(cache.compiles[k].source, req->source))
            return &cache.compiles[k];
    strbuf assembly = STRBUF_INIT, why = STRBUF_INIT;
    incore_status status = incore_compile(req->compiler, req->source, &assembly, &why);
    cache.compiles = mem_realloc(cache.compiles, (cache.ncompiles + 1) * sizeof *cache.compiles);
    compiled *c = &cache.compiles[cache.ncompiles++];
    *c = (compiled){hash, mem_strdup(req->source), mem_strdup(req->compiler),
                    status == INCORE_OK ? strbuf_take(&assembly) : NULL, status,
                    strbuf_take(&why)};
    strbuf_release(&assembly);
    return c;
}

static analysis *cache_find(uint64_t hash, const incore_request *req)
{
    for (unsigned k = 0; k < cache.nanalyses; k++) {
        analysis *a = cache.analyses[k];
        if (a->hash == hash && !strcmp(a->command, req->compiler) &&
            !strcmp(a->source, req->source) &&
            a->first_line == req->first_line && a->last_line == req->last_line &&
            a->element_size == req->element_size && same_text(a->mcpu, req->mcpu) &&
            same_text(a->mca, req->mca))
            return a;
    }
    return NULL;
}

/* llvm-mca's report of body read into *mca. */
static incore_status analysis_mca_body(const incore_request *req, const char *body,
                                       incore_mca *mca, strbuf *why)
{
    strbuf report = STRBUF_INIT;
    incore_status status =
        incore_mca_run(req->mca, req->mcpu, INCORE_MCA_ITERATIONS, body, &report, why);
    if (status == INCORE_OK && !incore_mca_parse(strbuf_cstr(&report), mca, why))
        status = INCORE_MCA_FAILED;
    strbuf_release(&report);
    return status;
}

/* llvm-mca's report of one loop body read into *mca; a chain through a folded load's
 * register raises its chain floor to the cycles of the body with that load unfolded
 * (incore_unfold_carried), when llvm-mca measures that body too; a body with zmm
 * registers, not chain-bound, is measured again with them as ymm (incore_zmm_as_ymm),
 * when llvm-mca takes it, into ymm_cycles. */
static incore_status analysis_mca(const incore_request *req, const incore_loop *l,
                                  incore_mca *mca, strbuf *why)
{
    incore_status status = analysis_mca_body(req, l->body, mca, why);
    strbuf other = STRBUF_INIT, other_why = STRBUF_INIT;
    incore_mca u;
    if (status == INCORE_OK && incore_unfold_carried(l->body, &other) &&
        analysis_mca_body(req, strbuf_cstr(&other), &u, &other_why) == INCORE_OK)
        mca->chain_floor_cycles = fmax(mca->chain_floor_cycles, u.cycles_per_iteration);
    strbuf_release(&other);
    if (status == INCORE_OK && !incore_chain_bound(mca) && incore_zmm_as_ymm(l->body, &other) &&
        analysis_mca_body(req, strbuf_cstr(&other), &u, &other_why) == INCORE_OK)
        mca->ymm_cycles = u.cycles_per_iteration;
    strbuf_release(&other);
    strbuf_release(&other_why);
    return status;
}

/* llvm-mca's add latency for req's -mcpu and program, asked once a process, and its add
 * throughputs at 256 and 512 bits when widths is asked (once too). */
static const add_latency *cache_add_latency(const incore_request *req, bool widths)
{
    add_latency *a = NULL;
    for (unsigned k = 0; k < cache.nlatencies && !a; k++)
        if (same_text(cache.latencies[k].mcpu, req->mcpu) &&
            same_text(cache.latencies[k].mca, req->mca))
            a = &cache.latencies[k];
    strbuf why = STRBUF_INIT;
    if (!a) {
        double cycles;
        incore_mca_add_latency(req->mca, req->mcpu, &cycles, &why);
        cache.latencies =
            mem_realloc(cache.latencies, (cache.nlatencies + 1) * sizeof *cache.latencies);
        a = &cache.latencies[cache.nlatencies++];
        *a = (add_latency){.mcpu = req->mcpu ? mem_strdup(req->mcpu) : NULL,
                           .mca = req->mca ? mem_strdup(req->mca) : NULL,
                           .cycles = cycles};
    }
    if (widths && !a->widths) {
        incore_mca_add_throughput(req->mca, req->mcpu, 256, &a->ymm_cycles, &why);
        incore_mca_add_throughput(req->mca, req->mcpu, 512, &a->zmm_cycles, &why);
        a->widths = true;
    }
    strbuf_release(&why);
    return a;
}

/* The remainder loop of r's, when the assembly has one that llvm-mca can measure. */
static void analysis_remainder(incore_result *r, const compiled *c, const incore_request *req)
{
    strbuf why = STRBUF_INIT;
    r->has_remainder = incore_find_remainder(c->assembly, req->source, req->first_line,
                                             req->last_line, req->element_size, &r->loop,
                                             &r->remainder) &&
                       analysis_mca(req, &r->remainder, &r->remainder_mca, &why) == INCORE_OK;
    if (r->has_remainder)
        r->remainder_cycles_per_source_iteration =
            r->remainder_mca.cycles_per_iteration / r->remainder.source_iterations;
    strbuf_release(&why);
}

/* The code run once an entry of r's loop, when the assembly has an enclosing loop and
 * llvm-mca can measure that code: its micro-ops at the dispatch width, as it overlaps
 * with the loop's passes on the execution ports (perf_incore.c, "Code an entry"). */
static void analysis_entry(incore_result *r, const compiled *c, const incore_request *req)
{
    strbuf body = STRBUF_INIT, why = STRBUF_INIT;
    incore_mca mca;
    if (incore_find_entry_code(c->assembly, req->source, &r->loop, &body,
                               &r->entry_instructions) &&
        analysis_mca_body(req, strbuf_cstr(&body), &mca, &why) == INCORE_OK)
        r->entry_cycles = mca.dispatch_cycles > 0
                              ? fmin(mca.dispatch_cycles, mca.cycles_per_iteration)
                              : mca.cycles_per_iteration;
    strbuf_release(&body);
    strbuf_release(&why);
}

/* The loop found in the compiled assembly and measured by llvm-mca, into a. */
static void analysis_run(analysis *a, const compiled *c, const incore_request *req)
{
    strbuf why = STRBUF_INIT;
    incore_result *r = &a->result;
    a->status = c->status;
    if (c->status != INCORE_OK)
        strbuf_append(&why, c->why);
    else
        a->status = incore_find_loop(c->assembly, req->source, req->first_line, req->last_line,
                                     req->element_size, &r->loop, &why);
    if (a->status == INCORE_OK)
        a->status = analysis_mca(req, &r->loop, &r->mca, &why);
    if (a->status == INCORE_OK) {
        r->cycles_per_source_iteration = r->mca.cycles_per_iteration / r->loop.source_iterations;
        analysis_remainder(r, c, req);
        const add_latency *adds = cache_add_latency(
            req, r->mca.ymm_cycles > 0 || (r->has_remainder && r->remainder_mca.ymm_cycles > 0));
        r->mca_add_latency = adds->cycles;
        r->mca_ymm_add_cycles = adds->ymm_cycles;
        r->mca_zmm_add_cycles = adds->zmm_cycles;
        analysis_entry(r, c, req);
        strbuf divide_why = STRBUF_INIT;
        if (r->loop.divides || (r->has_remainder && r->remainder.divides))
            incore_mca_divide_cycles(req->mca, req->mcpu, &r->mca_divide_cycles, &divide_why);
        strbuf_release(&divide_why);
    }
    a->why = strbuf_take(&why);
}

static analysis *cache_add(uint64_t hash, const incore_request *req)
{
    cache.analyses = mem_realloc(cache.analyses, (cache.nanalyses + 1) * sizeof *cache.analyses);
    analysis *a = mem_alloc(sizeof *a);
    cache.analyses[cache.nanalyses++] = a;
    *a = (analysis){.hash = hash,
                    .source = mem_strdup(req->source),
                    .command = mem_strdup(req->compiler),
                    .mcpu = req->mcpu ? mem_strdup(req->mcpu) : NULL,
                    .mca = req->mca ? mem_strdup(req->mca) : NULL,
                    .first_line = req->first_line,
                    .last_line = req->last_line,
                    .element_size = req->element_size};
    a->result.compiler = a->command;
    return a;
}

/* The analysis of req into a fresh a: from the disk when a run before did it, else done
 * and kept there. */
static void analysis_fill(analysis *a, uint64_t hash, const incore_request *req)
{
    char *key = incore_disk_key(req, hash);
    incore_result stored;
    if (key && incore_disk_load(key, &stored)) {
        a->result = stored;
        a->result.compiler = a->command;
        a->status = INCORE_OK;
        cache.disk_hits++;
    } else {
        analysis_run(a, cache_compile(hash, req), req);
        if (key && a->status == INCORE_OK)
            incore_disk_store(key, &a->result);
    }
    free(key);
}

incore_status incore_analyze(const incore_request *req, const incore_result **out,
                             strbuf *why)
{
    *out = NULL;
    uint64_t hash;
    if (!source_hash(req->source, &hash)) {
        strbuf_printf(why, "cannot read %s", req->source);
        return INCORE_COMPILE_FAILED;
    }
    pthread_mutex_lock(&cache.lock);
    analysis *a = cache_find(hash, req);
    if (a) {
        cache.hits++;
    } else {
        a = cache_add(hash, req);
        analysis_fill(a, hash, req);
    }
    incore_status status = a->status;
    if (status == INCORE_OK)
        *out = &a->result;
    else
        strbuf_append(why, a->why);
    pthread_mutex_unlock(&cache.lock);
    return status;
}

unsigned incore_disk_hits(void)
{
    pthread_mutex_lock(&cache.lock);
    unsigned hits = cache.disk_hits;
    pthread_mutex_unlock(&cache.lock);
    return hits;
}

unsigned incore_cache_hits(void)
{
    pthread_mutex_lock(&cache.lock);
    unsigned hits = cache.hits;
    pthread_mutex_unlock(&cache.lock);
    return hits;
}

void incore_cache_clear(void)
{
    pthread_mutex_lock(&cache.lock);
    for (unsigned k = 0; k < cache.ncompiles; k++) {
        free(cache.compiles[k].source);
        free(cache.compiles[k].command);
        free(cache.compiles[k].assembly);
        free(cache.compiles[k].why);
    }
    for (unsigned k = 0; k < cache.nanalyses; k++) {
        analysis *a = cache.analyses[k];
        free(a->source);
        free(a->command);
        free(a->mcpu);
        free(a->mca);
        free(a->why);
        incore_loop_release(&a->result.loop);
        incore_loop_release(&a->result.remainder);
        free(a);
    }
    for (unsigned k = 0; k < cache.nlatencies; k++) {
        free(cache.latencies[k].mcpu);
        free(cache.latencies[k].mca);
    }
    free(cache.compiles);
    free(cache.analyses);
    free(cache.latencies);
    cache.compiles = NULL;
    cache.analyses = NULL;
    cache.latencies = NULL;
    cache.ncompiles = cache.nanalyses = cache.nlatencies = 0;
    cache.hits = cache.disk_hits = 0;
    pthread_mutex_unlock(&cache.lock);
}
