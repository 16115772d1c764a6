/* args: what the command lines (measuretool, perfmodel, bench/validate)
 * share in reading their options.  Nothing is allocated; values point into
 * argv. */
#ifndef AITOOL_ARGS_H
#define AITOOL_ARGS_H

#include <stdbool.h>

/* The value of the option at argv[*i], which is argv[*i + 1]; *i moves onto it.  False, with
 * "option '-x' needs a value" reported through diag, when the option is the last argument. */
bool args_take_value(int argc, char **argv, int *i, const char **value);

#endif
