// The Collectives 2.0 benchmark (bench.hpp) on Open MPI's blocking collectives, the peer of
// upccoll_bench.cpp: mpirun -np N coll2_bench_mpi [options]. barrier ... scan are MPI_Barrier, MPI_Bcast,
// MPI_Reduce, MPI_Allreduce, MPI_Allgather, MPI_Alltoall, MPI_Alltoallv, MPI_Reduce_scatter_block and
// MPI_Scan on MPI_COMM_WORLD (bytes as MPI_BYTE, reductions as MPI_SUM of MPI_DOUBLE); iallreduce is
// MPI_Iallreduce, the computation, then MPI_Wait.
#include <mpi.h>

#include <vector>

#include "bench.hpp"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int me = 0, T = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &T);
  const coll2bench::Options o = coll2bench::parse(argc, argv);
  const MPI_Comm world = MPI_COMM_WORLD;
  for (const std::string &c : o.collectives) {
    for (const std::size_t bytes : c == "barrier" ? std::vector<std::size_t>{0} : o.sizes) {
      const int n = static_cast<int>(bytes), doubles = n / 8;
      std::vector<char> send(bytes * static_cast<std::size_t>(T) + 8, 1), recv(send.size());
      std::vector<int> counts(static_cast<std::size_t>(T), n), displs(static_cast<std::size_t>(T));
      for (int t = 0; t < T; ++t) displs[static_cast<std::size_t>(t)] = t * n;
      auto *sd = reinterpret_cast<double *>(send.data());
      auto *rd = reinterpret_cast<double *>(recv.data());
      std::function<void()> call;
      if (c == "barrier") call = [&] { MPI_Barrier(world); };
      if (c == "bcast") call = [&] { MPI_Bcast(recv.data(), n, MPI_BYTE, 0, world); };
      if (c == "reduce") call = [&] { MPI_Reduce(sd, rd, doubles, MPI_DOUBLE, MPI_SUM, 0, world); };
      if (c == "allreduce") call = [&] { MPI_Allreduce(sd, rd, doubles, MPI_DOUBLE, MPI_SUM, world); };
      if (c == "allgather")
        call = [&] { MPI_Allgather(send.data(), n, MPI_BYTE, recv.data(), n, MPI_BYTE, world); };
      if (c == "alltoall")
        call = [&] { MPI_Alltoall(send.data(), n, MPI_BYTE, recv.data(), n, MPI_BYTE, world); };
      if (c == "alltoallv")
        call = [&] {
          MPI_Alltoallv(send.data(), counts.data(), displs.data(), MPI_BYTE, recv.data(), counts.data(),
                        displs.data(), MPI_BYTE, world);
        };
      if (c == "reduce_scatter")
        call = [&] { MPI_Reduce_scatter_block(sd, rd, doubles, MPI_DOUBLE, MPI_SUM, world); };
      if (c == "scan") call = [&] { MPI_Scan(sd, rd, doubles, MPI_DOUBLE, MPI_SUM, world); };
      const long calls = coll2bench::iterations_for(o, bytes);
      if (c == "iallreduce") {
        const double blocking = coll2bench::best_per_call(
            o, calls, [&] { MPI_Barrier(world); },
            [&] { MPI_Allreduce(sd, rd, doubles, MPI_DOUBLE, MPI_SUM, world); });
        const double compute = coll2bench::best_per_call(
            o, calls, [&] { MPI_Barrier(world); }, [&] { coll2bench::compute_for(blocking); });
        const double overlapped = coll2bench::best_per_call(
            o, calls, [&] { MPI_Barrier(world); },
            [&] {
              MPI_Request request;
              MPI_Iallreduce(sd, rd, doubles, MPI_DOUBLE, MPI_SUM, world, &request);
              coll2bench::compute_for(blocking);
              MPI_Wait(&request, MPI_STATUS_IGNORE);
            });
        double times[3] = {blocking, compute, overlapped}, slowest[3] = {0, 0, 0};
        MPI_Reduce(times, slowest, 3, MPI_DOUBLE, MPI_MAX, 0, world);
        if (me == 0) coll2bench::print_overlap("mpi", T, bytes, calls, o, slowest[0], slowest[1], slowest[2]);
        continue;
      }
      const double mine = coll2bench::best_per_call(
          o, calls, [&] { MPI_Barrier(world); }, call);
      double slowest = 0;
      MPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, world);
      if (me == 0) coll2bench::print("mpi", c, T, bytes, calls, o, slowest, -1);
    }
  }
  MPI_Finalize();
  return 0;
}
