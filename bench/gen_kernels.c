/* gen_kernels: writes a large, deterministic C11 file of loop-nest kernels
 * for the measuretool benchmark.
 *
 * Each function is one nest of depth 1-3 (for, while or do at each level)
 * over float or double arrays passed as restrict pointers (flat, with integer
 * index arithmetic) or as VLA parameters.  The innermost body mixes stencil
 * updates, scalar reductions, integer index arithmetic and <math.h> calls;
 * outer bodies compute weights and boundary values, so every level does work
 * the analyzer has to look at.  A small xorshift generator seeded from
 * -seed makes the file the same on every machine. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 3, MAX_INPUTS = 3, MAX_TERMS = 5 };

typedef enum loop_kind { LOOP_FOR, LOOP_WHILE, LOOP_DO } loop_kind;

/* The shape of one generated function. */
typedef struct kernel {
    int depth;
    bool is_float;
    bool vla;
    bool reduction;
    bool trailing_sweep; /* a 1D loop after the nest, into the reduction */
    int ninputs;
    loop_kind kinds[MAX_DEPTH];
    bool weight[MAX_DEPTH]; /* the level's body defines w<level> */
} kernel;

typedef struct gen {
    FILE *out;
    uint64_t rng;
    kernel k;
    int nlocals; /* integer temporaries of the current innermost body */
} gen;

static const char *const index_names[MAX_DEPTH] = {"i", "j", "k"};
static const char *const input_names[MAX_INPUTS] = {"in0", "in1", "in2"};

/* xorshift64; the seed is mixed first so that small seeds differ at once. */
static void rng_seed(gen *g, uint64_t seed)
{
    uint64_t z = seed + 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    z ^= z >> 31;
    g->rng = z ? z : 1;
}

static unsigned rng_below(gen *g, unsigned n)
{
    g->rng ^= g->rng << 13;
    g->rng ^= g->rng >> 7;
    g->rng ^= g->rng << 17;
    return (unsigned)(g->rng % n);
}

static bool rng_chance(gen *g, unsigned percent)
{
    return rng_below(g, 100) < percent;
}

static void put(gen *g, const char *s)
{
    fputs(s, g->out);
}

static void putf(gen *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(g->out, fmt, ap);
    va_end(ap);
}

static void put_indent(gen *g, int indent)
{
    for (int i = 0; i < indent; i++)
        put(g, "    ");
}

static void line(gen *g, int indent, const char *fmt, ...)
{
    put_indent(g, indent);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(g->out, fmt, ap);
    va_end(ap);
    put(g, "\n");
}

static const char *elem_type(const gen *g)
{
    return g->k.is_float ? "float" : "double";
}

/* The float variant of a libm function carries an f suffix. */
static void put_math(gen *g, const char *name)
{
    putf(g, "%s%s(", name, g->k.is_float ? "f" : "");
}

static void put_const(gen *g)
{
    putf(g, "%u.%03u%s", rng_below(g, 3), rng_below(g, 999) + 1, g->k.is_float ? "f" : "");
}

static void put_index(gen *g, int level, int offset)
{
    if (offset == 0)
        put(g, index_names[level]);
    else
        putf(g, "%s %c 1", index_names[level], offset > 0 ? '+' : '-');
}

/* Levels below `live` index with their loop variable plus an offset; the
 * others with the constant 1, the first interior point. */
static void put_subscript(gen *g, int level, int live, const int *offsets)
{
    if (level < live)
        put_index(g, level, offsets[level]);
    else
        put(g, "1");
}

/* A flat array is indexed row-major through the extents n1 and n2. */
static void put_access(gen *g, const char *array, int live, const int *offsets)
{
    put(g, array);
    if (g->k.vla) {
        for (int l = 0; l < g->k.depth; l++) {
            put(g, "[");
            put_subscript(g, l, live, offsets);
            put(g, "]");
        }
        return;
    }
    put(g, "[");
    for (int l = 0; l + 2 < g->k.depth; l++)
        put(g, "(");
    for (int l = 0; l < g->k.depth; l++) {
        bool wrap = l == 0 && g->k.depth > 1 && live > 0 && offsets[0] != 0;
        if (l > 0)
            put(g, " + ");
        put(g, wrap ? "(" : "");
        put_subscript(g, l, live, offsets);
        put(g, wrap ? ")" : "");
        if (l + 1 < g->k.depth)
            putf(g, l == 0 ? " * n%d" : ") * n%d", l + 1);
    }
    put(g, "]");
}

