#include "args.h"

#include "diag.h"

bool args_take_value(int argc, char **argv, int *i, const char **value)
{
    if (*i + 1 >= argc) {
        diag_tool(DIAG_ERROR, "option '%s' needs a value", argv[*i]);
        return false;
    }
    *value = argv[++*i];
    return true;
}
