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
 * Inputs are never read whole beyond FILEIO_MAX_INPUT_BYTES: a larger file
 * is refused before it is read, with "PATH:1:1: error: cannot read WHAT: it
 * is larger than the limit of 256 MiB". */
#ifndef AITOOL_FILEIO_H
#define AITOOL_FILEIO_H

#include <stdbool.h>
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

/* True when path can be read as an input: a readable regular file (or a
 * pipe) of at most FILEIO_MAX_INPUT_BYTES.  Otherwise false after
 * "path:1:1: error: cannot open WHAT: why" (missing, unreadable, "it is a
 * directory", "it is a device, not a file") or the error of a file too large. */
bool fileio_check_input(const char *path, const char *what);

/* The whole of a text file (free() it), or NULL after a located error
 * naming it as `what` ("annotation file"): not an input fileio_check_input
 * accepts, unreadable, or holding a NUL byte. */
char *fileio_read_text(const char *path, const char *what);

/* The part of a path after its last '/' (a pointer into path). */
const char *fileio_basename(const char *path);

/* True when a and b name the same existing file (device and inode, so that
 * `./k.xml`, `k.xml` and a link to it are one file). */
bool fileio_same_file(const char *a, const char *b);

/* False, with "OPTION 'out' is the input 'in': refusing to overwrite it"
 * reported through diag, when out names the same file as one of the n
 * inputs; NULL and "-" name no file.  One check for every output option of
 * every program. */
bool fileio_output_not_input(const char *option, const char *out, const char *const *inputs,
                             int n);

/* The start and the end of a run whose outputs are replaced together;
 * fileio_run_end() is true when every output of the run was written and
 * renamed into place. */
void fileio_run_begin(void);
bool fileio_run_end(void);

#endif