static void put_input_access(gen *g)
{
    int offsets[MAX_DEPTH];
    for (int l = 0; l < MAX_DEPTH; l++)
        offsets[l] = (int)rng_below(g, 3) - 1;
    put_access(g, input_names[rng_below(g, (unsigned)g->k.ninputs)], g->k.depth, offsets);
}

static void put_out_here(gen *g)
{
    static const int centre[MAX_DEPTH] = {0, 0, 0};
    put_access(g, "out", g->k.depth, centre);
}

/* One operand of an innermost expression. */
static void put_term(gen *g)
{
    switch (rng_below(g, 8)) {
    case 0:
    case 1:
        put_input_access(g);
        break;
    case 2:
        put(g, "(");
        put_input_access(g);
        put(g, " - ");
        put_input_access(g);
        put(g, ")");
        break;
    case 3:
        put_math(g, "sqrt");
        put_math(g, "fabs");
        put_input_access(g);
        put(g, "))");
        break;
    case 4:
        put_math(g, "exp");
        put(g, "-");
        put_const(g);
        put(g, " * ");
        put_input_access(g);
        put(g, ")");
        break;
    default:
        put_const(g);
        put(g, " * ");
        put_input_access(g);
        break;
    }
}

static void put_terms(gen *g, unsigned min, unsigned max)
{
    static const char *const ops[] = {" + ", " - ", " + ", " * "};
    unsigned n = min + rng_below(g, max - min + 1);
    for (unsigned t = 0; t < n; t++) {
        if (t > 0)
            put(g, ops[rng_below(g, sizeof ops / sizeof ops[0])]);
        put_term(g);
    }
}

/* The first statement writes the output point, scaled by the weights of
 * the outer levels so that each weight is used. */
static void emit_stencil(gen *g, int indent)
{
    put_indent(g, indent);
    put_out_here(g);
    put(g, " = ");
    bool weighted = false;
    for (int l = 0; l < g->k.depth; l++) {
        if (g->k.weight[l]) {
            putf(g, "w%d * ", l);
            weighted = true;
        }
    }
    put(g, weighted ? "(" : "");
    put_terms(g, 2, MAX_TERMS);
    put(g, weighted ? ");\n" : ";\n");
}

static void emit_update(gen *g, int indent)
{
    put_indent(g, indent);
    put_out_here(g);
    put(g, rng_chance(g, 50) ? " += " : " *= ");
    put_terms(g, 1, 2);
    put(g, ";\n");
}

static void emit_reduction(gen *g, int indent)
{
    put_indent(g, indent);
    put(g, "acc += ");
    put_term(g);
    put(g, " * ");
    put_out_here(g);
    put(g, ";\n");
}

/* Integer arithmetic on the loop variables, then used as a coefficient. */
static void emit_index_arith(gen *g, int indent)
{
    int q = g->nlocals++;
    put_indent(g, indent);
    putf(g, "const int q%d = (", q);
    for (int l = 0; l < g->k.depth; l++)
        putf(g, "%s%s * %u", l ? " + " : "", index_names[l], rng_below(g, 9) + 1);
    putf(g, ") %% %u - %u;\n", rng_below(g, 13) + 2, rng_below(g, 4));
    put_indent(g, indent);
    put_out_here(g);
    putf(g, " += (%s)q%d * ", elem_type(g), q);
    put_term(g);
    put(g, ";\n");
}

static void emit_innermost(gen *g, int indent)
{
    g->nlocals = 0;
    emit_stencil(g, indent);
    unsigned extra = rng_below(g, 3);
    for (unsigned s = 0; s < extra; s++) {
        switch (rng_below(g, 3)) {
        case 0:
            emit_update(g, indent);
            break;
        case 1:
            emit_index_arith(g, indent);
            break;
        default:
            if (g->k.reduction)
                emit_reduction(g, indent);
            else
                emit_update(g, indent);
            break;
        }
    }
    if (g->k.reduction)
        emit_reduction(g, indent);
}

static void emit_level(gen *g, int level, int indent);

