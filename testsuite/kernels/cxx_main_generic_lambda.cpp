/* A main for cxx_generic_lambda.cpp (or its instrumented copy, KERNEL)
 * (test_instrument's C++ suite counts by hand). */
#include KERNEL
#include <cstdio>

int main()
{
    std::printf("%g %g\n", twice(1.5), twice(0.25));
    return 0;
}
