/* measuretool: per-loop FP operations, load/store bytes and arithmetic
 * intensity of C sources.  Everything is in measuretool_cli.c. */
#include "measuretool_cli.h"

int main(int argc, char **argv)
{
    return mt_main(argc, argv);
}