/* An outer body: its weight, the inner loop, then a boundary value. */
static void emit_outer_body(gen *g, int level, int indent)
{
    const char *t = elem_type(g);
    if (g->k.weight[level]) {
        put_indent(g, indent);
        putf(g, "const %s w%d = ", t, level);
        put_math(g, "exp");
        put(g, "-");
        put_const(g);
        putf(g, " * (%s)%s);\n", t, index_names[level]);
    }
    emit_level(g, level + 1, indent);
    static const int centre[MAX_DEPTH] = {0, 0, 0};
    put_indent(g, indent);
    put_access(g, "out", level + 1, centre);
    put(g, " += ");
    put_const(g);
    put(g, " * ");
    put_access(g, "in0", level + 1, centre);
    put(g, ";\n");
    if (g->k.reduction && g->k.weight[level])
        line(g, indent, "acc += w%d;", level);
}

static void emit_body(gen *g, int level, int indent)
{
    if (level + 1 == g->k.depth)
        emit_innermost(g, indent);
    else
        emit_outer_body(g, level, indent);
}

/* Every level runs over the interior 1 .. n-2, so the +-1 offsets stay in
 * bounds; while and do keep their counter in a block of their own. */
static void emit_level(gen *g, int level, int indent)
{
    const char *v = index_names[level];
    switch (g->k.kinds[level]) {
    case LOOP_FOR:
        line(g, indent, "for (int %s = 1; %s < n%d - 1; %s++) {", v, v, level, v);
        emit_body(g, level, indent + 1);
        line(g, indent, "}");
        break;
    case LOOP_WHILE:
        line(g, indent, "{");
        line(g, indent + 1, "int %s = 1;", v);
        line(g, indent + 1, "while (%s < n%d - 1) {", v, level);
        emit_body(g, level, indent + 2);
        line(g, indent + 2, "%s++;", v);
        line(g, indent + 1, "}");
        line(g, indent, "}");
        break;
    case LOOP_DO:
        line(g, indent, "{");
        line(g, indent + 1, "int %s = 1;", v);
        line(g, indent + 1, "do {");
        emit_body(g, level, indent + 2);
        line(g, indent + 2, "%s++;", v);
        line(g, indent + 1, "} while (%s < n%d - 1);", v, level);
        line(g, indent, "}");
        break;
    }
}

static void emit_trailing_sweep(gen *g)
{
    static const int centre[MAX_DEPTH] = {0, 0, 0};
    line(g, 1, "for (int i = 0; i < n0; i++)");
    put_indent(g, 2);
    put(g, "acc += ");
    put_math(g, "fabs");
    put_access(g, "out", 1, centre);
    put(g, ");\n");
}

static void put_array_param(gen *g, const char *qual, const char *name)
{
    const char *t = elem_type(g);
    if (!g->k.vla) {
        putf(g, ", %s%s *restrict %s", qual, t, name);
        return;
    }
    putf(g, ", %s%s %s", qual, t, name);
    for (int l = 0; l < g->k.depth; l++)
        putf(g, "[n%d]", l);
}

static void emit_signature(gen *g, unsigned index)
{
    putf(g, "%s kernel_%05u(", g->k.reduction ? "double" : "void", index);
    for (int l = 0; l < g->k.depth; l++)
        putf(g, "%sint n%d", l ? ", " : "", l);
    put_array_param(g, "", "out");
    for (int a = 0; a < g->k.ninputs; a++)
        put_array_param(g, "const ", input_names[a]);
    put(g, ")\n");
}

/* Extents below 3 leave no interior; the do loops would run once anyway. */
static void emit_guard(gen *g)
{
    put_indent(g, 1);
    put(g, "if (");
    for (int l = 0; l < g->k.depth; l++)
        putf(g, "%sn%d < 3", l ? " || " : "", l);
    put(g, ")\n");
    line(g, 2, g->k.reduction ? "return 0.0;" : "return;");
}

static void choose_kernel(gen *g)
{
    static const unsigned depth_percent[MAX_DEPTH] = {25, 40, 35};
    kernel *k = &g->k;
    unsigned r = rng_below(g, 100);
    k->depth = r < depth_percent[0] ? 1 : r < depth_percent[0] + depth_percent[1] ? 2 : 3;
    k->is_float = rng_chance(g, 40);
    k->vla = rng_chance(g, 50);
    k->reduction = rng_chance(g, 50);
    k->trailing_sweep = k->reduction && rng_chance(g, 30);
    k->ninputs = 1 + (int)rng_below(g, MAX_INPUTS);
    for (int l = 0; l < MAX_DEPTH; l++) {
        unsigned kind = rng_below(g, 10);
        k->kinds[l] = kind < 6 ? LOOP_FOR : kind < 8 ? LOOP_WHILE : LOOP_DO;
        k->weight[l] = l + 1 < k->depth && rng_chance(g, 60);
    }
}

