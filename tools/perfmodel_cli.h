/* perfmodel_cli: perfmodel's command line, parsed and run (the options,
 * their table and the modes are in perfmodel_cli.c). */
#ifndef AITOOL_PERFMODEL_CLI_H
#define AITOOL_PERFMODEL_CLI_H

enum { PM_EXIT_OK = 0, PM_EXIT_INPUT = 1, PM_EXIT_USAGE = 2 };

/* Everything main() does: parse argv, run, and return the exit status:
 * 0 success, 1 an input could not be read or modeled or an output not
 * written, 2 a usage error. */
int pm_main(int argc, char **argv);

#endif
