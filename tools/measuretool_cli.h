/* measuretool_cli: measuretool's command line, parsed and run: its option
 * table, the help, and the dispatch to the run planner (mt_driver.h, which
 * also has the exit statuses).  Used by measuretool's main() and the tests. */
#ifndef AITOOL_MEASURETOOL_CLI_H
#define AITOOL_MEASURETOOL_CLI_H

#include "mt_driver.h"

/* Everything main() does: parse argv, run, and return the exit status:
 * 0 success, 1 an input could not be analyzed, a pragma did not hold or an
 * output not written, 2 a usage error. */
int mt_main(int argc, char **argv);

#endif