static void emit_function(gen *g, unsigned index)
{
    choose_kernel(g);
    emit_signature(g, index);
    put(g, "{\n");
    emit_guard(g);
    if (g->k.reduction)
        line(g, 1, "double acc = 0.0;");
    emit_level(g, 0, 1);
    if (g->k.trailing_sweep)
        emit_trailing_sweep(g);
    if (g->k.reduction)
        line(g, 1, "return acc;");
    put(g, "}\n\n");
}

static void emit_file(gen *g, unsigned functions, unsigned long seed)
{
    putf(g, "/* Generated by gen_kernels -functions %u -seed %lu; do not edit. */\n", functions,
         seed);
    put(g, "#include <math.h>\n\n");
    for (unsigned f = 0; f < functions; f++)
        emit_function(g, f);
}

/* -templates N: C++17, N function templates (every fourth a class
 * template's member instead) over std::vector, pointers and
 * std::complex, each instantiated for float and double by run_all: the
 * analyzer walks every instance, clang instantiates each once. */
static void emit_template_body(gen *g, unsigned f, int indent)
{
    static const char *const ops[] = {"+", "-", "*"};
    const char *op = ops[rng_below(g, 3)];
    line(g, indent, "T acc = T(0);");
    line(g, indent, "for (int i = 1; i < n - 1; i++) {");
    line(g, indent + 1, "a[i] = b[i - 1] %s T(%u.5) * c[i + 1] - b.at(i);", op, rng_below(g, 9));
    line(g, indent + 1, "acc += a[i] * b[i];");
    line(g, indent, "}");
    if (rng_chance(g, 50)) {
        line(g, indent, "for (int j = 0; j < n; j++)");
        line(g, indent + 1, "for (int k = 0; k < %u; k++)", 2 + f % 5);
        line(g, indent + 2, "a[j] += std::sqrt(b.data()[j] + T(k)) / T(%u);", 1 + f % 7);
    }
    line(g, indent, "for (auto &x : a)");
    line(g, indent + 1, "x = x * acc %s T(1);", op);
    if (f % 5 == 0) {
        line(g, indent, "for (int i = 1; i < n; i++)");
        line(g, indent + 1, "z[i] = z[i] * z[i - 1] + std::complex<T>(c[i], acc);");
    } else {
        line(g, indent, "(void)z;");
    }
    line(g, indent, "return acc;");
}

static void emit_template(gen *g, unsigned f)
{
    static const char params[] =
        "(std::vector<T> &a, const std::vector<T> &b, const T *c, std::complex<T> *z, int n)";
    put(g, "template <typename T>\n");
    if (f % 4 == 3) {
        putf(g, "struct Grid%u {\n", f);
        putf(g, "    T scale;\n    T smooth%s\n    {\n", params);
        emit_template_body(g, f, 2);
        put(g, "    }\n};\n\n");
        return;
    }
    putf(g, "T t%u%s\n{\n", f, params);
    emit_template_body(g, f, 1);
    put(g, "}\n\n");
}

static void emit_templates(gen *g, unsigned templates, unsigned long seed)
{
    putf(g, "/* Generated by gen_kernels -templates %u -seed %lu; do not edit. */\n", templates,
         seed);
    put(g, "#include <cmath>\n#include <complex>\n#include <vector>\n\n");
    for (unsigned f = 0; f < templates; f++)
        emit_template(g, f);
    put(g, "double run_all(int n)\n{\n");
    line(g, 1, "std::vector<float> af(n), bf(n);");
    line(g, 1, "std::vector<double> ad(n), bd(n);");
    line(g, 1, "std::vector<std::complex<float>> zf(n);");
    line(g, 1, "std::vector<std::complex<double>> zd(n);");
    line(g, 1, "double s = 0;");
    for (unsigned f = 0; f < templates; f++) {
        if (f % 4 == 3) {
            line(g, 1, "s += Grid%u<float>().smooth(af, bf, bf.data(), zf.data(), n);", f);
            line(g, 1, "s += Grid%u<double>().smooth(ad, bd, bd.data(), zd.data(), n);", f);
        } else {
            line(g, 1, "s += t%u(af, bf, bf.data(), zf.data(), n);", f);
            line(g, 1, "s += t%u(ad, bd, bd.data(), zd.data(), n);", f);
        }
    }
    line(g, 1, "return s;");
    put(g, "}\n");
}

