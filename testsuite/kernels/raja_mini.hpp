// A tiny RAJA-like header for the tests (not RAJA): forall over a range
// segment runs the body once per index.
#ifndef RAJA_MINI_HPP
#define RAJA_MINI_HPP
namespace RAJA {
struct seq_exec {};
template <typename T> struct TypedRangeSegment {
    T b, e;
    TypedRangeSegment(T begin, T end) : b(begin), e(end) {}
};
using RangeSegment = TypedRangeSegment<long>;
template <typename Policy, typename Range, typename Body> void forall(Range r, Body body)
{
    for (auto i = r.b; i < r.e; ++i)
        body(i);
}
template <typename Policy, typename Range, typename Body>
void forall(Policy, Range r, Body body)
{
    for (auto i = r.b; i < r.e; ++i)
        body(i);
}
} // namespace RAJA
#endif
