/* chips_lex: the tokens of a CHIP3S file (.la).  chips_lex() turns the whole
 * text into an array of tokens ending with CHT_EOF; the tokens and their
 * texts live in the arena the caller passes (freed with it).  Errors (an
 * unterminated comment or string, a stray character) are reported through
 * diag as FILE:LINE:COL: error: and give NULL. */
#ifndef AITOOL_CHIPS_LEX_H
#define AITOOL_CHIPS_LEX_H

#include <stddef.h>

#include "mem.h"

typedef enum chips_tok_kind {
    CHT_EOF = 0,
    /* Single characters are their own code: ( ) { } [ ] , ; : . = + - * / < > */
    CHT_ID = 256,
    CHT_NUM,
    CHT_STR,
    CHT_GE,
    CHT_LE,
    CHT_EQ,
    CHT_NE,
    /* Keywords, in the order of chips_keyword_names. */
    CHT_APPLICATION,
    CHT_SUBTASK,
    CHT_PARTMP,
    CHT_INCLUDE,
    CHT_VAR,
    CHT_DEFGROUP,
    CHT_LINK,
    CHT_OPTION,
    CHT_PROC,
    CHT_CFLOW,
    CHT_COMPUTE,
    CHT_LOOP,
    CHT_CALL,
    CHT_CASE,
    CHT_EXEC,
    CHT_IF,
    CHT_THEN,
    CHT_ELSE,
    CHT_WHILE,
    CHT_BREAK,
    CHT_CONTINUE,
    CHT_PRINT,
    CHT_RETURN,
    CHT_EXIT,
    CHT_DIM,
    CHT_FREE,
    CHT_STEP,
    CHT_CONFDEV,
    CHT_NUMERIC,
    CHT_VECTOR,
    CHT_STRING,
    CHT_IS,
    CHT_ARRAY,
    CHT_LAST_KEYWORD = CHT_ARRAY,
} chips_tok_kind;

typedef struct chips_token {
    int kind;         /* a chips_tok_kind or a character */
    const char *text; /* identifier, string contents, number or keyword as written */
    double num;       /* CHT_NUM */
    unsigned line, col;
} chips_token;

/* The tokens of text (named file in messages), the count in *n (the EOF
 * included); NULL after an error. */
chips_token *chips_lex(arena *a, const char *file, const char *text, size_t *n);

/* How a token kind is shown in messages: "'application'", "identifier", "';'". */
const char *chips_tok_describe(int kind, char *buf, size_t size);

#endif
