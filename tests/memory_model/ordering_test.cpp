// Orderings of UPC 1.3's memory model (language specification, section 5.1.2.3 and the examples of its
// appendix "Formal UPC Memory Consistency Semantics"), each a litmus program (litmus.hpp) whose outcome the
// text disallows: a conforming implementation never shows it, so a single sighting fails the test. Expected
// results come from the text's examples, not from this implementation.
//
// The outcomes the text allows but this hardware never shows (x86 keeps stores in order, loads in order,
// and is multi-copy atomic) cannot be demonstrated here; those tests say so and are skipped rather than
// passing silently. The store-buffering reordering x86 does show is demonstrated in tests/mp/strict_test.cpp.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <pgas/upc.hpp>
#include <string>
#include <thread>
#include <vector>

#include "litmus.hpp"

using namespace pgas;

namespace {

constexpr std::chrono::milliseconds kBudget{1500};
const long long kIterations = litmus::iterations(40000);

// Each location on a cache line of its own, on the thread `owner` (element owner * 16 of a 16-block array).
template <consistency Mode>
struct Locations {
  shared_array<long long, Mode> cells{static_cast<std::size_t>(THREADS) * 16, 16};
  shared_ref<long long> at(int owner) const { return cells[static_cast<std::size_t>(owner % THREADS) * 16]; }
};

void expect_never(const litmus::Outcome &o, const char *what) {
  EXPECT_GT(o.iterations, 0);
  EXPECT_EQ(o.seen, 0) << what << ": disallowed, seen in " << o.seen << " of " << o.iterations
                       << " iterations (" << o.concurrent << " with every role running)";
}

// Example 2: T0: SR(x,1); SW(x,2)   T1: SR(x,2); SW(x,1) with every access strict is disallowed (the two
// threads must agree on the order of the race). Iteration k: T0 writes 2k+2, T1 writes 2k+1.
TEST(Ordering, Example2StrictReadsDoNotSeeEachOthersLaterWrites) {
  if (THREADS < 2) GTEST_SKIP() << "needs two threads";
  Locations<strict> l;
  const auto x = [&] { return l.at(1); };
  const auto o = litmus::run(
      2, kIterations, kBudget,
      [&](int role, long long k) {
        const long long read = x();
        x() = role == 0 ? 2 * k + 2 : 2 * k + 1;
        return read;
      },
      [](const std::vector<long long> &r, long long k) { return r[0] == 2 * k + 1 && r[1] == 2 * k + 2; });
  expect_never(o, "example 2");
}

// Example 5: T0: SW(x,2); SR(x,1)   T1: SW(x,1); SR(x,2) is disallowed: one of two strict writes wins the
// race, and neither thread may see the other's write after its own.
TEST(Ordering, Example5OneOfTwoStrictWritesWins) {
  if (THREADS < 2) GTEST_SKIP() << "needs two threads";
  Locations<strict> l;
  const auto x = [&] { return l.at(0); };
  const auto o = litmus::run(
      2, kIterations, kBudget,
      [&](int role, long long k) {
        x() = role == 0 ? 2 * k + 2 : 2 * k + 1;
        return static_cast<long long>(x());
      },
      [](const std::vector<long long> &r, long long k) { return r[0] == 2 * k + 1 && r[1] == 2 * k + 2; });
  expect_never(o, "example 5");
}

// Message passing: relaxed data written before a strict flag (a strict access orders every earlier access
// of its thread, 5.1.2.3): a thread whose strict read sees the flag then reads the data with a relaxed read
// and must see it. Example 3 is the same with a relaxed flag, which the text allows to fail.
TEST(Ordering, DataBeforeAStrictFlagIsSeenAfterIt) {
  if (THREADS < 2) GTEST_SKIP() << "needs two threads";
  Locations<relaxed> data;
  Locations<strict> flag;
  const auto o = litmus::run(
      2, kIterations, kBudget,
      [&](int role, long long k) -> long long {
        if (role == 0) {
          data.at(1) = k + 1;
          flag.at(0) = k + 1;
          return 0;
        }
        long long seen = 0;
        for (int spins = 0; (seen = flag.at(0)) < k + 1 && spins < 256; ++spins) {
        }
        return seen < k + 1 ? -1 : static_cast<long long>(data.at(1));  // -1: the flag did not come in time
      },
      [](const std::vector<long long> &r, long long k) { return r[1] >= 0 && r[1] < k + 1; });
  expect_never(o, "data older than the strict flag that followed it");
}

// The same with relaxed data and a relaxed flag, ordered by upc_fence on both sides (upc_fence is a null
// strict access, 5.1.2.3): disallowed too.
TEST(Ordering, RelaxedMessageOrderedByUpcFence) {
  if (THREADS < 2) GTEST_SKIP() << "needs two threads";
  Locations<relaxed> data, flag;
  const auto o = litmus::run(
      2, kIterations, kBudget,
      [&](int role, long long k) -> long long {
        if (role == 0) {
          data.at(1) = k + 1;
          upc_fence;
          flag.at(0) = k + 1;
          return 0;
        }
        long long seen = 0;
        for (int spins = 0; spins < 256; ++spins) {
          upc_fence;
          if ((seen = flag.at(0)) >= k + 1) break;
        }
        upc_fence;
        return seen < k + 1 ? -1 : static_cast<long long>(data.at(1));
      },
      [](const std::vector<long long> &r, long long k) { return r[1] >= 0 && r[1] < k + 1; });
  expect_never(o, "data older than the fenced flag that followed it");
}

// Independent reads of independent writes, all strict: the threads agree on one order of all strict
// accesses (<Strict), so two readers may not see the two writes in opposite orders.
TEST(Ordering, StrictWritesAreSeenInOneOrderByEveryReader) {
  if (THREADS < 4) GTEST_SKIP() << "needs four threads";
  Locations<strict> l;
  const auto x = [&] { return l.at(2); };
  const auto y = [&] { return l.at(3); };
  // Reader r reads its first location, then its second; packs "saw first new" and "saw second new".
  const auto o = litmus::run(
      4, kIterations, kBudget,
      [&](int role, long long k) -> long long {
        if (role == 0) x() = k + 1;
        if (role == 1) y() = k + 1;
        if (role < 2) return 0;
        const bool first = (role == 2 ? x() : y()) >= k + 1;
        const bool second = (role == 2 ? y() : x()) >= k + 1;
        return (first ? 2 : 0) | (second ? 1 : 0);
      },
      // Reader 2 saw x new and y old, reader 3 saw y new and x old.
      [](const std::vector<long long> &r, long long) { return r[2] == 2 && r[3] == 2; });
  expect_never(o, "two readers saw two strict writes in opposite orders");
}

// Example 4 (allowed): T0: RW(x,1); RR(y,0)   T1: RW(y,1); RR(x,0). x86's store buffers show it, which
// proves that the harness sees a reordering when there is one (the disallowed outcomes above are looked
// for the same way). Only where both roles run on CPUs of their own, outside a sanitizer build (its checks
// close the window) and over shared memory; too few concurrent iterations on a busy machine skip it.
TEST(Ordering, Example4RelaxedStoreBufferingIsShown) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "sanitizer build";
#endif
  const char *osc = std::getenv("OMPI_MCA_osc");
  if (THREADS != 2 || std::thread::hardware_concurrency() < 2 ||
      (osc != nullptr && std::string(osc) == "pt2pt"))
    GTEST_SKIP() << "needs exactly two threads on two CPUs, over shared memory";
  Locations<relaxed> l;
  const auto o = litmus::run(
      2, litmus::iterations(400000), std::chrono::milliseconds(3000),
      [&](int role, long long k) -> long long {
        l.at(role) = k + 1;  // each role writes its own location (local) and reads the other's (remote)
        return static_cast<long long>(l.at(1 - role));
      },
      [](const std::vector<long long> &r, long long k) { return r[0] < k + 1 && r[1] < k + 1; });
  if (o.seen == 0 && o.concurrent < 50000)
    GTEST_SKIP() << "the roles ran together in only " << o.concurrent << " of " << o.iterations
                 << " iterations";
  EXPECT_GT(o.seen, 0) << "relaxed store buffering never seen in " << o.iterations << " iterations ("
                       << o.concurrent << " concurrent): the harness would miss a reordering";
}

// Example 3 (allowed): relaxed writes of x then y may be seen out of order by a relaxed reader. x86 never
// reorders two stores or two loads, so this machine cannot show it: the test says so.
TEST(Ordering, Example3RelaxedReorderingIsNotShownByThisHardware) {
#if defined(__x86_64__) || defined(__i386__)
  GTEST_SKIP() << "x86 keeps stores and loads in order: example 3's allowed outcome cannot be shown here";
#else
  GTEST_SKIP() << "no demonstration written for this architecture";
#endif
}

}  // namespace
