/* xml_read: an ExaSAT XML document (README.md here) into the loop model.
 *
 * A read has three steps, and the program is touched only when all passed:
 *   1. libxml2 parses the text; 2. the document is validated against the
 *      schema of its dialect, each error reported at the document's line
 *      (both in xml_read_common.c);
 *   3. the elements are walked into a fresh lm_file, checking what the schema
 *      cannot (numbers that do not fit the model's types, an indexorder that
 *      does not match its index); the file is appended to the program last.
 * This file walks the specification's dialect; xml_read_orig.c the ExaSAT
 * tools' own.  The walk is driven by tables of element name -> reader, one
 * per parent element.  Strings are copied into the program's arena; a
 * failed read may leave unreachable memory there, which dies with the
 * program. */
#include "exasat_xml.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "diag.h"
#include "fileio.h"
#include "loop_model.h"
#include "mem.h"
#include "shard.h"
#include "xml_read_common.h"

/* ---- Tuples ---- */

typedef enum xml_scan {
    XML_SCAN_OK,
    XML_SCAN_SYNTAX,
    XML_SCAN_RANGE,
} xml_scan;

/* One integer in [min, max] at *s, leaving *s after it. */
static xml_scan xml_scan_long(const char **s, long min, long max, long *v)
{
    const char *start = xml_skip_space(*s);
    char *end;
    errno = 0;
    *v = strtol(start, &end, 10);
    if (end == start)
        return XML_SCAN_SYNTAX;
    *s = end;
    return errno == ERANGE || *v < min || *v > max ? XML_SCAN_RANGE : XML_SCAN_OK;
}

static bool xml_scan_char(const char **s, char c)
{
    *s = xml_skip_space(*s);
    if (**s != c)
        return false;
    (*s)++;
    return true;
}

/* The entries of a flat tuple at s: one more than its commas before ')',
 * none for "()". */
static unsigned xml_tuple_entries(const char *s)
{
    s = xml_skip_space(s);
    if (*s == '(')
        s = xml_skip_space(s + 1);
    if (*s == ')')
        return 0;
    unsigned n = 1;
    for (; *s && *s != ')'; s++)
        n += *s == ',';
    return n;
}

/* "(v0, v1, ...)" with exactly n entries in [min, max] at *s, into v. */
static xml_scan xml_scan_tuple(const char **s, unsigned n, long min, long max, long *v)
{
    if (!xml_scan_char(s, '('))
        return XML_SCAN_SYNTAX;
    xml_scan worst = XML_SCAN_OK;
    for (unsigned i = 0; i < n; i++) {
        xml_scan got = xml_scan_long(s, min, max, &v[i]);
        if (got == XML_SCAN_SYNTAX)
            return got;
        if (got != XML_SCAN_OK)
            worst = got;
        if (i + 1 < n && !xml_scan_char(s, ','))
            return XML_SCAN_SYNTAX;
    }
    return xml_scan_char(s, ')') ? worst : XML_SCAN_SYNTAX;
}

static void xml_report_scan(xml_reader *r, const xmlNode *node, const char *attr,
                            const char *value, xml_scan got, const char *type)
{
    if (got == XML_SCAN_SYNTAX)
        xml_bad_value(r, node, attr, value, "not a tuple of integers");
    else if (got == XML_SCAN_RANGE)
        xml_bad_value(r, node, attr, value,
                      !strcmp(type, "int") ? "an entry does not fit an int"
                                           : "an entry does not fit a long");
}

/* A tuple "(a, b, ...)" of integers that fit `type` ("long" or "int"):
 * its entries in the arena (*n of them); false after a reported error. */
static bool xml_parse_tuple(xml_reader *r, const xmlNode *node, const char *attr,
                            const char *value, const char *type, long **entries, unsigned *n)
{
    bool is_int = !strcmp(type, "int");
    *n = xml_tuple_entries(value);
    *entries = arena_alloc(r->p->arena, (*n ? *n : 1) * sizeof **entries);
    const char *s = value;
    xml_scan got = xml_scan_tuple(&s, *n, is_int ? INT_MIN : LONG_MIN,
                                  is_int ? INT_MAX : LONG_MAX, *entries);
    if (got == XML_SCAN_OK && *xml_skip_space(s))
        got = XML_SCAN_SYNTAX;
    xml_report_scan(r, node, attr, value, got, type);
    return got == XML_SCAN_OK;
}

