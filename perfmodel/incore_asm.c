/* The assembly side of the in-core model: finding a source loop in the compiler's AT&T
 * assembly by its line information, and reading from the loop's instructions how many
 * source iterations one pass of it covers and whether it is vectorized.
 *
 * Line information: `.file N "name"` (or `.file N "dir" "name"`, DWARF 5) numbers the
 * files, `.loc N LINE COL` says which line the instructions after it come from.  A file
 * is the source asked for when the last path components agree (the compiler may be given
 * the file by another path than the caller's). */
#include "incore.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "mem.h"

/* One line of the assembly that matters: a label or an instruction with its source line
 * (0 when it comes from no line of the source asked for, -1 when from another file's). */
typedef struct asm_line {
    bool is_label;
    char *text;       /* the label's name, or the instruction as written */
    long line;
} asm_line;

typedef struct asm_text {
    asm_line *lines;
    unsigned n, cap;
    bool *ours;       /* by file number: the file is the source asked for */
    unsigned nours;
} asm_text;

static void asm_push(asm_text *t, bool is_label, const char *text, size_t len, long line)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 256;
        t->lines = mem_realloc(t->lines, t->cap * sizeof *t->lines);
    }
    char *copy = mem_alloc(len + 1);
    memcpy(copy, text, len);
    t->lines[t->n++] = (asm_line){is_label, copy, line};
}

static void asm_free(asm_text *t)
{
    for (unsigned i = 0; i < t->n; i++)
        free(t->lines[i].text);
    free(t->lines);
    free(t->ours);
}

/* The length of s up to a `#` comment outside quotes, trailing blanks dropped. */
static size_t asm_code_length(const char *s, size_t len)
{
    bool quoted = false;
    size_t end = 0;
    for (size_t i = 0; i < len && (quoted || s[i] != '#'); i++) {
        if (s[i] == '"' && (i == 0 || s[i - 1] != '\\'))
            quoted = !quoted;
        end = i + 1;
    }
    while (end > 0 && isspace((unsigned char)s[end - 1]))
        end--;
    return end;
}

/* `.file N "a" ["b"] ...`: the last quoted string before anything else is the name. */
static void asm_file_directive(asm_text *t, const char *s, const char *source)
{
    char *end;
    long num = strtol(s, &end, 10);
    if (end == s || num < 0 || num > 1000000)
        return;
    const char *name = NULL;
    size_t name_len = 0;
    for (const char *p = end; (p = strchr(p, '"')) != NULL;) {
        const char *close = strchr(p + 1, '"');
        if (!close)
            return;
        const char *after = close + 1;
        while (*after == ' ' || *after == '\t')
            after++;
        name = p + 1;
        name_len = (size_t)(close - name);
        if (*after != '"')
            break;
        p = after;
    }
    if (!name)
        return;
    char *copy = mem_alloc(name_len + 1);
    memcpy(copy, name, name_len);
    bool ours = !strcmp(fileio_basename(copy), fileio_basename(source));
    free(copy);
    if ((unsigned long)num >= t->nours) {
        unsigned grown = (unsigned)num + 1;
        t->ours = mem_realloc(t->ours, grown * sizeof *t->ours);
        memset(t->ours + t->nours, 0, (grown - t->nours) * sizeof *t->ours);
        t->nours = grown;
    }
    t->ours[num] = ours;
}

/* `.loc N LINE ...`: the source line of the instructions that follow. */
static long asm_loc_directive(const asm_text *t, const char *s)
{
    char *end;
    long num = strtol(s, &end, 10);
    long line = strtol(end, NULL, 10);
    if (num < 0 || (unsigned long)num >= t->nours || !t->ours[num])
        return -1;
    return line;
}

static void asm_read_line(asm_text *t, const char *s, size_t len, const char *source,
                          long *loc)
{
    while (len > 0 && isspace((unsigned char)*s))
        s++, len--;
    len = asm_code_length(s, len);
    if (len == 0)
        return;
    if (s[0] == '.' && len > 6 && !strncmp(s, ".file", 5) && isspace((unsigned char)s[5])) {
        char *copy = mem_alloc(len + 1);
        memcpy(copy, s + 5, len - 5);
        asm_file_directive(t, copy, source);
        free(copy);
    } else if (s[0] == '.' && len > 5 && !strncmp(s, ".loc", 4) && isspace((unsigned char)s[4])) {
        char *copy = mem_alloc(len + 1);
        memcpy(copy, s + 4, len - 4);
        *loc = asm_loc_directive(t, copy);
        free(copy);
    } else if (s[len - 1] == ':' && !memchr(s, ' ', len) && !memchr(s, '\t', len)) {
        asm_push(t, true, s, len - 1, 0);
    } else if (s[0] != '.') {
        asm_push(t, false, s, len, *loc);
    }
}

static void asm_read(asm_text *t, const char *assembly, const char *source)
{
    memset(t, 0, sizeof *t);
    long loc = 0;
    for (const char *s = assembly; *s;) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        asm_read_line(t, s, len, source, &loc);
        s += len + (nl != NULL);
    }
}

/* The mnemonic of an instruction and where its operands start. */
static size_t insn_mnemonic(const char *insn, const char **operands)
{
    size_t n = strcspn(insn, " \t");
    const char *p = insn + n;
    while (*p == ' ' || *p == '\t')
        p++;
    *operands = p;
    return n;
}

