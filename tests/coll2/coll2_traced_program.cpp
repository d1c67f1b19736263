// Collectives 2.0 calls with known traffic, for coll2_trace_test.cpp: what the tracer records for them must
// be exactly the bytes they move between threads, at the lines where they move them (a non-blocking call's
// receiver reads its data when it completes the call). A team split's exchange of colors, keys and team
// areas is the split's, at its line.
#include <pgas/upc.hpp>

int main(int argc, char **argv) {
  upccoll_initialize(&argc, &argv);
  const int last = THREADS - 1;
  const auto send = upc_alloc(64), recv = upc_alloc(64 * static_cast<std::size_t>(THREADS));
  upccoll_allgather(send, 10, UPC_INT, recv, 10, UPC_INT, UPC_TEAM_ALL, 0, nullptr);  // SITE allgather
  upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
  upccoll_bcast(send, 3, UPC_DOUBLE, recv, 3, UPC_DOUBLE, last, UPC_TEAM_ALL, 0, &h);
  upccoll_wait(h);  // SITE bcast completed
  upccoll_allreduce(send, recv, 2, UPC_INT, UPC_ADD, UPC_TEAM_ALL, UPC_ASYNC_FENCE, nullptr);
  upccoll_fence();                                                              // SITE allreduce completed
  upccoll_team_t parity = nullptr;                                              // freed by upccoll_finalize
  upccoll_team_split(UPC_TEAM_ALL, MYTHREAD % 2, THREADS - MYTHREAD, &parity);  // SITE split
  upccoll_finalize();
  return 0;
}
