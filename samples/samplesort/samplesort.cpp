// samplesort: parallel sample sort with the Collectives 2.0 library (pgas/upccoll.h). Every thread holds
// --keys random keys and sorts them; regularly spaced samples of every thread (upccoll_allgather) give the
// THREADS - 1 splitters; the bucket counts are exchanged with upccoll_alltoall and the keys themselves with
// upccoll_alltoallv; each thread merges the sorted runs it received. Thread t then holds the t-th part of the
// globally sorted sequence. Verified against std::sort of all the keys, regenerated sequentially on thread 0,
// after the parts are gathered there (upccoll_gather of the sizes, upccoll_gatherv of the keys).
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <pgas/upc.hpp>
#include <string>
#include <vector>

#include "collectives.hpp"
#include "sample.hpp"

using samples::check;
using samples::MyBuffer;
using Key = unsigned long;
static_assert(sizeof(std::size_t) == sizeof(unsigned long), "counts travel as UPC_ULONG");

namespace {

constexpr long kSamplesPerThread =
    32;  // regular samples each thread contributes (fewer if it has fewer keys)

struct Problem {
  long keys, range, seed;  // keys per thread; keys in [0, range), or any 64-bit value for range 0
};

// Key i of thread t: a pure function of the seed, so thread 0 can regenerate every thread's keys.
Key key_of(const Problem &p, long t, long i) {
  const std::uint64_t k = samples::mix(samples::mix(static_cast<std::uint64_t>(p.seed)) +
                                       static_cast<std::uint64_t>(t * p.keys + i));
  return p.range == 0 ? k : k % static_cast<std::uint64_t>(p.range);
}

// The THREADS - 1 splitters: every thread's `samples` sorted samples gathered on every thread, then every
// `samples`-th of them. Keys equal to a splitter go to the bucket above it.
std::vector<Key> splitters_of(const MyBuffer<Key> &sorted_keys, long samples) {
  std::vector<Key> splitters;
  if (samples == 0) return splitters;  // no keys anywhere: every bucket is empty
  const auto s = static_cast<std::size_t>(samples), n = sorted_keys.size();
  MyBuffer<Key> mine(s), all(s * static_cast<std::size_t>(THREADS));
  for (std::size_t i = 0; i < s; ++i) mine[i] = sorted_keys[(2 * i + 1) * n / (2 * s)];
  check(upccoll_allgather(mine.at(0), s, UPC_ULONG, all.at(0), s, UPC_ULONG, UPC_TEAM_ALL, 0, nullptr),
        "upccoll_allgather");
  std::sort(all.data(), all.data() + all.size());
  for (int t = 1; t < THREADS; ++t) splitters.push_back(all[static_cast<std::size_t>(t) * s]);
  return splitters;
}

// Merges the sorted runs [begin[r], begin[r + 1]) of `keys` pairwise until one run is left.
void merge_runs(std::vector<Key> &keys, std::vector<std::size_t> begin) {
  std::vector<Key> merged(keys.size());
  while (begin.size() > 2) {
    std::vector<std::size_t> next{0};
    for (std::size_t r = 0; r + 1 < begin.size(); r += 2) {
      const std::size_t middle = begin[r + 1], end = r + 2 < begin.size() ? begin[r + 2] : middle;
      std::merge(keys.begin() + begin[r], keys.begin() + middle, keys.begin() + middle, keys.begin() + end,
                 merged.begin() + begin[r]);
      next.push_back(end);
    }
    keys.swap(merged);
    begin = std::move(next);
  }
}

// Collective: sorts `keys` (this thread's, sorted in place) across the threads; returns this thread's part
// of the sorted sequence.
std::vector<Key> sample_sort(MyBuffer<Key> &keys, long samples) {
  const auto threads = static_cast<std::size_t>(THREADS);
  std::sort(keys.data(), keys.data() + keys.size());
  const std::vector<Key> splitters = splitters_of(keys, samples);

  // Bucket t: the sorted keys from the first one not below splitter t - 1 to the last one below splitter t.
  MyBuffer<std::size_t> send_counts(threads), recv_counts(threads);
  std::vector<std::size_t> send_displs(threads + 1, keys.size());
  send_displs[0] = 0;
  for (std::size_t t = 0; t < splitters.size(); ++t)
    send_displs[t + 1] = static_cast<std::size_t>(
        std::lower_bound(keys.data(), keys.data() + keys.size(), splitters[t]) - keys.data());
  for (std::size_t t = 0; t < threads; ++t) send_counts[t] = send_displs[t + 1] - send_displs[t];
  check(upccoll_alltoall(send_counts.at(0), 1, UPC_ULONG, recv_counts.at(0), 1, UPC_ULONG, UPC_TEAM_ALL, 0,
                         nullptr),
        "upccoll_alltoall");

  std::vector<std::size_t> recv_displs(threads + 1, 0);
  for (std::size_t t = 0; t < threads; ++t) recv_displs[t + 1] = recv_displs[t] + recv_counts[t];
  MyBuffer<Key> received(recv_displs[threads]);
  check(upccoll_alltoallv(keys.at(0), send_counts.data(), send_displs.data(), UPC_ULONG, received.at(0),
                          recv_counts.data(), recv_displs.data(), UPC_ULONG, UPC_TEAM_ALL, 0, nullptr),
        "upccoll_alltoallv");

  std::vector<Key> part(received.data(), received.data() + received.size());
  merge_runs(part, recv_displs);
  return part;
}

// Collective: gathers every thread's part on thread 0, which compares their concatenation with std::sort of
// every thread's keys regenerated from the seed and prints the verification line. Returns the exit status.
int verify(const Problem &p, const std::vector<Key> &part, double seconds) {
  const auto threads = static_cast<std::size_t>(THREADS);
  MyBuffer<std::size_t> size(1), sizes(MYTHREAD == 0 ? threads : 0);
  size[0] = part.size();
  check(upccoll_gather(size.at(0), 1, UPC_ULONG, sizes.at(0), 1, UPC_ULONG, 0, UPC_TEAM_ALL, 0, nullptr),
        "upccoll_gather");
  std::vector<std::size_t> displs(threads + 1, 0);
  if (MYTHREAD == 0)
    for (std::size_t t = 0; t < threads; ++t) displs[t + 1] = displs[t] + sizes[t];
  MyBuffer<Key> mine(part.size()), all(displs[threads]);
  std::copy(part.begin(), part.end(), mine.data());
  check(upccoll_gatherv(mine.at(0), part.size(), UPC_ULONG, all.at(0), sizes.data(), displs.data(), UPC_ULONG,
                        0, UPC_TEAM_ALL, 0, nullptr),
        "upccoll_gatherv");
  if (MYTHREAD != 0) return 0;

  std::vector<Key> expected;
  for (long t = 0; t < THREADS; ++t)
    for (long i = 0; i < p.keys; ++i) expected.push_back(key_of(p, t, i));
  std::sort(expected.begin(), expected.end());
  const bool passed = std::equal(expected.begin(), expected.end(), all.data(), all.data() + all.size());
  std::size_t largest = 0;
  for (std::size_t t = 0; t < threads; ++t) largest = std::max(largest, sizes[t]);
  return samples::report("samplesort",
                         "keys=" + std::to_string(p.keys) + " threads=" + std::to_string(THREADS) +
                             " total=" + std::to_string(expected.size()) +
                             " largest_part=" + std::to_string(largest),
                         seconds, passed);
}

}  // namespace

int main(int argc, char **argv) {
  samples::CommandLine args(
      "samplesort",
      "parallel sample sort of random keys: splitters by allgather, bucket counts by alltoall, keys by "
      "alltoallv (Collectives 2.0)",
      {{"--keys", 100000, "keys per thread"},
       {"--range", 0, "keys drawn from [0, N) (0: any 64-bit value; small N: many equal keys)"},
       {"--seed", 1, "seed of the keys"}});
  args.parse(argc, argv);
  const Problem problem{args["--keys"], args["--range"], args["--seed"]};
  samples::Collectives library;
  MyBuffer<Key> keys(static_cast<std::size_t>(problem.keys));
  for (long i = 0; i < problem.keys; ++i) keys[static_cast<std::size_t>(i)] = key_of(problem, MYTHREAD, i);
  upc_barrier;

  samples::Timer timer;
  const std::vector<Key> part = sample_sort(keys, std::min(problem.keys, kSamplesPerThread));
  upc_barrier;
  const double seconds = timer.seconds();
  const int status = verify(problem, part, seconds);
  upc_barrier;
  return status;
}