/* The index of the label named by a jump's operand, when it is defined before line i. */
static long asm_backward_target(const asm_text *t, unsigned i)
{
    const char *target;
    size_t n = insn_mnemonic(t->lines[i].text, &target);
    if (t->lines[i].text[0] != 'j' || n < 2 || !*target)
        return -1;
    for (unsigned k = i; k-- > 0;)
        if (t->lines[k].is_label && !strcmp(t->lines[k].text, target))
            return k;
    return -1;
}

/* The instructions between a label and its backward branch come from the lines asked for:
 * at least one of them, and none from another line of the same file; and they hold no
 * other backward branch to a label of theirs (an inner loop: this one is around it). */
static unsigned asm_candidate(const asm_text *t, unsigned from, unsigned to, unsigned first,
                              unsigned last)
{
    unsigned insns = 0, inside = 0;
    for (unsigned k = from; k <= to; k++) {
        const asm_line *l = &t->lines[k];
        if (l->is_label)
            continue;
        if (k < to && asm_backward_target(t, k) >= (long)from)
            return 0;
        insns++;
        if (l->line > 0 && (l->line < (long)first || l->line > (long)last))
            return 0;
        inside += l->line > 0;
    }
    return inside ? insns : 0;
}

/* ---- the step and the vector width ---- */

static const char *const gpr_names[16] = {"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp",
                                          "r8",  "r9",  "r10", "r11", "r12", "r13", "r14", "r15"};

enum { GPR_RBP = 6, GPR_RSP = 7 }; /* their indices in gpr_names */

/* The bytes of a general-purpose register by its name (without %): rax 8, eax and r8d
 * 4, ax and r8w 2, al, ah, sil and r8b 1. */
static unsigned gpr_bytes(const char *name)
{
    size_t len = strlen(name);
    char last = len ? name[len - 1] : '\0';
    if (name[0] == 'r' && isdigit((unsigned char)name[1]))
        return last == 'd' ? 4 : last == 'w' ? 2 : last == 'b' ? 1 : 8;
    if (name[0] == 'r' || name[0] == 'e')
        return name[0] == 'r' ? 8 : 4;
    return last == 'l' || last == 'h' ? 1 : 2;
}

/* The general-purpose register a name (without %) is part of: 0..15, or -1. */
static int gpr_index(const char *name, size_t len)
{
    static const char *const aliases[8][4] = {
        {"eax", "ax", "al", "ah"}, {"ebx", "bx", "bl", "bh"}, {"ecx", "cx", "cl", "ch"},
        {"edx", "dx", "dl", "dh"}, {"esi", "si", "sil", ""},  {"edi", "di", "dil", ""},
        {"ebp", "bp", "bpl", ""},  {"esp", "sp", "spl", ""}};
    char r[8];
    if (len == 0 || len >= sizeof r)
        return -1;
    memcpy(r, name, len);
    r[len] = '\0';
    for (int k = 0; k < 16; k++)
        if (!strcmp(r, gpr_names[k]))
            return k;
    for (int k = 0; k < 8; k++)
        for (int v = 0; v < 4; v++)
            if (aliases[k][v][0] && !strcmp(r, aliases[k][v]))
                return k;
    if (r[0] == 'r' && isdigit((unsigned char)r[1])) {
        char *end;
        long num = strtol(r + 1, &end, 10);
        if (num >= 8 && num <= 15 && (!*end || !strcmp(end, "d") || !strcmp(end, "w") ||
                                      !strcmp(end, "b")))
            return (int)num;
    }
    return -1;
}

/* An operand: a register, an immediate, or memory disp(base,index,scale). */
typedef struct operand {
    enum { OP_REG, OP_IMM, OP_MEM, OP_OTHER } kind;
    int reg;               /* OP_REG: the GPR, or -1 for another register */
    char reg_name[8];      /* OP_REG: its name */
    long long value;       /* OP_IMM; OP_MEM: the displacement */
    int base, index;       /* OP_MEM: GPRs or -1 */
    long long scale;
} operand;

static operand operand_read(const char *s, size_t len)
{
    operand op = {.kind = OP_OTHER, .reg = -1, .base = -1, .index = -1, .scale = 1};
    while (len > 0 && isspace((unsigned char)*s))
        s++, len--;
    while (len > 0 && isspace((unsigned char)s[len - 1]))
        len--;
    if (len > 1 && s[0] == '%') {
        op.kind = OP_REG;
        op.reg = gpr_index(s + 1, len - 1);
        size_t n = len - 1 < sizeof op.reg_name ? len - 1 : sizeof op.reg_name - 1;
        memcpy(op.reg_name, s + 1, n);
        return op;
    }
    if (len > 1 && s[0] == '$') {
        char *end;
        op.value = strtoll(s + 1, &end, 0);
        op.kind = end == s + len ? OP_IMM : OP_OTHER;
        return op;
    }
    const char *open = memchr(s, '(', len);
    if (!open)
        return op;
    op.kind = OP_MEM;
    op.value = strtoll(s, NULL, 0);
    const char *p = open + 1, *close = memchr(open, ')', len - (size_t)(open - s));
    if (!close)
        return op;
    size_t field = strcspn(p, ",)");
    if (field > 1 && p[0] == '%')
        op.base = gpr_index(p + 1, field - 1);
    p += field;
    if (*p == ',') {
        p++;
        field = strcspn(p, ",)");
        if (field > 1 && p[0] == '%')
            op.index = gpr_index(p + 1, field - 1);
        p += field;
        if (*p == ',')
            op.scale = strtoll(p + 1, NULL, 10);
    }
    return op;
}