/* A ghost "((n0,p0),(n1,p1),...)" into g (in the arena); false after a
 * reported error. */
static bool xml_parse_ghost(xml_reader *r, const xmlNode *node, const char *attr,
                            const char *value, lm_ghost *g)
{
    unsigned pairs = 0;
    for (const char *c = value; *c; c++)
        pairs += *c == '(';
    pairs = pairs ? pairs - 1 : 0;
    lm_ghost_init(r->p, g, pairs);
    const char *s = value;
    xml_scan got = xml_scan_char(&s, '(') ? XML_SCAN_OK : XML_SCAN_SYNTAX;
    for (unsigned d = 0; d < pairs && got != XML_SCAN_SYNTAX; d++) {
        long pair[2] = {0, 0};
        xml_scan one = xml_scan_tuple(&s, 2, LONG_MIN, LONG_MAX, pair);
        if (one != XML_SCAN_OK)
            got = one;
        g->neg[d] = pair[0];
        g->pos[d] = pair[1];
        if (one != XML_SCAN_SYNTAX && d + 1 < pairs && !xml_scan_char(&s, ','))
            got = XML_SCAN_SYNTAX;
    }
    if (got != XML_SCAN_SYNTAX && (!xml_scan_char(&s, ')') || *xml_skip_space(s)))
        got = XML_SCAN_SYNTAX;
    xml_report_scan(r, node, attr, value, got, "long");
    return got == XML_SCAN_OK;
}

/* ---- Step 3: the elements ---- */

/* An access's optional tuple of one entry per dimension of its index
 * (indexorder, scale): true when absent or when it parses with as many
 * entries as index; otherwise false, reported. */
static bool xml_parse_dims(xml_reader *r, const xmlNode *node, const char *attr,
                           const char *text, const char *type, const char *index_text,
                           unsigned nindex, long **out, unsigned *n)
{
    if (!text)
        return true;
    if (!xml_parse_tuple(r, node, attr, text, type, out, n))
        return false;
    if (*n == nindex)
        return true;
    diag_at(DIAG_ERROR, r->name, xml_line(node), 1,
            "<access> attribute %s=\"%s\" has %u entries, index=\"%s\" has %u", attr, text, *n,
            index_text, nindex);
    r->ok = false;
    return false;
}

static void xml_read_access(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    const char *index_text = xml_text(r, node, "index");
    const char *order_text = xml_attr(r, node, "indexorder");
    const char *scale_text = xml_attr(r, node, "scale");
    long *index, *order = NULL, *scale = NULL;
    unsigned nindex, norder = 0, nscale = 0;
    if (!xml_parse_tuple(r, node, "index", index_text, "long", &index, &nindex))
        return;
    if (!xml_parse_dims(r, node, "indexorder", order_text, "int", index_text, nindex, &order,
                        &norder) ||
        !xml_parse_dims(r, node, "scale", scale_text, "long", index_text, nindex, &scale, &nscale))
        return;
    for (unsigned d = 0; d < nscale; d++) {
        if (scale[d] == 0) {
            xml_bad_value(r, node, "scale", scale_text,
                          "a dimension advances a whole number of elements, not 0");
            return;
        }
    }
    for (unsigned d = 0; d < norder; d++) {
        if (order[d] < -1) {
            xml_bad_value(r, node, "indexorder", order_text,
                          "a loop level is 0 or more, or -1 for none");
            return;
        }
    }
    lm_access *x = lm_array_ref_add_access(r->p, at->array, nindex, norder);
    for (unsigned d = 0; d < nindex; d++)
        x->index[d] = index[d];
    for (unsigned d = 0; d < norder; d++)
        x->order[d] = (int)order[d];
    x->scale = scale;
    x->relative = xml_bool(r, node, "isRelative");
    x->subscript = xml_attr(r, node, "subscript");
    x->reads = xml_count(r, node, "reads", ULONG_MAX);
    x->writes = xml_count(r, node, "writes", ULONG_MAX);
}

static const xml_child xml_array_children[] = {
    {"access", xml_read_access},
    {NULL, NULL},
};

static lm_access_type xml_access_type(const char *value)
{
    for (lm_access_type t = LM_READONLY; t <= LM_READWRITE; t++)
        if (!strcmp(value, lm_access_type_name(t)))
            return t;
    return LM_READWRITE;
}

