/* perfmodel: predicted flops, memory traffic, working sets and runtime of
 * ExaSAT XML kernels on a machine.  Everything is in perfmodel_cli.c. */
#include "perfmodel_cli.h"

int main(int argc, char **argv)
{
    return pm_main(argc, argv);
}
