/* Not C++: clang's error is the user's, and nothing is counted. */
#include <vector>

void broken(std::vector<double> &v)
{
    for (auto &e : v)
        e += undeclared_name;
}