static void xml_read_array(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_loop *l = at->loop;
    const char *name = xml_text(r, node, "name");
    const char *datatype = xml_text(r, node, "datatype");
    lm_array_ref *a = lm_loop_add_array_ref(r->p, l, name, xml_text(r, node, "component"),
                                            datatype, 0);
    a->access_type = xml_access_type(xml_text(r, node, "accesstype"));
    a->structure = xml_attr_or_null(r, node, "struct");
    xml_parse_ghost(r, node, "ghost", xml_text(r, node, "ghost"), &a->ghost);
    /* elementbytes (ours) sizes what datatype only names: a struct, a union, a typedef. */
    const char *bytes = xml_attr(r, node, "elementbytes");
    if (bytes)
        a->elem_bytes = xml_parse_count(r, node, "elementbytes", bytes, ULONG_MAX);
    unsigned long size = a->elem_bytes ? a->elem_bytes : lm_datatype_size(datatype);
    if (!size)
        l->complete = false;
    lm_arrays_note(r->p, &l->own_arrays, name, name, datatype, size,
                   a->access_type != LM_WRITEONLY, a->access_type != LM_READONLY, ++r->seq);
    xml_scope inner = *at;
    inner.array = a;
    xml_read_children(r, &inner, node, xml_array_children);
}

void xml_read_scalar(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_scalar *s = lm_loop_add_scalar(r->p, at->loop, xml_text(r, node, "name"),
                                      xml_text(r, node, "datatype"));
    s->is_constant = xml_bool(r, node, "isConstant");
    s->reads = xml_count(r, node, "reads", ULONG_MAX);
    s->writes = xml_count(r, node, "writes", ULONG_MAX);
    s->declared = xmlHasProp(node, BAD_CAST "declared") && xml_bool(r, node, "declared");
    s->structure = xml_attr_or_null(r, node, "struct");
}

void xml_read_pininfo(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    if (at->loop->pininfo) {
        diag_at(DIAG_ERROR, r->name, xml_line(node), 1, "a loop has at most one <pininfo>");
        r->ok = false;
        return;
    }
    lm_pininfo *pi = arena_alloc(r->p->arena, sizeof *pi);
    for (lm_pin_field f = 0; f < LM_PIN_NFIELDS; f++) {
        const char *value = xml_attr(r, node, lm_pin_field_name(f));
        if (!value)
            continue;
        pi->present[f] = true;
        pi->value[f] = xml_parse_count(r, node, lm_pin_field_name(f), value, ULONG_MAX);
    }
    at->loop->pininfo = pi;
}

static void xml_read_loop(xml_reader *r, const xml_scope *at, const xmlNode *node);

static const xml_child xml_loop_children[] = {
    {"scalar", xml_read_scalar},
    {"array", xml_read_array},
    {"loop", xml_read_loop},
    {"functioncall", xml_read_call},
    {"pininfo", xml_read_pininfo},
    {NULL, NULL},
};

static void xml_read_loop(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    unsigned line = (unsigned)xml_count(r, node, "linenum", UINT_MAX);
    lm_loop *l = lm_function_add_loop(r->p, at->fn, at->loop, LM_LOOP_FOR,
                                      (lm_location){r->name, line, 1});
    l->bounds = (lm_bounds){
        .loopvar = xml_attr_or_null(r, node, "loopvar"),
        .lower = xml_attr_or_null(r, node, "lowerbound"),
        .upper = xml_attr_or_null(r, node, "upperbound"),
        .stride = xml_attr_or_null(r, node, "stride"),
    };
    xml_read_counts(r, node, &l->own);
    l->probability = xml_probability(r, node, "probability");
    l->omp = lm_omp_parse(xml_attr_or_null(r, node, "omp")); /* the schema checked its text */
    xml_scope inner = *at;
    inner.loop = l;
    xml_read_children(r, &inner, node, xml_loop_children);
}

void xml_read_local(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_function_add_var(r->p, at->fn, true, xml_text(r, node, "name"));
}

void xml_read_nonlocal(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_function_add_var(r->p, at->fn, false, xml_text(r, node, "name"));
}

static void xml_read_argument(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_call_add_arg(r->p, at->fn->last_call, xml_text(r, node, "text"));
}

static const xml_child xml_call_children[] = {
    {"argument", xml_read_argument},
    {NULL, NULL},
};

