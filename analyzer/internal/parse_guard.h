/* parse_guard: the files libclang reads while it parses are bounded like
 * every other input (internal to the analyzer; parse_guard.c says how).
 *
 * Between parse_guard_begin() and parse_guard_end(), every file the calling
 * thread opens for reading (the source, its includes, `-include` files) must
 * be a regular file of at most FILEIO_MAX_INPUT_BYTES: any other open fails,
 * before the file is opened, and clang reports it where it was included, as
 * "cannot open file 'NAME': REASON" (a fatal error).  parse_guard_reason()
 * turns the reason clang spelled from errno into the guard's own words.
 * Other threads, and this one outside the bracket, open files unchanged.
 * The module owns no heap memory. */
#ifndef AITOOL_PARSE_GUARD_H
#define AITOOL_PARSE_GUARD_H

void parse_guard_begin(void);
void parse_guard_end(void);

/* For a diagnostic of the last bracket on this thread: when text is clang's
 * "cannot open file 'NAME': ..." for a file the guard refused, the length
 * of its part up to and with "': ", and in *reason why the guard refused
 * it ("it is a device, not a file"); 0 otherwise. */
unsigned parse_guard_reason(const char *text, const char **reason);

#endif
