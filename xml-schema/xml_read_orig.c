/* xml_read_orig: the dialect the ExaSAT tools themselves wrote, into the
 * loop model (README.md here, "The ExaSAT tools' own dialect", says what
 * maps where and what is lost).
 *
 * The walk follows xml_read.c's: tables of element name -> reader, one per
 * parent element.  What differs:
 *   - an `if` or `else` block becomes a loop of one iteration (bounds 0..0,
 *     no loop variable) whose probability is the block's, so that its
 *     operations, and the loops in it, count with that weight;
 *   - an access's `offset` + `dependentloopvar` tuples become an lm_access:
 *     each dimension follows the enclosing loop (or block) whose variable it
 *     names, counted in levels from the access's own, or no loop (-1); an
 *     entry a * v + b (hpgmg's restriction reads "2 * k") advances a
 *     elements per iteration of v's loop (the access's scale) and adds b to
 *     the offset;
 *   - an array's ghost is computed from its accesses, as measuretool does;
 *   - counts on a function are its operations outside every loop; scalars
 *     and arrays at function level have no place in the model. */
#include "xml_read_common.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "loop_model.h"
#include "mem.h"
#include "bound_expr.h"
#include "strbuf.h"

/* ---- Tuples of texts: "(i,j,k,)", "(- 1,0,irho)", "()" ---- */

typedef struct xml_orig_tuple {
    unsigned n;
    char **entry; /* in the arena, spaces around each removed */
} xml_orig_tuple;

/* The entries of a parenthesized tuple (the schema checked the
 * parentheses); commas inside nested parentheses do not split. */
static xml_orig_tuple xml_orig_split(xml_reader *r, const char *text)
{
    xml_orig_tuple t = {0, NULL};
    const char *s = xml_skip_space(text) + 1;
    const char *end = strrchr(s, ')');
    if (!end)
        end = s + strlen(s);
    if (*xml_skip_space(s) == ')' && xml_skip_space(s) == end)
        return t;
    unsigned cap = 1;
    for (const char *c = s; c < end; c++)
        cap += *c == ',';
    t.entry = arena_alloc(r->p->arena, cap * sizeof *t.entry);
    int depth = 0;
    const char *start = s;
    for (const char *c = s;; c++) {
        if (c < end && *c == '(')
            depth++;
        else if (c < end && *c == ')')
            depth--;
        if (c < end && (*c != ',' || depth > 0))
            continue;
        const char *a = xml_skip_space(start), *b = c;
        while (b > a && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '\n' || b[-1] == '\r'))
            b--;
        char *e = arena_alloc(r->p->arena, (size_t)(b - a) + 1);
        memcpy(e, a, (size_t)(b - a));
        t.entry[t.n++] = e;
        start = c + 1;
        if (c >= end)
            break;
    }
    return t;
}

/* An offset that is an integer constant ("-1", "- 1", "+-1", "3"). */
static bool xml_orig_offset_value(const char *text, long *value)
{
    bexpr_result v = bexpr_eval(text, NULL);
    if (!v.ok || v.value < LONG_MIN || v.value > LONG_MAX)
        return false;
    *value = (long)v.value;
    return true;
}

/* The level, from `from` (0) outwards, of the loop whose variable is name;
 * -1 when no enclosing loop has it. */
static int xml_orig_level(const lm_loop *from, const char *name)
{
    int level = 0;
    for (const lm_loop *l = from; l; l = l->parent, level++)
        if (l->bounds.loopvar && !strcmp(l->bounds.loopvar, name))
            return level;
    return -1;
}

/* What one dependentloopvar entry says of its dimension: the subscript is
 * scale * (the variable of the loop `level` levels out) + shift. */
typedef struct xml_orig_dim {
    int level;   /* -1: no loop (an empty entry) */
    long scale;  /* elements per iteration of that loop */
    long shift;  /* added to the dimension's offset */
} xml_orig_dim;

/* The longest name of an identifier (letters, digits, '_') starting at s. */
static size_t xml_orig_ident_len(const char *s)
{
    size_t n = 0;
    while (s[n] == '_' || (s[n] >= 'a' && s[n] <= 'z') || (s[n] >= 'A' && s[n] <= 'Z') ||
           (n > 0 && s[n] >= '0' && s[n] <= '9'))
        n++;
    return n;
}

