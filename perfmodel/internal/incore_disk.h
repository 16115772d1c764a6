/* incore_disk: the in-core model's cache across runs (incore.c asks it before compiling).
 * A result is a small text file in the cache directory, named by a hash of its key and
 * holding the key itself, so that a collision is a miss.  The directory is
 * $AITOOL_CACHE_DIR, else $XDG_CACHE_HOME/aitool/incore, else ~/.cache/aitool/incore.
 * Only analyses that succeeded are kept (a failure is cheap to find again, and the user
 * may be fixing its cause).  A cache that cannot be read or written is no error: the
 * analysis is done again.  The key text is the caller's to free(). */
#ifndef AITOOL_INCORE_DISK_H
#define AITOOL_INCORE_DISK_H

#include <stdbool.h>
#include <stdint.h>

#include "incore.h"

/* The key of a request: the file's path and content hash, the command, the lines, the
 * element size, -mcpu, and the llvm-mca program's identity (its path in PATH, size and
 * modification time: a new llvm-mca version is a new key).  NULL when there is none to
 * make (llvm-mca not found, a newline in the command): the disk cache is then not used. */
char *incore_disk_key(const incore_request *req, uint64_t content_hash);

/* The result stored under key into *out (its loops' bodies NULL, compiler NULL); false
 * when there is none or it cannot be read. */
bool incore_disk_load(const char *key, incore_result *out);
/* Stores r under key, written to a temporary file renamed into place. */
void incore_disk_store(const char *key, const incore_result *r);

#endif
