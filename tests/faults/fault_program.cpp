// The PGAS program of the fault-injection suite (fault_case.cpp runs it and checks how the job ends).
// Every thread makes remote accesses (so that a traced run has data from every thread), prints
// "thread T pid P started", and then thread VICTIM does ACTION while every other thread waits at a
// barrier that the victim never reaches.
// Usage: fault_program ACTION VICTIM
//   sleep        the victim sleeps: the fault comes from outside (a signal to it, to pgasrun or mpirun)
//   segv         the victim dereferences a null pointer
//   abort        the victim calls abort()
//   exit-0       the victim calls exit(0)
//   exit-3       the victim calls exit(3)
//   return       the victim returns 0 from main
//   global-exit  the victim calls upc_global_exit(5)
// The misuse of the dialect (wrong index, lock held twice, ...) is tests/failures' subject.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <pgas/upc.hpp>
#include <string>
#include <thread>

using namespace pgas;

namespace {

constexpr long kElementsPerThread = 256;

// Remote reads and writes of the next thread's elements, then a barrier: every thread has data to trace.
void make_remote_accesses(shared_array<long> &A) {
  const long next = (MYTHREAD + 1) % THREADS;
  for (long k = 0; k < kElementsPerThread; ++k) A[k * THREADS + next] = MYTHREAD;
  long sum = 0;
  for (long k = 0; k < kElementsPerThread; ++k) sum += A[k * THREADS + next];
  upc_barrier;
  if (sum != kElementsPerThread * MYTHREAD) std::fprintf(stderr, "thread %d: wrong sum %ld\n", MYTHREAD, sum);
}

[[noreturn]] void usage() {
  std::fprintf(stderr, "usage: fault_program sleep|segv|abort|exit-0|exit-3|return|global-exit VICTIM\n");
  std::exit(2);
}

}  // namespace

int main(int argc, char **argv) {
  if (argc != 3) usage();
  const std::string action = argv[1];
  const int victim = std::atoi(argv[2]);
  if (victim < 0 || victim >= THREADS) usage();
  // Alive until main returns: a victim that returns frees it collectively (as every thread would) while
  // the others wait at a barrier, which must not satisfy theirs.
  shared_array<long> A(static_cast<std::size_t>(kElementsPerThread * THREADS), 1, "A");
  make_remote_accesses(A);
  std::printf("thread %d pid %d started\n", MYTHREAD, static_cast<int>(getpid()));
  std::fflush(stdout);
  if (MYTHREAD != victim) {
    upc_barrier;  // never completes: the victim does not come
    std::printf("thread %d: the barrier completed without thread %d\n", MYTHREAD, victim);
    return 0;
  }
  // Let the others reach the barrier first.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  if (action == "sleep") {
    for (;;) pause();
  } else if (action == "segv") {
    volatile int *volatile null = nullptr;  // volatile: the store is neither known null nor dropped
    *null = 1;
  } else if (action == "abort") {
    std::abort();
  } else if (action == "exit-0") {
    std::exit(0);
  } else if (action == "exit-3") {
    std::exit(3);
  } else if (action == "return") {
    return 0;
  } else if (action == "global-exit") {
    upc_global_exit(5);
  }
  usage();
}
