// Pairwise synchronization and the barriers built from it, under random arrival orders (random sleeps)
// and oversubscription. "No thread released early" is checked with per-thread phase counters in strict
// shared memory: a thread sets its counter before it synchronizes, and once released it must see the
// counter of every thread it synchronized with at least as far. Threads outside a subset must never be
// delayed by the subset's barriers.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <numeric>
#include <pgas/upc.hpp>
#include <random>
#include <thread>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

// Sleeps a random while now and then, so that threads arrive in random orders.
class RandomArrival {
 public:
  explicit RandomArrival(int salt) : random_(static_cast<unsigned>(MYTHREAD * 7919 + salt)) {}
  void maybe_sleep() {
    const unsigned roll = random_() % 8;
    if (roll == 0) std::this_thread::sleep_for(std::chrono::microseconds(random_() % 300));
    if (roll == 1) std::this_thread::yield();
  }
  std::mt19937 &engine() { return random_; }

 private:
  std::mt19937 random_;
};

// Round r of a round-robin tournament: thread t meets (r - t) mod THREADS, or nobody when that is itself.
// Every round pairs threads off, so the rounds never deadlock.
int partner_in_round(int round) {
  const int partner = ((round - MYTHREAD) % THREADS + THREADS) % THREADS;
  return partner == MYTHREAD ? -1 : partner;
}

template <class Sync>
void expect_pairs_never_released_early(Sync sync, long long rounds, int salt) {
  shared_array<long long, strict> phase(static_cast<std::size_t>(THREADS));
  RandomArrival arrival(salt);
  long long early = 0, met = 0;
  upc_barrier;
  for (long long r = 1; r <= rounds; ++r) {
    const int partner = partner_in_round(static_cast<int>(r));
    phase[static_cast<std::size_t>(MYTHREAD)] = r;
    if (partner < 0) continue;
    arrival.maybe_sleep();
    sync(partner);
    ++met;
    if (phase[static_cast<std::size_t>(partner)] < r) ++early;
  }
  upc_barrier;
  EXPECT_EQ(early, 0) << "released before the partner arrived";
  if (THREADS > 1) {
    EXPECT_GT(met, 0);
  }
}

TEST(Pairsync, FastNeverReleasesBeforeThePartnerArrives) {
  expect_pairs_never_released_early([](int partner) { pairsync(partner); }, mp::scaled(3000), 1);
}

TEST(Pairsync, LockHandshakeNeverReleasesBeforeThePartnerArrives) {
  expect_pairs_never_released_early([](int partner) { pairsync_lock_handshake(partner); }, mp::scaled(600),
                                    2);
}

// The same pair meets many times back to back: counts, not resets, keep the meetings apart.
TEST(Pairsync, RepeatedMeetingsOfOnePairStayInStep) {
  shared_array<long long, strict> phase(static_cast<std::size_t>(THREADS));
  const int partner = MYTHREAD ^ 1;
  long long early = 0;
  upc_barrier;
  if (partner < THREADS) {
    RandomArrival arrival(3);
    for (long long k = 1; k <= mp::scaled(5000); ++k) {
      phase[static_cast<std::size_t>(MYTHREAD)] = k;
      arrival.maybe_sleep();
      pairsync(partner);
      if (phase[static_cast<std::size_t>(partner)] < k) ++early;
    }
  }
  upc_barrier;
  EXPECT_EQ(early, 0);
}

// Threads 0 and 1 meet many times while every other thread is blocked until they are done: pairsync needs
// no third thread.
TEST(Pairsync, NeedsNoThirdThread) {
  shared_array<long long, strict> done(1);
  const long long meetings = mp::scaled(2000);
  upc_barrier;
  if (MYTHREAD < 2 && THREADS >= 2) {
    for (long long k = 0; k < meetings; ++k) pairsync(1 - MYTHREAD);
    if (MYTHREAD == 0) done[0] = 1;
  } else if (THREADS >= 2) {
    while (done[0] == 0) std::this_thread::yield();  // blocked elsewhere
  }
  upc_barrier;
  if (THREADS >= 2) {
    EXPECT_EQ(static_cast<long long>(done[0]), 1);
  }
}

// Data written before pairsync is seen by the partner after it.
TEST(Pairsync, WritesBeforeAreSeenAfter) {
  shared_array<long long> data(static_cast<std::size_t>(THREADS) * 64);
  const int partner = MYTHREAD ^ 1;
  long long wrong = 0;
  upc_barrier;
  if (partner < THREADS) {
    for (long long k = 1; k <= mp::scaled(500); ++k) {
      for (std::size_t i = 0; i < 64; ++i)
        data[static_cast<std::size_t>(partner) + i * THREADS] = k * 100 + static_cast<long long>(i);
      pairsync(partner);
      for (std::size_t i = 0; i < 64; ++i)
        if (data[static_cast<std::size_t>(MYTHREAD) + i * THREADS] != k * 100 + static_cast<long long>(i))
          ++wrong;
      pairsync(partner);  // nobody overwrites before the partner has read
    }
  }
  upc_barrier;
  EXPECT_EQ(wrong, 0);
}

