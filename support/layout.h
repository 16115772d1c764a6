/* layout: where a program finds the files it uses at run time (the <omp.h>
 * wrapper measuretool parses OpenMP code with, simon.h and libsimon for
 * simon-cc, the measuretool simon-cc runs), whether it runs from the build
 * tree or from an installation (cmake --install).
 *
 * A program runs from an installation when the installation's data
 * directory, PREFIX/share/aitool, lies where it would beside the program's
 * own executable (/proc/self/exe, PREFIX/bin); then every file comes from
 * the installation, none from the source or build tree, so an incomplete
 * installation fails instead of silently reading the build tree.  Otherwise
 * each file is the build or source tree's path the caller compiled in.
 *
 * The paths returned are made once and kept until the program exits (never
 * freed by the caller); the functions are safe to call from any thread.
 *
 * Used by the analyzer (the <omp.h> wrapper) and by simon-cc. */
#ifndef AITOOL_LAYOUT_H
#define AITOOL_LAYOUT_H

typedef enum layout_dir {
    LAYOUT_BIN,     /* PREFIX/bin: the programs */
    LAYOUT_DATA,    /* PREFIX/share/aitool: data files */
    LAYOUT_LIB,     /* PREFIX/lib/aitool: libraries programs are linked with */
    LAYOUT_INCLUDE, /* PREFIX/include/aitool: headers programs include */
} layout_dir;

/* NAME in the installation's directory DIR (the directory itself when NAME
 * is NULL) when the program runs from an installation, else `built`. */
const char *layout_path(layout_dir dir, const char *name, const char *built);

#endif