/* Splits the operands at the commas outside parentheses; at most max of them. */
static unsigned operands_read(const char *s, operand *ops, unsigned max)
{
    unsigned n = 0;
    int depth = 0;
    const char *start = s;
    for (const char *p = s;; p++) {
        if (*p == '(')
            depth++;
        else if (*p == ')')
            depth--;
        else if ((*p == ',' && depth == 0) || !*p) {
            if (n < max && p > start)
                ops[n++] = operand_read(start, (size_t)(p - start));
            if (!*p)
                break;
            start = p + 1;
        }
    }
    return n;
}

/* A register's value at the end of a pass in terms of its value at the start: the same
 * register plus an offset (known), or anything else. */
typedef struct gpr_value {
    bool known;
    int from;
    long long offset;
} gpr_value;

static bool mnemonic_is(const char *m, size_t n, const char *stem)
{
    size_t s = strlen(stem);
    if (n == s)
        return !strncmp(m, stem, s);
    return n == s + 1 && !strncmp(m, stem, s) && strchr("bwlq", m[s]);
}

/* One instruction's effect on the general-purpose registers.  add/sub/inc/dec of a
 * constant, lea of a register plus a displacement and a copy between registers are
 * followed; any other instruction that writes a register makes it unknown; compares,
 * tests and branches write none. */
static void gpr_step(gpr_value *v, const char *insn)
{
    const char *rest;
    size_t n = insn_mnemonic(insn, &rest);
    operand ops[4];
    unsigned nops = operands_read(rest, ops, 4);
    if (nops == 0 || insn[0] == 'j' || !strncmp(insn, "cmp", 3) || !strncmp(insn, "test", 4))
        return;
    operand *dst = &ops[nops - 1];
    if (dst->kind != OP_REG || dst->reg < 0)
        return;
    gpr_value *d = &v[dst->reg];
    if (nops == 2 && ops[0].kind == OP_IMM && mnemonic_is(insn, n, "add"))
        d->offset += ops[0].value;
    else if (nops == 2 && ops[0].kind == OP_IMM && mnemonic_is(insn, n, "sub"))
        d->offset -= ops[0].value;
    else if (nops == 1 && (mnemonic_is(insn, n, "inc") || mnemonic_is(insn, n, "dec")))
        d->offset += insn[0] == 'i' ? 1 : -1;
    else if (nops == 2 && mnemonic_is(insn, n, "lea") && ops[0].kind == OP_MEM &&
             ops[0].base >= 0 && ops[0].index < 0)
        *d = (gpr_value){v[ops[0].base].known, v[ops[0].base].from,
                         v[ops[0].base].offset + ops[0].value};
    else if (nops == 2 && mnemonic_is(insn, n, "mov") && ops[0].kind == OP_REG &&
             ops[0].reg >= 0)
        *d = v[ops[0].reg];
    else
        d->known = false;
}

/* The byte stride of a memory operand through an induction register (0: none).  *exact
 * says it is an index scaled by the element size, whose step counts elements. */
static long long mem_stride(const operand *op, const gpr_value *v, unsigned element_size,
                            bool *exact)
{
    *exact = false;
    if (op->kind != OP_MEM)
        return 0;
    if (op->index >= 0 && v[op->index].known && v[op->index].from == op->index &&
        v[op->index].offset) {
        *exact = op->scale == (long long)element_size;
        return v[op->index].offset * op->scale;
    }
    if (op->base >= 0 && v[op->base].known && v[op->base].from == op->base && v[op->base].offset)
        return v[op->base].offset;
    return 0;
}

/* The rule: follow every general-purpose register through one pass of the loop (gpr_step);
 * a register that ends as itself plus a constant is an induction variable.  The addresses
 * of the loop's memory accesses (not lea's) that use one advance by that constant (a
 * base) or by it times the scale (an index) each pass: that is the step in bytes, and the
 * source iterations per pass are the step over the element size.  An index scaled by the
 * element size is preferred, else a store's (a loop writes its results an element an
 * iteration, where an index array of narrower elements advances fewer bytes: the ints of
 * y[i] = s * x[idx[i]] step 64 bytes a pass of 16 doubles), else the first access in the
 * loop's order.  Limits: a loop
 * whose addresses advance by a register (a stride known only at run time), by a multiply,
 * or only through a register the compiler reloads from memory has no step here; with
 * arrays of several element sizes behind pointers of their own, the first access
 * decides, and a loop over a non-unit source stride counts the bytes, not the iterations. */
static unsigned insn_store_bytes(const char *insn, size_t n, const char *operands,
                                 bool frame_pointer);

