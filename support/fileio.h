/* fileio: writing outputs without ever leaving a half-written file, and
 * never over an input.
 *
 * fileio_write_atomic() writes PATH's new contents to a temporary beside it,
 * named `.NAME.aitool-tmp.PID` (NAME being PATH's last component), and renames
 * it over PATH only when everything succeeded; on failure the temporary is
 * removed and PATH is untouched.  Temporaries of that pattern whose process is
 * no longer alive (a run killed while writing) are removed from the directory
 * on the next write there.  A PATH that is a symbolic link keeps the link and
 * replaces its target; one that is not a regular file (/dev/null, a FIFO) is
 * written in place; "-" means standard output.
 *
 * Between fileio_run_begin() and fileio_run_end(), the renames wait: each
 * output stays in its temporary until fileio_run_end() renames them all
 * together, or removes them all when any output of the run failed, so a run
 * replaces all its outputs or none.  The pending list is the module's own and
 * is freed by fileio_run_end(); the threads of a parallel run may write
 * outputs into the same run (begin and end are the main thread's).  Errors
 * are reported through diag.
 *
 * Inputs are regular files (or "-", standard input, where a reader says it
 * takes it) and never read whole beyond FILEIO_MAX_INPUT_BYTES: a device or
 * a FIFO is refused before it is opened, and a larger file before it is
 * read, with "PATH:1:1: error: cannot read WHAT: it is larger than the limit
 * of 256 MiB".  A write that fails is "error: writing OUT: reason".
 *
 * Used by every part that reads an input or writes an output (the tools,
 * the reports, the XML writer and readers, the instrumenters, chips, the
 * machine files, simon-cc); fileio_read_text() returns text the caller
 * frees. */
#ifndef AITOOL_FILEIO_H
#define AITOOL_FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "strbuf.h"

/* The largest input read: C sources, XML, JSON (machine files,
 * measurements, reports to merge), annotations, compilation databases. */
#define FILEIO_MAX_INPUT_BYTES (256ull << 20)

/* Returns true when the writer succeeded; the writer returns false on error. */
typedef bool (*fileio_writer)(FILE *out, void *ctx);

bool fileio_write_atomic(const char *path, fileio_writer writer, void *ctx);

/* For a writer that builds its text in blocks: write text to out and empty
 * it; false when the write failed. */
bool fileio_flush_text(FILE *out, strbuf *text);

/* True when path can be read as an input: a readable regular file of at
 * most FILEIO_MAX_INPUT_BYTES (noted as an input of the run).  Otherwise
 * false after "path:1:1: error: cannot open WHAT: why" (missing, unreadable,
 * "it is a directory", "it is a device, not a file", "it is a FIFO, not a
 * file: give - to read standard input") or the error of a file too large. */
bool fileio_check_input(const char *path, const char *what);

/* The whole of a text file (free() it), or NULL after a located error
 * naming it as `what` ("annotation file"): not an input fileio_check_input
 * accepts, unreadable, larger than the limit or holding a NUL byte.  "-" is
 * standard input, read up to the limit. */
char *fileio_read_text(const char *path, const char *what);

/* True when at most one of the n file arguments (NULL entries skipped) is
 * "-": standard input can be read once.  Otherwise false after the
 * program's error naming the two options (`names[i]`, "-machine" or
 * "input"), a usage error for the caller to return. */
bool fileio_one_stdin(const char *const *paths, const char *const *names, int n);

/* The part of a path after its last '/' (a pointer into path). */
const char *fileio_basename(const char *path);

/* True when a and b name the same existing file (device and inode, so that
 * `./k.xml`, `k.xml` and a link to it are one file). */
bool fileio_same_file(const char *a, const char *b);

/* ---- The one rule of every program: no output names a file the run reads,
 * nor another of its outputs ----
 *
 * A program brackets its work with fileio_program_begin() and
 * fileio_program_end().  Between them, every file read through this module
 * (fileio_check_input, fileio_read_text) is an input of the run, and so is
 * the program's own executable; fileio_note_input() adds a file read by
 * someone else (the headers libclang opened, what a compiler is given).
 * fileio_claim_output() checks an output before anything is written, against
 * the inputs noted so far and the outputs claimed before it.  Every write of
 * fileio_write_atomic() is checked again (an output known only late, such as
 * a subtask per C function, is checked there: a second write of one file in
 * a run is a clash too), and fileio_run_end() checks a run's outputs once
 * more against the inputs read after them, before any is renamed into place.
 * Two names are one file by device and inode (a `./` prefix, a symbolic or a
 * hard link), or, for an output not there yet, by its absolute path.
 * Standard output ("-") and devices (/dev/null) never clash.  A clash is
 * reported as "OPTION 'out' is the input 'in': refusing to overwrite it" (or
 * "... is also OPTION2 'x'"), the output is not written, and
 * fileio_program_end() turns the exit status into the usage status.
 * Outside a program's bracket (a library used by the tests), nothing is noted
 * and only explicit claims are checked. */
void fileio_program_begin(void);
void fileio_note_input(const char *path);
/* False after the clash is reported; NULL and "-" name no file. */
bool fileio_claim_output(const char *option, const char *path);
/* Notes the n inputs, then claims out: the explicit form of the rule for an
 * output that must not be any of those inputs. */
bool fileio_output_not_input(const char *option, const char *out, const char *const *inputs,
                             int n);
/* Whether path can be written as an output before any work is done: NULL and "-" can;
 * otherwise its directory must exist and be writable and path must not be a directory.
 * False after "error: OPTION 'path': cannot write it: why". */
bool fileio_output_writable(const char *option, const char *path);
/* The end of a program: flushes standard output, and reports "error: writing
 * standard output: reason" when any write to it failed; returns `usage` when
 * a clash was reported, 1 (or status, when not 0) when standard output
 * failed, status otherwise.  Frees what the bracket noted. */
int fileio_program_end(int status, int usage);

/* The files fileio_note_input() noted (the headers libclang opened), not
 * those read through this module, whose absolute path lies under dir (an
 * absolute, resolved directory), in the order noted: *n strings, the array
 * and each string for the caller to free. */
char **fileio_noted_under(const char *dir, size_t *n);

/* Makes dir and its missing parents (as mkdir -p); false after "error:
 * OPTION 'dir': cannot make directory 'd': reason". */
bool fileio_make_dirs(const char *option, const char *dir);

/* The start and the end of a run whose outputs are replaced together;
 * fileio_run_end() is true when every output of the run was written and
 * renamed into place. */
void fileio_run_begin(void);
bool fileio_run_end(void);

#endif