/* An entry: "", a loop variable ("k"), or an affine expression of one
 * ("2 * k", "2*k+1", "k * 2 - 1").  The variable is the one identifier the
 * entry holds; the entry, with whole numbers for the variable, must be
 * a * v + b: its value at 0, 1 and 2 gives b and a and checks that.  False
 * with *problem set when it is not (another symbol, v * v, v / 2). */
static bool xml_orig_dim_of(const lm_loop *from, const char *entry, xml_orig_dim *dim,
                            char *problem, size_t size)
{
    *dim = (xml_orig_dim){-1, 1, 0};
    if (!*entry)
        return true;
    const char *var = NULL;
    size_t var_len = 0;
    for (const char *c = entry; *c;) {
        size_t n = (*c >= '0' && *c <= '9') ? 0 : xml_orig_ident_len(c);
        if (n == 0) {
            c++;
            continue;
        }
        if (var && (n != var_len || strncmp(var, c, n))) {
            snprintf(problem, size, "'%.80s' is not a whole multiple of one loop variable "
                     "plus a whole number", entry);
            return false;
        }
        var = c;
        var_len = n;
        c += n;
    }
    char name[128];
    if (!var || var_len >= sizeof name) {
        snprintf(problem, size, "'%.80s' names no loop variable", entry);
        return false;
    }
    memcpy(name, var, var_len);
    name[var_len] = '\0';
    dim->level = xml_orig_level(from, name);
    if (dim->level < 0) {
        snprintf(problem, size, "'%.100s' is the variable of no enclosing loop", name);
        return false;
    }
    if (!strcmp(entry, name))
        return true;
    long long at[3];
    bexpr_bindings *b = bexpr_bindings_create();
    bool ok = true;
    for (int v = 0; v < 3 && ok; v++) {
        bexpr_bindings_set(b, name, v);
        bexpr_result e = bexpr_eval(entry, b);
        ok = e.ok && e.value > LONG_MIN / 4 && e.value < LONG_MAX / 4;
        at[v] = e.value;
    }
    bexpr_bindings_free(&b);
    if (!ok || at[2] - at[1] != at[1] - at[0] || at[1] == at[0]) {
        snprintf(problem, size, "'%.80s' is not a whole multiple of '%.40s' plus a whole number",
                 entry, name);
        return false;
    }
    dim->scale = (long)(at[1] - at[0]);
    dim->shift = (long)at[0];
    return true;
}

/* ---- Elements ---- */

/* An access: each dimension's offset and the loop variable it follows. */
static void xml_orig_read_access(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    const char *offset_text = xml_text(r, node, "offset");
    const char *vars_text = xml_text(r, node, "dependentloopvar");
    xml_orig_tuple off = xml_orig_split(r, offset_text);
    xml_orig_tuple vars = xml_orig_split(r, vars_text);
    bool shaped = off.n == vars.n;
    lm_access *x = lm_array_ref_add_access(r->p, at->array, off.n, shaped ? off.n : 0);
    bool relative = shaped, any_loop = false, all_constant = true, default_order = true;
    for (unsigned d = 0; d < off.n; d++) {
        long value = 0;
        bool constant = xml_orig_offset_value(off.entry[d], &value);
        all_constant &= constant;
        x->index[d] = constant ? value : 0;
        if (!shaped)
            continue;
        xml_orig_dim dim;
        char problem[200];
        if (!xml_orig_dim_of(at->loop, vars.entry[d], &dim, problem, sizeof problem)) {
            xml_bad_value(r, node, "dependentloopvar", vars_text, problem);
            return;
        }
        if (dim.level >= 0) {
            any_loop = true;
            relative &= constant;
        }
        x->index[d] += dim.shift;
        if (dim.scale != 1 && !x->scale)
            x->scale = lm_access_add_scale(r->p, x);
        if (x->scale)
            x->scale[d] = dim.scale;
        x->order[d] = dim.level;
        default_order &= dim.level == (int)d;
    }
    x->relative = relative && any_loop;
    if (shaped && default_order) {
        x->norder = 0;
        x->order = NULL;
    }
    if (!x->relative || !all_constant)
        x->subscript = offset_text;
    x->reads = xml_count(r, node, "reads", ULONG_MAX);
    x->writes = xml_count(r, node, "writes", ULONG_MAX);
}