static long long loop_step_bytes(char *const *insns, unsigned n, unsigned element_size)
{
    gpr_value v[16];
    for (int r = 0; r < 16; r++)
        v[r] = (gpr_value){true, r, 0};
    for (unsigned i = 0; i < n; i++)
        gpr_step(v, insns[i]);
    long long first = 0, stored = 0;
    for (unsigned i = 0; i < n; i++) {
        const char *rest;
        size_t m = insn_mnemonic(insns[i], &rest);
        if (mnemonic_is(insns[i], m, "lea"))
            continue;
        operand ops[4];
        unsigned nops = operands_read(rest, ops, 4);
        bool store = insn_store_bytes(insns[i], m, rest, false) > 0;
        for (unsigned k = 0; k < nops; k++) {
            bool exact;
            long long stride = mem_stride(&ops[k], v, element_size, &exact);
            stride = stride < 0 ? -stride : stride;
            if (exact)
                return stride;
            if (!first)
                first = stride;
            if (!stored && store && k == nops - 1)
                stored = stride;
        }
    }
    return stored ? stored : first;
}

/* Packed floating-point work: arithmetic on ..pd/..ps, or a packed move to or from memory. */
static bool insn_packed_fp(const char *insn, size_t n, const char *operands)
{
    static const char *const stems[] = {"add",   "sub",   "mul",    "div",    "sqrt",
                                        "fmadd", "fmsub", "fnmadd", "fnmsub", "min",
                                        "max",   "hadd",  "movup",  "movap"};
    if (n < 4 || (strncmp(insn + n - 2, "pd", 2) && strncmp(insn + n - 2, "ps", 2)))
        return false;
    const char *stem = insn[0] == 'v' ? insn + 1 : insn;
    for (size_t k = 0; k < sizeof stems / sizeof *stems; k++)
        if (!strncmp(stem, stems[k], strlen(stems[k])))
            return strncmp(stems[k], "mov", 3) || strchr(operands, '(');
    return false;
}

/* A floating-point add or subtract, scalar or packed, SSE or AVX: the instructions whose
 * latency the machine's add latency measures.  Not a fused multiply-add: its latency is
 * its own (4 cycles in llvm-mca's Zen 4 model and on this project's Zen 5, measured,
 * where the add is 3 and 2). */
static bool insn_fp_add(const char *insn, size_t n)
{
    static const char *const stems[] = {"add", "sub"};
    const char *stem = insn[0] == 'v' ? insn + 1 : insn;
    size_t len = n - (size_t)(stem - insn);
    if (len < 3 || !strchr("sp", stem[len - 2]) || !strchr("sd", stem[len - 1]))
        return false;
    for (size_t k = 0; k < sizeof stems / sizeof *stems; k++)
        if (!strncmp(stem, stems[k], strlen(stems[k])) && len == strlen(stems[k]) + 2)
            return true;
    return false;
}

static bool loop_adds(char *const *insns, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        const char *rest;
        if (insn_fp_add(insns[i], insn_mnemonic(insns[i], &rest)))
            return true;
    }
    return false;
}

/* Scalar double divides: divsd, vdivsd. */
static unsigned loop_divides(char *const *insns, unsigned n)
{
    unsigned divides = 0;
    for (unsigned i = 0; i < n; i++) {
        const char *rest;
        size_t m = insn_mnemonic(insns[i], &rest);
        divides += (m == 5 && !strncmp(insns[i], "divsd", 5)) ||
                   (m == 6 && !strncmp(insns[i], "vdivsd", 6));
    }
    return divides;
}

static unsigned insn_vector_bits(const char *operands)
{
    if (strstr(operands, "%zmm"))
        return 512;
    if (strstr(operands, "%ymm"))
        return 256;
    return strstr(operands, "%xmm") ? 128 : 0;
}

/* The elements gathered a pass: each gather instruction's destination (its last operand,
 * after the memory operand: `vgatherdpd (%rbx,%ymm0,8), %zmm2{%k2}`, AVX2's `vgatherdpd
 * %ymm3, (%rax,%xmm1,8), %ymm0`) over its element, 64 bits for ..pd and vpgather..q, 32
 * for ..ps and vpgather..d. */
static unsigned loop_gathered(char *const *insns, unsigned n)
{
    unsigned elements = 0;
    for (unsigned i = 0; i < n; i++) {
        const char *rest;
        size_t m = insn_mnemonic(insns[i], &rest);
        const char *stem = insns[i][0] == 'v' ? insns[i] + 1 : insns[i];
        const char *dest = strrchr(rest, ')');
        if (m < 10 || !dest || (strncmp(stem, "gather", 6) && strncmp(stem, "pgather", 7)))
            continue;
        bool wide = insns[i][m - 1] == 'q' || !strncmp(insns[i] + m - 2, "pd", 2);
        elements += insn_vector_bits(dest) / (wide ? 64 : 32);
    }
    return elements;
}

static void loop_vector_width(incore_loop *l, char *const *insns, unsigned n,
                              unsigned element_size)
{
    l->vector_bits = 0;
    for (unsigned i = 0; i < n; i++) {
        const char *rest;
        size_t m = insn_mnemonic(insns[i], &rest);
        unsigned bits = insn_packed_fp(insns[i], m, rest) ? insn_vector_bits(rest) : 0;
        if (bits > l->vector_bits)
            l->vector_bits = bits;
    }
    l->vectorized = l->vector_bits > 0;
    unsigned lanes = l->vector_bits / (8 * element_size);
    l->lanes = lanes ? lanes : 1;
}

