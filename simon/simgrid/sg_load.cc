// The one piece in C++: SimGrid reports a platform it cannot read by a C++
// exception, which C cannot catch; this turns it into false and its text.
#include <cstdio>
#include <exception>

#include <simgrid/engine.h>

extern "C" bool sg_load_platform(const char* path, char* why, std::size_t cap) noexcept
{
  try {
    simgrid_load_platform(path);
    return true;
  } catch (const std::exception& e) {
    std::snprintf(why, cap, "%s", e.what());
    return false;
  }
}
