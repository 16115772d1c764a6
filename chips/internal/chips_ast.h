/* chips_ast: the syntax tree of one CHIP3S object (one .la file), as
 * chips_parse() builds it.  Every node lives in the arena the parse was given
 * and dies with it.  Lists are arrays with a count. */
#ifndef AITOOL_CHIPS_AST_H
#define AITOOL_CHIPS_AST_H

#include <stddef.h>

typedef struct chips_pos {
    unsigned line, col;
} chips_pos;

typedef enum chips_expr_kind {
    CHE_NUM,    /* num */
    CHE_STR,    /* name: the string */
    CHE_NAME,   /* name */
    CHE_INDEX,  /* name[a] */
    CHE_MEMBER, /* name.member */
    CHE_CALL,   /* name(args) */
    CHE_UNARY,  /* op a: '-' or '+' */
    CHE_BINARY, /* a op b: + - * / < > CHT_GE CHT_LE CHT_EQ CHT_NE */
    CHE_VECTOR, /* <is name, args>; nargs 0 for <0> */
} chips_expr_kind;

typedef struct chips_expr chips_expr;
struct chips_expr {
    chips_expr_kind kind;
    chips_pos pos;
    int op;
    double num;
    const char *name, *member;
    chips_expr *a, *b;
    chips_expr **args;
    size_t nargs;
};

typedef enum chips_type {
    CHIPS_NUMERIC,
    CHIPS_VECTOR,
    CHIPS_STRING,
} chips_type;

/* "numeric", "vector", "string": as declared, and as -list and messages name them. */
const char *chips_type_name(chips_type t);

/* One declared variable: `name = init` or just `name`. */
typedef struct chips_decl {
    const char *name;
    const char *group; /* object level: dtdp, scope, ...; NULL in procedures */
    chips_type type;
    chips_expr *init;  /* NULL when declared without a value */
    chips_pos pos;
} chips_decl;

/* `name = value` of a link or option body. */
typedef struct chips_assign {
    const char *name;
    chips_expr *value;
    chips_pos pos;
} chips_assign;

typedef struct chips_link {
    const char *target;
    chips_pos pos;
    chips_assign *assigns;
    size_t nassigns;
} chips_link;

typedef enum chips_stmt_kind {
    CHS_BLOCK,    /* body */
    CHS_ASSIGN,   /* name = a, or name[index] = a */
    CHS_IF,       /* if a then body[0] else body[1] (nbody 1 or 2) */
    CHS_WHILE,    /* while (a) body[0] */
    CHS_BREAK,
    CHS_CONTINUE,
    CHS_PRINT,    /* args */
    CHS_CALL,     /* name(args) */
    CHS_RETURN,   /* a or NULL */
    CHS_EXIT,
    CHS_DIM,      /* dim name, a */
    CHS_FREE,     /* free name */
    CHS_STEP,     /* step name {body} */
    CHS_CONFDEV,  /* args */
    CHS_COMPUTE,  /* cflow: compute a */
    CHS_LOOP,     /* cflow: loop a, b {body} */
    CHS_CASE,     /* cflow: case a {args[i]: cases[i]} */
} chips_stmt_kind;

typedef struct chips_stmt chips_stmt;
struct chips_stmt {
    chips_stmt_kind kind;
    chips_pos pos;
    const char *name;
    chips_expr *a, *b, *index;
    chips_expr **args;
    size_t nargs;
    chips_stmt **body;
    size_t nbody;
    chips_stmt ***cases; /* CHS_CASE: per probability, its statements */
    size_t *ncases;
};

typedef struct chips_proc {
    const char *name;
    chips_pos pos;
    int is_cflow;
    const char **params;
    size_t nparams;
    chips_decl *locals;
    size_t nlocals;
    chips_stmt **body;
    size_t nbody;
} chips_proc;

typedef enum chips_object_kind {
    CHIPS_APPLICATION,
    CHIPS_SUBTASK,
    CHIPS_PARTMP,
} chips_object_kind;

typedef struct chips_include {
    const char *name;
    chips_pos pos;
} chips_include;

typedef struct chips_ast {
    const char *file;
    chips_object_kind kind;
    const char *name;
    chips_pos pos;
    chips_include *includes;
    size_t nincludes;
    const char **groups; /* defgroup'ed */
    size_t ngroups;
    chips_decl *vars;
    size_t nvars;
    chips_link *links;
    size_t nlinks;
    chips_assign *options;
    size_t noptions;
    chips_proc *procs;
    size_t nprocs;
} chips_ast;

#endif
