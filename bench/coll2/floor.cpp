// The hardware floor of a 2-process small collective on one machine: no library, just two processes over a
// shared mapping, each pinned to its own CPU. What Collectives 2.0's shm path could at best reach.
//   allreduce  each writes {sequence, value} into its own cache line (a release store of the sequence, two
//              lines per process used alternately), polls the peer's line for the sequence, then adds in
//              rank order; the next call of the same parity cannot start before the peer read this one.
//   bcast      the root writes {sequence, value} into a ring slot of 64 lines; the receiver polls it, reads
//              and acknowledges with a release store into its own line; the root reuses a slot once the
//              receiver acknowledged the call a ring ago (bcast-1: the call before, so every call waits
//              for the previous one's round trip).
// Usage: coll2_bench_floor [--cpus A,B] [--iterations N] [--repeats N]; prints ns per call (the slower
// process's best repetition).
#include <sched.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

struct alignas(64) Line {
  std::atomic<std::uint64_t> sequence;
  double value;
};

constexpr int kRing = 64;

struct Shared {
  Line reduce[2][2];            // [parity][rank]
  Line ring[kRing];             // the root's broadcast slots
  Line ack;                     // the receiver's acknowledgement
  Line start[2];                // a start barrier per repetition
  alignas(64) double ns[2][3];  // [rank][test]: best ns per call
};

void pin(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  if (sched_setaffinity(0, sizeof set, &set) != 0) std::perror("sched_setaffinity");
}

void wait_for(const std::atomic<std::uint64_t> &word, std::uint64_t value) {
  while (word.load(std::memory_order_acquire) < value) __builtin_ia32_pause();
}

double allreduce(Shared &s, int rank, std::uint64_t &seq, long n, double *sink) {
  double acc = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (long i = 0; i < n; ++i) {
    const std::uint64_t q = ++seq;
    Line &mine = s.reduce[q & 1][rank];
    const Line &theirs = s.reduce[q & 1][1 - rank];
    mine.value = static_cast<double>(i + rank);
    mine.sequence.store(q, std::memory_order_release);
    wait_for(theirs.sequence, q);
    const double a = rank == 0 ? mine.value : theirs.value, b = rank == 0 ? theirs.value : mine.value;
    acc += a + b;
  }
  const auto t1 = std::chrono::steady_clock::now();
  *sink += acc;
  return std::chrono::duration<double, std::nano>(t1 - t0).count() / static_cast<double>(n);
}

double bcast(Shared &s, int rank, std::uint64_t &seq, long n, std::uint64_t window, double *sink) {
  double acc = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (long i = 0; i < n; ++i) {
    const std::uint64_t q = ++seq;
    Line &slot = s.ring[q % kRing];
    if (rank == 0) {
      if (q > window) wait_for(s.ack.sequence, q - window);
      slot.value = static_cast<double>(i);
      slot.sequence.store(q, std::memory_order_release);
    } else {
      wait_for(slot.sequence, q);
      acc += slot.value;
      s.ack.sequence.store(q, std::memory_order_release);
    }
  }
  if (rank == 0) wait_for(s.ack.sequence, seq);  // the last call is complete on both
  const auto t1 = std::chrono::steady_clock::now();
  *sink += acc;
  return std::chrono::duration<double, std::nano>(t1 - t0).count() / static_cast<double>(n);
}

void start_barrier(Shared &s, int rank, std::uint64_t round) {
  s.start[rank].sequence.store(round, std::memory_order_release);
  wait_for(s.start[1 - rank].sequence, round);
}

}  // namespace

int main(int argc, char **argv) {
  int cpus[2] = {0, 1};
  long iterations = 1000000, repeats = 5;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--cpus" && std::sscanf(argv[i + 1], "%d,%d", &cpus[0], &cpus[1]) == 2) continue;
    if (flag == "--iterations" && (iterations = std::atol(argv[i + 1])) > 0) continue;
    if (flag == "--repeats" && (repeats = std::atol(argv[i + 1])) > 0) continue;
    std::fprintf(stderr, "usage: %s [--cpus A,B] [--iterations N] [--repeats N]\n", argv[0]);
    return 2;
  }
  if (argc % 2 == 0) {
    std::fprintf(stderr, "usage: %s [--cpus A,B] [--iterations N] [--repeats N]\n", argv[0]);
    return 2;
  }
  void *memory = mmap(nullptr, sizeof(Shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) {
    std::perror("mmap");
    return 1;
  }
  auto &s = *new (memory) Shared{};
  const pid_t child = fork();
  const int rank = child == 0 ? 1 : 0;
  pin(cpus[rank]);
  std::uint64_t reduce_seq = 0, bcast_seq = 0, round = 0;
  double sink = 0, best[3] = {1e30, 1e30, 1e30};
  for (long r = 0; r < repeats; ++r) {
    start_barrier(s, rank, ++round);
    best[0] = std::min(best[0], allreduce(s, rank, reduce_seq, iterations, &sink));
    start_barrier(s, rank, ++round);
    best[1] = std::min(best[1], bcast(s, rank, bcast_seq, iterations, kRing, &sink));
    start_barrier(s, rank, ++round);
    best[2] = std::min(best[2], bcast(s, rank, bcast_seq, iterations, 1, &sink));
  }
  s.ns[rank][0] = best[0];
  s.ns[rank][1] = best[1];
  s.ns[rank][2] = best[2];
  if (rank == 1) _exit(sink == -1 ? 1 : 0);
  waitpid(child, nullptr, 0);
  std::printf("cpus %d,%d  iterations %ld  repeats %ld\n", cpus[0], cpus[1], iterations, repeats);
  std::printf("allreduce of one double: %.1f ns per call\n", std::max(s.ns[0][0], s.ns[1][0]));
  std::printf("bcast of one double:     %.1f ns per call (ring of %d)\n", std::max(s.ns[0][1], s.ns[1][1]),
              kRing);
  std::printf("bcast-1 of one double:   %.1f ns per call (the root waits for each acknowledgement)\n",
              std::max(s.ns[0][2], s.ns[1][2]));
  return 0;
}
