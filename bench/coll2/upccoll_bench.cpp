// The Collectives 2.0 benchmark (bench.hpp) on our collectives (pgas/upccoll.h), blocking, MYSYNC, on
// UPC_TEAM_ALL: pgasrun -n N coll2_bench_upccoll [options] (or under mpirun: the MPI engine). Bytes travel as
// UPC_BYTE, reductions are UPC_ADD of UPC_DOUBLE, reduce_scatter is upccoll_reduce_scatter (every rank gets
// bytes / 8 doubles), scan the inclusive upccoll_scan and iallreduce upccoll_allreduce with a handle,
// completed by upccoll_wait after the computation. Each line also carries memcpy_us.
#include <pgas/upc.hpp>

#include "bench.hpp"

namespace {

void check(upccoll_return_t code, const char *call) {
  if (code == UPCCOLL_SUCCESS) return;
  std::fprintf(stderr, "thread %d: %s failed with error code %d\n", MYTHREAD, call, static_cast<int>(code));
  upc_global_exit(3);
}

// `bytes` bytes of the calling thread's shared memory, for the time of one size's runs.
struct MyBytes {
  explicit MyBytes(std::size_t bytes) : pointer(upc_alloc(bytes)) { std::memset(local(), 1, bytes); }
  ~MyBytes() { upc_free(pointer); }
  MyBytes(const MyBytes &) = delete;
  MyBytes &operator=(const MyBytes &) = delete;
  char *local() const { return static_cast<char *>(pointer.local()); }
  upccoll_shared_ptr_t at() const { return pointer; }
  pgas::global_ptr<void> pointer;
};

}  // namespace

int main(int argc, char **argv) {
  const coll2bench::Options o = coll2bench::parse(argc, argv);
  check(upccoll_initialize(&argc, &argv), "upccoll_initialize");
  const int T = THREADS;
  const upccoll_team_t all = UPC_TEAM_ALL;
  MyBytes mine(sizeof(double)), slowest(sizeof(double));
  auto barrier = [] { upc_barrier; };
  // The slowest thread's seconds, on thread 0.
  auto max_over_threads = [&](double s) {
    std::memcpy(mine.local(), &s, sizeof s);
    check(upccoll_reduce(mine.at(), slowest.at(), 1, UPC_DOUBLE, UPC_MAX, 0, all, 0, nullptr),
          "upccoll_reduce");
    double result = 0;
    std::memcpy(&result, slowest.local(), sizeof result);
    return result;
  };
  for (const std::string &c : o.collectives) {
    for (const std::size_t bytes : c == "barrier" ? std::vector<std::size_t>{0} : o.sizes) {
      const std::size_t n = bytes, doubles = n / 8, room = n * static_cast<std::size_t>(T) + 8;
      MyBytes send(room), recv(room), copy(room);
      std::vector<std::size_t> counts(static_cast<std::size_t>(T), n), displs(static_cast<std::size_t>(T));
      for (int t = 0; t < T; ++t) displs[static_cast<std::size_t>(t)] = static_cast<std::size_t>(t) * n;
      const upccoll_shared_ptr_t s = send.at(), r = recv.at();
      std::function<void()> call;
      if (c == "barrier") call = [&] { check(upccoll_barrier(all, 0, nullptr), "upccoll_barrier"); };
      if (c == "bcast")
        call = [&] {
          check(upccoll_bcast(s, n, UPC_BYTE, r, n, UPC_BYTE, 0, all, 0, nullptr), "upccoll_bcast");
        };
      if (c == "reduce")
        call = [&] {
          check(upccoll_reduce(s, r, doubles, UPC_DOUBLE, UPC_ADD, 0, all, 0, nullptr), "upccoll_reduce");
        };
      if (c == "allreduce")
        call = [&] {
          check(upccoll_allreduce(s, r, doubles, UPC_DOUBLE, UPC_ADD, all, 0, nullptr), "upccoll_allreduce");
        };
      if (c == "allgather")
        call = [&] {
          check(upccoll_allgather(s, n, UPC_BYTE, r, n, UPC_BYTE, all, 0, nullptr), "upccoll_allgather");
        };
      if (c == "alltoall")
        call = [&] {
          check(upccoll_alltoall(s, n, UPC_BYTE, r, n, UPC_BYTE, all, 0, nullptr), "upccoll_alltoall");
        };
      if (c == "alltoallv")
        call = [&] {
          check(upccoll_alltoallv(s, counts.data(), displs.data(), UPC_BYTE, r, counts.data(), displs.data(),
                                  UPC_BYTE, all, 0, nullptr),
                "upccoll_alltoallv");
        };
      if (c == "reduce_scatter")
        call = [&] {
          check(upccoll_reduce_scatter(s, r, doubles, UPC_DOUBLE, UPC_ADD, all, 0, nullptr),
                "upccoll_reduce_scatter");
        };
      if (c == "scan")
        call = [&] {
          check(upccoll_scan(s, r, doubles, UPC_DOUBLE, UPC_ADD, all, 0, nullptr), "upccoll_scan");
        };
      const long calls = coll2bench::iterations_for(o, bytes);
      if (c == "iallreduce") {
        const double blocking = coll2bench::best_per_call(o, calls, barrier, [&] {
          check(upccoll_allreduce(s, r, doubles, UPC_DOUBLE, UPC_ADD, all, 0, nullptr), "upccoll_allreduce");
        });
        const double compute =
            coll2bench::best_per_call(o, calls, barrier, [&] { coll2bench::compute_for(blocking); });
        const double overlapped = coll2bench::best_per_call(o, calls, barrier, [&] {
          upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
          check(upccoll_allreduce(s, r, doubles, UPC_DOUBLE, UPC_ADD, all, 0, &h), "upccoll_allreduce");
          coll2bench::compute_for(blocking);
          upccoll_wait(h);
        });
        const double b = max_over_threads(blocking), w = max_over_threads(compute),
                     v = max_over_threads(overlapped);
        if (MYTHREAD == 0) coll2bench::print_overlap("upccoll", T, bytes, calls, o, b, w, v);
        continue;
      }
      const double ours = max_over_threads(coll2bench::best_per_call(o, calls, barrier, call));
      const std::size_t received = coll2bench::received_bytes(c, bytes, T);
      const double limit = max_over_threads(coll2bench::best_per_call(
          o, calls, barrier, [&] { std::memcpy(copy.local(), send.local(), received); }));
      if (MYTHREAD == 0) coll2bench::print("upccoll", c, T, bytes, calls, o, ours, limit);
    }
  }
  check(upccoll_finalize(), "upccoll_finalize");
  return 0;
}