/* The bytes one store instruction writes: a scalar FP or integer move by its mnemonic's
 * element (movsd, movss, movq, movd, movl, ...), else its source register's width; 0 for
 * what is not a store (no memory destination) or one to the stack (a spill, %rsp based,
 * or %rbp based where %rbp is the frame pointer: no source data). */
static unsigned insn_store_bytes(const char *insn, size_t n, const char *operands,
                                 bool frame_pointer)
{
    static const struct {
        const char *stem;
        unsigned bytes;
    } by_mnemonic[] = {{"movsd", 8}, {"movss", 4}, {"movq", 8},  {"movd", 4},
                       {"movlpd", 8}, {"movlps", 8}, {"movhpd", 8}, {"movhps", 8},
                       {"movl", 4},  {"movw", 2},  {"movb", 1}};
    operand ops[4];
    unsigned nops = operands_read(operands, ops, 4);
    if (nops < 2 || ops[nops - 1].kind != OP_MEM ||
        (frame_pointer && ops[nops - 1].base == GPR_RBP) || ops[nops - 1].base == GPR_RSP || insn[0] == 'j' || !strncmp(insn, "cmp", 3) ||
        !strncmp(insn, "test", 4))
        return 0;
    const char *stem = insn[0] == 'v' ? insn + 1 : insn;
    size_t stem_len = n - (size_t)(stem - insn);
    for (size_t k = 0; k < sizeof by_mnemonic / sizeof *by_mnemonic; k++)
        if (strlen(by_mnemonic[k].stem) == stem_len &&
            !strncmp(stem, by_mnemonic[k].stem, stem_len))
            return by_mnemonic[k].bytes;
    if (!strncmp(stem, "extract", 7))
        return strstr(stem, "128") || strstr(stem, "x2") ? 16 : 32;
    unsigned bits = insn_vector_bits(operands);
    if (bits)
        return bits / 8;
    return ops[0].kind == OP_REG && ops[0].reg >= 0 ? gpr_bytes(ops[0].reg_name) : 0;
}

static double loop_stored_bytes(char *const *insns, unsigned n, bool frame_pointer)
{
    double bytes = 0;
    for (unsigned i = 0; i < n; i++) {
        const char *rest;
        size_t m = insn_mnemonic(insns[i], &rest);
        bytes += insn_store_bytes(insns[i], m, rest, frame_pointer);
    }
    return bytes;
}

/* Whether the function holding line `from` makes %rbp its frame pointer (`movq %rsp,
 * %rbp` after its label): only then is a store through %rbp one to the stack.  Without
 * (GCC's -O2 omits the frame pointer) %rbp is a pointer like any other, cmul's output. */
static bool asm_frame_pointer(const asm_text *t, unsigned from)
{
    for (unsigned k = from + 1; k-- > 0;) {
        const char *text = t->lines[k].text, *rest;
        if (t->lines[k].is_label) {
            if (text[0] != '.')
                return false;
            continue;
        }
        size_t m = insn_mnemonic(text, &rest);
        if (mnemonic_is(text, m, "mov") && !strncmp(rest, "%rsp, %rbp", 10))
            return true;
    }
    return false;
}

static void loop_keep(incore_loop *out, const asm_text *t, unsigned from, unsigned to,
                      unsigned element_size)
{
    memset(out, 0, sizeof *out);
    char **insns = mem_alloc((to - from + 1) * sizeof *insns);
    unsigned n = 0;
    strbuf body = STRBUF_INIT;
    for (unsigned k = from; k <= to; k++)
        if (!t->lines[k].is_label) {
            insns[n++] = t->lines[k].text;
            strbuf_printf(&body, "\t%s\n", t->lines[k].text);
        }
    out->body = strbuf_take(&body);
    out->instructions = n;
    snprintf(out->label, sizeof out->label, "%s", t->lines[from].text);
    out->step_bytes = loop_step_bytes(insns, n, element_size);
    out->source_iterations = (double)out->step_bytes / element_size;
    loop_vector_width(out, insns, n, element_size);
    out->stored_bytes = loop_stored_bytes(insns, n, asm_frame_pointer(t, from));
    out->adds = loop_adds(insns, n);
    out->divides = loop_divides(insns, n);
    out->gathered = loop_gathered(insns, n);
    out->unroll = out->source_iterations / out->lanes;
    free(insns);
}

/* The step of the loop from..to (loop_step_bytes). */
static long long asm_range_step(const asm_text *t, unsigned from, unsigned to,
                                unsigned element_size)
{
    char **insns = mem_alloc((to - from + 1) * sizeof *insns);
    unsigned n = 0;
    for (unsigned k = from; k <= to; k++)
        if (!t->lines[k].is_label)
            insns[n++] = t->lines[k].text;
    long long step = loop_step_bytes(insns, n, element_size);
    free(insns);
    return step;
}

