#include "stats.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "fileio.h"
#include "json_out.h"
#include "strbuf.h"

static int64_t stats_end(void)
{
    int64_t end = 0;
    for (int i = 0; i < simon_core_task_count(); i++) {
        simon_task_view v;
        simon_core_task_view(i, &v);
        if (v.finish_ns > end)
            end = v.finish_ns;
    }
    return end;
}

static void text_link(void *ctx, const char *name, const sw_link *l)
{
    strbuf_printf(ctx, "  %-16s %10lld %12lld %14lld\n", name, (long long)l->msgs,
                  (long long)l->bytes, (long long)l->busy_ns);
}

static void text_traffic(strbuf *out, const stats_source *src)
{
    strbuf_printf(out, "\nlinks:\n  %-16s %10s %12s %14s\n", "name", "msgs", "bytes", "busy_ns");
    if (src->model->links)
        src->model->links(src->sw, text_link, out);
    size_t n;
    simon_circuit_view *c = simon_core_circuits(&n);
    strbuf_printf(out, "\ncircuits:\n  %-16s %6s %6s %10s %12s\n", "fifo", "src", "dst", "msgs",
                  "bytes");
    for (size_t i = 0; i < n; i++)
        strbuf_printf(out, "  %-16s %6d %6d %10lld %12lld\n", c[i].fifo, c[i].src, c[i].dst,
                      (long long)c[i].msgs, (long long)c[i].bytes);
    free(c);
}

void stats_text(strbuf *out, const stats_source *src)
{
    int64_t end = stats_end();
    strbuf_printf(out, "SIMON statistics: switch %s, end %lld ns, %lld events, %d tasks\n\n",
                  src->model->name, (long long)end, (long long)simon_core_events(),
                  simon_core_task_count());
    strbuf_printf(out, "%6s %-16s %-8s %12s %12s %12s %12s %8s %12s %8s %12s\n", "id", "name",
                  "state", "finish_ns", "run_ns", "wait_ns", "idle_ns", "sent", "sent_bytes",
                  "recv", "recv_bytes");
    for (int i = 0; i < simon_core_task_count(); i++) {
        simon_task_view v;
        simon_core_task_view(i, &v);
        strbuf_printf(out, "%6d %-16s %-8s %12lld %12lld %12lld %12lld %8lld %12lld %8lld %12lld\n",
                      v.id, v.name, v.state, (long long)v.finish_ns, (long long)v.run_ns,
                      (long long)v.wait_ns, (long long)(end - v.finish_ns), (long long)v.sent,
                      (long long)v.sent_bytes, (long long)v.recv, (long long)v.recv_bytes);
    }
    if (src->traffic)
        text_traffic(out, src);
}

static void json_int(json_out *w, const char *key, int64_t v)
{
    json_key(w, key);
    json_number(w, (double)v);
}

static void json_link(void *ctx, const char *name, const sw_link *l)
{
    json_out *w = ctx;
    json_object_begin(w);
    json_key(w, "name");
    json_string(w, name);
    json_int(w, "msgs", l->msgs);
    json_int(w, "bytes", l->bytes);
    json_int(w, "busy_ns", l->busy_ns);
    json_object_end(w);
}

static void json_tasks(json_out *w, int64_t end)
{
    json_key(w, "tasks");
    json_array_begin(w);
    for (int i = 0; i < simon_core_task_count(); i++) {
        simon_task_view v;
        simon_core_task_view(i, &v);
        json_object_begin(w);
        json_int(w, "id", v.id);
        json_key(w, "name");
        json_string(w, v.name);
        json_key(w, "state");
        json_string(w, v.state);
        json_int(w, "finish_ns", v.finish_ns);
        json_int(w, "run_ns", v.run_ns);
        json_int(w, "wait_ns", v.wait_ns);
        json_int(w, "idle_ns", end - v.finish_ns);
        json_int(w, "sent", v.sent);
        json_int(w, "sent_bytes", v.sent_bytes);
        json_int(w, "recv", v.recv);
        json_int(w, "recv_bytes", v.recv_bytes);
        json_object_end(w);
    }
    json_array_end(w);
}

static void json_traffic(json_out *w, const stats_source *src)
{
    json_key(w, "links");
    json_array_begin(w);
    if (src->model->links)
        src->model->links(src->sw, json_link, w);
    json_array_end(w);
    size_t n;
    simon_circuit_view *c = simon_core_circuits(&n);
    json_key(w, "circuits");
    json_array_begin(w);
    for (size_t i = 0; i < n; i++) {
        json_object_begin(w);
        json_key(w, "fifo");
        json_string(w, c[i].fifo);
        json_int(w, "src", c[i].src);
        json_int(w, "dst", c[i].dst);
        json_int(w, "msgs", c[i].msgs);
        json_int(w, "bytes", c[i].bytes);
        json_object_end(w);
    }
    json_array_end(w);
    free(c);
}

void stats_json(strbuf *out, const stats_source *src)
{
    json_out w = JSON_OUT_INIT(out);
    int64_t end = stats_end();
    json_object_begin(&w);
    json_key(&w, "switch");
    json_string(&w, src->model->name);
    json_int(&w, "end_ns", end);
    json_int(&w, "events", simon_core_events());
    json_tasks(&w, end);
    if (src->traffic)
        json_traffic(&w, src);
    json_object_end(&w);
    strbuf_append(out, "\n");
    json_out_release(&w);
}

static bool stats_write_text(FILE *out, void *ctx)
{
    return fileio_flush_text(out, ctx);
}

bool stats_write(const char *report, const char *json, const stats_source *src)
{
    strbuf text = STRBUF_INIT;
    stats_text(&text, src);
    fflush(stdout);
    bool ok = fileio_write_atomic(report ? report : "-", stats_write_text, &text);
    strbuf_release(&text);
    if (json) {
        stats_json(&text, src);
        ok = fileio_write_atomic(json, stats_write_text, &text) && ok;
        strbuf_release(&text);
    }
    return ok;
}
