/* chips_cli: the command line of chips, the CHIP3S run-time system: parse
 * argv, load the program and the machine, evaluate the points, write the
 * table, CSV, JSON or chart (the options and their table are in
 * chips_cli.c). */
#ifndef AITOOL_CHIPS_CLI_H
#define AITOOL_CHIPS_CLI_H

enum { CHIPS_EXIT_OK = 0, CHIPS_EXIT_INPUT = 1, CHIPS_EXIT_USAGE = 2 };

/* The sweep's limit on points (all -sweep options together). */
enum { CHIPS_MAX_POINTS = 1000000 };

/* Everything main() does; returns the exit status: 0 success, 1 a bad
 * program or machine file, an unreadable input or unwritable output, 2 a
 * usage error. */
int chips_main(int argc, char **argv);

#endif