incore_status incore_find_loop(const char *assembly, const char *source, unsigned first_line,
                               unsigned last_line, unsigned element_size, incore_loop *out,
                               strbuf *why)
{
    memset(out, 0, sizeof *out);
    if (element_size == 0) {
        strbuf_printf(why, "the loop's element size is not known");
        return INCORE_NO_LOOP;
    }
    asm_text t;
    asm_read(&t, assembly, source);
    long best_from = -1, best_to = -1;
    unsigned best = 0;
    long long best_step = 0;
    for (unsigned i = 0; i < t.n; i++) {
        long from = t.lines[i].is_label ? -1 : asm_backward_target(&t, i);
        unsigned insns = from < 0 ? 0 : asm_candidate(&t, (unsigned)from, i, first_line, last_line);
        long long step = insns ? asm_range_step(&t, (unsigned)from, i, element_size) : 0;
        if (insns && (step > best_step || (step == best_step && insns > best))) {
            best = insns;
            best_step = step;
            best_from = from;
            best_to = i;
        }
    }
    incore_status status = INCORE_OK;
    if (best == 0) {
        strbuf_printf(why, "no loop of %s:%u-%u in the assembly (its lines are not a loop "
                           "of their own there: inlined, fused or unrolled away)",
                      fileio_basename(source), first_line, last_line);
        status = INCORE_NO_LOOP;
    } else {
        loop_keep(out, &t, (unsigned)best_from, (unsigned)best_to, element_size);
        if (out->step_bytes == 0) {
            strbuf_printf(why, "the loop of %s:%u-%u at %s: no address advances by a "
                               "constant each pass, so its source iterations are not known",
                          fileio_basename(source), first_line, last_line, out->label);
            incore_loop_release(out);
            status = INCORE_NO_LOOP;
        }
    }
    asm_free(&t);
    return status;
}

void incore_loop_release(incore_loop *l)
{
    free(l->body);
    memset(l, 0, sizeof *l);
}

bool incore_find_remainder(const char *assembly, const char *source, unsigned first_line,
                           unsigned last_line, unsigned element_size,
                           const incore_loop *main_loop, incore_loop *out)
{
    memset(out, 0, sizeof *out);
    if (element_size == 0)
        return false;
    asm_text t;
    asm_read(&t, assembly, source);
    for (unsigned i = 0; i < t.n; i++) {
        long from = t.lines[i].is_label ? -1 : asm_backward_target(&t, i);
        unsigned insns = from < 0 ? 0 : asm_candidate(&t, (unsigned)from, i, first_line, last_line);
        if (insns <= out->instructions || !strcmp(t.lines[from].text, main_loop->label))
            continue;
        incore_loop l;
        loop_keep(&l, &t, (unsigned)from, i, element_size);
        bool narrower = l.step_bytes > 0 && l.source_iterations < main_loop->source_iterations;
        if (narrower) {
            incore_loop_release(out);
            *out = l;
        } else {
            incore_loop_release(&l);
        }
    }
    asm_free(&t);
    return out->instructions > 0;
}

/* ---- the code run once an entry of a loop (incore_find_entry_code) ---- */

/* The label line named text, or -1. */
static long asm_label_index(const asm_text *t, const char *text)
{
    for (unsigned k = 0; k < t->n; k++)
        if (t->lines[k].is_label && !strcmp(t->lines[k].text, text))
            return k;
    return -1;
}

/* Whether line k is a jump (any j.. mnemonic). */
static bool asm_is_jump(const asm_text *t, unsigned k)
{
    return !t->lines[k].is_label && t->lines[k].text[0] == 'j';
}

/* Whether control leaves from..to for good before its end: a ret, or an unconditional
 * jmp to no label of from..to (a tail call, a jump to code after the loop); then the
 * backward branch at to is the way back from a side path (an omp schedule's adjusted
 * bounds, a jump to the function's exit), no loop around the code inside. */
static bool asm_leaves(const asm_text *t, unsigned from, unsigned to)
{
    for (unsigned k = from + 1; k < to; k++) {
        const char *target;
        const char *text = t->lines[k].text;
        size_t n = t->lines[k].is_label ? 0 : insn_mnemonic(text, &target);
        if (n == 0 || !(mnemonic_is(text, n, "ret") || mnemonic_is(text, n, "jmp")))
            continue;
        if (text[0] == 'r')
            return true;
        long label = asm_label_index(t, target);
        if (label < (long)from || label > (long)to)
            return true;
    }
    return false;
}

/* Marks the instructions of the enclosing loop from..to that run on every entry of the
 * inner loop li..bi (the rule: incore.h, incore_find_entry_code), then unmarks those of
 * any loop of their own. */
static void entry_mark(const asm_text *t, unsigned from, unsigned to, unsigned li, unsigned bi,
                       bool *marked)
{
    for (unsigned k = from + 1; k < li; k++)
        marked[k] = true;
    for (unsigned k = bi + 1; k <= to; k++) {
        marked[k] = true;
        if (asm_is_jump(t, k))
            break;
    }
    unsigned tail = bi;
    for (unsigned k = bi + 1; k < to; k++)
        if (t->lines[k].is_label)
            tail = k;
    for (unsigned k = tail + 1; k <= to; k++)
        marked[k] = true;
    for (unsigned k = from + 1; k < to; k++) {
        long target = asm_backward_target(t, k);
        for (long j = target; target > (long)from && j <= (long)k; j++)
            marked[j] = false;
    }
}

