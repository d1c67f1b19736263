// Reads K elements of the next thread through the software cache, in one tile: the trace must show one
// cache_getv_nb per thread (the coalesced download), at the line that starts the download, and no element
// gets (trace_exactness_test.cpp, TraceCache).
#include <pgas/hpcstpf.h>

#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

int main() {
  constexpr long K = 32;
  const long T = THREADS, next = (MYTHREAD + 1) % T;
  shared_array<long> data(static_cast<std::size_t>(K * T), 1, "data");
  upc_forall(long i = 0, i < K * T, i++, &data[i]) data[i] = i;
  upc_barrier;
  hpcstpf_handle_t cache = hpcstpf_open(data.handle(), K);
  for (long k = 0; k < K; ++k) hpcstpf_hint(cache, static_cast<std::size_t>(k * T + next));
  hpcstpf_start_download(cache);  // SITE download
  hpcstpf_finish_download(cache);
  long sum = 0, expected = 0;
  for (long k = 0; k < K; ++k) {
    long v = 0;
    hpcstpf_get(cache, static_cast<std::size_t>(k * T + next), &v);
    sum += v;
    expected += k * T + next;
  }
  hpcstpf_start_upload(cache);
  hpcstpf_finish_upload(cache);
  hpcstpf_close(cache);
  upc_barrier;
  if (sum != expected) {
    std::printf("thread %d: cached reads summed to %ld, expected %ld\n", MYTHREAD, sum, expected);
    return 1;
  }
  return 0;
}
