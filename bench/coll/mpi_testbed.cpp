// The testbed (testbed.hpp) on Open MPI's collectives, the peer of upc_testbed.cpp under the same workload
// and skew: mpirun -np N coll_testbed_mpi [options] (--sync is ignored: MPI's collectives have one mode).
// broadcast, scatter, gather, gather_all, exchange and permute are MPI_Bcast, MPI_Scatter, MPI_Gather,
// MPI_Allgather, MPI_Alltoall and an MPI_Sendrecv to rank + 1 from rank - 1.
#include <mpi.h>

#include <vector>

#include "testbed.hpp"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int me = 0, T = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &T);
  const testbed::Options o = testbed::parse(argc, argv);
  const int n = static_cast<int>(o.bytes);
  std::vector<char> src(o.bytes * static_cast<std::size_t>(T)), dst(o.bytes * static_cast<std::size_t>(T));
  const std::string &c = o.collective;
  const double mine = testbed::run(o, me, T, [&] {
    if (c == "broadcast")
      MPI_Bcast(dst.data(), n, MPI_BYTE, 0, MPI_COMM_WORLD);
    else if (c == "scatter")
      MPI_Scatter(src.data(), n, MPI_BYTE, dst.data(), n, MPI_BYTE, 0, MPI_COMM_WORLD);
    else if (c == "gather")
      MPI_Gather(src.data(), n, MPI_BYTE, dst.data(), n, MPI_BYTE, 0, MPI_COMM_WORLD);
    else if (c == "gather_all")
      MPI_Allgather(src.data(), n, MPI_BYTE, dst.data(), n, MPI_BYTE, MPI_COMM_WORLD);
    else if (c == "exchange")
      MPI_Alltoall(src.data(), n, MPI_BYTE, dst.data(), n, MPI_BYTE, MPI_COMM_WORLD);
    else
      MPI_Sendrecv(src.data(), n, MPI_BYTE, (me + 1) % T, 0, dst.data(), n, MPI_BYTE, (me + T - 1) % T, 0,
                   MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  });
  double slowest = 0;
  MPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (me == 0) testbed::print("mpi", o, T, slowest);
  MPI_Finalize();
  return 0;
}
