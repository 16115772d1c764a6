/* Found only through the -I of the project's entries. */
#define SCALE_FACTOR 2.0
