/* A distributed Jacobi sweep with a halo exchange and a residual reduction,
 * for the ExaSAT XML golden test (compiled against kernels/mpi/mpi.h). */
#include <mpi.h>

double relax(int nx, int ny, double u[ny + 2][nx], double v[ny + 2][nx], int up, int down)
{
    MPI_Status st;
    MPI_Sendrecv(&u[1][0], nx, MPI_DOUBLE, up, 0, &u[ny + 1][0], nx, MPI_DOUBLE, down, 0,
                 MPI_COMM_WORLD, &st);
    MPI_Sendrecv(u[ny], nx, MPI_DOUBLE, down, 1, u[0], nx, MPI_DOUBLE, up, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    double local = 0.0, global;
    for (int j = 1; j <= ny; j++)
        for (int i = 1; i < nx - 1; i++) {
            v[j][i] = 0.25 * (u[j - 1][i] + u[j + 1][i] + u[j][i - 1] + u[j][i + 1]);
            local += (v[j][i] - u[j][i]) * (v[j][i] - u[j][i]);
        }
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double peak = local;
    MPI_Allreduce(MPI_IN_PLACE, &peak, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    MPI_Send(v[1], nx, MPI_DOUBLE, up, 2, MPI_COMM_WORLD);
    MPI_Recv(v[0], nx, MPI_DOUBLE, down, 2, MPI_COMM_WORLD, &st);
    return global + peak;
}
