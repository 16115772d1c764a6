/* Bounding what libclang reads.
 *
 * Every input the tools read goes through fileio, which refuses devices and
 * FIFOs and files over FILEIO_MAX_INPUT_BYTES before reading them.  But the
 * files a C source includes are read by libclang itself, and clang reads a
 * file that is not regular ("volatile", its size unknown) to its end:
 * `#include "/dev/zero"` or `-include /dev/full` made measuretool read
 * without limit (24 GB before it was killed), and an include of a FIFO
 * waits for a writer forever.  The clang compiler returns at once only
 * because it never gets there in the same way; libclang offers no hook for
 * opening files, and its virtual file systems (-ivfsoverlay) can map names
 * but not refuse kinds of files.
 *
 * What libclang does have is one door: its file system (llvm::sys::fs)
 * opens every file with the C library's `open`, which libLLVM.so imports
 * by name (`open@GLIBC_2.2.5`; libclang.so imports none).  A program's own
 * definition of a symbol comes first in the dynamic linker's lookup, so the
 * `open` below is the one libLLVM calls.  It passes every call on to the C
 * library's openat(), which is not this symbol, except while this thread
 * parses (the bracket of parse_guard_begin/end, which analyzer.c puts around
 * clang_parseTranslationUnit2; libclang parses on the calling thread, see
 * LIBCLANG_NOTHREADS there): then a read-only open of a file that is not a
 * regular one, or of one larger than the limit, fails with an errno of its
 * own before the file is opened (stat(), which follows links as open does,
 * never blocks on a FIFO).  clang reports such an error where the file was
 * included, "cannot open file 'NAME': " and the errno's text, as a fatal
 * error, which stops the parse; the analyzer puts the guard's reason in
 * place of that text.  Directories and missing files are left to clang's
 * own errors, and writes, other threads and opens outside a parse (the C
 * library's own, fopen's, the sanitizers') are not affected.
 *
 * The definition is in every program that links the analyzer (analyzer.c
 * calls into this file, so the archive member is always linked), and the
 * analyzer's CMakeLists exports it from the executable explicitly. */
#define _GNU_SOURCE /* O_TMPFILE */
#include "parse_guard.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>

#include "fileio.h"

/* Each refusal's errno (one clang reports as it is, not as "file not
 * found") and the guard's words for it. */
typedef struct parse_guard_refusal {
    int err;
    const char *reason;
} parse_guard_refusal;

enum { GUARD_DEVICE, GUARD_FIFO, GUARD_OTHER, GUARD_TOO_LARGE, GUARD_NREFUSALS };

static const parse_guard_refusal parse_guard_refusals[GUARD_NREFUSALS] = {
    [GUARD_DEVICE] = {ENODEV, "it is a device, not a file"},
    [GUARD_FIFO] = {ESPIPE, "it is a FIFO, not a file"},
    [GUARD_OTHER] = {ENXIO, "it is not a regular file"},
    [GUARD_TOO_LARGE] = {EFBIG, "it is larger than the limit of 256 MiB"},
};
_Static_assert(FILEIO_MAX_INPUT_BYTES == 256ull << 20, "the reason names the limit");

static _Thread_local bool parse_guard_on;
static _Thread_local unsigned parse_guard_refused; /* a bit per refusal of this bracket */

void parse_guard_begin(void)
{
    parse_guard_on = true;
    parse_guard_refused = 0;
}

void parse_guard_end(void)
{
    parse_guard_on = false;
}

/* The refusal of the file at path, or GUARD_NREFUSALS when it may be read
 * (or does not exist, or is a directory: clang's own errors say so). */
static int parse_guard_check(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || S_ISDIR(st.st_mode))
        return GUARD_NREFUSALS;
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
        return GUARD_DEVICE;
    if (S_ISFIFO(st.st_mode))
        return GUARD_FIFO;
    if (!S_ISREG(st.st_mode))
        return GUARD_OTHER;
    if ((unsigned long long)st.st_size > FILEIO_MAX_INPUT_BYTES)
        return GUARD_TOO_LARGE;
    return GUARD_NREFUSALS;
}

/* The C library's prototype, defined here for libLLVM (see above); open
 * takes a mode only when it may create the file. */
int open(const char *path, int flags, ...)
{
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) {
        va_list ap;
        va_start(ap, flags);
        mode = va_arg(ap, mode_t);
        va_end(ap);
    }
    if (parse_guard_on && (flags & O_ACCMODE) == O_RDONLY) {
        int refusal = parse_guard_check(path);
        if (refusal != GUARD_NREFUSALS) {
            parse_guard_refused |= 1u << refusal;
            errno = parse_guard_refusals[refusal].err;
            return -1;
        }
    }
    return openat(AT_FDCWD, path, flags, mode);
}

unsigned parse_guard_reason(const char *text, const char **reason)
{
    static const char opening[] = "cannot open file '";
    if (!parse_guard_refused || strncmp(text, opening, sizeof opening - 1) != 0)
        return 0;
    size_t len = strlen(text);
    for (int k = 0; k < GUARD_NREFUSALS; k++) {
        if (!(parse_guard_refused & (1u << k)))
            continue;
        const char *said = strerror(parse_guard_refusals[k].err);
        size_t n = strlen(said);
        if (len >= sizeof opening + 2 + n && memcmp(text + len - n - 3, "': ", 3) == 0 &&
            strcmp(text + len - n, said) == 0) {
            *reason = parse_guard_refusals[k].reason;
            return (unsigned)(len - n);
        }
    }
    return 0;
}
