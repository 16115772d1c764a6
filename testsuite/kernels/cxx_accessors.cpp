/* Element accessors and references, in the style of a hydrodynamics proxy
 * (LULESH 2.0): a mesh keeps its fields in std::vector members and hands
 * out elements through accessors returning a reference.  A call of an
 * accessor (a body that is one `return` of an element, the result an lvalue
 * reference) is that element's access, a load or a store by its context;
 * a method's members are the members of the object it is called on.  Per
 * iteration, by hand:
 *   line 49: v = vel(i) + acc(i) * dt, |v| tested by fabs, vel(i) = v, for
 *            each of the two components: 2 plus, 2 multiply, 2 special;
 *            loads mesh.m_vel, mesh.m_acc, mesh.m_velz, mesh.m_accz,
 *            stores mesh.m_vel, mesh.m_velz (doubles)
 *   line 63: pos(i) += vel(i) * dt through a pointer: 1 plus, 1 multiply;
 *            loads m->m_pos and m->m_vel, stores m->m_pos
 *   line 69: gather e(ielem) into a local array by the int index node(i)
 *            (returned by value: a load): loads mesh.m_node (int) and
 *            mesh.m_e, stores out (doubles)
 *   line 77: a reference bound to an element: auto &r = w[i]; r = r * s
 *            + 1.0: 1 plus, 1 multiply; loads w, stores w
 *   line 38: Mesh::damp, its own members through its accessors:
 *            vel(i) *= f: 1 multiply; loads and stores m_vel */
#include <cmath>
#include <vector>

typedef double Real_t;
typedef int Index_t;

class Mesh {
public:
    Real_t &vel(Index_t i) { return m_vel[i]; }
    Real_t &velz(Index_t i) { return m_velz[i]; }
    Real_t &acc(Index_t i) { return m_acc[i]; }
    Real_t &accz(Index_t i) { return m_accz[i]; }
    Real_t &pos(Index_t i) { return m_pos[i]; }
    Real_t &e(Index_t i) { return m_e[i]; }
    Index_t node(Index_t i) const { return m_node[i]; }
    void damp(Real_t f, Index_t n)
    {
        for (Index_t i = 0; i < n; ++i)
            vel(i) *= f;
    }

private:
    std::vector<Real_t> m_vel, m_velz, m_acc, m_accz, m_pos, m_e;
    std::vector<Index_t> m_node;
};

void advance(Mesh &mesh, Real_t dt, Real_t cut, Index_t n)
{
    for (Index_t i = 0; i < n; ++i) {
        Real_t v = mesh.vel(i) + mesh.acc(i) * dt;
        if (std::fabs(v) < cut)
            v = Real_t(0.0);
        mesh.vel(i) = v;
        Real_t vz = mesh.velz(i) + mesh.accz(i) * dt;
        if (std::fabs(vz) < cut)
            vz = Real_t(0.0);
        mesh.velz(i) = vz;
    }
}

void move(Mesh *m, Real_t dt, Index_t n)
{
    for (Index_t i = 0; i < n; ++i)
        m->pos(i) += m->vel(i) * dt;
}

void gather(Mesh &mesh, Real_t *out, Index_t n)
{
    for (Index_t i = 0; i < n; ++i) {
        Index_t ielem = mesh.node(i);
        out[i] = mesh.e(ielem);
    }
}

void scale(std::vector<Real_t> &w, Real_t s, Index_t n)
{
    for (Index_t i = 0; i < n; ++i) {
        auto &r = w[i];
        r = r * s + 1.0;
    }
}

/* Line 97: a constructor's members are those of the object it makes, no
 * array of the caller: Tmp t(w[i]) loads w, its body's v[1] = a * 2.0 is
 * 1 multiply; out[i] = t.v[1] loads the local t.v and stores out. */
struct Tmp {
    double v[2];
    Tmp(double a)
    {
        v[0] = a;
        v[1] = a * 2.0;
    }
};

void construct(const double *w, double *out, Index_t n)
{
    for (Index_t i = 0; i < n; ++i) {
        Tmp t(w[i]);
        out[i] = t.v[1];
    }
}