bool incore_find_entry_code(const char *assembly, const char *source,
                            const incore_loop *inner, strbuf *out, unsigned *instructions)
{
    *instructions = 0;
    asm_text t;
    asm_read(&t, assembly, source);
    long li = asm_label_index(&t, inner->label), bi = -1, from = -1, to = -1;
    for (unsigned k = li < 0 ? t.n : (unsigned)li + 1; k < t.n && bi < 0; k++)
        if (asm_backward_target(&t, k) == li)
            bi = k;
    for (unsigned k = bi < 0 ? t.n : (unsigned)bi + 1; k < t.n && to < 0; k++) {
        long target = asm_backward_target(&t, k);
        if (target >= 0 && target < li && !asm_leaves(&t, (unsigned)target, k))
            from = target, to = k;
    }
    if (to >= 0) {
        bool *marked = mem_alloc(((size_t)to + 1) * sizeof *marked);
        entry_mark(&t, (unsigned)from, (unsigned)to, (unsigned)li, (unsigned)bi, marked);
        for (long k = from + 1; k <= to; k++)
            if (marked[k] && !t.lines[k].is_label) {
                strbuf_printf(out, "\t%s\n", t.lines[k].text);
                ++*instructions;
            }
        free(marked);
    }
    asm_free(&t);
    return *instructions > 0;
}

/* ---- a chain through an eliminated move (incore_move_chain) ---- */

enum { CHAIN_KEYS = 64 }; /* 16 general-purpose registers, then 32 vector, then 8 mask */

/* A register's key in the chain's table: rax..r15 0..15, xmm/ymm/zmm N 16 + N, kN 48 + N;
 * -1 for any other (flags, segment registers). */
static int chain_key(const operand *op)
{
    if (op->kind != OP_REG)
        return -1;
    if (op->reg >= 0)
        return op->reg;
    const char *r = op->reg_name;
    if (strchr("xyz", r[0]) && !strncmp(r + 1, "mm", 2) && isdigit((unsigned char)r[3])) {
        int num = atoi(r + 3);
        return num < 32 ? 16 + num : -1;
    }
    if (r[0] == 'k' && isdigit((unsigned char)r[1]) && !r[2])
        return 48 + (r[1] - '0');
    return -1;
}

/* Whether an instruction's last operand is written only, not read: moves, loads of an
 * address, broadcasts, and the three-operand VEX forms other than FMA's. */
static bool insn_writes_only(const char *insn, size_t n, unsigned nops)
{
    static const char *const stems[] = {"mov", "vmov", "lea", "vbroadcast", "vpbroadcast"};
    for (size_t k = 0; k < sizeof stems / sizeof *stems; k++)
        if (!strncmp(insn, stems[k], strlen(stems[k])))
            return true;
    bool fma = n > 3 && (!strncmp(insn, "vfm", 3) || !strncmp(insn, "vfnm", 4));
    return nops >= 3 && !fma;
}

/* Whether an instruction writes no register operand: compares, tests, branches. */
static bool insn_writes_none(const char *insn)
{
    static const char *const stems[] = {"cmp", "test", "j", "ucomis", "comis", "vucomis",
                                        "vcomis", "push", "prefetch"};
    for (size_t k = 0; k < sizeof stems / sizeof *stems; k++)
        if (!strncmp(insn, stems[k], strlen(stems[k])))
            return true;
    return false;
}

/* The chain from the value move k carries into the next pass (its destination, read
 * before any write to it) to its source as the move reads it: its latency, or 0 when the
 * move carries nothing so, or the chain goes through a memory operand (whose latency
 * would count the load's). */
static double move_chain_of(char *const *insns, const double *latency, unsigned k, int dst,
                            int src)
{
    double reach[CHAIN_KEYS];
    for (unsigned r = 0; r < CHAIN_KEYS; r++)
        reach[r] = -1;
    reach[dst] = 0;
    for (unsigned j = 0; j < k; j++) {
        const char *rest;
        size_t m = insn_mnemonic(insns[j], &rest);
        operand ops[4];
        unsigned nops = operands_read(rest, ops, 4);
        bool writes = nops > 0 && chain_key(&ops[nops - 1]) >= 0 && !insn_writes_none(insns[j]);
        bool memory = false;
        double t = -1;
        for (unsigned o = 0; o < nops; o++) {
            memory |= ops[o].kind == OP_MEM;
            int key = chain_key(&ops[o]);
            bool read = o + 1 < nops || !writes || !insn_writes_only(insns[j], m, nops);
            if (key >= 0 && read)
                t = fmax(t, reach[key]);
        }
        if (!writes)
            continue;
        if (t >= 0 && memory)
            return 0;
        reach[chain_key(&ops[nops - 1])] = t >= 0 ? t + latency[j] : -1;
    }
    return reach[src] > 0 ? reach[src] : 0;
}

double incore_move_chain(char *const *insns, const double *latency, unsigned n)
{
    double longest = 0;
    for (unsigned k = 0; k < n; k++) {
        const char *rest;
        insn_mnemonic(insns[k], &rest);
        operand ops[3];
        bool move = !strncmp(insns[k], "mov", 3) || !strncmp(insns[k], "vmov", 4);
        if (latency[k] != 0 || !move || operands_read(rest, ops, 3) != 2)
            continue;
        int src = chain_key(&ops[0]), dst = chain_key(&ops[1]);
        bool last_write = true; /* the move's value is the one the next pass reads */
        for (unsigned j = k + 1; j < n && last_write; j++) {
            operand later[4];
            const char *operands;
            insn_mnemonic(insns[j], &operands);
            unsigned nl = operands_read(operands, later, 4);
            last_write = nl == 0 || chain_key(&later[nl - 1]) != dst || insn_writes_none(insns[j]);
        }
        if (src >= 0 && dst >= 0 && src != dst && last_write)
            longest = fmax(longest, move_chain_of(insns, latency, k, dst, src));
    }
    return longest;
}

