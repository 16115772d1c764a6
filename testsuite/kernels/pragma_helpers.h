/* Helpers for pragmas that a project might keep in a header of its own;
 * nothing here names the tool, so only their uses do. */
#define CHECK(s) _Pragma(s)
#define PRAGMA(x) _Pragma(#x)
#define STR(x) #x