static const xml_child xml_orig_array_children[] = {
    {"access", xml_orig_read_access},
    {NULL, NULL},
};

/* The ghost the writer gives C arrays: per dimension the smallest and the
 * largest offset of the relative accesses that follow a loop there, (0,0)
 * where none does. */
static void xml_orig_ghost(lm_program *p, lm_array_ref *a)
{
    unsigned ndims = 0;
    for (const lm_access *x = a->accesses; x; x = x->next)
        if (x->ndims > ndims)
            ndims = x->ndims;
    lm_ghost_init(p, &a->ghost, ndims);
    bool *seen = mem_alloc((ndims ? ndims : 1) * sizeof *seen);
    for (const lm_access *x = a->accesses; x; x = x->next) {
        for (unsigned d = 0; x->relative && d < x->ndims; d++) {
            if (x->order && x->order[d] < 0)
                continue;
            long v = x->index[d];
            a->ghost.neg[d] = seen[d] && a->ghost.neg[d] < v ? a->ghost.neg[d] : v;
            a->ghost.pos[d] = seen[d] && a->ghost.pos[d] > v ? a->ghost.pos[d] : v;
            seen[d] = true;
        }
    }
    free(seen);
}

/* writeread (written, then read) is both, as readwrite. */
static lm_access_type xml_orig_access_type(const char *value)
{
    if (!strcmp(value, "readonly"))
        return LM_READONLY;
    return !strcmp(value, "writeonly") ? LM_WRITEONLY : LM_READWRITE;
}

static void xml_orig_read_array(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_loop *l = at->loop;
    const char *name = xml_text(r, node, "name");
    const char *component = xml_text(r, node, "component");
    const char *datatype = xml_text(r, node, "datatype");
    lm_array_ref *a = lm_loop_add_array_ref(r->p, l, name, component, datatype, 0);
    a->access_type = xml_orig_access_type(xml_text(r, node, "accesstype"));
    a->structure = xml_attr_or_null(r, node, "struct");
    xml_scope inner = *at;
    inner.array = a;
    xml_read_children(r, &inner, node, xml_orig_array_children);
    xml_orig_ghost(r->p, a);
    unsigned long size = lm_datatype_size(datatype);
    if (!size)
        l->complete = false;
    /* Each component of an array is its own data: U%irho and U%imx. */
    strbuf key = STRBUF_INIT;
    strbuf_printf(&key, *component ? "%s%%%s" : "%s", name, component);
    lm_arrays_note(r->p, &l->own_arrays, strbuf_cstr(&key), name, datatype, size,
                   a->access_type != LM_WRITEONLY, a->access_type != LM_READONLY, ++r->seq);
    strbuf_release(&key);
}

/* A funccall: the called function's name as the source wrote it. */
static void xml_orig_read_funccall(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    unsigned line = (unsigned)xml_count(r, node, "linenum", UINT_MAX);
    const char *name = xml_attr_or_null(r, node, "origname");
    if (!name)
        name = xml_text(r, node, "name");
    lm_function_add_call(r->p, at->fn, at->loop, line, name);
}

static void xml_orig_read_loop(xml_reader *r, const xml_scope *at, const xmlNode *node);
static void xml_orig_read_if(xml_reader *r, const xml_scope *at, const xmlNode *node);
static void xml_orig_read_else(xml_reader *r, const xml_scope *at, const xmlNode *node);

static const xml_child xml_orig_loop_children[] = {
    {"scalar", xml_read_scalar},
    {"array", xml_orig_read_array},
    {"loop", xml_orig_read_loop},
    {"if", xml_orig_read_if},
    {"else", xml_orig_read_else},
    {"funccall", xml_orig_read_funccall},
    {"functioncall", xml_read_call},
    {"pininfo", xml_read_pininfo},
    {NULL, NULL},
};