/* ---- loads folded into a carried register (incore_unfold_carried) ---- */

/* Whether insn (mnemonic of n characters) is add, sub, mul, div, min or max on sd, ss, pd
 * or ps, SSE or AVX; its load's mnemonic into *load. */
static bool unfold_arith(const char *insn, size_t n, const char **load)
{
    static const char *const stems[] = {"add", "sub", "mul", "div", "min", "max"};
    static const struct {
        const char *suffix, *sse, *avx;
    } loads[] = {{"sd", "movsd", "vmovsd"},
                 {"ss", "movss", "vmovss"},
                 {"pd", "movupd", "vmovupd"},
                 {"ps", "movups", "vmovups"}};
    bool vex = insn[0] == 'v';
    const char *stem = vex ? insn + 1 : insn;
    size_t len = n - (size_t)vex;
    if (len != 5)
        return false;
    bool arith = false;
    for (size_t k = 0; k < sizeof stems / sizeof *stems; k++)
        arith |= !strncmp(stem, stems[k], 3);
    for (size_t k = 0; arith && k < sizeof loads / sizeof *loads; k++)
        if (!strncmp(stem + 3, loads[k].suffix, 2)) {
            *load = vex ? loads[k].avx : loads[k].sse;
            return true;
        }
    return false;
}

/* The vector register (chain key 16..47) an instruction writes, else -1. */
static int insn_vector_write(const char *insn)
{
    const char *rest;
    insn_mnemonic(insn, &rest);
    operand ops[4];
    unsigned nops = operands_read(rest, ops, 4);
    int key = nops > 0 ? chain_key(&ops[nops - 1]) : -1;
    return key >= 16 && key < 48 && !insn_writes_none(insn) ? key : -1;
}

/* Whether insns[k] folds a load into a vector register that it reads and that no other
 * instruction writes; its load's mnemonic into *load, the register into *reg. */
static bool unfold_candidate(char *const *insns, unsigned n, unsigned k, const char **load,
                             const operand **reg, operand *ops)
{
    const char *rest;
    size_t m = insn_mnemonic(insns[k], &rest);
    unsigned nops = operands_read(rest, ops, 4);
    int key = nops >= 2 ? chain_key(&ops[nops - 1]) : -1;
    if (!unfold_arith(insns[k], m, load) || ops[0].kind != OP_MEM || !strchr(rest, ')') ||
        key < 16 || key >= 48 || nops > 3 || (nops == 3 && chain_key(&ops[1]) != key))
        return false;
    for (unsigned j = 0; j < n; j++)
        if (j != k && insn_vector_write(insns[j]) == key)
            return false;
    *reg = &ops[nops - 1];
    return true;
}

/* A vector register number no instruction of insns names, from 15 down; -1: none. */
static int unfold_free_register(char *const *insns, unsigned n)
{
    for (int r = 15; r >= 0; r--) {
        bool used = false;
        for (unsigned k = 0; k < n && !used; k++) {
            const char *rest;
            insn_mnemonic(insns[k], &rest);
            operand ops[4];
            unsigned nops = operands_read(rest, ops, 4);
            for (unsigned o = 0; o < nops; o++)
                used |= chain_key(&ops[o]) == 16 + r;
        }
        if (!used)
            return r;
    }
    return -1;
}

bool incore_unfold_carried(const char *body, strbuf *out)
{
    char *text = mem_strdup(body);
    char **insns = NULL;
    unsigned n = 0;
    for (char *line = text, *end; *line; line = end) {
        end = line + strcspn(line, "\n");
        if (*end)
            *end++ = '\0';
        line += strspn(line, " \t");
        if (!*line)
            continue;
        insns = mem_realloc(insns, (n + 1) * sizeof *insns);
        insns[n++] = line;
    }
    int scratch = unfold_free_register(insns, n);
    strbuf unfolded = STRBUF_INIT;
    bool any = false;
    for (unsigned k = 0; k < n; k++) {
        const char *load, *rest;
        const operand *reg;
        operand ops[4];
        insn_mnemonic(insns[k], &rest);
        if (scratch < 0 || !unfold_candidate(insns, n, k, &load, &reg, ops)) {
            strbuf_printf(&unfolded, "\t%s\n", insns[k]);
            continue;
        }
        /* the memory operand is the first, up to its closing parenthesis */
        size_t mem = (size_t)(strchr(rest, ')') - rest) + 1;
        strbuf_printf(&unfolded, "\t%s\t%.*s, %%%cmm%d\n", load, (int)mem, rest,
                      reg->reg_name[0], scratch);
        strbuf_printf(&unfolded, "\t%.*s\t%%%cmm%d%s\n", (int)strcspn(insns[k], " \t"),
                      insns[k], reg->reg_name[0], scratch, rest + mem);
        any = true;
    }
    if (any)
        strbuf_append(out, strbuf_cstr(&unfolded));
    strbuf_release(&unfolded);
    free(insns);
    free(text);
    return any;
}