/* Absent extension counts are 0 (xml_count reads them so). */
void xml_read_call(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    unsigned line = (unsigned)xml_count(r, node, "linenum", UINT_MAX);
    lm_call *c = lm_function_add_call(r->p, at->fn, at->loop, line, xml_text(r, node, "name"));
    xml_read_counts(r, node, &c->added);
    c->added_load_bytes = xml_count(r, node, "loadbytes", ULONG_MAX);
    c->added_store_bytes = xml_count(r, node, "storebytes", ULONG_MAX);
    c->indirect = xmlHasProp(node, BAD_CAST "indirect") && xml_bool(r, node, "indirect");
    xml_read_children(r, at, node, xml_call_children);
}

static void xml_read_parameter(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    const char *name = xml_attr(r, node, "name");
    lm_function_add_param(r->p, at->fn, name ? name : "");
}

static void xml_read_commscalar(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_comm_add_var(r->p, at->comm, false, xml_text(r, node, "name"),
                    xml_text(r, node, "datatype"));
}

static void xml_read_commarray(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_comm_var *v = lm_comm_add_var(r->p, at->comm, true, xml_text(r, node, "name"),
                                     xml_text(r, node, "datatype"));
    v->components = xml_count(r, node, "numofcomponents", ULONG_MAX);
    xml_parse_ghost(r, node, "ghost", xml_text(r, node, "ghost"), &v->ghost);
    v->count = xml_attr(r, node, "count");
}

static const xml_child xml_comm_children[] = {
    {"commscalar", xml_read_commscalar},
    {"commarray", xml_read_commarray},
    {NULL, NULL},
};

void xml_read_comm(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    unsigned line = (unsigned)xml_count(r, node, "linenum", UINT_MAX);
    xml_scope inner = *at;
    inner.comm = lm_function_add_comm(r->p, at->fn, line, xml_text(r, node, "commtype"),
                                      xml_text(r, node, "interface"));
    xml_read_children(r, &inner, node, xml_comm_children);
}

static const xml_child xml_function_children[] = {
    {"parameter", xml_read_parameter},
    {"local", xml_read_local},
    {"nonlocal", xml_read_nonlocal},
    {"loop", xml_read_loop},
    {"functioncall", xml_read_call},
    {"comm", xml_read_comm},
    {NULL, NULL},
};

static void xml_read_function(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_location loc = {r->name, xml_line(node), 1};
    xml_scope inner = *at;
    inner.fn = lm_file_add_function(r->p, at->file, xml_text(r, node, "name"), loc);
    inner.fn->start = inner.fn->loc;
    xml_read_children(r, &inner, node, xml_function_children);
}

static const xml_child xml_program_children[] = {
    {"function", xml_read_function},
    {NULL, NULL},
};

/* The model of a valid document, appended to p only when every value fit. */
static bool xml_read_program(lm_program *p, const char *name, const xmlDoc *doc)
{
    xml_reader r = {p, name, 0, true};
    xml_scope at = {.file = lm_file_create(p, name)};
    const xmlNode *root = xmlDocGetRootElement(doc);
    if (root)
        xml_read_children(&r, &at, root, xml_program_children);
    if (r.ok)
        lm_program_append_file(p, at.file);
    return r.ok;
}

/* ---- The API ---- */

/* The content of the document's <?aitool-shard ...?>, to free(); NULL when
 * it has none. */
static char *xml_shard_line(const xmlDoc *doc)
{
    for (const xmlNode *n = doc->children; n; n = n->next) {
        if (n->type == XML_PI_NODE && !strcmp((const char *)n->name, XML_SHARD_TARGET))
            return mem_strdup(n->content ? (const char *)n->content : "");
    }
    return NULL;
}

/* ---- Which dialect a document is in ---- */

static bool xml_has_attr(const xmlNode *n, const char *attr)
{
    return xmlHasProp(n, BAD_CAST attr) != NULL;
}

/* What only the tools' dialect has, at this element. */
static bool xml_marks_original(const xmlNode *n)
{
    const char *name = (const char *)n->name;
    const char *parent = n->parent && n->parent->type == XML_ELEMENT_NODE
                             ? (const char *)n->parent->name
                             : "";
    if (!strcmp(name, "if") || !strcmp(name, "else") || !strcmp(name, "funccall"))
        return true;
    if (!strcmp(name, "function"))
        return xml_has_attr(n, "adds") || xml_has_attr(n, "multiplies") ||
               xml_has_attr(n, "divides") || xml_has_attr(n, "specials");
    if (!strcmp(name, "access"))
        return xml_has_attr(n, "offset") || xml_has_attr(n, "dependentloopvar");
    if (!strcmp(name, "scalar"))
        return xml_has_attr(n, "accesstype") || !strcmp(parent, "function");
    if (!strcmp(name, "array"))
        return !strcmp(parent, "function");
    return false;
}