static lm_loop *xml_orig_add_loop(xml_reader *r, const xml_scope *at, const xmlNode *node,
                                  const char *line_attr)
{
    unsigned line = (unsigned)xml_count(r, node, line_attr, UINT_MAX);
    lm_loop *l = lm_function_add_loop(r->p, at->fn, at->loop, LM_LOOP_FOR,
                                      (lm_location){r->name, line, 1});
    xml_read_counts(r, node, &l->own);
    return l;
}

static void xml_orig_read_loop(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_loop *l = xml_orig_add_loop(r, at, node, "linenum");
    l->bounds = (lm_bounds){
        .loopvar = xml_attr_or_null(r, node, "loopvar"),
        .lower = xml_attr_or_null(r, node, "lowerbound"),
        .upper = xml_attr_or_null(r, node, "upperbound"),
        .stride = xml_attr_or_null(r, node, "stride"),
    };
    xml_scope inner = *at;
    inner.loop = l;
    xml_read_children(r, &inner, node, xml_orig_loop_children);
}

/* An if or else block: a loop of one iteration with the block's chance. */
static void xml_orig_read_block(xml_reader *r, const xml_scope *at, const xmlNode *node,
                                const char *line_attr, double probability)
{
    lm_loop *l = xml_orig_add_loop(r, at, node, line_attr);
    l->bounds = (lm_bounds){NULL, "0", "0", "1"};
    l->probability = probability;
    xml_scope inner = *at;
    inner.loop = l;
    xml_read_children(r, &inner, node, xml_orig_loop_children);
}

static void xml_orig_read_if(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    xml_orig_read_block(r, at, node, "linenum", xml_probability(r, node, "probability"));
}

/* The if an else belongs to: the nearest if before it with its line. */
static const xmlNode *xml_orig_if_of(const xmlNode *node)
{
    xmlChar *line = xmlGetProp(node, BAD_CAST "iflinenum");
    const xmlNode *found = NULL;
    for (const xmlNode *s = node->prev; s && !found; s = s->prev) {
        if (s->type != XML_ELEMENT_NODE || strcmp((const char *)s->name, "if"))
            continue;
        xmlChar *l = xmlGetProp(s, BAD_CAST "linenum");
        if (l && line && !strcmp((const char *)l, (const char *)line))
            found = s;
        xmlFree(l);
    }
    xmlFree(line);
    return found;
}

/* An else without a probability takes what its if leaves: 1 - p when the
 * if gives p, else 1 (both arms counted, as measuretool counts C). */
static void xml_orig_read_else(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    double probability = 1.0;
    const xmlNode *the_if = xml_orig_if_of(node);
    if (xmlHasProp(node, BAD_CAST "probability"))
        probability = xml_probability(r, node, "probability");
    else if (the_if && xmlHasProp(the_if, BAD_CAST "probability"))
        probability = 1.0 - xml_probability(r, the_if, "probability");
    xml_orig_read_block(r, at, node, "iflinenum", probability);
}

static const xml_child xml_orig_function_children[] = {
    {"local", xml_read_local},
    {"nonlocal", xml_read_nonlocal},
    {"loop", xml_orig_read_loop},
    {"if", xml_orig_read_if},
    {"else", xml_orig_read_else},
    {"funccall", xml_orig_read_funccall},
    {"functioncall", xml_read_call},
    {"comm", xml_read_comm},
    {NULL, NULL},
};

static void xml_orig_read_function(xml_reader *r, const xml_scope *at, const xmlNode *node)
{
    lm_location loc = {r->name, xml_line(node), 1};
    xml_scope inner = *at;
    inner.fn = lm_file_add_function(r->p, at->file, xml_text(r, node, "name"), loc);
    inner.fn->start = inner.fn->loc;
    xml_read_counts(r, node, &inner.fn->own);
    xml_read_children(r, &inner, node, xml_orig_function_children);
}

static const xml_child xml_orig_program_children[] = {
    {"function", xml_orig_read_function},
    {NULL, NULL},
};

bool xml_orig_read_program(lm_program *p, const char *name, const xmlDoc *doc)
{
    xml_reader r = {p, name, 0, true};
    xml_scope at = {.file = lm_file_create(p, name)};
    const xmlNode *root = xmlDocGetRootElement(doc);
    if (root)
        xml_read_children(&r, &at, root, xml_orig_program_children);
    if (r.ok)
        lm_program_append_file(p, at.file);
    return r.ok;
}
