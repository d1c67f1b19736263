// Allocates and frees ROUNDS shared arrays (argv[1]), more than the recorder's object table holds, and
// writes one element of each on the next thread: every thread makes exactly ROUNDS remote calls when
// THREADS > 1. Prints "thread T calls N".
#include <cstdio>
#include <cstdlib>
#include <pgas/upc.hpp>

using namespace pgas;

int main(int argc, char **argv) {
  const long rounds = argc > 1 ? std::atol(argv[1]) : 6000;
  const long me = MYTHREAD, T = THREADS;
  long calls = 0;
  for (long r = 0; r < rounds; ++r) {
    shared_array<long> x(static_cast<std::size_t>(T));  // cyclic: element t lives on thread t
    x[(me + 1) % T] = r;
    if (T > 1) ++calls;
    upc_barrier;  // everyone is done with x before its collective free
  }
  std::printf("thread %ld calls %ld\n", me, calls);
  return 0;
}