/* The document has what only the ExaSAT tools' dialect has (counts on a
 * function, an access with an offset, an if element, ...). */
static bool xml_is_original(const xmlDoc *doc)
{
    const xmlNode *n = xmlDocGetRootElement(doc);
    /* Pre-order, without recursion: documents may nest 2048 deep. */
    while (n) {
        if (n->type == XML_ELEMENT_NODE && xml_marks_original(n))
            return true;
        if (n->type == XML_ELEMENT_NODE && n->children) {
            n = n->children;
            continue;
        }
        while (n && !n->next)
            n = n->parent && n->parent->type == XML_ELEMENT_NODE ? n->parent : NULL;
        n = n ? n->next : NULL;
    }
    return false;
}

/* shard (may be NULL) gets the document's shard line, when it has one. */
static bool xml_read_memory_as(lm_program *p, const char *name, const char *text, size_t len,
                               xml_dialect dialect, char **shard)
{
    bool original;
    xmlDoc *doc = xml_load(name, text, len, dialect, xml_is_original, &original);
    bool ok = doc && (original ? xml_orig_read_program(p, name, doc)
                               : xml_read_program(p, name, doc));
    if (ok && shard)
        *shard = xml_shard_line(doc);
    xmlFreeDoc(doc);
    return ok;
}

bool xml_read_memory(lm_program *p, const char *name, const char *text, size_t len)
{
    return xml_read_memory_as(p, name, text, len, XML_DIALECT_AUTO, NULL);
}

static bool xml_read_file_shard(lm_program *p, const char *path, xml_dialect dialect,
                                char **shard)
{
    char *text = fileio_read_text(path, "XML file");
    if (!text)
        return false;
    bool ok = xml_read_memory_as(p, path, text, strlen(text), dialect, shard);
    free(text);
    return ok;
}

bool xml_read_file_as(lm_program *p, const char *path, xml_dialect dialect)
{
    return xml_read_file_shard(p, path, dialect, NULL);
}

bool xml_read_file(lm_program *p, const char *path)
{
    return xml_read_file_as(p, path, XML_DIALECT_AUTO);
}

/* ---- Merging the slices of a run ---- */

/* Each input read into a program of its own, so that they join in slice
 * order; its shard line checked. */
static bool xml_merge_read(const char *path, lm_program **p, shard_info *s)
{
    *p = lm_program_create();
    char *line = NULL;
    if (!xml_read_file_shard(*p, path, XML_DIALECT_AUTO, &line))
        return false;
    bool ok = line && shard_parse_text(line, s);
    if (!ok)
        diag_at(DIAG_ERROR, path, 1, 1,
                line ? "its <?" XML_SHARD_TARGET "?> is not \"TOOL, slice K/N, T files, "
                       "database HASH\""
                     : "not the ExaSAT XML of a slice: it has no <?" XML_SHARD_TARGET
                       "?> (write it with -shard K/N)");
    free(line);
    return ok;
}

bool xml_merge_files(const char *out, const char *const *inputs, int n)
{
    size_t count = n > 0 ? (size_t)n : 1;
    lm_program **parts = mem_alloc(count * sizeof *parts);
    shard_info *shards = mem_alloc(count * sizeof *shards);
    bool ok = n > 0;
    for (int i = 0; i < n; i++)
        ok &= xml_merge_read(inputs[i], &parts[i], &shards[i]);
    ok = ok && shard_check_whole(shards, inputs, (size_t)n);
    lm_program *whole = lm_program_create();
    for (unsigned k = 1; ok && k <= shards[0].slices; k++)
        for (int i = 0; i < n; i++)
            if (shards[i].slice == k)
                lm_program_absorb(whole, &parts[i]);
    if (ok) {
        lm_program_finish(whole);
        ok = xml_write_file(out, whole, NULL);
    }
    lm_program_free(&whole);
    for (int i = 0; i < n; i++)
        lm_program_free(&parts[i]);
    free(parts);
    free(shards);
    return ok;
}
