/* chips: the CHIP3S run-time system.  Everything is in chips_cli.c. */
#include "chips_cli.h"

int main(int argc, char **argv)
{
    return chips_main(argc, argv);
}
