/* measuretool_cli: measuretool's command line, parsed and run (the
 * options, their table and the modes are in measuretool_cli.c). */
#ifndef AITOOL_MEASURETOOL_CLI_H
#define AITOOL_MEASURETOOL_CLI_H

enum { MT_EXIT_OK = 0, MT_EXIT_INPUT = 1, MT_EXIT_USAGE = 2 };

/* Everything main() does: parse argv, run, and return the exit status:
 * 0 success, 1 an input could not be analyzed, a pragma did not hold or an
 * output not written, 2 a usage error. */
int mt_main(int argc, char **argv);

#endif