// Every member of a barrier sees every member's phase counter at least at its own phase when released.
template <class Barrier>
void expect_barrier_never_releases_early(const std::vector<int> &members, Barrier barrier,
                                         long long iterations, int salt) {
  shared_array<long long, strict> phase(static_cast<std::size_t>(THREADS));
  const bool member = std::find(members.begin(), members.end(), MYTHREAD) != members.end();
  RandomArrival arrival(salt);
  long long early = 0;
  upc_barrier;
  if (member) {
    for (long long k = 1; k <= iterations; ++k) {
      phase[static_cast<std::size_t>(MYTHREAD)] = k;
      arrival.maybe_sleep();
      barrier();
      for (int t : members)
        if (phase[static_cast<std::size_t>(t)] < k) ++early;
    }
  }
  upc_barrier;
  EXPECT_EQ(early, 0) << "released before every member arrived";
}

std::vector<int> every_thread() {
  std::vector<int> all(static_cast<std::size_t>(THREADS));
  std::iota(all.begin(), all.end(), 0);
  return all;
}

TEST(PairwiseBarrier, LinearNeverReleasesEarly) {
  expect_barrier_never_releases_early(
      every_thread(), [] { upc_all_pairwise_barrier(); }, mp::scaled(1000), 4);
}

TEST(PairwiseBarrier, TreeNeverReleasesEarly) {
  expect_barrier_never_releases_early(
      every_thread(), [] { upc_all_pairwise_tree_barrier(); }, mp::scaled(1000), 5);
}

// Each thread lists the subset in its own random order: sorting makes them agree.
TEST(SubsetBarrier, EveryThreadInAnyOrderNeverReleasesEarly) {
  RandomArrival order(6);
  std::vector<int> mine = every_thread();
  std::shuffle(mine.begin(), mine.end(), order.engine());
  expect_barrier_never_releases_early(
      every_thread(), [&] { upc_subset_barrier(mine.data(), mine.size()); }, mp::scaled(500), 7);
  expect_barrier_never_releases_early(
      every_thread(), [&] { upc_subset_tree_barrier(mine.data(), mine.size()); }, mp::scaled(500), 8);
}

// Two subsets that overlap in one thread, which alternates between them; the others run theirs only.
TEST(SubsetBarrier, OverlappingSubsetsNeverDeadlockOrReleaseEarly) {
  const int middle = THREADS / 2;
  std::vector<int> low, high;
  for (int t = 0; t <= middle; ++t) low.push_back(t);
  for (int t = THREADS - 1; t >= middle; --t) high.push_back(t);  // given in descending order
  shared_array<long long, strict> phase_low(static_cast<std::size_t>(THREADS));
  shared_array<long long, strict> phase_high(static_cast<std::size_t>(THREADS));
  RandomArrival arrival(9);
  long long early = 0;
  // Round k of the barrier over `set` (tree on even rounds), if this thread is in it.
  const auto round = [&](const std::vector<int> &set, shared_array<long long, strict> &phase, long long k) {
    if (std::find(set.begin(), set.end(), MYTHREAD) == set.end()) return;
    phase[static_cast<std::size_t>(MYTHREAD)] = k;
    arrival.maybe_sleep();
    k % 2 == 0 ? upc_subset_tree_barrier(set.data(), set.size()) : upc_subset_barrier(set.data(), set.size());
    for (int t : set)
      if (phase[static_cast<std::size_t>(t)] < k) ++early;
  };
  upc_barrier;
  for (long long k = 1; k <= mp::scaled(400); ++k) {
    round(low, phase_low, k);
    round(high, phase_high, k);
  }
  upc_barrier;
  EXPECT_EQ(early, 0);
}

// Every thread but the last is in the subset. The last one blocks until the subset has completed many
// barriers (which must not need it), then runs a long loop of its own while one member holds the others
// in a barrier; that member waits for the outsider's loop to finish before it arrives, so an outsider
// delayed by the subset would never finish.
TEST(SubsetBarrier, OutsidersAreNeverDelayed) {
  if (THREADS < 2) GTEST_SKIP() << "needs a thread outside the subset";
  const int outsider = THREADS - 1;
  std::vector<int> subset;
  for (int t = 0; t < outsider; ++t) subset.push_back(t);
  shared_array<long long, strict> state(2);  // [0]: barriers completed by thread 0; [1]: outsider's loop done
  const long long rounds = mp::scaled(300);
  bool outsider_finished_in_time = true;
  upc_barrier;
  for (int tree = 0; tree < 2; ++tree) {
    const auto sync = [&] {
      tree ? upc_subset_tree_barrier(subset.data(), subset.size())
           : upc_subset_barrier(subset.data(), subset.size());
    };
    if (MYTHREAD == outsider) {
      while (state[0] < (tree + 1) * rounds) std::this_thread::yield();  // blocked elsewhere
      volatile long long sink = 0;
      for (long long i = 0; i < 20'000'000; ++i) sink = sink + i;  // a long local loop
      state[1] = tree + 1;
    } else {
      for (long long k = 0; k < rounds; ++k) {
        sync();
        if (MYTHREAD == 0) state[0] = state[0] + 1;
      }
      if (MYTHREAD == 0) {  // the others wait in the barrier meanwhile
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (state[1] < tree + 1 && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
        outsider_finished_in_time = state[1] >= tree + 1;
      }
      sync();
    }
  }
  upc_barrier;
  EXPECT_TRUE(outsider_finished_in_time) << "the outsider did not finish its loop while the subset waited";
}

}  // namespace
