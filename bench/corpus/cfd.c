/* cfd.c: a finite-volume flow solver on block-structured grids, written
 * for the measuretool benchmark in the style of research CFD codes: deep
 * struct access (mesh -> blocks -> cells -> state -> components), many small
 * loops over the five conserved variables and three directions, index
 * macros, boundary conditions chosen in switch statements, and long
 * residual and time-stepping routines.  Meant to be parsed, not run. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define NVAR 5
#define NDIM 3
#define NGHOST 2
#define MAX_BLOCKS 64
#define MAX_SPECIES 4
#define IDX(b, i, j, k) ((((k) + NGHOST) * ((b)->nj + 2 * NGHOST) + ((j) + NGHOST)) * ((b)->ni + 2 * NGHOST) + ((i) + NGHOST))
#define SQR(x) ((x) * (x))
#define CUBE(x) ((x) * (x) * (x))
#define MIN2(a, b) ((a) < (b) ? (a) : (b))
#define MAX2(a, b) ((a) > (b) ? (a) : (b))
#define SIGN(a, b) ((b) >= 0.0 ? fabs(a) : -fabs(a))
#define FOR_CELLS(b, i, j, k) \
    for (int k = 0; k < (b)->nk; k++) for (int j = 0; j < (b)->nj; j++) for (int i = 0; i < (b)->ni; i++)
#define FOR_VARS(v) for (int v = 0; v < NVAR; v++)
#define FOR_DIMS(d) for (int d = 0; d < NDIM; d++)
#define CELL(b, i, j, k) ((b)->cells[IDX(b, i, j, k)])
#define RHO 0
#define MX 1
#define MY 2
#define MZ 3
#define EN 4

typedef enum bc_kind { BC_WALL, BC_SLIP, BC_INFLOW, BC_OUTFLOW, BC_PERIODIC, BC_SYMMETRY, BC_FARFIELD, BC_INTERFACE } bc_kind;
typedef enum limiter_kind { LIM_NONE, LIM_MINMOD, LIM_VANLEER, LIM_SUPERBEE, LIM_VENKAT } limiter_kind;
typedef enum flux_kind { FLUX_ROE, FLUX_HLLC, FLUX_AUSM, FLUX_RUSANOV } flux_kind;

typedef struct vec3 { double x[NDIM]; } vec3;

typedef struct state {
    double q[NVAR];
    double prim[NVAR];
    double species[MAX_SPECIES];
} state;

typedef struct gradient {
    vec3 dq[NVAR];
    double limiter[NVAR];
} gradient;

typedef struct geometry {
    double volume;
    vec3 centroid;
    vec3 normal[NDIM];
    double area[NDIM];
    double wall_distance;
} geometry;

typedef struct cell {
    state now, old, stage;
    double residual[NVAR];
    gradient grad;
    geometry geom;
    double dt_local;
    double viscosity, conductivity;
    int flags;
} cell;

typedef struct face_bc {
    bc_kind kind;
    state ref;
    double wall_temperature;
    double pressure;
    int neighbour_block, neighbour_face;
} face_bc;

typedef struct gas_model {
    double gamma, gas_constant, prandtl, sutherland_t, sutherland_mu;
    double cp, cv;
} gas_model;

typedef struct numerics {
    flux_kind flux;
    limiter_kind limiter;
    double cfl, venkat_k, entropy_fix;
    int order, rk_stages;
    double rk_alpha[4];
} numerics;

typedef struct block {
    int ni, nj, nk;
    cell *cells;
    face_bc bc[2 * NDIM];
    double max_residual[NVAR];
    double work[NVAR][16];
} block;

typedef struct mesh {
    block blocks[MAX_BLOCKS];
    int nblocks;
    gas_model gas;
    numerics num;
    double time, dt;
    long step;
    double norms[NVAR];
} mesh;

static inline double pressure_of(const gas_model *g, const double *q)
{
    double ke = 0.5 * (q[MX] * q[MX] + q[MY] * q[MY] + q[MZ] * q[MZ]) / q[RHO];
    return (g->gamma - 1.0) * (q[EN] - ke);
}

static inline double sound_speed(const gas_model *g, const double *q)
{
    return sqrt(g->gamma * pressure_of(g, q) / q[RHO]);
}

static double sutherland(const gas_model *g, double t)
{
    return g->sutherland_mu * pow(t / g->sutherland_t, 1.5) * (g->sutherland_t + 110.4) / (t + 110.4);
}

static double limit_slope(limiter_kind kind, double a, double b, double k)
{
    switch (kind) {
    case LIM_NONE:
        return 0.5 * (a + b);
    case LIM_MINMOD:
        if (a * b <= 0.0) return 0.0;
        return fabs(a) < fabs(b) ? a : b;
    case LIM_VANLEER:
        if (a * b <= 0.0) return 0.0;
        return 2.0 * a * b / (a + b);
    case LIM_SUPERBEE: {
        if (a * b <= 0.0) return 0.0;
        double s1 = MIN2(2.0 * fabs(a), fabs(b)), s2 = MIN2(fabs(a), 2.0 * fabs(b));
        return SIGN(MAX2(s1, s2), a);
    }
    case LIM_VENKAT: {
        double eps2 = CUBE(k) * 1e-6;
        double num = (b * b + eps2) * a + 2.0 * a * a * b;
        double den = b * b + 2.0 * a * a + a * b + eps2;
        return den != 0.0 ? num / den : 0.0;
    }
    }
    return 0.0;
}


void to_primitive_0(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    const gas_model *g = &m->gas;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double rho = c->now.q[RHO];
        double inv = 1.0 / rho;
        c->now.prim[RHO] = rho;
        FOR_DIMS(d)
            c->now.prim[MX + d] = c->now.q[MX + d] * inv;
        c->now.prim[EN] = pressure_of(g, c->now.q);
        for (int s = 0; s < MAX_SPECIES; s++)
            c->now.species[s] = c->now.species[s] * 1.00 + c->old.species[s] * 0.00;
        double t = c->now.prim[EN] / (rho * g->gas_constant);
        c->viscosity = sutherland(g, t);
        c->conductivity = c->viscosity * g->cp / g->prandtl;
    }
}


void to_primitive_1(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    const gas_model *g = &m->gas;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double rho = c->now.q[RHO];
        double inv = 1.0 / rho;
        c->now.prim[RHO] = rho;
        FOR_DIMS(d)
            c->now.prim[MX + d] = c->now.q[MX + d] * inv;
        c->now.prim[EN] = pressure_of(g, c->now.q);
        for (int s = 0; s < MAX_SPECIES; s++)
            c->now.species[s] = c->now.species[s] * 0.99 + c->old.species[s] * 0.01;
        double t = c->now.prim[EN] / (rho * g->gas_constant);
        c->viscosity = sutherland(g, t);
        c->conductivity = c->viscosity * g->cp / g->prandtl;
    }
}


void to_primitive_2(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    const gas_model *g = &m->gas;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double rho = c->now.q[RHO];
        double inv = 1.0 / rho;
        c->now.prim[RHO] = rho;
        FOR_DIMS(d)
            c->now.prim[MX + d] = c->now.q[MX + d] * inv;
        c->now.prim[EN] = pressure_of(g, c->now.q);
        for (int s = 0; s < MAX_SPECIES; s++)
            c->now.species[s] = c->now.species[s] * 0.98 + c->old.species[s] * 0.02;
        double t = c->now.prim[EN] / (rho * g->gas_constant);
        c->viscosity = sutherland(g, t);
        c->conductivity = c->viscosity * g->cp / g->prandtl;
    }
}


void to_primitive_3(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    const gas_model *g = &m->gas;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double rho = c->now.q[RHO];
        double inv = 1.0 / rho;
        c->now.prim[RHO] = rho;
        FOR_DIMS(d)
            c->now.prim[MX + d] = c->now.q[MX + d] * inv;
        c->now.prim[EN] = pressure_of(g, c->now.q);
        for (int s = 0; s < MAX_SPECIES; s++)
            c->now.species[s] = c->now.species[s] * 0.97 + c->old.species[s] * 0.03;
        double t = c->now.prim[EN] / (rho * g->gas_constant);
        c->viscosity = sutherland(g, t);
        c->conductivity = c->viscosity * g->cp / g->prandtl;
    }
}


void to_primitive_4(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    const gas_model *g = &m->gas;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double rho = c->now.q[RHO];
        double inv = 1.0 / rho;
        c->now.prim[RHO] = rho;
        FOR_DIMS(d)
            c->now.prim[MX + d] = c->now.q[MX + d] * inv;
        c->now.prim[EN] = pressure_of(g, c->now.q);
        for (int s = 0; s < MAX_SPECIES; s++)
            c->now.species[s] = c->now.species[s] * 0.96 + c->old.species[s] * 0.04;
        double t = c->now.prim[EN] / (rho * g->gas_constant);
        c->viscosity = sutherland(g, t);
        c->conductivity = c->viscosity * g->cp / g->prandtl;
    }
}


void to_primitive_5(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    const gas_model *g = &m->gas;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double rho = c->now.q[RHO];
        double inv = 1.0 / rho;
        c->now.prim[RHO] = rho;
        FOR_DIMS(d)
            c->now.prim[MX + d] = c->now.q[MX + d] * inv;
        c->now.prim[EN] = pressure_of(g, c->now.q);
        for (int s = 0; s < MAX_SPECIES; s++)
            c->now.species[s] = c->now.species[s] * 0.95 + c->old.species[s] * 0.05;
        double t = c->now.prim[EN] / (rho * g->gas_constant);
        c->viscosity = sutherland(g, t);
        c->conductivity = c->viscosity * g->cp / g->prandtl;
    }
}


void to_primitive_6(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    const gas_model *g = &m->gas;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double rho = c->now.q[RHO];
        double inv = 1.0 / rho;
        c->now.prim[RHO] = rho;
        FOR_DIMS(d)
            c->now.prim[MX + d] = c->now.q[MX + d] * inv;
        c->now.prim[EN] = pressure_of(g, c->now.q);
        for (int s = 0; s < MAX_SPECIES; s++)
            c->now.species[s] = c->now.species[s] * 0.94 + c->old.species[s] * 0.06;
        double t = c->now.prim[EN] / (rho * g->gas_constant);
        c->viscosity = sutherland(g, t);
        c->conductivity = c->viscosity * g->cp / g->prandtl;
    }
}


void to_primitive_7(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    const gas_model *g = &m->gas;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double rho = c->now.q[RHO];
        double inv = 1.0 / rho;
        c->now.prim[RHO] = rho;
        FOR_DIMS(d)
            c->now.prim[MX + d] = c->now.q[MX + d] * inv;
        c->now.prim[EN] = pressure_of(g, c->now.q);
        for (int s = 0; s < MAX_SPECIES; s++)
            c->now.species[s] = c->now.species[s] * 0.93 + c->old.species[s] * 0.07;
        double t = c->now.prim[EN] / (rho * g->gas_constant);
        c->viscosity = sutherland(g, t);
        c->conductivity = c->viscosity * g->cp / g->prandtl;
    }
}


void reconstruct_gradients_0(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    for (int k = 0; k < blk->nk; k++)
        for (int j = 0; j < blk->nj; j++)
            for (int i = 0; i < blk->ni; i++) {
                cell *c = &blk->cells[IDX(blk, i, j, k)];
                const cell *xm = &blk->cells[IDX(blk, i - 1, j, k)];
                const cell *xp = &blk->cells[IDX(blk, i + 1, j, k)];
                const cell *ym = &blk->cells[IDX(blk, i, j - 1, k)];
                const cell *yp = &blk->cells[IDX(blk, i, j + 1, k)];
                const cell *zm = &blk->cells[IDX(blk, i, j, k - 1)];
                const cell *zp = &blk->cells[IDX(blk, i, j, k + 1)];
                FOR_VARS(q) {
                    double dl, dr;
                    dl = c->now.prim[q] - xm->now.prim[q];
                    dr = xp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[0] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[0];
                    dl = c->now.prim[q] - ym->now.prim[q];
                    dr = yp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[1] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[1];
                    dl = c->now.prim[q] - zm->now.prim[q];
                    dr = zp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[2] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[2];
                }
                FOR_VARS(q) {
                    double mag = 0.0;
                    FOR_DIMS(d)
                        mag += SQR(c->grad.dq[q].x[d]);
                    c->grad.limiter[q] = mag > 1.000e-12 ? 1.0 / (1.0 + sqrt(mag)) : 1.0;
                }
            }
}


void reconstruct_gradients_1(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    for (int k = 0; k < blk->nk; k++)
        for (int j = 0; j < blk->nj; j++)
            for (int i = 0; i < blk->ni; i++) {
                cell *c = &blk->cells[IDX(blk, i, j, k)];
                const cell *xm = &blk->cells[IDX(blk, i - 1, j, k)];
                const cell *xp = &blk->cells[IDX(blk, i + 1, j, k)];
                const cell *ym = &blk->cells[IDX(blk, i, j - 1, k)];
                const cell *yp = &blk->cells[IDX(blk, i, j + 1, k)];
                const cell *zm = &blk->cells[IDX(blk, i, j, k - 1)];
                const cell *zp = &blk->cells[IDX(blk, i, j, k + 1)];
                FOR_VARS(q) {
                    double dl, dr;
                    dl = c->now.prim[q] - xm->now.prim[q];
                    dr = xp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[0] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[0];
                    dl = c->now.prim[q] - ym->now.prim[q];
                    dr = yp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[1] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[1];
                    dl = c->now.prim[q] - zm->now.prim[q];
                    dr = zp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[2] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[2];
                }
                FOR_VARS(q) {
                    double mag = 0.0;
                    FOR_DIMS(d)
                        mag += SQR(c->grad.dq[q].x[d]);
                    c->grad.limiter[q] = mag > 2.000e-12 ? 1.0 / (1.0 + sqrt(mag)) : 1.0;
                }
            }
}


void reconstruct_gradients_2(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    for (int k = 0; k < blk->nk; k++)
        for (int j = 0; j < blk->nj; j++)
            for (int i = 0; i < blk->ni; i++) {
                cell *c = &blk->cells[IDX(blk, i, j, k)];
                const cell *xm = &blk->cells[IDX(blk, i - 1, j, k)];
                const cell *xp = &blk->cells[IDX(blk, i + 1, j, k)];
                const cell *ym = &blk->cells[IDX(blk, i, j - 1, k)];
                const cell *yp = &blk->cells[IDX(blk, i, j + 1, k)];
                const cell *zm = &blk->cells[IDX(blk, i, j, k - 1)];
                const cell *zp = &blk->cells[IDX(blk, i, j, k + 1)];
                FOR_VARS(q) {
                    double dl, dr;
                    dl = c->now.prim[q] - xm->now.prim[q];
                    dr = xp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[0] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[0];
                    dl = c->now.prim[q] - ym->now.prim[q];
                    dr = yp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[1] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[1];
                    dl = c->now.prim[q] - zm->now.prim[q];
                    dr = zp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[2] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[2];
                }
                FOR_VARS(q) {
                    double mag = 0.0;
                    FOR_DIMS(d)
                        mag += SQR(c->grad.dq[q].x[d]);
                    c->grad.limiter[q] = mag > 3.000e-12 ? 1.0 / (1.0 + sqrt(mag)) : 1.0;
                }
            }
}


void reconstruct_gradients_3(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    for (int k = 0; k < blk->nk; k++)
        for (int j = 0; j < blk->nj; j++)
            for (int i = 0; i < blk->ni; i++) {
                cell *c = &blk->cells[IDX(blk, i, j, k)];
                const cell *xm = &blk->cells[IDX(blk, i - 1, j, k)];
                const cell *xp = &blk->cells[IDX(blk, i + 1, j, k)];
                const cell *ym = &blk->cells[IDX(blk, i, j - 1, k)];
                const cell *yp = &blk->cells[IDX(blk, i, j + 1, k)];
                const cell *zm = &blk->cells[IDX(blk, i, j, k - 1)];
                const cell *zp = &blk->cells[IDX(blk, i, j, k + 1)];
                FOR_VARS(q) {
                    double dl, dr;
                    dl = c->now.prim[q] - xm->now.prim[q];
                    dr = xp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[0] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[0];
                    dl = c->now.prim[q] - ym->now.prim[q];
                    dr = yp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[1] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[1];
                    dl = c->now.prim[q] - zm->now.prim[q];
                    dr = zp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[2] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[2];
                }
                FOR_VARS(q) {
                    double mag = 0.0;
                    FOR_DIMS(d)
                        mag += SQR(c->grad.dq[q].x[d]);
                    c->grad.limiter[q] = mag > 4.000e-12 ? 1.0 / (1.0 + sqrt(mag)) : 1.0;
                }
            }
}


void reconstruct_gradients_4(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    for (int k = 0; k < blk->nk; k++)
        for (int j = 0; j < blk->nj; j++)
            for (int i = 0; i < blk->ni; i++) {
                cell *c = &blk->cells[IDX(blk, i, j, k)];
                const cell *xm = &blk->cells[IDX(blk, i - 1, j, k)];
                const cell *xp = &blk->cells[IDX(blk, i + 1, j, k)];
                const cell *ym = &blk->cells[IDX(blk, i, j - 1, k)];
                const cell *yp = &blk->cells[IDX(blk, i, j + 1, k)];
                const cell *zm = &blk->cells[IDX(blk, i, j, k - 1)];
                const cell *zp = &blk->cells[IDX(blk, i, j, k + 1)];
                FOR_VARS(q) {
                    double dl, dr;
                    dl = c->now.prim[q] - xm->now.prim[q];
                    dr = xp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[0] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[0];
                    dl = c->now.prim[q] - ym->now.prim[q];
                    dr = yp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[1] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[1];
                    dl = c->now.prim[q] - zm->now.prim[q];
                    dr = zp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[2] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[2];
                }
                FOR_VARS(q) {
                    double mag = 0.0;
                    FOR_DIMS(d)
                        mag += SQR(c->grad.dq[q].x[d]);
                    c->grad.limiter[q] = mag > 5.000e-12 ? 1.0 / (1.0 + sqrt(mag)) : 1.0;
                }
            }
}


void reconstruct_gradients_5(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    for (int k = 0; k < blk->nk; k++)
        for (int j = 0; j < blk->nj; j++)
            for (int i = 0; i < blk->ni; i++) {
                cell *c = &blk->cells[IDX(blk, i, j, k)];
                const cell *xm = &blk->cells[IDX(blk, i - 1, j, k)];
                const cell *xp = &blk->cells[IDX(blk, i + 1, j, k)];
                const cell *ym = &blk->cells[IDX(blk, i, j - 1, k)];
                const cell *yp = &blk->cells[IDX(blk, i, j + 1, k)];
                const cell *zm = &blk->cells[IDX(blk, i, j, k - 1)];
                const cell *zp = &blk->cells[IDX(blk, i, j, k + 1)];
                FOR_VARS(q) {
                    double dl, dr;
                    dl = c->now.prim[q] - xm->now.prim[q];
                    dr = xp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[0] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[0];
                    dl = c->now.prim[q] - ym->now.prim[q];
                    dr = yp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[1] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[1];
                    dl = c->now.prim[q] - zm->now.prim[q];
                    dr = zp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[2] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[2];
                }
                FOR_VARS(q) {
                    double mag = 0.0;
                    FOR_DIMS(d)
                        mag += SQR(c->grad.dq[q].x[d]);
                    c->grad.limiter[q] = mag > 6.000e-12 ? 1.0 / (1.0 + sqrt(mag)) : 1.0;
                }
            }
}


void reconstruct_gradients_6(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    for (int k = 0; k < blk->nk; k++)
        for (int j = 0; j < blk->nj; j++)
            for (int i = 0; i < blk->ni; i++) {
                cell *c = &blk->cells[IDX(blk, i, j, k)];
                const cell *xm = &blk->cells[IDX(blk, i - 1, j, k)];
                const cell *xp = &blk->cells[IDX(blk, i + 1, j, k)];
                const cell *ym = &blk->cells[IDX(blk, i, j - 1, k)];
                const cell *yp = &blk->cells[IDX(blk, i, j + 1, k)];
                const cell *zm = &blk->cells[IDX(blk, i, j, k - 1)];
                const cell *zp = &blk->cells[IDX(blk, i, j, k + 1)];
                FOR_VARS(q) {
                    double dl, dr;
                    dl = c->now.prim[q] - xm->now.prim[q];
                    dr = xp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[0] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[0];
                    dl = c->now.prim[q] - ym->now.prim[q];
                    dr = yp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[1] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[1];
                    dl = c->now.prim[q] - zm->now.prim[q];
                    dr = zp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[2] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[2];
                }
                FOR_VARS(q) {
                    double mag = 0.0;
                    FOR_DIMS(d)
                        mag += SQR(c->grad.dq[q].x[d]);
                    c->grad.limiter[q] = mag > 7.000e-12 ? 1.0 / (1.0 + sqrt(mag)) : 1.0;
                }
            }
}


void reconstruct_gradients_7(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    for (int k = 0; k < blk->nk; k++)
        for (int j = 0; j < blk->nj; j++)
            for (int i = 0; i < blk->ni; i++) {
                cell *c = &blk->cells[IDX(blk, i, j, k)];
                const cell *xm = &blk->cells[IDX(blk, i - 1, j, k)];
                const cell *xp = &blk->cells[IDX(blk, i + 1, j, k)];
                const cell *ym = &blk->cells[IDX(blk, i, j - 1, k)];
                const cell *yp = &blk->cells[IDX(blk, i, j + 1, k)];
                const cell *zm = &blk->cells[IDX(blk, i, j, k - 1)];
                const cell *zp = &blk->cells[IDX(blk, i, j, k + 1)];
                FOR_VARS(q) {
                    double dl, dr;
                    dl = c->now.prim[q] - xm->now.prim[q];
                    dr = xp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[0] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[0];
                    dl = c->now.prim[q] - ym->now.prim[q];
                    dr = yp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[1] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[1];
                    dl = c->now.prim[q] - zm->now.prim[q];
                    dr = zp->now.prim[q] - c->now.prim[q];
                    c->grad.dq[q].x[2] = limit_slope(m->num.limiter, dl, dr, m->num.venkat_k) / c->geom.area[2];
                }
                FOR_VARS(q) {
                    double mag = 0.0;
                    FOR_DIMS(d)
                        mag += SQR(c->grad.dq[q].x[d]);
                    c->grad.limiter[q] = mag > 8.000e-12 ? 1.0 / (1.0 + sqrt(mag)) : 1.0;
                }
            }
}


static void flux_roe_0(const gas_model *g, const double *ql, const double *qr, const vec3 *n, double area, double *flux)
{
    double rl = ql[RHO], rr = qr[RHO];
    double ul[NDIM], ur[NDIM], ut[NDIM];
    double pl = pressure_of(g, ql), pr = pressure_of(g, qr);
    double hl, hr, sr, ht, at, vn_l = 0.0, vn_r = 0.0, vn_t = 0.0, q2 = 0.0;
    double dw[NVAR], lam[NVAR], fl[NVAR], fr[NVAR];
    FOR_DIMS(d) {
        ul[d] = ql[MX + d] / rl;
        ur[d] = qr[MX + d] / rr;
    }
    hl = (ql[EN] + pl) / rl;
    hr = (qr[EN] + pr) / rr;
    sr = sqrt(rr / rl);
    FOR_DIMS(d) {
        ut[d] = (ul[d] + sr * ur[d]) / (1.0 + sr);
        vn_l += ul[d] * n->x[d];
        vn_r += ur[d] * n->x[d];
        vn_t += ut[d] * n->x[d];
        q2 += ut[d] * ut[d];
    }
    ht = (hl + sr * hr) / (1.0 + sr);
    at = sqrt((g->gamma - 1.0) * (ht - 0.5 * q2));
    lam[0] = fabs(vn_t - at);
    lam[1] = lam[2] = lam[3] = fabs(vn_t);
    lam[4] = fabs(vn_t + at);
    for (int q = 0; q < NVAR; q++)
        if (lam[q] < 0.05 * at)
            lam[q] = (SQR(lam[q]) + SQR(0.05 * at)) / (2.0 * 0.05 * at);
    dw[0] = ((pr - pl) - rl * sr * at * (vn_r - vn_l)) / (2.0 * at * at);
    dw[1] = (rr - rl) - (pr - pl) / (at * at);
    dw[2] = rl * sr * (ur[1] - ul[1]);
    dw[3] = rl * sr * (ur[2] - ul[2]);
    dw[4] = ((pr - pl) + rl * sr * at * (vn_r - vn_l)) / (2.0 * at * at);
    fl[RHO] = rl * vn_l;
    fr[RHO] = rr * vn_r;
    FOR_DIMS(d) {
        fl[MX + d] = ql[MX + d] * vn_l + pl * n->x[d];
        fr[MX + d] = qr[MX + d] * vn_r + pr * n->x[d];
    }
    fl[EN] = (ql[EN] + pl) * vn_l;
    fr[EN] = (qr[EN] + pr) * vn_r;
    for (int q = 0; q < NVAR; q++)
        flux[q] = 0.5 * area * (fl[q] + fr[q] - lam[q] * dw[q]);
}

static void flux_hllc_0(const gas_model *g, const double *ql, const double *qr, const vec3 *n, double area, double *flux)
{
    double pl = pressure_of(g, ql), pr = pressure_of(g, qr);
    double cl = sound_speed(g, ql), cr = sound_speed(g, qr);
    double vl = 0.0, vr = 0.0;
    FOR_DIMS(d) {
        vl += ql[MX + d] / ql[RHO] * n->x[d];
        vr += qr[MX + d] / qr[RHO] * n->x[d];
    }
    double sl = MIN2(vl - cl, vr - cr), sr = MAX2(vl + cl, vr + cr);
    double sm = (pr - pl + ql[RHO] * vl * (sl - vl) - qr[RHO] * vr * (sr - vr)) /
                (ql[RHO] * (sl - vl) - qr[RHO] * (sr - vr));
    double f[NVAR], qs[NVAR];
    const double *qk = sm >= 0.0 ? ql : qr;
    double sk = sm >= 0.0 ? sl : sr, vk = sm >= 0.0 ? vl : vr, pk = sm >= 0.0 ? pl : pr;
    double coef = qk[RHO] * (sk - vk) / (sk - sm);
    qs[RHO] = coef;
    FOR_DIMS(d)
        qs[MX + d] = coef * (qk[MX + d] / qk[RHO] + (sm - vk) * n->x[d]);
    qs[EN] = coef * (qk[EN] / qk[RHO] + (sm - vk) * (sm + pk / (qk[RHO] * (sk - vk))));
    f[RHO] = qk[RHO] * vk;
    FOR_DIMS(d)
        f[MX + d] = qk[MX + d] * vk + pk * n->x[d];
    f[EN] = (qk[EN] + pk) * vk;
    if (sl >= 0.0) {
        for (int q = 0; q < NVAR; q++) flux[q] = area * f[q];
    } else if (sr <= 0.0) {
        for (int q = 0; q < NVAR; q++) flux[q] = area * f[q];
    } else {
        for (int q = 0; q < NVAR; q++) flux[q] = area * (f[q] + sk * (qs[q] - qk[q])) * 1.000;
    }
}


static void flux_roe_1(const gas_model *g, const double *ql, const double *qr, const vec3 *n, double area, double *flux)
{
    double rl = ql[RHO], rr = qr[RHO];
    double ul[NDIM], ur[NDIM], ut[NDIM];
    double pl = pressure_of(g, ql), pr = pressure_of(g, qr);
    double hl, hr, sr, ht, at, vn_l = 0.0, vn_r = 0.0, vn_t = 0.0, q2 = 0.0;
    double dw[NVAR], lam[NVAR], fl[NVAR], fr[NVAR];
    FOR_DIMS(d) {
        ul[d] = ql[MX + d] / rl;
        ur[d] = qr[MX + d] / rr;
    }
    hl = (ql[EN] + pl) / rl;
    hr = (qr[EN] + pr) / rr;
    sr = sqrt(rr / rl);
    FOR_DIMS(d) {
        ut[d] = (ul[d] + sr * ur[d]) / (1.0 + sr);
        vn_l += ul[d] * n->x[d];
        vn_r += ur[d] * n->x[d];
        vn_t += ut[d] * n->x[d];
        q2 += ut[d] * ut[d];
    }
    ht = (hl + sr * hr) / (1.0 + sr);
    at = sqrt((g->gamma - 1.0) * (ht - 0.5 * q2));
    lam[0] = fabs(vn_t - at);
    lam[1] = lam[2] = lam[3] = fabs(vn_t);
    lam[4] = fabs(vn_t + at);
    for (int q = 0; q < NVAR; q++)
        if (lam[q] < 0.06 * at)
            lam[q] = (SQR(lam[q]) + SQR(0.06 * at)) / (2.0 * 0.06 * at);
    dw[0] = ((pr - pl) - rl * sr * at * (vn_r - vn_l)) / (2.0 * at * at);
    dw[1] = (rr - rl) - (pr - pl) / (at * at);
    dw[2] = rl * sr * (ur[1] - ul[1]);
    dw[3] = rl * sr * (ur[2] - ul[2]);
    dw[4] = ((pr - pl) + rl * sr * at * (vn_r - vn_l)) / (2.0 * at * at);
    fl[RHO] = rl * vn_l;
    fr[RHO] = rr * vn_r;
    FOR_DIMS(d) {
        fl[MX + d] = ql[MX + d] * vn_l + pl * n->x[d];
        fr[MX + d] = qr[MX + d] * vn_r + pr * n->x[d];
    }
    fl[EN] = (ql[EN] + pl) * vn_l;
    fr[EN] = (qr[EN] + pr) * vn_r;
    for (int q = 0; q < NVAR; q++)
        flux[q] = 0.5 * area * (fl[q] + fr[q] - lam[q] * dw[q]);
}

static void flux_hllc_1(const gas_model *g, const double *ql, const double *qr, const vec3 *n, double area, double *flux)
{
    double pl = pressure_of(g, ql), pr = pressure_of(g, qr);
    double cl = sound_speed(g, ql), cr = sound_speed(g, qr);
    double vl = 0.0, vr = 0.0;
    FOR_DIMS(d) {
        vl += ql[MX + d] / ql[RHO] * n->x[d];
        vr += qr[MX + d] / qr[RHO] * n->x[d];
    }
    double sl = MIN2(vl - cl, vr - cr), sr = MAX2(vl + cl, vr + cr);
    double sm = (pr - pl + ql[RHO] * vl * (sl - vl) - qr[RHO] * vr * (sr - vr)) /
                (ql[RHO] * (sl - vl) - qr[RHO] * (sr - vr));
    double f[NVAR], qs[NVAR];
    const double *qk = sm >= 0.0 ? ql : qr;
    double sk = sm >= 0.0 ? sl : sr, vk = sm >= 0.0 ? vl : vr, pk = sm >= 0.0 ? pl : pr;
    double coef = qk[RHO] * (sk - vk) / (sk - sm);
    qs[RHO] = coef;
    FOR_DIMS(d)
        qs[MX + d] = coef * (qk[MX + d] / qk[RHO] + (sm - vk) * n->x[d]);
    qs[EN] = coef * (qk[EN] / qk[RHO] + (sm - vk) * (sm + pk / (qk[RHO] * (sk - vk))));
    f[RHO] = qk[RHO] * vk;
    FOR_DIMS(d)
        f[MX + d] = qk[MX + d] * vk + pk * n->x[d];
    f[EN] = (qk[EN] + pk) * vk;
    if (sl >= 0.0) {
        for (int q = 0; q < NVAR; q++) flux[q] = area * f[q];
    } else if (sr <= 0.0) {
        for (int q = 0; q < NVAR; q++) flux[q] = area * f[q];
    } else {
        for (int q = 0; q < NVAR; q++) flux[q] = area * (f[q] + sk * (qs[q] - qk[q])) * 0.999;
    }
}


static void flux_roe_2(const gas_model *g, const double *ql, const double *qr, const vec3 *n, double area, double *flux)
{
    double rl = ql[RHO], rr = qr[RHO];
    double ul[NDIM], ur[NDIM], ut[NDIM];
    double pl = pressure_of(g, ql), pr = pressure_of(g, qr);
    double hl, hr, sr, ht, at, vn_l = 0.0, vn_r = 0.0, vn_t = 0.0, q2 = 0.0;
    double dw[NVAR], lam[NVAR], fl[NVAR], fr[NVAR];
    FOR_DIMS(d) {
        ul[d] = ql[MX + d] / rl;
        ur[d] = qr[MX + d] / rr;
    }
    hl = (ql[EN] + pl) / rl;
    hr = (qr[EN] + pr) / rr;
    sr = sqrt(rr / rl);
    FOR_DIMS(d) {
        ut[d] = (ul[d] + sr * ur[d]) / (1.0 + sr);
        vn_l += ul[d] * n->x[d];
        vn_r += ur[d] * n->x[d];
        vn_t += ut[d] * n->x[d];
        q2 += ut[d] * ut[d];
    }
    ht = (hl + sr * hr) / (1.0 + sr);
    at = sqrt((g->gamma - 1.0) * (ht - 0.5 * q2));
    lam[0] = fabs(vn_t - at);
    lam[1] = lam[2] = lam[3] = fabs(vn_t);
    lam[4] = fabs(vn_t + at);
    for (int q = 0; q < NVAR; q++)
        if (lam[q] < 0.07 * at)
            lam[q] = (SQR(lam[q]) + SQR(0.07 * at)) / (2.0 * 0.07 * at);
    dw[0] = ((pr - pl) - rl * sr * at * (vn_r - vn_l)) / (2.0 * at * at);
    dw[1] = (rr - rl) - (pr - pl) / (at * at);
    dw[2] = rl * sr * (ur[1] - ul[1]);
    dw[3] = rl * sr * (ur[2] - ul[2]);
    dw[4] = ((pr - pl) + rl * sr * at * (vn_r - vn_l)) / (2.0 * at * at);
    fl[RHO] = rl * vn_l;
    fr[RHO] = rr * vn_r;
    FOR_DIMS(d) {
        fl[MX + d] = ql[MX + d] * vn_l + pl * n->x[d];
        fr[MX + d] = qr[MX + d] * vn_r + pr * n->x[d];
    }
    fl[EN] = (ql[EN] + pl) * vn_l;
    fr[EN] = (qr[EN] + pr) * vn_r;
    for (int q = 0; q < NVAR; q++)
        flux[q] = 0.5 * area * (fl[q] + fr[q] - lam[q] * dw[q]);
}

static void flux_hllc_2(const gas_model *g, const double *ql, const double *qr, const vec3 *n, double area, double *flux)
{
    double pl = pressure_of(g, ql), pr = pressure_of(g, qr);
    double cl = sound_speed(g, ql), cr = sound_speed(g, qr);
    double vl = 0.0, vr = 0.0;
    FOR_DIMS(d) {
        vl += ql[MX + d] / ql[RHO] * n->x[d];
        vr += qr[MX + d] / qr[RHO] * n->x[d];
    }
    double sl = MIN2(vl - cl, vr - cr), sr = MAX2(vl + cl, vr + cr);
    double sm = (pr - pl + ql[RHO] * vl * (sl - vl) - qr[RHO] * vr * (sr - vr)) /
                (ql[RHO] * (sl - vl) - qr[RHO] * (sr - vr));
    double f[NVAR], qs[NVAR];
    const double *qk = sm >= 0.0 ? ql : qr;
    double sk = sm >= 0.0 ? sl : sr, vk = sm >= 0.0 ? vl : vr, pk = sm >= 0.0 ? pl : pr;
    double coef = qk[RHO] * (sk - vk) / (sk - sm);
    qs[RHO] = coef;
    FOR_DIMS(d)
        qs[MX + d] = coef * (qk[MX + d] / qk[RHO] + (sm - vk) * n->x[d]);
    qs[EN] = coef * (qk[EN] / qk[RHO] + (sm - vk) * (sm + pk / (qk[RHO] * (sk - vk))));
    f[RHO] = qk[RHO] * vk;
    FOR_DIMS(d)
        f[MX + d] = qk[MX + d] * vk + pk * n->x[d];
    f[EN] = (qk[EN] + pk) * vk;
    if (sl >= 0.0) {
        for (int q = 0; q < NVAR; q++) flux[q] = area * f[q];
    } else if (sr <= 0.0) {
        for (int q = 0; q < NVAR; q++) flux[q] = area * f[q];
    } else {
        for (int q = 0; q < NVAR; q++) flux[q] = area * (f[q] + sk * (qs[q] - qk[q])) * 0.998;
    }
}


static void flux_roe_3(const gas_model *g, const double *ql, const double *qr, const vec3 *n, double area, double *flux)
{
    double rl = ql[RHO], rr = qr[RHO];
    double ul[NDIM], ur[NDIM], ut[NDIM];
    double pl = pressure_of(g, ql), pr = pressure_of(g, qr);
    double hl, hr, sr, ht, at, vn_l = 0.0, vn_r = 0.0, vn_t = 0.0, q2 = 0.0;
    double dw[NVAR], lam[NVAR], fl[NVAR], fr[NVAR];
    FOR_DIMS(d) {
        ul[d] = ql[MX + d] / rl;
        ur[d] = qr[MX + d] / rr;
    }
    hl = (ql[EN] + pl) / rl;
    hr = (qr[EN] + pr) / rr;
    sr = sqrt(rr / rl);
    FOR_DIMS(d) {
        ut[d] = (ul[d] + sr * ur[d]) / (1.0 + sr);
        vn_l += ul[d] * n->x[d];
        vn_r += ur[d] * n->x[d];
        vn_t += ut[d] * n->x[d];
        q2 += ut[d] * ut[d];
    }
    ht = (hl + sr * hr) / (1.0 + sr);
    at = sqrt((g->gamma - 1.0) * (ht - 0.5 * q2));
    lam[0] = fabs(vn_t - at);
    lam[1] = lam[2] = lam[3] = fabs(vn_t);
    lam[4] = fabs(vn_t + at);
    for (int q = 0; q < NVAR; q++)
        if (lam[q] < 0.08 * at)
            lam[q] = (SQR(lam[q]) + SQR(0.08 * at)) / (2.0 * 0.08 * at);
    dw[0] = ((pr - pl) - rl * sr * at * (vn_r - vn_l)) / (2.0 * at * at);
    dw[1] = (rr - rl) - (pr - pl) / (at * at);
    dw[2] = rl * sr * (ur[1] - ul[1]);
    dw[3] = rl * sr * (ur[2] - ul[2]);
    dw[4] = ((pr - pl) + rl * sr * at * (vn_r - vn_l)) / (2.0 * at * at);
    fl[RHO] = rl * vn_l;
    fr[RHO] = rr * vn_r;
    FOR_DIMS(d) {
        fl[MX + d] = ql[MX + d] * vn_l + pl * n->x[d];
        fr[MX + d] = qr[MX + d] * vn_r + pr * n->x[d];
    }
    fl[EN] = (ql[EN] + pl) * vn_l;
    fr[EN] = (qr[EN] + pr) * vn_r;
    for (int q = 0; q < NVAR; q++)
        flux[q] = 0.5 * area * (fl[q] + fr[q] - lam[q] * dw[q]);
}

static void flux_hllc_3(const gas_model *g, const double *ql, const double *qr, const vec3 *n, double area, double *flux)
{
    double pl = pressure_of(g, ql), pr = pressure_of(g, qr);
    double cl = sound_speed(g, ql), cr = sound_speed(g, qr);
    double vl = 0.0, vr = 0.0;
    FOR_DIMS(d) {
        vl += ql[MX + d] / ql[RHO] * n->x[d];
        vr += qr[MX + d] / qr[RHO] * n->x[d];
    }
    double sl = MIN2(vl - cl, vr - cr), sr = MAX2(vl + cl, vr + cr);
    double sm = (pr - pl + ql[RHO] * vl * (sl - vl) - qr[RHO] * vr * (sr - vr)) /
                (ql[RHO] * (sl - vl) - qr[RHO] * (sr - vr));
    double f[NVAR], qs[NVAR];
    const double *qk = sm >= 0.0 ? ql : qr;
    double sk = sm >= 0.0 ? sl : sr, vk = sm >= 0.0 ? vl : vr, pk = sm >= 0.0 ? pl : pr;
    double coef = qk[RHO] * (sk - vk) / (sk - sm);
    qs[RHO] = coef;
    FOR_DIMS(d)
        qs[MX + d] = coef * (qk[MX + d] / qk[RHO] + (sm - vk) * n->x[d]);
    qs[EN] = coef * (qk[EN] / qk[RHO] + (sm - vk) * (sm + pk / (qk[RHO] * (sk - vk))));
    f[RHO] = qk[RHO] * vk;
    FOR_DIMS(d)
        f[MX + d] = qk[MX + d] * vk + pk * n->x[d];
    f[EN] = (qk[EN] + pk) * vk;
    if (sl >= 0.0) {
        for (int q = 0; q < NVAR; q++) flux[q] = area * f[q];
    } else if (sr <= 0.0) {
        for (int q = 0; q < NVAR; q++) flux[q] = area * f[q];
    } else {
        for (int q = 0; q < NVAR; q++) flux[q] = area * (f[q] + sk * (qs[q] - qk[q])) * 0.997;
    }
}


static void flux_roe_4(const gas_model *g, const double *ql, const double *qr, const vec3 *n, double area, double *flux)
{
    double rl = ql[RHO], rr = qr[RHO];
    double ul[NDIM], ur[NDIM], ut[NDIM];
    double pl = pressure_of(g, ql), pr = pressure_of(g, qr);
    double hl, hr, sr, ht, at, vn_l = 0.0, vn_r = 0.0, vn_t = 0.0, q2 = 0.0;
    double dw[NVAR], lam[NVAR], fl[NVAR], fr[NVAR];
    FOR_DIMS(d) {
        ul[d] = ql[MX + d] / rl;
        ur[d] = qr[MX + d] / rr;
    }
    hl = (ql[EN] + pl) / rl;
    hr = (qr[EN] + pr) / rr;
    sr = sqrt(rr / rl);
    FOR_DIMS(d) {
        ut[d] = (ul[d] + sr * ur[d]) / (1.0 + sr);
        vn_l += ul[d] * n->x[d];
        vn_r += ur[d] * n->x[d];
        vn_t += ut[d] * n->x[d];
        q2 += ut[d] * ut[d];
    }
    ht = (hl + sr * hr) / (1.0 + sr);
    at = sqrt((g->gamma - 1.0) * (ht - 0.5 * q2));
    lam[0] = fabs(vn_t - at);
    lam[1] = lam[2] = lam[3] = fabs(vn_t);
    lam[4] = fabs(vn_t + at);
    for (int q = 0; q < NVAR; q++)
        if (lam[q] < 0.09 * at)
            lam[q] = (SQR(lam[q]) + SQR(0.09 * at)) / (2.0 * 0.09 * at);
    dw[0] = ((pr - pl) - rl * sr * at * (vn_r - vn_l)) / (2.0 * at * at);
    dw[1] = (rr - rl) - (pr - pl) / (at * at);
    dw[2] = rl * sr * (ur[1] - ul[1]);
    dw[3] = rl * sr * (ur[2] - ul[2]);
    dw[4] = ((pr - pl) + rl * sr * at * (vn_r - vn_l)) / (2.0 * at * at);
    fl[RHO] = rl * vn_l;
    fr[RHO] = rr * vn_r;
    FOR_DIMS(d) {
        fl[MX + d] = ql[MX + d] * vn_l + pl * n->x[d];
        fr[MX + d] = qr[MX + d] * vn_r + pr * n->x[d];
    }
    fl[EN] = (ql[EN] + pl) * vn_l;
    fr[EN] = (qr[EN] + pr) * vn_r;
    for (int q = 0; q < NVAR; q++)
        flux[q] = 0.5 * area * (fl[q] + fr[q] - lam[q] * dw[q]);
}

static void flux_hllc_4(const gas_model *g, const double *ql, const double *qr, const vec3 *n, double area, double *flux)
{
    double pl = pressure_of(g, ql), pr = pressure_of(g, qr);
    double cl = sound_speed(g, ql), cr = sound_speed(g, qr);
    double vl = 0.0, vr = 0.0;
    FOR_DIMS(d) {
        vl += ql[MX + d] / ql[RHO] * n->x[d];
        vr += qr[MX + d] / qr[RHO] * n->x[d];
    }
    double sl = MIN2(vl - cl, vr - cr), sr = MAX2(vl + cl, vr + cr);
    double sm = (pr - pl + ql[RHO] * vl * (sl - vl) - qr[RHO] * vr * (sr - vr)) /
                (ql[RHO] * (sl - vl) - qr[RHO] * (sr - vr));
    double f[NVAR], qs[NVAR];
    const double *qk = sm >= 0.0 ? ql : qr;
    double sk = sm >= 0.0 ? sl : sr, vk = sm >= 0.0 ? vl : vr, pk = sm >= 0.0 ? pl : pr;
    double coef = qk[RHO] * (sk - vk) / (sk - sm);
    qs[RHO] = coef;
    FOR_DIMS(d)
        qs[MX + d] = coef * (qk[MX + d] / qk[RHO] + (sm - vk) * n->x[d]);
    qs[EN] = coef * (qk[EN] / qk[RHO] + (sm - vk) * (sm + pk / (qk[RHO] * (sk - vk))));
    f[RHO] = qk[RHO] * vk;
    FOR_DIMS(d)
        f[MX + d] = qk[MX + d] * vk + pk * n->x[d];
    f[EN] = (qk[EN] + pk) * vk;
    if (sl >= 0.0) {
        for (int q = 0; q < NVAR; q++) flux[q] = area * f[q];
    } else if (sr <= 0.0) {
        for (int q = 0; q < NVAR; q++) flux[q] = area * f[q];
    } else {
        for (int q = 0; q < NVAR; q++) flux[q] = area * (f[q] + sk * (qs[q] - qk[q])) * 0.996;
    }
}


static void flux_roe_5(const gas_model *g, const double *ql, const double *qr, const vec3 *n, double area, double *flux)
{
    double rl = ql[RHO], rr = qr[RHO];
    double ul[NDIM], ur[NDIM], ut[NDIM];
    double pl = pressure_of(g, ql), pr = pressure_of(g, qr);
    double hl, hr, sr, ht, at, vn_l = 0.0, vn_r = 0.0, vn_t = 0.0, q2 = 0.0;
    double dw[NVAR], lam[NVAR], fl[NVAR], fr[NVAR];
    FOR_DIMS(d) {
        ul[d] = ql[MX + d] / rl;
        ur[d] = qr[MX + d] / rr;
    }
    hl = (ql[EN] + pl) / rl;
    hr = (qr[EN] + pr) / rr;
    sr = sqrt(rr / rl);
    FOR_DIMS(d) {
        ut[d] = (ul[d] + sr * ur[d]) / (1.0 + sr);
        vn_l += ul[d] * n->x[d];
        vn_r += ur[d] * n->x[d];
        vn_t += ut[d] * n->x[d];
        q2 += ut[d] * ut[d];
    }
    ht = (hl + sr * hr) / (1.0 + sr);
    at = sqrt((g->gamma - 1.0) * (ht - 0.5 * q2));
    lam[0] = fabs(vn_t - at);
    lam[1] = lam[2] = lam[3] = fabs(vn_t);
    lam[4] = fabs(vn_t + at);
    for (int q = 0; q < NVAR; q++)
        if (lam[q] < 0.10 * at)
            lam[q] = (SQR(lam[q]) + SQR(0.10 * at)) / (2.0 * 0.10 * at);
    dw[0] = ((pr - pl) - rl * sr * at * (vn_r - vn_l)) / (2.0 * at * at);
    dw[1] = (rr - rl) - (pr - pl) / (at * at);
    dw[2] = rl * sr * (ur[1] - ul[1]);
    dw[3] = rl * sr * (ur[2] - ul[2]);
    dw[4] = ((pr - pl) + rl * sr * at * (vn_r - vn_l)) / (2.0 * at * at);
    fl[RHO] = rl * vn_l;
    fr[RHO] = rr * vn_r;
    FOR_DIMS(d) {
        fl[MX + d] = ql[MX + d] * vn_l + pl * n->x[d];
        fr[MX + d] = qr[MX + d] * vn_r + pr * n->x[d];
    }
    fl[EN] = (ql[EN] + pl) * vn_l;
    fr[EN] = (qr[EN] + pr) * vn_r;
    for (int q = 0; q < NVAR; q++)
        flux[q] = 0.5 * area * (fl[q] + fr[q] - lam[q] * dw[q]);
}

static void flux_hllc_5(const gas_model *g, const double *ql, const double *qr, const vec3 *n, double area, double *flux)
{
    double pl = pressure_of(g, ql), pr = pressure_of(g, qr);
    double cl = sound_speed(g, ql), cr = sound_speed(g, qr);
    double vl = 0.0, vr = 0.0;
    FOR_DIMS(d) {
        vl += ql[MX + d] / ql[RHO] * n->x[d];
        vr += qr[MX + d] / qr[RHO] * n->x[d];
    }
    double sl = MIN2(vl - cl, vr - cr), sr = MAX2(vl + cl, vr + cr);
    double sm = (pr - pl + ql[RHO] * vl * (sl - vl) - qr[RHO] * vr * (sr - vr)) /
                (ql[RHO] * (sl - vl) - qr[RHO] * (sr - vr));
    double f[NVAR], qs[NVAR];
    const double *qk = sm >= 0.0 ? ql : qr;
    double sk = sm >= 0.0 ? sl : sr, vk = sm >= 0.0 ? vl : vr, pk = sm >= 0.0 ? pl : pr;
    double coef = qk[RHO] * (sk - vk) / (sk - sm);
    qs[RHO] = coef;
    FOR_DIMS(d)
        qs[MX + d] = coef * (qk[MX + d] / qk[RHO] + (sm - vk) * n->x[d]);
    qs[EN] = coef * (qk[EN] / qk[RHO] + (sm - vk) * (sm + pk / (qk[RHO] * (sk - vk))));
    f[RHO] = qk[RHO] * vk;
    FOR_DIMS(d)
        f[MX + d] = qk[MX + d] * vk + pk * n->x[d];
    f[EN] = (qk[EN] + pk) * vk;
    if (sl >= 0.0) {
        for (int q = 0; q < NVAR; q++) flux[q] = area * f[q];
    } else if (sr <= 0.0) {
        for (int q = 0; q < NVAR; q++) flux[q] = area * f[q];
    } else {
        for (int q = 0; q < NVAR; q++) flux[q] = area * (f[q] + sk * (qs[q] - qk[q])) * 0.995;
    }
}


void assemble_residual_0(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    const gas_model *g = &m->gas;
    double ql[NVAR], qr[NVAR], flux[NVAR];
    FOR_CELLS(blk, i, j, k)
        FOR_VARS(q)
            blk->cells[IDX(blk, i, j, k)].residual[q] = 0.0;
    for (int dir = 0; dir < NDIM; dir++) {
        for (int k = 0; k < blk->nk + (dir == 2); k++) {
            for (int j = 0; j < blk->nj + (dir == 1); j++) {
                for (int i = 0; i < blk->ni + (dir == 0); i++) {
                    int il = i - (dir == 0), jl = j - (dir == 1), kl = k - (dir == 2);
                    cell *cl = &blk->cells[IDX(blk, il, jl, kl)];
                    cell *cr = &blk->cells[IDX(blk, i, j, k)];
                    double half = 0.5 * cr->geom.area[dir];
                    FOR_VARS(q) {
                        double dxl = cr->geom.centroid.x[dir] - cl->geom.centroid.x[dir];
                        ql[q] = cl->now.q[q] + half * cl->grad.limiter[q] * cl->grad.dq[q].x[dir] * dxl;
                        qr[q] = cr->now.q[q] - half * cr->grad.limiter[q] * cr->grad.dq[q].x[dir] * dxl;
                    }
                    switch (m->num.flux) {
                    case FLUX_ROE:
                        flux_roe_0(g, ql, qr, &cr->geom.normal[dir], cr->geom.area[dir], flux);
                        break;
                    case FLUX_HLLC:
                        flux_hllc_0(g, ql, qr, &cr->geom.normal[dir], cr->geom.area[dir], flux);
                        break;
                    case FLUX_AUSM: {
                        double ml = 0.0, mr = 0.0;
                        FOR_DIMS(d) {
                            ml += ql[MX + d] / ql[RHO] * cr->geom.normal[dir].x[d];
                            mr += qr[MX + d] / qr[RHO] * cr->geom.normal[dir].x[d];
                        }
                        ml /= sound_speed(g, ql);
                        mr /= sound_speed(g, qr);
                        double mp = fabs(ml) <= 1.0 ? 0.25 * SQR(ml + 1.0) : 0.5 * (ml + fabs(ml));
                        double mm = fabs(mr) <= 1.0 ? -0.25 * SQR(mr - 1.0) : 0.5 * (mr - fabs(mr));
                        double mh = mp + mm;
                        FOR_VARS(q)
                            flux[q] = cr->geom.area[dir] * (mh >= 0.0 ? mh * sound_speed(g, ql) * ql[q] : mh * sound_speed(g, qr) * qr[q]);
                        break;
                    }
                    case FLUX_RUSANOV:
                    default: {
                        double smax = MAX2(sound_speed(g, ql), sound_speed(g, qr)) + 1.0;
                        FOR_VARS(q)
                            flux[q] = 0.5 * cr->geom.area[dir] * (ql[q] + qr[q]) - 0.5 * smax * (qr[q] - ql[q]);
                        break;
                    }
                    }
                    FOR_VARS(q) {
                        cl->residual[q] -= flux[q];
                        cr->residual[q] += flux[q];
                    }
                }
            }
        }
    }
    FOR_VARS(q)
        blk->max_residual[q] = 0.0;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        FOR_VARS(q) {
            c->residual[q] /= c->geom.volume;
            blk->max_residual[q] = MAX2(blk->max_residual[q], fabs(c->residual[q]));
        }
    }
}


void assemble_residual_1(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    const gas_model *g = &m->gas;
    double ql[NVAR], qr[NVAR], flux[NVAR];
    FOR_CELLS(blk, i, j, k)
        FOR_VARS(q)
            blk->cells[IDX(blk, i, j, k)].residual[q] = 0.0;
    for (int dir = 0; dir < NDIM; dir++) {
        for (int k = 0; k < blk->nk + (dir == 2); k++) {
            for (int j = 0; j < blk->nj + (dir == 1); j++) {
                for (int i = 0; i < blk->ni + (dir == 0); i++) {
                    int il = i - (dir == 0), jl = j - (dir == 1), kl = k - (dir == 2);
                    cell *cl = &blk->cells[IDX(blk, il, jl, kl)];
                    cell *cr = &blk->cells[IDX(blk, i, j, k)];
                    double half = 0.5 * cr->geom.area[dir];
                    FOR_VARS(q) {
                        double dxl = cr->geom.centroid.x[dir] - cl->geom.centroid.x[dir];
                        ql[q] = cl->now.q[q] + half * cl->grad.limiter[q] * cl->grad.dq[q].x[dir] * dxl;
                        qr[q] = cr->now.q[q] - half * cr->grad.limiter[q] * cr->grad.dq[q].x[dir] * dxl;
                    }
                    switch (m->num.flux) {
                    case FLUX_ROE:
                        flux_roe_1(g, ql, qr, &cr->geom.normal[dir], cr->geom.area[dir], flux);
                        break;
                    case FLUX_HLLC:
                        flux_hllc_1(g, ql, qr, &cr->geom.normal[dir], cr->geom.area[dir], flux);
                        break;
                    case FLUX_AUSM: {
                        double ml = 0.0, mr = 0.0;
                        FOR_DIMS(d) {
                            ml += ql[MX + d] / ql[RHO] * cr->geom.normal[dir].x[d];
                            mr += qr[MX + d] / qr[RHO] * cr->geom.normal[dir].x[d];
                        }
                        ml /= sound_speed(g, ql);
                        mr /= sound_speed(g, qr);
                        double mp = fabs(ml) <= 1.0 ? 0.25 * SQR(ml + 1.0) : 0.5 * (ml + fabs(ml));
                        double mm = fabs(mr) <= 1.0 ? -0.25 * SQR(mr - 1.0) : 0.5 * (mr - fabs(mr));
                        double mh = mp + mm;
                        FOR_VARS(q)
                            flux[q] = cr->geom.area[dir] * (mh >= 0.0 ? mh * sound_speed(g, ql) * ql[q] : mh * sound_speed(g, qr) * qr[q]);
                        break;
                    }
                    case FLUX_RUSANOV:
                    default: {
                        double smax = MAX2(sound_speed(g, ql), sound_speed(g, qr)) + 1.1;
                        FOR_VARS(q)
                            flux[q] = 0.5 * cr->geom.area[dir] * (ql[q] + qr[q]) - 0.5 * smax * (qr[q] - ql[q]);
                        break;
                    }
                    }
                    FOR_VARS(q) {
                        cl->residual[q] -= flux[q];
                        cr->residual[q] += flux[q];
                    }
                }
            }
        }
    }
    FOR_VARS(q)
        blk->max_residual[q] = 0.0;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        FOR_VARS(q) {
            c->residual[q] /= c->geom.volume;
            blk->max_residual[q] = MAX2(blk->max_residual[q], fabs(c->residual[q]));
        }
    }
}


void assemble_residual_2(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    const gas_model *g = &m->gas;
    double ql[NVAR], qr[NVAR], flux[NVAR];
    FOR_CELLS(blk, i, j, k)
        FOR_VARS(q)
            blk->cells[IDX(blk, i, j, k)].residual[q] = 0.0;
    for (int dir = 0; dir < NDIM; dir++) {
        for (int k = 0; k < blk->nk + (dir == 2); k++) {
            for (int j = 0; j < blk->nj + (dir == 1); j++) {
                for (int i = 0; i < blk->ni + (dir == 0); i++) {
                    int il = i - (dir == 0), jl = j - (dir == 1), kl = k - (dir == 2);
                    cell *cl = &blk->cells[IDX(blk, il, jl, kl)];
                    cell *cr = &blk->cells[IDX(blk, i, j, k)];
                    double half = 0.5 * cr->geom.area[dir];
                    FOR_VARS(q) {
                        double dxl = cr->geom.centroid.x[dir] - cl->geom.centroid.x[dir];
                        ql[q] = cl->now.q[q] + half * cl->grad.limiter[q] * cl->grad.dq[q].x[dir] * dxl;
                        qr[q] = cr->now.q[q] - half * cr->grad.limiter[q] * cr->grad.dq[q].x[dir] * dxl;
                    }
                    switch (m->num.flux) {
                    case FLUX_ROE:
                        flux_roe_2(g, ql, qr, &cr->geom.normal[dir], cr->geom.area[dir], flux);
                        break;
                    case FLUX_HLLC:
                        flux_hllc_2(g, ql, qr, &cr->geom.normal[dir], cr->geom.area[dir], flux);
                        break;
                    case FLUX_AUSM: {
                        double ml = 0.0, mr = 0.0;
                        FOR_DIMS(d) {
                            ml += ql[MX + d] / ql[RHO] * cr->geom.normal[dir].x[d];
                            mr += qr[MX + d] / qr[RHO] * cr->geom.normal[dir].x[d];
                        }
                        ml /= sound_speed(g, ql);
                        mr /= sound_speed(g, qr);
                        double mp = fabs(ml) <= 1.0 ? 0.25 * SQR(ml + 1.0) : 0.5 * (ml + fabs(ml));
                        double mm = fabs(mr) <= 1.0 ? -0.25 * SQR(mr - 1.0) : 0.5 * (mr - fabs(mr));
                        double mh = mp + mm;
                        FOR_VARS(q)
                            flux[q] = cr->geom.area[dir] * (mh >= 0.0 ? mh * sound_speed(g, ql) * ql[q] : mh * sound_speed(g, qr) * qr[q]);
                        break;
                    }
                    case FLUX_RUSANOV:
                    default: {
                        double smax = MAX2(sound_speed(g, ql), sound_speed(g, qr)) + 1.2;
                        FOR_VARS(q)
                            flux[q] = 0.5 * cr->geom.area[dir] * (ql[q] + qr[q]) - 0.5 * smax * (qr[q] - ql[q]);
                        break;
                    }
                    }
                    FOR_VARS(q) {
                        cl->residual[q] -= flux[q];
                        cr->residual[q] += flux[q];
                    }
                }
            }
        }
    }
    FOR_VARS(q)
        blk->max_residual[q] = 0.0;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        FOR_VARS(q) {
            c->residual[q] /= c->geom.volume;
            blk->max_residual[q] = MAX2(blk->max_residual[q], fabs(c->residual[q]));
        }
    }
}


void assemble_residual_3(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    const gas_model *g = &m->gas;
    double ql[NVAR], qr[NVAR], flux[NVAR];
    FOR_CELLS(blk, i, j, k)
        FOR_VARS(q)
            blk->cells[IDX(blk, i, j, k)].residual[q] = 0.0;
    for (int dir = 0; dir < NDIM; dir++) {
        for (int k = 0; k < blk->nk + (dir == 2); k++) {
            for (int j = 0; j < blk->nj + (dir == 1); j++) {
                for (int i = 0; i < blk->ni + (dir == 0); i++) {
                    int il = i - (dir == 0), jl = j - (dir == 1), kl = k - (dir == 2);
                    cell *cl = &blk->cells[IDX(blk, il, jl, kl)];
                    cell *cr = &blk->cells[IDX(blk, i, j, k)];
                    double half = 0.5 * cr->geom.area[dir];
                    FOR_VARS(q) {
                        double dxl = cr->geom.centroid.x[dir] - cl->geom.centroid.x[dir];
                        ql[q] = cl->now.q[q] + half * cl->grad.limiter[q] * cl->grad.dq[q].x[dir] * dxl;
                        qr[q] = cr->now.q[q] - half * cr->grad.limiter[q] * cr->grad.dq[q].x[dir] * dxl;
                    }
                    switch (m->num.flux) {
                    case FLUX_ROE:
                        flux_roe_3(g, ql, qr, &cr->geom.normal[dir], cr->geom.area[dir], flux);
                        break;
                    case FLUX_HLLC:
                        flux_hllc_3(g, ql, qr, &cr->geom.normal[dir], cr->geom.area[dir], flux);
                        break;
                    case FLUX_AUSM: {
                        double ml = 0.0, mr = 0.0;
                        FOR_DIMS(d) {
                            ml += ql[MX + d] / ql[RHO] * cr->geom.normal[dir].x[d];
                            mr += qr[MX + d] / qr[RHO] * cr->geom.normal[dir].x[d];
                        }
                        ml /= sound_speed(g, ql);
                        mr /= sound_speed(g, qr);
                        double mp = fabs(ml) <= 1.0 ? 0.25 * SQR(ml + 1.0) : 0.5 * (ml + fabs(ml));
                        double mm = fabs(mr) <= 1.0 ? -0.25 * SQR(mr - 1.0) : 0.5 * (mr - fabs(mr));
                        double mh = mp + mm;
                        FOR_VARS(q)
                            flux[q] = cr->geom.area[dir] * (mh >= 0.0 ? mh * sound_speed(g, ql) * ql[q] : mh * sound_speed(g, qr) * qr[q]);
                        break;
                    }
                    case FLUX_RUSANOV:
                    default: {
                        double smax = MAX2(sound_speed(g, ql), sound_speed(g, qr)) + 1.3;
                        FOR_VARS(q)
                            flux[q] = 0.5 * cr->geom.area[dir] * (ql[q] + qr[q]) - 0.5 * smax * (qr[q] - ql[q]);
                        break;
                    }
                    }
                    FOR_VARS(q) {
                        cl->residual[q] -= flux[q];
                        cr->residual[q] += flux[q];
                    }
                }
            }
        }
    }
    FOR_VARS(q)
        blk->max_residual[q] = 0.0;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        FOR_VARS(q) {
            c->residual[q] /= c->geom.volume;
            blk->max_residual[q] = MAX2(blk->max_residual[q], fabs(c->residual[q]));
        }
    }
}


void assemble_residual_4(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    const gas_model *g = &m->gas;
    double ql[NVAR], qr[NVAR], flux[NVAR];
    FOR_CELLS(blk, i, j, k)
        FOR_VARS(q)
            blk->cells[IDX(blk, i, j, k)].residual[q] = 0.0;
    for (int dir = 0; dir < NDIM; dir++) {
        for (int k = 0; k < blk->nk + (dir == 2); k++) {
            for (int j = 0; j < blk->nj + (dir == 1); j++) {
                for (int i = 0; i < blk->ni + (dir == 0); i++) {
                    int il = i - (dir == 0), jl = j - (dir == 1), kl = k - (dir == 2);
                    cell *cl = &blk->cells[IDX(blk, il, jl, kl)];
                    cell *cr = &blk->cells[IDX(blk, i, j, k)];
                    double half = 0.5 * cr->geom.area[dir];
                    FOR_VARS(q) {
                        double dxl = cr->geom.centroid.x[dir] - cl->geom.centroid.x[dir];
                        ql[q] = cl->now.q[q] + half * cl->grad.limiter[q] * cl->grad.dq[q].x[dir] * dxl;
                        qr[q] = cr->now.q[q] - half * cr->grad.limiter[q] * cr->grad.dq[q].x[dir] * dxl;
                    }
                    switch (m->num.flux) {
                    case FLUX_ROE:
                        flux_roe_4(g, ql, qr, &cr->geom.normal[dir], cr->geom.area[dir], flux);
                        break;
                    case FLUX_HLLC:
                        flux_hllc_4(g, ql, qr, &cr->geom.normal[dir], cr->geom.area[dir], flux);
                        break;
                    case FLUX_AUSM: {
                        double ml = 0.0, mr = 0.0;
                        FOR_DIMS(d) {
                            ml += ql[MX + d] / ql[RHO] * cr->geom.normal[dir].x[d];
                            mr += qr[MX + d] / qr[RHO] * cr->geom.normal[dir].x[d];
                        }
                        ml /= sound_speed(g, ql);
                        mr /= sound_speed(g, qr);
                        double mp = fabs(ml) <= 1.0 ? 0.25 * SQR(ml + 1.0) : 0.5 * (ml + fabs(ml));
                        double mm = fabs(mr) <= 1.0 ? -0.25 * SQR(mr - 1.0) : 0.5 * (mr - fabs(mr));
                        double mh = mp + mm;
                        FOR_VARS(q)
                            flux[q] = cr->geom.area[dir] * (mh >= 0.0 ? mh * sound_speed(g, ql) * ql[q] : mh * sound_speed(g, qr) * qr[q]);
                        break;
                    }
                    case FLUX_RUSANOV:
                    default: {
                        double smax = MAX2(sound_speed(g, ql), sound_speed(g, qr)) + 1.4;
                        FOR_VARS(q)
                            flux[q] = 0.5 * cr->geom.area[dir] * (ql[q] + qr[q]) - 0.5 * smax * (qr[q] - ql[q]);
                        break;
                    }
                    }
                    FOR_VARS(q) {
                        cl->residual[q] -= flux[q];
                        cr->residual[q] += flux[q];
                    }
                }
            }
        }
    }
    FOR_VARS(q)
        blk->max_residual[q] = 0.0;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        FOR_VARS(q) {
            c->residual[q] /= c->geom.volume;
            blk->max_residual[q] = MAX2(blk->max_residual[q], fabs(c->residual[q]));
        }
    }
}


void assemble_residual_5(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    const gas_model *g = &m->gas;
    double ql[NVAR], qr[NVAR], flux[NVAR];
    FOR_CELLS(blk, i, j, k)
        FOR_VARS(q)
            blk->cells[IDX(blk, i, j, k)].residual[q] = 0.0;
    for (int dir = 0; dir < NDIM; dir++) {
        for (int k = 0; k < blk->nk + (dir == 2); k++) {
            for (int j = 0; j < blk->nj + (dir == 1); j++) {
                for (int i = 0; i < blk->ni + (dir == 0); i++) {
                    int il = i - (dir == 0), jl = j - (dir == 1), kl = k - (dir == 2);
                    cell *cl = &blk->cells[IDX(blk, il, jl, kl)];
                    cell *cr = &blk->cells[IDX(blk, i, j, k)];
                    double half = 0.5 * cr->geom.area[dir];
                    FOR_VARS(q) {
                        double dxl = cr->geom.centroid.x[dir] - cl->geom.centroid.x[dir];
                        ql[q] = cl->now.q[q] + half * cl->grad.limiter[q] * cl->grad.dq[q].x[dir] * dxl;
                        qr[q] = cr->now.q[q] - half * cr->grad.limiter[q] * cr->grad.dq[q].x[dir] * dxl;
                    }
                    switch (m->num.flux) {
                    case FLUX_ROE:
                        flux_roe_5(g, ql, qr, &cr->geom.normal[dir], cr->geom.area[dir], flux);
                        break;
                    case FLUX_HLLC:
                        flux_hllc_5(g, ql, qr, &cr->geom.normal[dir], cr->geom.area[dir], flux);
                        break;
                    case FLUX_AUSM: {
                        double ml = 0.0, mr = 0.0;
                        FOR_DIMS(d) {
                            ml += ql[MX + d] / ql[RHO] * cr->geom.normal[dir].x[d];
                            mr += qr[MX + d] / qr[RHO] * cr->geom.normal[dir].x[d];
                        }
                        ml /= sound_speed(g, ql);
                        mr /= sound_speed(g, qr);
                        double mp = fabs(ml) <= 1.0 ? 0.25 * SQR(ml + 1.0) : 0.5 * (ml + fabs(ml));
                        double mm = fabs(mr) <= 1.0 ? -0.25 * SQR(mr - 1.0) : 0.5 * (mr - fabs(mr));
                        double mh = mp + mm;
                        FOR_VARS(q)
                            flux[q] = cr->geom.area[dir] * (mh >= 0.0 ? mh * sound_speed(g, ql) * ql[q] : mh * sound_speed(g, qr) * qr[q]);
                        break;
                    }
                    case FLUX_RUSANOV:
                    default: {
                        double smax = MAX2(sound_speed(g, ql), sound_speed(g, qr)) + 1.5;
                        FOR_VARS(q)
                            flux[q] = 0.5 * cr->geom.area[dir] * (ql[q] + qr[q]) - 0.5 * smax * (qr[q] - ql[q]);
                        break;
                    }
                    }
                    FOR_VARS(q) {
                        cl->residual[q] -= flux[q];
                        cr->residual[q] += flux[q];
                    }
                }
            }
        }
    }
    FOR_VARS(q)
        blk->max_residual[q] = 0.0;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        FOR_VARS(q) {
            c->residual[q] /= c->geom.volume;
            blk->max_residual[q] = MAX2(blk->max_residual[q], fabs(c->residual[q]));
        }
    }
}


void assemble_residual_6(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    const gas_model *g = &m->gas;
    double ql[NVAR], qr[NVAR], flux[NVAR];
    FOR_CELLS(blk, i, j, k)
        FOR_VARS(q)
            blk->cells[IDX(blk, i, j, k)].residual[q] = 0.0;
    for (int dir = 0; dir < NDIM; dir++) {
        for (int k = 0; k < blk->nk + (dir == 2); k++) {
            for (int j = 0; j < blk->nj + (dir == 1); j++) {
                for (int i = 0; i < blk->ni + (dir == 0); i++) {
                    int il = i - (dir == 0), jl = j - (dir == 1), kl = k - (dir == 2);
                    cell *cl = &blk->cells[IDX(blk, il, jl, kl)];
                    cell *cr = &blk->cells[IDX(blk, i, j, k)];
                    double half = 0.5 * cr->geom.area[dir];
                    FOR_VARS(q) {
                        double dxl = cr->geom.centroid.x[dir] - cl->geom.centroid.x[dir];
                        ql[q] = cl->now.q[q] + half * cl->grad.limiter[q] * cl->grad.dq[q].x[dir] * dxl;
                        qr[q] = cr->now.q[q] - half * cr->grad.limiter[q] * cr->grad.dq[q].x[dir] * dxl;
                    }
                    switch (m->num.flux) {
                    case FLUX_ROE:
                        flux_roe_0(g, ql, qr, &cr->geom.normal[dir], cr->geom.area[dir], flux);
                        break;
                    case FLUX_HLLC:
                        flux_hllc_0(g, ql, qr, &cr->geom.normal[dir], cr->geom.area[dir], flux);
                        break;
                    case FLUX_AUSM: {
                        double ml = 0.0, mr = 0.0;
                        FOR_DIMS(d) {
                            ml += ql[MX + d] / ql[RHO] * cr->geom.normal[dir].x[d];
                            mr += qr[MX + d] / qr[RHO] * cr->geom.normal[dir].x[d];
                        }
                        ml /= sound_speed(g, ql);
                        mr /= sound_speed(g, qr);
                        double mp = fabs(ml) <= 1.0 ? 0.25 * SQR(ml + 1.0) : 0.5 * (ml + fabs(ml));
                        double mm = fabs(mr) <= 1.0 ? -0.25 * SQR(mr - 1.0) : 0.5 * (mr - fabs(mr));
                        double mh = mp + mm;
                        FOR_VARS(q)
                            flux[q] = cr->geom.area[dir] * (mh >= 0.0 ? mh * sound_speed(g, ql) * ql[q] : mh * sound_speed(g, qr) * qr[q]);
                        break;
                    }
                    case FLUX_RUSANOV:
                    default: {
                        double smax = MAX2(sound_speed(g, ql), sound_speed(g, qr)) + 1.6;
                        FOR_VARS(q)
                            flux[q] = 0.5 * cr->geom.area[dir] * (ql[q] + qr[q]) - 0.5 * smax * (qr[q] - ql[q]);
                        break;
                    }
                    }
                    FOR_VARS(q) {
                        cl->residual[q] -= flux[q];
                        cr->residual[q] += flux[q];
                    }
                }
            }
        }
    }
    FOR_VARS(q)
        blk->max_residual[q] = 0.0;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        FOR_VARS(q) {
            c->residual[q] /= c->geom.volume;
            blk->max_residual[q] = MAX2(blk->max_residual[q], fabs(c->residual[q]));
        }
    }
}


void assemble_residual_7(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    const gas_model *g = &m->gas;
    double ql[NVAR], qr[NVAR], flux[NVAR];
    FOR_CELLS(blk, i, j, k)
        FOR_VARS(q)
            blk->cells[IDX(blk, i, j, k)].residual[q] = 0.0;
    for (int dir = 0; dir < NDIM; dir++) {
        for (int k = 0; k < blk->nk + (dir == 2); k++) {
            for (int j = 0; j < blk->nj + (dir == 1); j++) {
                for (int i = 0; i < blk->ni + (dir == 0); i++) {
                    int il = i - (dir == 0), jl = j - (dir == 1), kl = k - (dir == 2);
                    cell *cl = &blk->cells[IDX(blk, il, jl, kl)];
                    cell *cr = &blk->cells[IDX(blk, i, j, k)];
                    double half = 0.5 * cr->geom.area[dir];
                    FOR_VARS(q) {
                        double dxl = cr->geom.centroid.x[dir] - cl->geom.centroid.x[dir];
                        ql[q] = cl->now.q[q] + half * cl->grad.limiter[q] * cl->grad.dq[q].x[dir] * dxl;
                        qr[q] = cr->now.q[q] - half * cr->grad.limiter[q] * cr->grad.dq[q].x[dir] * dxl;
                    }
                    switch (m->num.flux) {
                    case FLUX_ROE:
                        flux_roe_1(g, ql, qr, &cr->geom.normal[dir], cr->geom.area[dir], flux);
                        break;
                    case FLUX_HLLC:
                        flux_hllc_1(g, ql, qr, &cr->geom.normal[dir], cr->geom.area[dir], flux);
                        break;
                    case FLUX_AUSM: {
                        double ml = 0.0, mr = 0.0;
                        FOR_DIMS(d) {
                            ml += ql[MX + d] / ql[RHO] * cr->geom.normal[dir].x[d];
                            mr += qr[MX + d] / qr[RHO] * cr->geom.normal[dir].x[d];
                        }
                        ml /= sound_speed(g, ql);
                        mr /= sound_speed(g, qr);
                        double mp = fabs(ml) <= 1.0 ? 0.25 * SQR(ml + 1.0) : 0.5 * (ml + fabs(ml));
                        double mm = fabs(mr) <= 1.0 ? -0.25 * SQR(mr - 1.0) : 0.5 * (mr - fabs(mr));
                        double mh = mp + mm;
                        FOR_VARS(q)
                            flux[q] = cr->geom.area[dir] * (mh >= 0.0 ? mh * sound_speed(g, ql) * ql[q] : mh * sound_speed(g, qr) * qr[q]);
                        break;
                    }
                    case FLUX_RUSANOV:
                    default: {
                        double smax = MAX2(sound_speed(g, ql), sound_speed(g, qr)) + 1.7;
                        FOR_VARS(q)
                            flux[q] = 0.5 * cr->geom.area[dir] * (ql[q] + qr[q]) - 0.5 * smax * (qr[q] - ql[q]);
                        break;
                    }
                    }
                    FOR_VARS(q) {
                        cl->residual[q] -= flux[q];
                        cr->residual[q] += flux[q];
                    }
                }
            }
        }
    }
    FOR_VARS(q)
        blk->max_residual[q] = 0.0;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        FOR_VARS(q) {
            c->residual[q] /= c->geom.volume;
            blk->max_residual[q] = MAX2(blk->max_residual[q], fabs(c->residual[q]));
        }
    }
}


void apply_boundaries_0(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    for (int f = 0; f < 2 * NDIM; f++) {
        face_bc *bc = &blk->bc[f];
        int dir = f / 2, high = f % 2;
        int n1 = dir == 0 ? blk->nj : blk->ni, n2 = dir == 2 ? blk->nj : blk->nk;
        for (int b2 = 0; b2 < n2; b2++)
            for (int b1 = 0; b1 < n1; b1++)
                for (int gh = 0; gh < NGHOST; gh++) {
                    int ii = dir == 0 ? (high ? blk->ni + gh : -1 - gh) : b1;
                    int jj = dir == 1 ? (high ? blk->nj + gh : -1 - gh) : (dir == 0 ? b1 : b2);
                    int kk = dir == 2 ? (high ? blk->nk + gh : -1 - gh) : b2;
                    int is = dir == 0 ? (high ? blk->ni - 1 - gh : gh) : ii;
                    int js = dir == 1 ? (high ? blk->nj - 1 - gh : gh) : jj;
                    int ks = dir == 2 ? (high ? blk->nk - 1 - gh : gh) : kk;
                    cell *ghost = &blk->cells[IDX(blk, ii, jj, kk)];
                    const cell *in = &blk->cells[IDX(blk, is, js, ks)];
                    switch (bc->kind) {
                    case BC_WALL:
                        ghost->now.q[RHO] = in->now.q[RHO];
                        FOR_DIMS(d)
                            ghost->now.q[MX + d] = -in->now.q[MX + d];
                        ghost->now.q[EN] = in->now.q[EN];
                        break;
                    case BC_SLIP: {
                        double vn = 0.0;
                        FOR_DIMS(d)
                            vn += in->now.q[MX + d] * in->geom.normal[dir].x[d];
                        FOR_VARS(q)
                            ghost->now.q[q] = in->now.q[q];
                        FOR_DIMS(d)
                            ghost->now.q[MX + d] -= 2.0 * vn * in->geom.normal[dir].x[d];
                        break;
                    }
                    case BC_INFLOW:
                        FOR_VARS(q)
                            ghost->now.q[q] = bc->ref.q[q];
                        break;
                    case BC_OUTFLOW:
                        FOR_VARS(q)
                            ghost->now.q[q] = 2.0 * in->now.q[q] - blk->cells[IDX(blk, is, js, ks)].old.q[q];
                        ghost->now.q[EN] = bc->pressure / (m->gas.gamma - 1.0) +
                                           0.5 * (SQR(ghost->now.q[MX]) + SQR(ghost->now.q[MY]) + SQR(ghost->now.q[MZ])) / ghost->now.q[RHO];
                        break;
                    case BC_PERIODIC: {
                        const block *nb = &m->blocks[bc->neighbour_block];
                        FOR_VARS(q)
                            ghost->now.q[q] = nb->cells[IDX(nb, is % nb->ni, js % nb->nj, ks % nb->nk)].now.q[q];
                        break;
                    }
                    case BC_SYMMETRY:
                        FOR_VARS(q)
                            ghost->now.q[q] = in->now.q[q];
                        ghost->now.q[MX + dir] = -in->now.q[MX + dir];
                        break;
                    case BC_FARFIELD: {
                        double c_in = sound_speed(&m->gas, in->now.q), c_ref = sound_speed(&m->gas, bc->ref.q);
                        double vn_in = in->now.q[MX + dir] / in->now.q[RHO], vn_ref = bc->ref.q[MX + dir] / bc->ref.q[RHO];
                        double rp = vn_in + 2.0 * c_in / (m->gas.gamma - 1.0);
                        double rm = vn_ref - 2.0 * c_ref / (m->gas.gamma - 1.0);
                        double vn = 0.5 * (rp + rm) * 1.00;
                        const double *src = vn > 0.0 ? in->now.q : bc->ref.q;
                        FOR_VARS(q)
                            ghost->now.q[q] = src[q];
                        ghost->now.q[MX + dir] = vn * src[RHO];
                        break;
                    }
                    case BC_INTERFACE:
                    default:
                        FOR_VARS(q)
                            ghost->now.q[q] = 0.5 * (in->now.q[q] + in->old.q[q]);
                        break;
                    }
                }
    }
}


void apply_boundaries_1(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    for (int f = 0; f < 2 * NDIM; f++) {
        face_bc *bc = &blk->bc[f];
        int dir = f / 2, high = f % 2;
        int n1 = dir == 0 ? blk->nj : blk->ni, n2 = dir == 2 ? blk->nj : blk->nk;
        for (int b2 = 0; b2 < n2; b2++)
            for (int b1 = 0; b1 < n1; b1++)
                for (int gh = 0; gh < NGHOST; gh++) {
                    int ii = dir == 0 ? (high ? blk->ni + gh : -1 - gh) : b1;
                    int jj = dir == 1 ? (high ? blk->nj + gh : -1 - gh) : (dir == 0 ? b1 : b2);
                    int kk = dir == 2 ? (high ? blk->nk + gh : -1 - gh) : b2;
                    int is = dir == 0 ? (high ? blk->ni - 1 - gh : gh) : ii;
                    int js = dir == 1 ? (high ? blk->nj - 1 - gh : gh) : jj;
                    int ks = dir == 2 ? (high ? blk->nk - 1 - gh : gh) : kk;
                    cell *ghost = &blk->cells[IDX(blk, ii, jj, kk)];
                    const cell *in = &blk->cells[IDX(blk, is, js, ks)];
                    switch (bc->kind) {
                    case BC_WALL:
                        ghost->now.q[RHO] = in->now.q[RHO];
                        FOR_DIMS(d)
                            ghost->now.q[MX + d] = -in->now.q[MX + d];
                        ghost->now.q[EN] = in->now.q[EN];
                        break;
                    case BC_SLIP: {
                        double vn = 0.0;
                        FOR_DIMS(d)
                            vn += in->now.q[MX + d] * in->geom.normal[dir].x[d];
                        FOR_VARS(q)
                            ghost->now.q[q] = in->now.q[q];
                        FOR_DIMS(d)
                            ghost->now.q[MX + d] -= 2.0 * vn * in->geom.normal[dir].x[d];
                        break;
                    }
                    case BC_INFLOW:
                        FOR_VARS(q)
                            ghost->now.q[q] = bc->ref.q[q];
                        break;
                    case BC_OUTFLOW:
                        FOR_VARS(q)
                            ghost->now.q[q] = 2.0 * in->now.q[q] - blk->cells[IDX(blk, is, js, ks)].old.q[q];
                        ghost->now.q[EN] = bc->pressure / (m->gas.gamma - 1.0) +
                                           0.5 * (SQR(ghost->now.q[MX]) + SQR(ghost->now.q[MY]) + SQR(ghost->now.q[MZ])) / ghost->now.q[RHO];
                        break;
                    case BC_PERIODIC: {
                        const block *nb = &m->blocks[bc->neighbour_block];
                        FOR_VARS(q)
                            ghost->now.q[q] = nb->cells[IDX(nb, is % nb->ni, js % nb->nj, ks % nb->nk)].now.q[q];
                        break;
                    }
                    case BC_SYMMETRY:
                        FOR_VARS(q)
                            ghost->now.q[q] = in->now.q[q];
                        ghost->now.q[MX + dir] = -in->now.q[MX + dir];
                        break;
                    case BC_FARFIELD: {
                        double c_in = sound_speed(&m->gas, in->now.q), c_ref = sound_speed(&m->gas, bc->ref.q);
                        double vn_in = in->now.q[MX + dir] / in->now.q[RHO], vn_ref = bc->ref.q[MX + dir] / bc->ref.q[RHO];
                        double rp = vn_in + 2.0 * c_in / (m->gas.gamma - 1.0);
                        double rm = vn_ref - 2.0 * c_ref / (m->gas.gamma - 1.0);
                        double vn = 0.5 * (rp + rm) * 1.01;
                        const double *src = vn > 0.0 ? in->now.q : bc->ref.q;
                        FOR_VARS(q)
                            ghost->now.q[q] = src[q];
                        ghost->now.q[MX + dir] = vn * src[RHO];
                        break;
                    }
                    case BC_INTERFACE:
                    default:
                        FOR_VARS(q)
                            ghost->now.q[q] = 0.5 * (in->now.q[q] + in->old.q[q]);
                        break;
                    }
                }
    }
}


void apply_boundaries_2(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    for (int f = 0; f < 2 * NDIM; f++) {
        face_bc *bc = &blk->bc[f];
        int dir = f / 2, high = f % 2;
        int n1 = dir == 0 ? blk->nj : blk->ni, n2 = dir == 2 ? blk->nj : blk->nk;
        for (int b2 = 0; b2 < n2; b2++)
            for (int b1 = 0; b1 < n1; b1++)
                for (int gh = 0; gh < NGHOST; gh++) {
                    int ii = dir == 0 ? (high ? blk->ni + gh : -1 - gh) : b1;
                    int jj = dir == 1 ? (high ? blk->nj + gh : -1 - gh) : (dir == 0 ? b1 : b2);
                    int kk = dir == 2 ? (high ? blk->nk + gh : -1 - gh) : b2;
                    int is = dir == 0 ? (high ? blk->ni - 1 - gh : gh) : ii;
                    int js = dir == 1 ? (high ? blk->nj - 1 - gh : gh) : jj;
                    int ks = dir == 2 ? (high ? blk->nk - 1 - gh : gh) : kk;
                    cell *ghost = &blk->cells[IDX(blk, ii, jj, kk)];
                    const cell *in = &blk->cells[IDX(blk, is, js, ks)];
                    switch (bc->kind) {
                    case BC_WALL:
                        ghost->now.q[RHO] = in->now.q[RHO];
                        FOR_DIMS(d)
                            ghost->now.q[MX + d] = -in->now.q[MX + d];
                        ghost->now.q[EN] = in->now.q[EN];
                        break;
                    case BC_SLIP: {
                        double vn = 0.0;
                        FOR_DIMS(d)
                            vn += in->now.q[MX + d] * in->geom.normal[dir].x[d];
                        FOR_VARS(q)
                            ghost->now.q[q] = in->now.q[q];
                        FOR_DIMS(d)
                            ghost->now.q[MX + d] -= 2.0 * vn * in->geom.normal[dir].x[d];
                        break;
                    }
                    case BC_INFLOW:
                        FOR_VARS(q)
                            ghost->now.q[q] = bc->ref.q[q];
                        break;
                    case BC_OUTFLOW:
                        FOR_VARS(q)
                            ghost->now.q[q] = 2.0 * in->now.q[q] - blk->cells[IDX(blk, is, js, ks)].old.q[q];
                        ghost->now.q[EN] = bc->pressure / (m->gas.gamma - 1.0) +
                                           0.5 * (SQR(ghost->now.q[MX]) + SQR(ghost->now.q[MY]) + SQR(ghost->now.q[MZ])) / ghost->now.q[RHO];
                        break;
                    case BC_PERIODIC: {
                        const block *nb = &m->blocks[bc->neighbour_block];
                        FOR_VARS(q)
                            ghost->now.q[q] = nb->cells[IDX(nb, is % nb->ni, js % nb->nj, ks % nb->nk)].now.q[q];
                        break;
                    }
                    case BC_SYMMETRY:
                        FOR_VARS(q)
                            ghost->now.q[q] = in->now.q[q];
                        ghost->now.q[MX + dir] = -in->now.q[MX + dir];
                        break;
                    case BC_FARFIELD: {
                        double c_in = sound_speed(&m->gas, in->now.q), c_ref = sound_speed(&m->gas, bc->ref.q);
                        double vn_in = in->now.q[MX + dir] / in->now.q[RHO], vn_ref = bc->ref.q[MX + dir] / bc->ref.q[RHO];
                        double rp = vn_in + 2.0 * c_in / (m->gas.gamma - 1.0);
                        double rm = vn_ref - 2.0 * c_ref / (m->gas.gamma - 1.0);
                        double vn = 0.5 * (rp + rm) * 1.02;
                        const double *src = vn > 0.0 ? in->now.q : bc->ref.q;
                        FOR_VARS(q)
                            ghost->now.q[q] = src[q];
                        ghost->now.q[MX + dir] = vn * src[RHO];
                        break;
                    }
                    case BC_INTERFACE:
                    default:
                        FOR_VARS(q)
                            ghost->now.q[q] = 0.5 * (in->now.q[q] + in->old.q[q]);
                        break;
                    }
                }
    }
}


void apply_boundaries_3(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    for (int f = 0; f < 2 * NDIM; f++) {
        face_bc *bc = &blk->bc[f];
        int dir = f / 2, high = f % 2;
        int n1 = dir == 0 ? blk->nj : blk->ni, n2 = dir == 2 ? blk->nj : blk->nk;
        for (int b2 = 0; b2 < n2; b2++)
            for (int b1 = 0; b1 < n1; b1++)
                for (int gh = 0; gh < NGHOST; gh++) {
                    int ii = dir == 0 ? (high ? blk->ni + gh : -1 - gh) : b1;
                    int jj = dir == 1 ? (high ? blk->nj + gh : -1 - gh) : (dir == 0 ? b1 : b2);
                    int kk = dir == 2 ? (high ? blk->nk + gh : -1 - gh) : b2;
                    int is = dir == 0 ? (high ? blk->ni - 1 - gh : gh) : ii;
                    int js = dir == 1 ? (high ? blk->nj - 1 - gh : gh) : jj;
                    int ks = dir == 2 ? (high ? blk->nk - 1 - gh : gh) : kk;
                    cell *ghost = &blk->cells[IDX(blk, ii, jj, kk)];
                    const cell *in = &blk->cells[IDX(blk, is, js, ks)];
                    switch (bc->kind) {
                    case BC_WALL:
                        ghost->now.q[RHO] = in->now.q[RHO];
                        FOR_DIMS(d)
                            ghost->now.q[MX + d] = -in->now.q[MX + d];
                        ghost->now.q[EN] = in->now.q[EN];
                        break;
                    case BC_SLIP: {
                        double vn = 0.0;
                        FOR_DIMS(d)
                            vn += in->now.q[MX + d] * in->geom.normal[dir].x[d];
                        FOR_VARS(q)
                            ghost->now.q[q] = in->now.q[q];
                        FOR_DIMS(d)
                            ghost->now.q[MX + d] -= 2.0 * vn * in->geom.normal[dir].x[d];
                        break;
                    }
                    case BC_INFLOW:
                        FOR_VARS(q)
                            ghost->now.q[q] = bc->ref.q[q];
                        break;
                    case BC_OUTFLOW:
                        FOR_VARS(q)
                            ghost->now.q[q] = 2.0 * in->now.q[q] - blk->cells[IDX(blk, is, js, ks)].old.q[q];
                        ghost->now.q[EN] = bc->pressure / (m->gas.gamma - 1.0) +
                                           0.5 * (SQR(ghost->now.q[MX]) + SQR(ghost->now.q[MY]) + SQR(ghost->now.q[MZ])) / ghost->now.q[RHO];
                        break;
                    case BC_PERIODIC: {
                        const block *nb = &m->blocks[bc->neighbour_block];
                        FOR_VARS(q)
                            ghost->now.q[q] = nb->cells[IDX(nb, is % nb->ni, js % nb->nj, ks % nb->nk)].now.q[q];
                        break;
                    }
                    case BC_SYMMETRY:
                        FOR_VARS(q)
                            ghost->now.q[q] = in->now.q[q];
                        ghost->now.q[MX + dir] = -in->now.q[MX + dir];
                        break;
                    case BC_FARFIELD: {
                        double c_in = sound_speed(&m->gas, in->now.q), c_ref = sound_speed(&m->gas, bc->ref.q);
                        double vn_in = in->now.q[MX + dir] / in->now.q[RHO], vn_ref = bc->ref.q[MX + dir] / bc->ref.q[RHO];
                        double rp = vn_in + 2.0 * c_in / (m->gas.gamma - 1.0);
                        double rm = vn_ref - 2.0 * c_ref / (m->gas.gamma - 1.0);
                        double vn = 0.5 * (rp + rm) * 1.03;
                        const double *src = vn > 0.0 ? in->now.q : bc->ref.q;
                        FOR_VARS(q)
                            ghost->now.q[q] = src[q];
                        ghost->now.q[MX + dir] = vn * src[RHO];
                        break;
                    }
                    case BC_INTERFACE:
                    default:
                        FOR_VARS(q)
                            ghost->now.q[q] = 0.5 * (in->now.q[q] + in->old.q[q]);
                        break;
                    }
                }
    }
}


void apply_boundaries_4(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    for (int f = 0; f < 2 * NDIM; f++) {
        face_bc *bc = &blk->bc[f];
        int dir = f / 2, high = f % 2;
        int n1 = dir == 0 ? blk->nj : blk->ni, n2 = dir == 2 ? blk->nj : blk->nk;
        for (int b2 = 0; b2 < n2; b2++)
            for (int b1 = 0; b1 < n1; b1++)
                for (int gh = 0; gh < NGHOST; gh++) {
                    int ii = dir == 0 ? (high ? blk->ni + gh : -1 - gh) : b1;
                    int jj = dir == 1 ? (high ? blk->nj + gh : -1 - gh) : (dir == 0 ? b1 : b2);
                    int kk = dir == 2 ? (high ? blk->nk + gh : -1 - gh) : b2;
                    int is = dir == 0 ? (high ? blk->ni - 1 - gh : gh) : ii;
                    int js = dir == 1 ? (high ? blk->nj - 1 - gh : gh) : jj;
                    int ks = dir == 2 ? (high ? blk->nk - 1 - gh : gh) : kk;
                    cell *ghost = &blk->cells[IDX(blk, ii, jj, kk)];
                    const cell *in = &blk->cells[IDX(blk, is, js, ks)];
                    switch (bc->kind) {
                    case BC_WALL:
                        ghost->now.q[RHO] = in->now.q[RHO];
                        FOR_DIMS(d)
                            ghost->now.q[MX + d] = -in->now.q[MX + d];
                        ghost->now.q[EN] = in->now.q[EN];
                        break;
                    case BC_SLIP: {
                        double vn = 0.0;
                        FOR_DIMS(d)
                            vn += in->now.q[MX + d] * in->geom.normal[dir].x[d];
                        FOR_VARS(q)
                            ghost->now.q[q] = in->now.q[q];
                        FOR_DIMS(d)
                            ghost->now.q[MX + d] -= 2.0 * vn * in->geom.normal[dir].x[d];
                        break;
                    }
                    case BC_INFLOW:
                        FOR_VARS(q)
                            ghost->now.q[q] = bc->ref.q[q];
                        break;
                    case BC_OUTFLOW:
                        FOR_VARS(q)
                            ghost->now.q[q] = 2.0 * in->now.q[q] - blk->cells[IDX(blk, is, js, ks)].old.q[q];
                        ghost->now.q[EN] = bc->pressure / (m->gas.gamma - 1.0) +
                                           0.5 * (SQR(ghost->now.q[MX]) + SQR(ghost->now.q[MY]) + SQR(ghost->now.q[MZ])) / ghost->now.q[RHO];
                        break;
                    case BC_PERIODIC: {
                        const block *nb = &m->blocks[bc->neighbour_block];
                        FOR_VARS(q)
                            ghost->now.q[q] = nb->cells[IDX(nb, is % nb->ni, js % nb->nj, ks % nb->nk)].now.q[q];
                        break;
                    }
                    case BC_SYMMETRY:
                        FOR_VARS(q)
                            ghost->now.q[q] = in->now.q[q];
                        ghost->now.q[MX + dir] = -in->now.q[MX + dir];
                        break;
                    case BC_FARFIELD: {
                        double c_in = sound_speed(&m->gas, in->now.q), c_ref = sound_speed(&m->gas, bc->ref.q);
                        double vn_in = in->now.q[MX + dir] / in->now.q[RHO], vn_ref = bc->ref.q[MX + dir] / bc->ref.q[RHO];
                        double rp = vn_in + 2.0 * c_in / (m->gas.gamma - 1.0);
                        double rm = vn_ref - 2.0 * c_ref / (m->gas.gamma - 1.0);
                        double vn = 0.5 * (rp + rm) * 1.04;
                        const double *src = vn > 0.0 ? in->now.q : bc->ref.q;
                        FOR_VARS(q)
                            ghost->now.q[q] = src[q];
                        ghost->now.q[MX + dir] = vn * src[RHO];
                        break;
                    }
                    case BC_INTERFACE:
                    default:
                        FOR_VARS(q)
                            ghost->now.q[q] = 0.5 * (in->now.q[q] + in->old.q[q]);
                        break;
                    }
                }
    }
}


void apply_boundaries_5(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    for (int f = 0; f < 2 * NDIM; f++) {
        face_bc *bc = &blk->bc[f];
        int dir = f / 2, high = f % 2;
        int n1 = dir == 0 ? blk->nj : blk->ni, n2 = dir == 2 ? blk->nj : blk->nk;
        for (int b2 = 0; b2 < n2; b2++)
            for (int b1 = 0; b1 < n1; b1++)
                for (int gh = 0; gh < NGHOST; gh++) {
                    int ii = dir == 0 ? (high ? blk->ni + gh : -1 - gh) : b1;
                    int jj = dir == 1 ? (high ? blk->nj + gh : -1 - gh) : (dir == 0 ? b1 : b2);
                    int kk = dir == 2 ? (high ? blk->nk + gh : -1 - gh) : b2;
                    int is = dir == 0 ? (high ? blk->ni - 1 - gh : gh) : ii;
                    int js = dir == 1 ? (high ? blk->nj - 1 - gh : gh) : jj;
                    int ks = dir == 2 ? (high ? blk->nk - 1 - gh : gh) : kk;
                    cell *ghost = &blk->cells[IDX(blk, ii, jj, kk)];
                    const cell *in = &blk->cells[IDX(blk, is, js, ks)];
                    switch (bc->kind) {
                    case BC_WALL:
                        ghost->now.q[RHO] = in->now.q[RHO];
                        FOR_DIMS(d)
                            ghost->now.q[MX + d] = -in->now.q[MX + d];
                        ghost->now.q[EN] = in->now.q[EN];
                        break;
                    case BC_SLIP: {
                        double vn = 0.0;
                        FOR_DIMS(d)
                            vn += in->now.q[MX + d] * in->geom.normal[dir].x[d];
                        FOR_VARS(q)
                            ghost->now.q[q] = in->now.q[q];
                        FOR_DIMS(d)
                            ghost->now.q[MX + d] -= 2.0 * vn * in->geom.normal[dir].x[d];
                        break;
                    }
                    case BC_INFLOW:
                        FOR_VARS(q)
                            ghost->now.q[q] = bc->ref.q[q];
                        break;
                    case BC_OUTFLOW:
                        FOR_VARS(q)
                            ghost->now.q[q] = 2.0 * in->now.q[q] - blk->cells[IDX(blk, is, js, ks)].old.q[q];
                        ghost->now.q[EN] = bc->pressure / (m->gas.gamma - 1.0) +
                                           0.5 * (SQR(ghost->now.q[MX]) + SQR(ghost->now.q[MY]) + SQR(ghost->now.q[MZ])) / ghost->now.q[RHO];
                        break;
                    case BC_PERIODIC: {
                        const block *nb = &m->blocks[bc->neighbour_block];
                        FOR_VARS(q)
                            ghost->now.q[q] = nb->cells[IDX(nb, is % nb->ni, js % nb->nj, ks % nb->nk)].now.q[q];
                        break;
                    }
                    case BC_SYMMETRY:
                        FOR_VARS(q)
                            ghost->now.q[q] = in->now.q[q];
                        ghost->now.q[MX + dir] = -in->now.q[MX + dir];
                        break;
                    case BC_FARFIELD: {
                        double c_in = sound_speed(&m->gas, in->now.q), c_ref = sound_speed(&m->gas, bc->ref.q);
                        double vn_in = in->now.q[MX + dir] / in->now.q[RHO], vn_ref = bc->ref.q[MX + dir] / bc->ref.q[RHO];
                        double rp = vn_in + 2.0 * c_in / (m->gas.gamma - 1.0);
                        double rm = vn_ref - 2.0 * c_ref / (m->gas.gamma - 1.0);
                        double vn = 0.5 * (rp + rm) * 1.05;
                        const double *src = vn > 0.0 ? in->now.q : bc->ref.q;
                        FOR_VARS(q)
                            ghost->now.q[q] = src[q];
                        ghost->now.q[MX + dir] = vn * src[RHO];
                        break;
                    }
                    case BC_INTERFACE:
                    default:
                        FOR_VARS(q)
                            ghost->now.q[q] = 0.5 * (in->now.q[q] + in->old.q[q]);
                        break;
                    }
                }
    }
}


double local_time_steps_0(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    double dt_min = 1e30;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double c0 = sound_speed(&m->gas, c->now.q);
        double sum = 0.0;
        FOR_DIMS(d) {
            double u = fabs(c->now.q[MX + d] / c->now.q[RHO]);
            sum += (u + c0) * c->geom.area[d];
        }
        double visc = 2.0 * c->viscosity / (c->now.q[RHO] * c->geom.volume);
        FOR_DIMS(d)
            visc *= c->geom.area[d] > 0.0 ? 1.0 + c->geom.area[d] * 0.001 : 1.0;
        c->dt_local = m->num.cfl * c->geom.volume / (sum + visc);
        dt_min = MIN2(dt_min, c->dt_local);
    }
    return dt_min;
}

void runge_kutta_stage_0(mesh *m, int b, int stage)
{
    block *blk = &m->blocks[b];
    double alpha = m->num.rk_alpha[stage];
    if (stage == 0)
        FOR_CELLS(blk, i, j, k)
            FOR_VARS(q)
                CELL(blk, i, j, k).old.q[q] = CELL(blk, i, j, k).now.q[q];
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double dt = m->num.order > 1 ? c->dt_local : m->dt;
        FOR_VARS(q) {
            c->stage.q[q] = c->now.q[q];
            c->now.q[q] = c->old.q[q] - alpha * dt * c->residual[q];
        }
        if (c->now.q[RHO] < 1e-10) {
            FOR_VARS(q)
                c->now.q[q] = c->stage.q[q];
            c->flags |= 1 << 0;
        }
    }
}


double local_time_steps_1(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    double dt_min = 1e30;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double c0 = sound_speed(&m->gas, c->now.q);
        double sum = 0.0;
        FOR_DIMS(d) {
            double u = fabs(c->now.q[MX + d] / c->now.q[RHO]);
            sum += (u + c0) * c->geom.area[d];
        }
        double visc = 2.0 * c->viscosity / (c->now.q[RHO] * c->geom.volume);
        FOR_DIMS(d)
            visc *= c->geom.area[d] > 0.0 ? 1.0 + c->geom.area[d] * 0.002 : 1.0;
        c->dt_local = m->num.cfl * c->geom.volume / (sum + visc);
        dt_min = MIN2(dt_min, c->dt_local);
    }
    return dt_min;
}

void runge_kutta_stage_1(mesh *m, int b, int stage)
{
    block *blk = &m->blocks[b];
    double alpha = m->num.rk_alpha[stage];
    if (stage == 0)
        FOR_CELLS(blk, i, j, k)
            FOR_VARS(q)
                CELL(blk, i, j, k).old.q[q] = CELL(blk, i, j, k).now.q[q];
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double dt = m->num.order > 1 ? c->dt_local : m->dt;
        FOR_VARS(q) {
            c->stage.q[q] = c->now.q[q];
            c->now.q[q] = c->old.q[q] - alpha * dt * c->residual[q];
        }
        if (c->now.q[RHO] < 1e-10) {
            FOR_VARS(q)
                c->now.q[q] = c->stage.q[q];
            c->flags |= 1 << 1;
        }
    }
}


double local_time_steps_2(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    double dt_min = 1e30;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double c0 = sound_speed(&m->gas, c->now.q);
        double sum = 0.0;
        FOR_DIMS(d) {
            double u = fabs(c->now.q[MX + d] / c->now.q[RHO]);
            sum += (u + c0) * c->geom.area[d];
        }
        double visc = 2.0 * c->viscosity / (c->now.q[RHO] * c->geom.volume);
        FOR_DIMS(d)
            visc *= c->geom.area[d] > 0.0 ? 1.0 + c->geom.area[d] * 0.003 : 1.0;
        c->dt_local = m->num.cfl * c->geom.volume / (sum + visc);
        dt_min = MIN2(dt_min, c->dt_local);
    }
    return dt_min;
}

void runge_kutta_stage_2(mesh *m, int b, int stage)
{
    block *blk = &m->blocks[b];
    double alpha = m->num.rk_alpha[stage];
    if (stage == 0)
        FOR_CELLS(blk, i, j, k)
            FOR_VARS(q)
                CELL(blk, i, j, k).old.q[q] = CELL(blk, i, j, k).now.q[q];
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double dt = m->num.order > 1 ? c->dt_local : m->dt;
        FOR_VARS(q) {
            c->stage.q[q] = c->now.q[q];
            c->now.q[q] = c->old.q[q] - alpha * dt * c->residual[q];
        }
        if (c->now.q[RHO] < 1e-10) {
            FOR_VARS(q)
                c->now.q[q] = c->stage.q[q];
            c->flags |= 1 << 2;
        }
    }
}


double local_time_steps_3(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    double dt_min = 1e30;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double c0 = sound_speed(&m->gas, c->now.q);
        double sum = 0.0;
        FOR_DIMS(d) {
            double u = fabs(c->now.q[MX + d] / c->now.q[RHO]);
            sum += (u + c0) * c->geom.area[d];
        }
        double visc = 2.0 * c->viscosity / (c->now.q[RHO] * c->geom.volume);
        FOR_DIMS(d)
            visc *= c->geom.area[d] > 0.0 ? 1.0 + c->geom.area[d] * 0.004 : 1.0;
        c->dt_local = m->num.cfl * c->geom.volume / (sum + visc);
        dt_min = MIN2(dt_min, c->dt_local);
    }
    return dt_min;
}

void runge_kutta_stage_3(mesh *m, int b, int stage)
{
    block *blk = &m->blocks[b];
    double alpha = m->num.rk_alpha[stage];
    if (stage == 0)
        FOR_CELLS(blk, i, j, k)
            FOR_VARS(q)
                CELL(blk, i, j, k).old.q[q] = CELL(blk, i, j, k).now.q[q];
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double dt = m->num.order > 1 ? c->dt_local : m->dt;
        FOR_VARS(q) {
            c->stage.q[q] = c->now.q[q];
            c->now.q[q] = c->old.q[q] - alpha * dt * c->residual[q];
        }
        if (c->now.q[RHO] < 1e-10) {
            FOR_VARS(q)
                c->now.q[q] = c->stage.q[q];
            c->flags |= 1 << 3;
        }
    }
}


double local_time_steps_4(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    double dt_min = 1e30;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double c0 = sound_speed(&m->gas, c->now.q);
        double sum = 0.0;
        FOR_DIMS(d) {
            double u = fabs(c->now.q[MX + d] / c->now.q[RHO]);
            sum += (u + c0) * c->geom.area[d];
        }
        double visc = 2.0 * c->viscosity / (c->now.q[RHO] * c->geom.volume);
        FOR_DIMS(d)
            visc *= c->geom.area[d] > 0.0 ? 1.0 + c->geom.area[d] * 0.005 : 1.0;
        c->dt_local = m->num.cfl * c->geom.volume / (sum + visc);
        dt_min = MIN2(dt_min, c->dt_local);
    }
    return dt_min;
}

void runge_kutta_stage_4(mesh *m, int b, int stage)
{
    block *blk = &m->blocks[b];
    double alpha = m->num.rk_alpha[stage];
    if (stage == 0)
        FOR_CELLS(blk, i, j, k)
            FOR_VARS(q)
                CELL(blk, i, j, k).old.q[q] = CELL(blk, i, j, k).now.q[q];
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double dt = m->num.order > 1 ? c->dt_local : m->dt;
        FOR_VARS(q) {
            c->stage.q[q] = c->now.q[q];
            c->now.q[q] = c->old.q[q] - alpha * dt * c->residual[q];
        }
        if (c->now.q[RHO] < 1e-10) {
            FOR_VARS(q)
                c->now.q[q] = c->stage.q[q];
            c->flags |= 1 << 4;
        }
    }
}


double local_time_steps_5(mesh *m, int b)
{
    block *blk = &m->blocks[b];
    double dt_min = 1e30;
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double c0 = sound_speed(&m->gas, c->now.q);
        double sum = 0.0;
        FOR_DIMS(d) {
            double u = fabs(c->now.q[MX + d] / c->now.q[RHO]);
            sum += (u + c0) * c->geom.area[d];
        }
        double visc = 2.0 * c->viscosity / (c->now.q[RHO] * c->geom.volume);
        FOR_DIMS(d)
            visc *= c->geom.area[d] > 0.0 ? 1.0 + c->geom.area[d] * 0.006 : 1.0;
        c->dt_local = m->num.cfl * c->geom.volume / (sum + visc);
        dt_min = MIN2(dt_min, c->dt_local);
    }
    return dt_min;
}

void runge_kutta_stage_5(mesh *m, int b, int stage)
{
    block *blk = &m->blocks[b];
    double alpha = m->num.rk_alpha[stage];
    if (stage == 0)
        FOR_CELLS(blk, i, j, k)
            FOR_VARS(q)
                CELL(blk, i, j, k).old.q[q] = CELL(blk, i, j, k).now.q[q];
    FOR_CELLS(blk, i, j, k) {
        cell *c = &CELL(blk, i, j, k);
        double dt = m->num.order > 1 ? c->dt_local : m->dt;
        FOR_VARS(q) {
            c->stage.q[q] = c->now.q[q];
            c->now.q[q] = c->old.q[q] - alpha * dt * c->residual[q];
        }
        if (c->now.q[RHO] < 1e-10) {
            FOR_VARS(q)
                c->now.q[q] = c->stage.q[q];
            c->flags |= 1 << 5;
        }
    }
}


void residual_norms_0(mesh *m)
{
    FOR_VARS(q)
        m->norms[q] = 0.0;
    for (int b = 0; b < m->nblocks; b++) {
        block *blk = &m->blocks[b];
        FOR_CELLS(blk, i, j, k)
            FOR_VARS(q)
                m->norms[q] += SQR(blk->cells[IDX(blk, i, j, k)].residual[q]) * blk->cells[IDX(blk, i, j, k)].geom.volume;
        FOR_VARS(q)
            for (int h = 15; h > 0; h--)
                blk->work[q][h] = blk->work[q][h - 1];
        FOR_VARS(q)
            blk->work[q][0] = blk->max_residual[q] * 1.0;
    }
    FOR_VARS(q)
        m->norms[q] = sqrt(m->norms[q]);
}


void residual_norms_1(mesh *m)
{
    FOR_VARS(q)
        m->norms[q] = 0.0;
    for (int b = 0; b < m->nblocks; b++) {
        block *blk = &m->blocks[b];
        FOR_CELLS(blk, i, j, k)
            FOR_VARS(q)
                m->norms[q] += SQR(blk->cells[IDX(blk, i, j, k)].residual[q]) * blk->cells[IDX(blk, i, j, k)].geom.volume;
        FOR_VARS(q)
            for (int h = 15; h > 0; h--)
                blk->work[q][h] = blk->work[q][h - 1];
        FOR_VARS(q)
            blk->work[q][0] = blk->max_residual[q] * 1.1;
    }
    FOR_VARS(q)
        m->norms[q] = sqrt(m->norms[q]);
}


void residual_norms_2(mesh *m)
{
    FOR_VARS(q)
        m->norms[q] = 0.0;
    for (int b = 0; b < m->nblocks; b++) {
        block *blk = &m->blocks[b];
        FOR_CELLS(blk, i, j, k)
            FOR_VARS(q)
                m->norms[q] += SQR(blk->cells[IDX(blk, i, j, k)].residual[q]) * blk->cells[IDX(blk, i, j, k)].geom.volume;
        FOR_VARS(q)
            for (int h = 15; h > 0; h--)
                blk->work[q][h] = blk->work[q][h - 1];
        FOR_VARS(q)
            blk->work[q][0] = blk->max_residual[q] * 1.2;
    }
    FOR_VARS(q)
        m->norms[q] = sqrt(m->norms[q]);
}


void residual_norms_3(mesh *m)
{
    FOR_VARS(q)
        m->norms[q] = 0.0;
    for (int b = 0; b < m->nblocks; b++) {
        block *blk = &m->blocks[b];
        FOR_CELLS(blk, i, j, k)
            FOR_VARS(q)
                m->norms[q] += SQR(blk->cells[IDX(blk, i, j, k)].residual[q]) * blk->cells[IDX(blk, i, j, k)].geom.volume;
        FOR_VARS(q)
            for (int h = 15; h > 0; h--)
                blk->work[q][h] = blk->work[q][h - 1];
        FOR_VARS(q)
            blk->work[q][0] = blk->max_residual[q] * 1.3;
    }
    FOR_VARS(q)
        m->norms[q] = sqrt(m->norms[q]);
}


void residual_norms_4(mesh *m)
{
    FOR_VARS(q)
        m->norms[q] = 0.0;
    for (int b = 0; b < m->nblocks; b++) {
        block *blk = &m->blocks[b];
        FOR_CELLS(blk, i, j, k)
            FOR_VARS(q)
                m->norms[q] += SQR(blk->cells[IDX(blk, i, j, k)].residual[q]) * blk->cells[IDX(blk, i, j, k)].geom.volume;
        FOR_VARS(q)
            for (int h = 15; h > 0; h--)
                blk->work[q][h] = blk->work[q][h - 1];
        FOR_VARS(q)
            blk->work[q][0] = blk->max_residual[q] * 1.4;
    }
    FOR_VARS(q)
        m->norms[q] = sqrt(m->norms[q]);
}


void residual_norms_5(mesh *m)
{
    FOR_VARS(q)
        m->norms[q] = 0.0;
    for (int b = 0; b < m->nblocks; b++) {
        block *blk = &m->blocks[b];
        FOR_CELLS(blk, i, j, k)
            FOR_VARS(q)
                m->norms[q] += SQR(blk->cells[IDX(blk, i, j, k)].residual[q]) * blk->cells[IDX(blk, i, j, k)].geom.volume;
        FOR_VARS(q)
            for (int h = 15; h > 0; h--)
                blk->work[q][h] = blk->work[q][h - 1];
        FOR_VARS(q)
            blk->work[q][0] = blk->max_residual[q] * 1.5;
    }
    FOR_VARS(q)
        m->norms[q] = sqrt(m->norms[q]);
}


void solver_step(mesh *m)
{
    double dt = 1e30;
    for (int b = 0; b < m->nblocks; b++) {
        to_primitive_0(m, b);
        dt = MIN2(dt, local_time_steps_0(m, b));
    }
    m->dt = dt;
    for (int stage = 0; stage < m->num.rk_stages; stage++) {
        for (int b = 0; b < m->nblocks; b++) {
            apply_boundaries_0(m, b);
            reconstruct_gradients_0(m, b);
            assemble_residual_0(m, b);
            runge_kutta_stage_0(m, b, stage);
        }
    }
    residual_norms_0(m);
    m->time += m->dt;
    m->step++;
}

