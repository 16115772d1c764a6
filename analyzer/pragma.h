/* pragma: finds `#pragma aitool` in a main file and attaches each to the
 * loop or function definition it stands before (internal to the analyzer).
 * Unknown pragmas are not cursors in libclang, so the main file's tokens are
 * scanned.  The pragmas are copied into the program's arena. */
#ifndef AITOOL_PRAGMA_H
#define AITOOL_PRAGMA_H

#include <stdbool.h>

#include <clang-c/Index.h>

#include "loop_model.h"

/* False when a pragma is malformed or stands before nothing it can apply to
 * (each is reported); the well-formed ones are attached all the same. */
bool pragma_attach(lm_program *p, lm_file *file, CXTranslationUnit tu, const char *path);

#endif
