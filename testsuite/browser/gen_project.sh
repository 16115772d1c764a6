#!/usr/bin/env bash
# Writes a C project of FILES files of FUNCS functions each into DIR: every function has
# two loop nests (a 3-point stencil with a reduction, and a scaling by the sum), 20 lines
# with its comments, so 50 x 100 functions are 10,000 loops in 100,000 lines.  The
# operations vary with the function's number, so the loops spread over the roofline.
#   gen_project.sh DIR [FILES] [FUNCS]
set -euo pipefail
dir=$1
files=${2:-50}
funcs=${3:-100}
mkdir -p "$dir"
for ((f = 0; f < files; f++)); do
    awk -v file="$f" -v funcs="$funcs" 'BEGIN {
        printf "/* Generated kernels, file %d: two loop nests a function. */\n", file
        printf "#include <stddef.h>\n\n"
        for (k = 0; k < funcs; k++) {
            terms = k % 5
            printf "/* Kernel %d of file %d: a three-point average of b and c into a,\n", k, file
            printf " * with %d extra terms, then a scaled by the sum of the squares.\n", terms
            printf " * n is the length of every array; a, b and c do not overlap,\n"
            printf " * and the first and last elements of a are left as they are. */\n"
            printf "double f%d_k%d(size_t n, double *restrict a, const double *restrict b,\n", file, k
            printf "              const double *restrict c)\n{\n"
            printf "    double s = 0.0;\n"
            printf "    for (size_t i = 1; i < n - 1; i++) {\n"
            printf "        double w = 0.25 * (b[i - 1] + 2.0 * b[i] + b[i + 1]);\n"
            line = "        a[i] = w"
            for (t = 0; t < terms; t++)
                line = line sprintf(" + %d.5 * c[i]", t + 1)
            printf "%s;\n", line
            printf "        s += a[i] * a[i];\n"
            printf "    }\n"
            printf "    /* Scale by the sum: the second nest reads and writes a once more. */\n"
            printf "    /* It runs over all n elements, the ends too. */\n"
            printf "    for (size_t j = 0; j < n; j++)\n"
            printf "        a[j] = a[j] / (1.0 + s);\n"
            printf "    return s;\n}\n\n"
        }
    }' > "$dir/f$f.c"
done
