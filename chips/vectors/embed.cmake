# Writes the specification file IN (vctdef's output) into the C file OUT as
# the string chips_vct_builtin_spec, so chips reads its built-in vector
# types the way it reads a user's specification file.
file(READ "${IN}" text)
string(REPLACE "\\" "\\\\" text "${text}")
string(REPLACE "\"" "\\\"" text "${text}")
string(REPLACE "\n" "\\n\"\n    \"" text "${text}")
file(WRITE "${OUT}" "/* Generated from builtin.vdef by vctdef and embed.cmake. */\n"
                    "extern const char chips_vct_builtin_spec[];\n"
                    "const char chips_vct_builtin_spec[] =\n    \"${text}\";\n")
