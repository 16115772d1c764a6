/* A generic lambda is a template: counted per instance (here for double:
 * x *= 2 is 1 multiply), not where it is written, where its types are
 * unknown. */
double twice(double v)
{
    auto g = [](auto x) {
        for (int i = 0; i < 3; i++)
            x *= 2;
        return x;
    };
    return g(v);
}
