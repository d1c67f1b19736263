// Point-to-point synchronization on the runtime (Bonachea's proposal), timed per round trip between pairs of
// threads (2k, 2k+1; every pair runs at once, so 8 threads on 2 cores measure oversubscribed pairs):
//   sem_pingpong        upc_sem_post to the partner's semaphore, upc_sem_wait on mine
//   flag_pingpong       the hand-written equivalent: a strict write of a sequence number into the partner's
//                       flag, spinning with strict reads on mine
//   memput_signal/B     B bytes with upc_memput_signal, the partner answering with a post (one way each)
//   memput_flag/B       B bytes with upc_memput, then a strict flag write; the partner spins on the flag
//   memput/B            B bytes with upc_memput alone (the data movement cost, no notification), then a post
//                       back to keep the pairs in step
// Prints "NAME THREADS NS_PER_ROUND_TRIP" lines (the median of --repetitions runs of thread 0's pair).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <pgas/upc.hpp>
#include <string>
#include <vector>

using namespace pgas;

namespace {

using Clock = std::chrono::steady_clock;

std::size_t me() { return static_cast<std::size_t>(MYTHREAD); }
int partner() { return MYTHREAD ^ 1; }
bool leader() { return (MYTHREAD & 1) == 0; }

struct Setup {
  shared_array<upc_sem_t *> sems{static_cast<std::size_t>(THREADS)};
  shared_array<long long, strict> flags{static_cast<std::size_t>(THREADS)};
  upc_sem_t *mine = upc_sem_alloc(UPC_SEM_INTEGER | UPC_SEM_SPRODUCER | UPC_SEM_SCONSUMER);
  upc_sem_t *theirs = nullptr;
  Setup() {
    sems[me()] = mine;
    upc_barrier;
    theirs = sems[static_cast<std::size_t>(partner())];
  }
  ~Setup() {
    upc_barrier;
    upc_sem_free(mine);
  }
};

// Times `rounds` round trips of `round` (run by both partners) and returns ns per round trip.
template <class Round>
double timed(long rounds, Round round) {
  upc_barrier;
  const auto start = Clock::now();
  for (long r = 1; r <= rounds; ++r) round(r);
  const double ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
  upc_barrier;
  return ns / static_cast<double>(rounds);
}

template <class Round>
void report(const std::string &name, long rounds, int repetitions, Round round) {
  std::vector<double> runs;
  for (int k = 0; k < repetitions; ++k) runs.push_back(timed(rounds, round));
  std::sort(runs.begin(), runs.end());
  if (MYTHREAD == 0) std::printf("%s %d %.1f\n", name.c_str(), THREADS, runs[runs.size() / 2]);
}

}  // namespace

int main(int argc, char **argv) {
  long rounds = 20000;
  int repetitions = 5;
  std::size_t max_bytes = std::size_t{1} << 20;
  for (int a = 1; a + 1 < argc; a += 2) {
    if (std::strcmp(argv[a], "--rounds") == 0)
      rounds = std::atol(argv[a + 1]);
    else if (std::strcmp(argv[a], "--repetitions") == 0)
      repetitions = std::atoi(argv[a + 1]);
    else if (std::strcmp(argv[a], "--max-bytes") == 0)
      max_bytes = std::strtoul(argv[a + 1], nullptr, 10);
  }
  if (THREADS % 2 != 0 || rounds < 1) {
    std::fprintf(stderr, "sem_bench: needs an even THREADS and --rounds >= 1\n");
    return 2;
  }
  Setup s;
  report("sem_pingpong", rounds, repetitions, [&](long) {
    if (leader()) {
      upc_sem_post(s.theirs);
      upc_sem_wait(s.mine);
    } else {
      upc_sem_wait(s.mine);
      upc_sem_post(s.theirs);
    }
  });
  long base = 0;  // flag values grow across repetitions
  report("flag_pingpong", rounds, repetitions, [&](long r) {
    if (r == 1) base += rounds + 1;
    const long long value = base + r;
    if (leader()) {
      s.flags[static_cast<std::size_t>(partner())] = value;
      while (s.flags[me()] != value) {
      }
    } else {
      while (s.flags[me()] != value) {
      }
      s.flags[static_cast<std::size_t>(partner())] = value;
    }
  });
  shared_array<char> inbox(max_bytes * static_cast<std::size_t>(THREADS), max_bytes);
  std::vector<char> source(max_bytes, 1);
  for (std::size_t bytes = 8; bytes <= max_bytes; bytes *= 8) {
    const long n = std::max(10L, static_cast<long>(rounds / (1 + static_cast<long>(bytes >> 12))));
    const global_ptr<char> there = &inbox[static_cast<std::size_t>(partner()) * max_bytes];
    report("memput_signal/" + std::to_string(bytes), n, repetitions, [&](long) {
      if (leader()) {
        upc_memput_signal(there, source.data(), bytes, s.theirs, 1);
        upc_sem_wait(s.mine);
      } else {
        upc_sem_wait(s.mine);
        upc_memput_signal(there, source.data(), bytes, s.theirs, 1);
      }
    });
    report("memput_flag/" + std::to_string(bytes), n, repetitions, [&](long r) {
      if (r == 1) base += n + 1;
      const long long value = base + r;
      auto send = [&] {
        upc_memput(there, source.data(), bytes);
        s.flags[static_cast<std::size_t>(partner())] = value;
      };
      if (leader()) {
        send();
        while (s.flags[me()] != value) {
        }
      } else {
        while (s.flags[me()] != value) {
        }
        send();
      }
    });
  }
  return 0;
}
