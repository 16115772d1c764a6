// A tiny Kokkos-like header for the tests (not Kokkos): Views with an
// element operator(), a range policy, parallel_for and parallel_reduce.
#ifndef KOKKOS_MINI_HPP
#define KOKKOS_MINI_HPP
namespace Kokkos {
template <class T> struct View;
template <class T> struct View<T *> {
    T *d;
    long n;
    explicit View(T *data, long n_) : d(data), n(n_) {}
    T &operator()(long i) const { return d[i]; }
};
template <class T> struct View<T **> {
    T *d;
    long n, m;
    View(T *data, long n_, long m_) : d(data), n(n_), m(m_) {}
    T &operator()(long i, long j) const { return d[i * m + j]; }
};
template <class... Props> struct RangePolicy {
    long b, e;
    RangePolicy(long begin, long end) : b(begin), e(end) {}
};
template <class F> void parallel_for(long n, const F &f)
{
    for (long i = 0; i < n; ++i)
        f(i);
}
template <class... P, class F> void parallel_for(const RangePolicy<P...> &p, const F &f)
{
    for (long i = p.b; i < p.e; ++i)
        f(i);
}
template <class F> void parallel_for(const char *, long n, const F &f)
{
    for (long i = 0; i < n; ++i)
        f(i);
}
template <class F, class R> void parallel_reduce(long n, const F &f, R &result)
{
    R sum = 0;
    for (long i = 0; i < n; ++i)
        f(i, sum);
    result = sum;
}
} // namespace Kokkos
#endif