/* -loops N: one function of N sequential loops, each over its own loop
 * variable and updating its own scalar, to show how a run grows with the
 * number of loops in one function. */
static void emit_sequential_loops(gen *g, unsigned loops, unsigned long seed)
{
    static const char *const ops[] = {"+", "-", "*"};
    putf(g, "/* Generated by gen_kernels -loops %u -seed %lu; do not edit. */\n", loops, seed);
    put(g, "double sequential(int n, const double *restrict x, double *restrict y, double s)\n{\n");
    line(g, 1, "double acc = 0.0;");
    for (unsigned l = 0; l < loops; l++) {
        const char *op = ops[rng_below(g, 3)];
        line(g, 1, "for (int i%u = 0; i%u < n; i%u++) {", l, l, l);
        line(g, 2, "y[i%u] = y[i%u] %s s * x[i%u + %u];", l, l, op, l, l % 4);
        line(g, 2, "acc += y[i%u];", l);
        line(g, 1, "}");
    }
    line(g, 1, "return acc;");
    put(g, "}\n");
}

static void usage(void)
{
    fputs("usage: gen_kernels [-functions N | -loops N | -templates N] [-seed S] -o FILE\n",
          stderr);
}

static bool parse_number(const char *opt, const char *text, unsigned long max,
                         unsigned long *value)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(text, &end, 10);
    if (errno || end == text || *end || text[0] == '-' || v > max) {
        fprintf(stderr, "gen_kernels: error: %s needs a number up to %lu, not '%s'\n", opt, max,
                text);
        return false;
    }
    *value = v;
    return true;
}

typedef struct options {
    /* loops, templates: 0, or -loops N (-templates N) instead of functions */
    unsigned long functions, loops, templates, seed;
    const char *output;
} options;

static bool parse_option(options *o, const char *opt, const char *value)
{
    if (!strcmp(opt, "-functions"))
        return parse_number(opt, value, 1000000, &o->functions);
    if (!strcmp(opt, "-loops"))
        return parse_number(opt, value, 10000000, &o->loops);
    if (!strcmp(opt, "-templates"))
        return parse_number(opt, value, 1000000, &o->templates);
    if (!strcmp(opt, "-seed"))
        return parse_number(opt, value, ULONG_MAX, &o->seed);
    o->output = value;
    return true;
}

static bool parse_args(int argc, char **argv, options *o)
{
    *o = (options){.functions = 4000, .loops = 0, .templates = 0, .seed = 1, .output = NULL};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-functions") && strcmp(a, "-loops") && strcmp(a, "-templates") &&
            strcmp(a, "-seed") && strcmp(a, "-o")) {
            fprintf(stderr, "gen_kernels: error: unknown option '%s'\n", a);
            return false;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "gen_kernels: error: option '%s' needs a value\n", a);
            return false;
        }
        if (!parse_option(o, a, argv[++i]))
            return false;
    }
    if (!o->output)
        fputs("gen_kernels: error: no output file (-o FILE.c)\n", stderr);
    return o->output != NULL;
}

int main(int argc, char **argv)
{
    options o;
    if (!parse_args(argc, argv, &o)) {
        usage();
        return 2;
    }
    gen g = {.out = fopen(o.output, "w")};
    if (!g.out) {
        fprintf(stderr, "gen_kernels: error: cannot write '%s': %s\n", o.output, strerror(errno));
        return 1;
    }
    rng_seed(&g, o.seed);
    if (o.loops)
        emit_sequential_loops(&g, (unsigned)o.loops, o.seed);
    else if (o.templates)
        emit_templates(&g, (unsigned)o.templates, o.seed);
    else
        emit_file(&g, (unsigned)o.functions, o.seed);
    bool failed = ferror(g.out) != 0;
    if (fclose(g.out) != 0 || failed) {
        fprintf(stderr, "gen_kernels: error: failed while writing '%s'\n", o.output);
        return 1;
    }
    return 0;
}
