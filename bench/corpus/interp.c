/* interp.c: a bytecode interpreter for a small numeric scripting language,
 * written for the measuretool benchmark in the style of register VMs: one
 * dispatch function that is a switch of well over a hundred cases built from
 * operand-decoding macros, arithmetic on tagged values, a garbage collector's
 * mark and sweep loops, and a string-keyed hash table.  Meant to be parsed,
 * not run. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef enum value_tag { T_NIL, T_BOOL, T_INT, T_NUM, T_STR, T_TABLE, T_FUNC, T_NATIVE } value_tag;

typedef struct object { struct object *next; int marked; value_tag tag; } object;
typedef struct value { value_tag tag; union { int64_t i; double n; object *o; int b; } as; } value;
typedef struct string_obj { object hdr; size_t len; uint32_t hash; char chars[]; } string_obj;
typedef struct entry { string_obj *key; value val; } entry;
typedef struct table_obj { object hdr; entry *entries; size_t count, capacity; value *array; size_t asize; } table_obj;
typedef struct proto { uint32_t *code; size_t ncode; value *consts; size_t nconsts; int nregs; struct proto **protos; } proto;
typedef struct frame { const proto *p; const uint32_t *pc; value *base; } frame;
typedef struct vm {
    value stack[4096];
    frame frames[256];
    int nframes;
    object *objects;
    size_t bytes_allocated, next_gc;
    table_obj *globals;
    object **gray;
    size_t ngray, gray_cap;
    double stats[32];
} vm;

#define OP(i) ((int)((i) & 0xff))
#define RA(i) ((int)(((i) >> 8) & 0xff))
#define RB(i) ((int)(((i) >> 16) & 0xff))
#define RC(i) ((int)(((i) >> 24) & 0xff))
#define RBx(i) ((int)((i) >> 16))
#define R(n) (base[(n)])
#define K(n) (f->p->consts[(n)])
#define IS_NUM(v) ((v).tag == T_NUM)
#define IS_INT(v) ((v).tag == T_INT)
#define AS_NUM(v) ((v).tag == T_INT ? (double)(v).as.i : (v).as.n)
#define NUM_VAL(x) ((value){T_NUM, {.n = (x)}})
#define INT_VAL(x) ((value){T_INT, {.i = (x)}})
#define BOOL_VAL(x) ((value){T_BOOL, {.b = (x)}})
#define ARITH(op, iop)                                                     \
    do {                                                                   \
        value b_ = R(RB(ins)), c_ = R(RC(ins));                            \
        if (IS_INT(b_) && IS_INT(c_))                                      \
            R(RA(ins)) = INT_VAL(b_.as.i iop c_.as.i);                     \
        else                                                               \
            R(RA(ins)) = NUM_VAL(AS_NUM(b_) op AS_NUM(c_));                \
    } while (0)
#define ARITHK(op, iop)                                                    \
    do {                                                                   \
        value b_ = R(RB(ins)), c_ = K(RC(ins));                            \
        if (IS_INT(b_) && IS_INT(c_))                                      \
            R(RA(ins)) = INT_VAL(b_.as.i iop c_.as.i);                     \
        else                                                               \
            R(RA(ins)) = NUM_VAL(AS_NUM(b_) op AS_NUM(c_));                \
    } while (0)
#define COMPARE(op)                                                        \
    do {                                                                   \
        value b_ = R(RB(ins)), c_ = R(RC(ins));                            \
        R(RA(ins)) = BOOL_VAL(AS_NUM(b_) op AS_NUM(c_));                   \
    } while (0)
#define MATH1(fn)                                                          \
    do {                                                                   \
        R(RA(ins)) = NUM_VAL(fn(AS_NUM(R(RB(ins)))));                      \
    } while (0)

uint32_t hash_string(const char *s, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++) {
        h ^= (uint8_t)s[i];
        h *= 16777619u;
    }
    return h;
}

static entry *find_entry(entry *entries, size_t capacity, const string_obj *key)
{
    size_t index = key->hash & (capacity - 1);
    entry *tombstone = NULL;
    for (;;) {
        entry *e = &entries[index];
        if (e->key == NULL) {
            if (e->val.tag == T_NIL)
                return tombstone != NULL ? tombstone : e;
            if (tombstone == NULL)
                tombstone = e;
        } else if (e->key == key) {
            return e;
        }
        index = (index + 1) & (capacity - 1);
    }
}

static void table_grow(table_obj *t, size_t capacity)
{
    entry *entries = calloc(capacity, sizeof *entries);
    t->count = 0;
    for (size_t i = 0; i < t->capacity; i++) {
        entry *e = &t->entries[i];
        if (e->key == NULL)
            continue;
        entry *dest = find_entry(entries, capacity, e->key);
        dest->key = e->key;
        dest->val = e->val;
        t->count++;
    }
    free(t->entries);
    t->entries = entries;
    t->capacity = capacity;
}

static void mark_object(vm *v, object *o)
{
    if (o == NULL || o->marked)
        return;
    o->marked = 1;
    if (v->ngray == v->gray_cap) {
        v->gray_cap = v->gray_cap < 8 ? 8 : v->gray_cap * 2;
        v->gray = realloc(v->gray, v->gray_cap * sizeof *v->gray);
    }
    v->gray[v->ngray++] = o;
}

static void mark_value(vm *v, value val)
{
    if (val.tag >= T_STR)
        mark_object(v, val.as.o);
}

void collect_garbage(vm *v)
{
    for (int i = 0; i < 4096; i++)
        mark_value(v, v->stack[i]);
    mark_object(v, &v->globals->hdr);
    while (v->ngray > 0) {
        object *o = v->gray[--v->ngray];
        if (o->tag == T_TABLE) {
            table_obj *t = (table_obj *)o;
            for (size_t i = 0; i < t->capacity; i++) {
                mark_object(v, (object *)t->entries[i].key);
                mark_value(v, t->entries[i].val);
            }
            for (size_t i = 0; i < t->asize; i++)
                mark_value(v, t->array[i]);
        }
    }
    object **link = &v->objects;
    while (*link) {
        object *o = *link;
        if (o->marked) {
            o->marked = 0;
            link = &o->next;
        } else {
            *link = o->next;
            free(o);
        }
    }
    v->next_gc = v->bytes_allocated * 2;
}

enum opcode {
    OP_ADD,
    OP_ADDK,
    OP_SUB,
    OP_SUBK,
    OP_MUL,
    OP_MULK,
    OP_DIV,
    OP_DIVK,
    OP_LT,
    OP_LE,
    OP_GT,
    OP_GE,
    OP_EQ,
    OP_NE,
    OP_M_SQRT,
    OP_M_EXP,
    OP_M_LOG,
    OP_M_SIN,
    OP_M_COS,
    OP_M_TAN,
    OP_M_FABS,
    OP_M_FLOOR,
    OP_M_CEIL,
    OP_M_ATAN,
    OP_M_TANH,
    OP_M_CBRT,
    OP_MOVE,
    OP_LOADK,
    OP_LOADNIL,
    OP_JMP,
    OP_TEST,
    OP_GETTABLE,
    OP_SETTABLE,
    OP_FORPREP,
    OP_FORLOOP,
    OP_VECSUM,
    OP_VECDOT,
    OP_VECAXPY,
    OP_FUSED0,
    OP_FUSED1,
    OP_FUSED2,
    OP_FUSED3,
    OP_FUSED4,
    OP_FUSED5,
    OP_FUSED6,
    OP_FUSED7,
    OP_FUSED8,
    OP_FUSED9,
    OP_FUSED10,
    OP_FUSED11,
    OP_FUSED12,
    OP_FUSED13,
    OP_FUSED14,
    OP_FUSED15,
    OP_FUSED16,
    OP_FUSED17,
    OP_FUSED18,
    OP_FUSED19,
    OP_FUSED20,
    OP_FUSED21,
    OP_FUSED22,
    OP_FUSED23,
    OP_FUSED24,
    OP_FUSED25,
    OP_FUSED26,
    OP_FUSED27,
    OP_FUSED28,
    OP_FUSED29,
    OP_FUSED30,
    OP_FUSED31,
    OP_FUSED32,
    OP_FUSED33,
    OP_FUSED34,
    OP_FUSED35,
    OP_FUSED36,
    OP_FUSED37,
    OP_FUSED38,
    OP_FUSED39,
    OP_FUSED40,
    OP_FUSED41,
    OP_FUSED42,
    OP_FUSED43,
    OP_FUSED44,
    OP_FUSED45,
    OP_FUSED46,
    OP_FUSED47,
    OP_FUSED48,
    OP_FUSED49,
    OP_FUSED50,
    OP_FUSED51,
    OP_FUSED52,
    OP_FUSED53,
    OP_FUSED54,
    OP_FUSED55,
    OP_FUSED56,
    OP_FUSED57,
    OP_FUSED58,
    OP_FUSED59,
    OP_FUSED60,
    OP_FUSED61,
    OP_FUSED62,
    OP_FUSED63,
    OP_FUSED64,
    OP_FUSED65,
    OP_FUSED66,
    OP_FUSED67,
    OP_FUSED68,
    OP_FUSED69,
    OP_FUSED70,
    OP_FUSED71,
    OP_FUSED72,
    OP_FUSED73,
    OP_FUSED74,
    OP_FUSED75,
    OP_FUSED76,
    OP_FUSED77,
    OP_FUSED78,
    OP_FUSED79,
    OP_FUSED80,
    OP_FUSED81,
    OP_FUSED82,
    OP_FUSED83,
    OP_FUSED84,
    OP_FUSED85,
    OP_FUSED86,
    OP_FUSED87,
    OP_FUSED88,
    OP_FUSED89,
    OP_FUSED90,
    OP_FUSED91,
    OP_FUSED92,
    OP_FUSED93,
    OP_FUSED94,
    OP_FUSED95,
    OP_FUSED96,
    OP_FUSED97,
    OP_FUSED98,
    OP_FUSED99,
    OP_FUSED100,
    OP_FUSED101,
    OP_FUSED102,
    OP_FUSED103,
    OP_FUSED104,
    OP_FUSED105,
    OP_FUSED106,
    OP_FUSED107,
    OP_FUSED108,
    OP_FUSED109,
    OP_FUSED110,
    OP_FUSED111,
    OP_FUSED112,
    OP_FUSED113,
    OP_FUSED114,
    OP_FUSED115,
    OP_FUSED116,
    OP_FUSED117,
    OP_FUSED118,
    OP_FUSED119,
    OP_FUSED120,
    OP_FUSED121,
    OP_FUSED122,
    OP_FUSED123,
    OP_FUSED124,
    OP_FUSED125,
    OP_FUSED126,
    OP_FUSED127,
    OP_FUSED128,
    OP_FUSED129,
    OP_FUSED130,
    OP_FUSED131,
    OP_FUSED132,
    OP_FUSED133,
    OP_FUSED134,
    OP_FUSED135,
    OP_FUSED136,
    OP_FUSED137,
    OP_FUSED138,
    OP_FUSED139,
    OP_FUSED140,
    OP_FUSED141,
    OP_FUSED142,
    OP_FUSED143,
    OP_FUSED144,
    OP_FUSED145,
    OP_FUSED146,
    OP_FUSED147,
    OP_FUSED148,
    OP_FUSED149,
    OP_FUSED150,
    OP_FUSED151,
    OP_FUSED152,
    OP_FUSED153,
    OP_FUSED154,
    OP_FUSED155,
    OP_FUSED156,
    OP_FUSED157,
    OP_FUSED158,
    OP_FUSED159,
    OP_FUSED160,
    OP_FUSED161,
    OP_FUSED162,
    OP_FUSED163,
    OP_FUSED164,
    OP_FUSED165,
    OP_FUSED166,
    OP_FUSED167,
    OP_FUSED168,
    OP_FUSED169,
    OP_FUSED170,
    OP_FUSED171,
    OP_FUSED172,
    OP_FUSED173,
    OP_FUSED174,
    OP_FUSED175,
    OP_FUSED176,
    OP_FUSED177,
    OP_FUSED178,
    OP_FUSED179,
    OP_FUSED180,
    OP_FUSED181,
    OP_FUSED182,
    OP_FUSED183,
    OP_FUSED184,
    OP_FUSED185,
    OP_FUSED186,
    OP_FUSED187,
    OP_FUSED188,
    OP_FUSED189,
    OP_FUSED190,
    OP_FUSED191,
    OP_FUSED192,
    OP_FUSED193,
    OP_FUSED194,
    OP_FUSED195,
    OP_FUSED196,
    OP_FUSED197,
    OP_FUSED198,
    OP_FUSED199,
    OP_FUSED200,
    OP_FUSED201,
    OP_FUSED202,
    OP_FUSED203,
    OP_FUSED204,
    OP_FUSED205,
    OP_FUSED206,
    OP_FUSED207,
    OP_FUSED208,
    OP_FUSED209,
    OP_FUSED210,
    OP_FUSED211,
    OP_FUSED212,
    OP_FUSED213,
    OP_FUSED214,
    OP_FUSED215,
    OP_FUSED216,
    OP_FUSED217,
    OP_FUSED218,
    OP_FUSED219,
    OP_FUSED220,
    OP_FUSED221,
    OP_FUSED222,
    OP_FUSED223,
    OP_FUSED224,
    OP_FUSED225,
    OP_FUSED226,
    OP_FUSED227,
    OP_FUSED228,
    OP_FUSED229,
    OP_FUSED230,
    OP_FUSED231,
    OP_FUSED232,
    OP_FUSED233,
    OP_FUSED234,
    OP_FUSED235,
    OP_FUSED236,
    OP_FUSED237,
    OP_FUSED238,
    OP_FUSED239,
    OP_FUSED240,
    OP_FUSED241,
    OP_FUSED242,
    OP_FUSED243,
    OP_FUSED244,
    OP_FUSED245,
    OP_FUSED246,
    OP_FUSED247,
    OP_FUSED248,
    OP_FUSED249,
    OP_RETURN, OP_HALT
};

int vm_execute(vm *v)
{
    frame *f = &v->frames[v->nframes - 1];
    value *base = f->base;
    for (;;) {
        uint32_t ins = *f->pc++;
        switch (OP(ins)) {
        case OP_ADD:
            ARITH(+, +);
            break;
        case OP_ADDK:
            ARITHK(+, +);
            break;
        case OP_SUB:
            ARITH(-, -);
            break;
        case OP_SUBK:
            ARITHK(-, -);
            break;
        case OP_MUL:
            ARITH(*, *);
            break;
        case OP_MULK:
            ARITHK(*, *);
            break;
        case OP_DIV:
            R(RA(ins)) = NUM_VAL(AS_NUM(R(RB(ins))) / AS_NUM(R(RC(ins))));
            break;
        case OP_DIVK:
            R(RA(ins)) = NUM_VAL(AS_NUM(R(RB(ins))) / AS_NUM(K(RC(ins))));
            break;
        case OP_LT:
            COMPARE(<);
            break;
        case OP_LE:
            COMPARE(<=);
            break;
        case OP_GT:
            COMPARE(>);
            break;
        case OP_GE:
            COMPARE(>=);
            break;
        case OP_EQ:
            COMPARE(==);
            break;
        case OP_NE:
            COMPARE(!=);
            break;
        case OP_M_SQRT:
            MATH1(sqrt);
            break;
        case OP_M_EXP:
            MATH1(exp);
            break;
        case OP_M_LOG:
            MATH1(log);
            break;
        case OP_M_SIN:
            MATH1(sin);
            break;
        case OP_M_COS:
            MATH1(cos);
            break;
        case OP_M_TAN:
            MATH1(tan);
            break;
        case OP_M_FABS:
            MATH1(fabs);
            break;
        case OP_M_FLOOR:
            MATH1(floor);
            break;
        case OP_M_CEIL:
            MATH1(ceil);
            break;
        case OP_M_ATAN:
            MATH1(atan);
            break;
        case OP_M_TANH:
            MATH1(tanh);
            break;
        case OP_M_CBRT:
            MATH1(cbrt);
            break;
        case OP_MOVE:
            R(RA(ins)) = R(RB(ins));
            break;
        case OP_LOADK:
            R(RA(ins)) = K(RBx(ins));
            break;
        case OP_LOADNIL:
            for (int r_ = RA(ins); r_ <= RB(ins); r_++) R(r_).tag = T_NIL;
            break;
        case OP_JMP:
            f->pc += RBx(ins) - 32768;
            break;
        case OP_TEST:
            if ((R(RA(ins)).tag == T_NIL || (R(RA(ins)).tag == T_BOOL && !R(RA(ins)).as.b)) == RC(ins)) f->pc++;
            break;
        case OP_GETTABLE:
            {
                table_obj *t_ = (table_obj *)R(RB(ins)).as.o;
                value key_ = R(RC(ins));
                if (IS_INT(key_) && key_.as.i >= 0 && (size_t)key_.as.i < t_->asize)
                    R(RA(ins)) = t_->array[key_.as.i];
                else
                    R(RA(ins)).tag = T_NIL;
            }
            break;
        case OP_SETTABLE:
            {
                table_obj *t_ = (table_obj *)R(RA(ins)).as.o;
                value key_ = R(RB(ins));
                if (IS_INT(key_) && key_.as.i >= 0 && (size_t)key_.as.i < t_->asize)
                    t_->array[key_.as.i] = R(RC(ins));
                else if (t_->count + 1 > t_->capacity * 3 / 4)
                    table_grow(t_, t_->capacity < 8 ? 8 : t_->capacity * 2);
            }
            break;
        case OP_FORPREP:
            {
                value *init_ = &R(RA(ins)), *step_ = &R(RA(ins) + 2);
                if (IS_INT(*init_) && IS_INT(*step_))
                    init_->as.i -= step_->as.i;
                else
                    *init_ = NUM_VAL(AS_NUM(*init_) - AS_NUM(*step_));
                f->pc += RBx(ins) - 32768;
            }
            break;
        case OP_FORLOOP:
            {
                value *idx_ = &R(RA(ins)), *lim_ = &R(RA(ins) + 1), *step_ = &R(RA(ins) + 2);
                double i_ = AS_NUM(*idx_) + AS_NUM(*step_);
                if ((AS_NUM(*step_) > 0) ? i_ <= AS_NUM(*lim_) : i_ >= AS_NUM(*lim_)) {
                    *idx_ = NUM_VAL(i_);
                    R(RA(ins) + 3) = *idx_;
                    f->pc -= RBx(ins);
                }
            }
            break;
        case OP_VECSUM:
            {
                table_obj *t_ = (table_obj *)R(RB(ins)).as.o;
                double s_ = 0.0;
                for (size_t k_ = 0; k_ < t_->asize; k_++)
                    s_ += AS_NUM(t_->array[k_]);
                R(RA(ins)) = NUM_VAL(s_);
            }
            break;
        case OP_VECDOT:
            {
                table_obj *a_ = (table_obj *)R(RB(ins)).as.o, *b_ = (table_obj *)R(RC(ins)).as.o;
                double s_ = 0.0;
                size_t n_ = a_->asize < b_->asize ? a_->asize : b_->asize;
                for (size_t k_ = 0; k_ < n_; k_++)
                    s_ += AS_NUM(a_->array[k_]) * AS_NUM(b_->array[k_]);
                R(RA(ins)) = NUM_VAL(s_);
            }
            break;
        case OP_VECAXPY:
            {
                table_obj *y_ = (table_obj *)R(RA(ins)).as.o, *x_ = (table_obj *)R(RB(ins)).as.o;
                double alpha_ = AS_NUM(R(RC(ins)));
                for (size_t k_ = 0; k_ < y_->asize && k_ < x_->asize; k_++)
                    y_->array[k_] = NUM_VAL(AS_NUM(y_->array[k_]) + alpha_ * AS_NUM(x_->array[k_]));
            }
            break;
        case OP_FUSED0:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.245) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED1:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.482) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED2:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.79) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED3:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.209) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED4:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.303) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED5:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.331) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED6:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.848) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED7:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.791) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED8:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.798) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED9:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.235) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED10:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.316) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED11:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.756) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED12:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.624) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED13:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.953) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED14:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.688) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED15:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.273) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED16:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.073) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED17:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.45) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED18:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.969) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED19:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.362) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED20:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.971) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED21:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.215) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED22:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.943) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED23:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.313) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED24:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.806) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED25:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.89) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED26:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.762) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED27:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.116) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED28:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.782) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED29:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.536) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED30:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.121) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED31:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.22) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED32:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.776) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED33:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.925) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED34:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.106) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED35:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.587) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED36:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.271) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED37:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.241) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED38:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.759) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED39:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.582) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED40:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.906) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED41:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.606) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED42:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.304) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED43:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.664) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED44:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.341) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED45:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.01) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED46:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.51) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED47:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.918) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED48:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.65) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED49:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.024) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED50:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.592) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED51:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.061) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED52:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.709) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED53:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.238) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED54:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.4) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED55:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.281) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED56:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.378) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED57:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.842) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED58:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.744) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED59:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.852) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED60:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.304) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED61:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.191) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED62:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.871) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED63:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.475) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED64:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.98) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED65:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.503) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED66:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.396) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED67:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.868) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED68:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.597) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED69:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.149) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED70:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.751) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED71:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.938) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED72:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.552) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED73:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.734) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED74:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.645) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED75:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.946) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED76:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.438) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED77:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.43) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED78:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.529) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED79:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.97) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED80:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.852) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED81:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.874) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED82:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.965) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED83:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.739) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED84:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.67) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED85:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.91) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED86:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.49) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED87:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.419) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED88:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.448) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED89:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.275) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED90:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.358) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED91:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.352) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED92:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.443) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED93:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.202) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED94:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.18) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED95:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.439) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED96:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.497) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED97:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.819) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED98:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.69) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED99:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.418) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED100:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.398) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED101:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.358) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED102:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.181) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED103:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.553) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED104:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.852) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED105:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.277) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED106:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.703) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED107:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.464) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED108:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.499) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED109:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.642) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED110:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.154) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED111:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.865) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED112:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.511) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED113:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.449) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED114:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.079) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED115:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.499) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED116:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.265) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED117:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.222) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED118:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.411) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED119:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.385) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED120:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.858) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED121:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.904) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED122:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.441) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED123:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.128) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED124:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.689) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED125:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.498) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED126:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.382) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED127:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.798) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED128:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.041) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED129:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.825) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED130:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.162) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED131:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.906) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED132:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.862) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED133:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.572) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED134:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.568) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED135:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.271) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED136:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.134) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED137:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.161) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED138:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.43) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED139:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.215) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED140:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.957) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED141:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.957) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED142:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.344) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED143:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.727) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED144:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.292) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED145:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.475) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED146:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.533) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED147:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.534) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED148:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.909) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED149:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.333) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED150:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.821) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED151:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.425) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED152:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.583) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED153:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.602) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED154:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.084) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED155:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.787) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED156:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.475) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED157:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.791) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED158:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.859) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED159:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.804) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED160:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.64) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED161:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.392) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED162:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.885) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED163:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.207) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED164:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.566) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED165:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.477) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED166:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.009) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED167:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.004) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED168:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.914) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED169:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.724) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED170:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.676) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED171:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.944) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED172:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.947) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED173:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.305) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED174:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.349) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED175:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.029) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED176:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.045) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED177:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.802) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED178:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.432) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED179:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.393) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED180:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.889) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED181:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.809) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED182:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.134) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED183:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.207) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED184:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.558) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED185:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.564) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED186:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.866) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED187:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.259) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED188:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.165) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED189:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.775) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED190:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.574) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED191:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.689) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED192:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.317) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED193:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.533) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED194:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.965) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED195:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.687) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED196:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.228) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED197:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.739) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED198:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.521) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED199:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.794) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED200:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.873) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED201:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.347) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED202:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.948) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED203:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.524) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED204:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.921) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED205:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.074) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED206:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.11) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED207:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.804) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED208:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.012) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED209:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.237) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED210:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.554) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED211:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.294) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED212:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.985) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED213:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.552) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED214:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.74) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED215:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.889) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED216:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.325) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED217:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.836) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED218:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.983) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED219:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.136) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED220:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.879) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED221:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 2.107) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED222:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.943) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED223:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.448) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED224:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.981) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED225:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.004) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED226:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.151) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED227:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.478) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED228:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.222) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED229:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.786) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED230:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.62) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED231:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.85) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED232:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.911) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED233:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.159) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED234:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.243) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED235:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.855) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED236:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.276) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED237:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.307) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED238:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.451) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED239:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.041) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED240:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.448) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED241:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 0.134) * AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED242:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 0.834) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED243:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 1.231) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED244:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.146) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED245:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 2.577) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED246:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 0.25) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED247:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) * 1.941) - AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED248:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) + 2.916) + AS_NUM(R(RC(ins))));
            break;
        case OP_FUSED249:
            R(RA(ins)) = NUM_VAL((AS_NUM(R(RB(ins))) - 1.015) * AS_NUM(R(RC(ins))));
            break;
        case OP_RETURN:
            if (--v->nframes == 0)
                return 0;
            f = &v->frames[v->nframes - 1];
            base = f->base;
            break;
        case OP_HALT:
            return 0;
        default:
            return -1;
        }
        if (v->bytes_allocated > v->next_gc)
            collect_garbage(v);
    }
}


void vm_profile_0(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.900;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.01;
}


void vm_profile_1(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.902;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.02;
}


void vm_profile_2(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.904;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.03;
}


void vm_profile_3(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.906;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.04;
}


void vm_profile_4(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.908;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.05;
}


void vm_profile_5(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.910;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.06;
}


void vm_profile_6(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.912;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.07;
}


void vm_profile_7(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.914;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.08;
}


void vm_profile_8(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.916;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.09;
}


void vm_profile_9(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.918;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.10;
}


void vm_profile_10(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.920;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.11;
}


void vm_profile_11(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.922;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.12;
}


void vm_profile_12(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.924;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.13;
}


void vm_profile_13(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.926;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.14;
}


void vm_profile_14(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.928;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.15;
}


void vm_profile_15(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.930;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.16;
}


void vm_profile_16(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.932;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.17;
}


void vm_profile_17(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.934;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.18;
}


void vm_profile_18(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.936;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.19;
}


void vm_profile_19(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.938;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.20;
}


void vm_profile_20(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.940;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.21;
}


void vm_profile_21(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.942;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.22;
}


void vm_profile_22(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.944;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.23;
}


void vm_profile_23(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.946;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.24;
}


void vm_profile_24(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.948;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.25;
}


void vm_profile_25(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.950;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.26;
}


void vm_profile_26(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.952;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.27;
}


void vm_profile_27(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.954;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.28;
}


void vm_profile_28(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.956;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.29;
}


void vm_profile_29(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.958;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.30;
}


void vm_profile_30(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.960;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.31;
}


void vm_profile_31(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.962;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.32;
}


void vm_profile_32(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.964;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.33;
}


void vm_profile_33(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.966;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.34;
}


void vm_profile_34(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.968;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.35;
}


void vm_profile_35(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.970;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.36;
}


void vm_profile_36(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.972;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.37;
}


void vm_profile_37(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.974;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.38;
}


void vm_profile_38(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.976;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.39;
}


void vm_profile_39(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.978;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.40;
}


void vm_profile_40(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.980;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.41;
}


void vm_profile_41(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.982;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.42;
}


void vm_profile_42(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.984;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.43;
}


void vm_profile_43(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.986;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.44;
}


void vm_profile_44(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.988;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.45;
}


void vm_profile_45(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.990;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.46;
}


void vm_profile_46(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.992;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.47;
}


void vm_profile_47(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.994;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.48;
}


void vm_profile_48(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.996;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.49;
}


void vm_profile_49(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 0.998;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.50;
}


void vm_profile_50(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 1.000;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.51;
}


void vm_profile_51(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 1.002;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.52;
}


void vm_profile_52(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 1.004;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.53;
}


void vm_profile_53(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 1.006;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.54;
}


void vm_profile_54(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 1.008;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.55;
}


void vm_profile_55(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 1.010;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.56;
}


void vm_profile_56(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 1.012;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.57;
}


void vm_profile_57(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 1.014;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.58;
}


void vm_profile_58(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 1.016;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.59;
}


void vm_profile_59(vm *v, const double *samples, int n)
{
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
        double d = samples[i] - mean;
        mean += d / (i + 1);
        m2 += d * (samples[i] - mean);
    }
    for (int i = 31; i > 0; i--)
        v->stats[i] = v->stats[i - 1] * 1.018;
    v->stats[0] = n > 1 ? sqrt(m2 / (n - 1)) : 0.0;
    for (int i = 0; i < 32; i++)
        v->stats[i] += mean * 0.60;
}

