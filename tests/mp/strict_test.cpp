// Strict accesses are sequentially consistent: in the store-buffering (Dekker) litmus test
//
//     thread 0: x = 1; r0 = y;        thread 1: y = 1; r1 = x;
//
// the outcome r0 == 0 && r1 == 0 is forbidden when x and y are strict, and must never be seen. With relaxed
// accesses the hardware may reorder each thread's store after its load (x86 store buffers do), so the same
// program run relaxed shows the outcome: that control proves the litmus harness can see a missing fence.
//
// Harness: iteration k writes the value k + 1 (so nothing needs resetting; "0" above means "a value older
// than k + 1"), and threads 0 and 1 start each iteration together, released by a shared arrival counter they
// spin on (a barrier's wake-up is far too slow to make the two threads overlap). The outcomes are gathered on
// thread 0 at the end of each chunk of iterations; thread 0 decides whether to go on.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <pgas/upc.hpp>
#include <string_view>
#include <thread>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

struct Outcome {
  long long iterations = 0;
  long long forbidden = 0;   // iterations where both threads read an old value
  long long concurrent = 0;  // iterations where both threads were running (neither had to yield)
};

// Threads 0 and 1 both arrive; returns once both have (ticket = 2 * iteration number). Returns true if this
// thread got through without yielding its CPU: it arrived second, or the other one arrived while it spun.
// The second to arrive goes at once, the first only notices some time later (a cache line transfer, more
// on some CPU pairs than on others). So the second waits a varying delay, log-uniform between none and a few
// microseconds: whatever the skew between the two CPUs, some iterations start the litmus accesses at
// nearly the same moment on both.
bool arrive_together(const global_ptr<long long> &arrivals, long long ticket) {
  if (atomic_fetch_add(arrivals, 1LL) + 1 >= ticket) {
    const auto hash =
        static_cast<unsigned>((static_cast<unsigned long long>(ticket) * 0x9E3779B97F4A7C15ULL) >> 40);
    const unsigned delay = (hash >> 4) & ((1u << (hash % 14)) - 1);  // 0 .. 2^(0..13) - 1 loop turns
    for (unsigned d = 0; d < delay; ++d) __asm__ __volatile__("");   // a delay the compiler keeps
    return true;
  }
  bool yielded = false;
  for (int spins = 1; atomic_load(arrivals) < ticket; ++spins) {
    if (spins % 64 == 0) {
      std::this_thread::yield();  // lets the other thread run if they share a core
      yielded = true;
    }
  }
  return !yielded;
}

// Collective. Runs store-buffering iterations between threads 0 and 1 on the elements x_of(k), y_of(k),
// until max_iterations, or until the outcome was seen (if stop_when_seen), or until the time budget is spent.
template <class XOf, class YOf>
Outcome store_buffering(XOf x_of, YOf y_of, long long max_iterations, bool stop_when_seen,
                        std::chrono::milliseconds budget) {
  constexpr long long kChunk = 1024;
  constexpr unsigned char kSawOld = 1, kRan = 2;            // per-iteration flags of one thread
  shared_array<unsigned char> flags_1(kChunk, indefinite);  // thread 1's flags, gathered on thread 0
  shared_var<long long> arrivals;
  shared_var<int> go_on;
  shared_var<long long> total_iterations, total_forbidden, total_concurrent;
  const global_ptr<long long> arrivals_ptr = &arrivals;
  std::vector<unsigned char> flags(kChunk);
  const auto start = std::chrono::steady_clock::now();
  long long k = 0, forbidden = 0, concurrent = 0;
  for (bool more = true; more;) {
    const long long n = std::min(kChunk, max_iterations - k);
    if (MYTHREAD < 2) {
      for (long long j = 0; j < n; ++j) {
        const long long iteration = k + j;
        const int value = static_cast<int>(iteration + 1);
        const bool ran = arrive_together(arrivals_ptr, 2 * (iteration + 1));
        bool saw_old;
        if (MYTHREAD == 0) {
          x_of(iteration) = value;
          saw_old = int(y_of(iteration)) < value;
        } else {
          y_of(iteration) = value;
          saw_old = int(x_of(iteration)) < value;
        }
        flags[static_cast<std::size_t>(j)] =
            static_cast<unsigned char>((saw_old ? kSawOld : 0) | (ran ? kRan : 0));
      }
      if (MYTHREAD == 1) upc_memput(flags_1.ptr(), flags.data(), static_cast<std::size_t>(n));
    }
    k += n;
    upc_barrier;
    if (MYTHREAD == 0) {
      const unsigned char *theirs = flags_1.local_part().data();
      for (long long j = 0; j < n; ++j) {
        const unsigned both = flags[static_cast<std::size_t>(j)] & theirs[static_cast<std::size_t>(j)];
        forbidden += (both & kSawOld) != 0;
        concurrent += (both & kRan) != 0;
      }
      const bool stop = k >= max_iterations || (stop_when_seen && forbidden > 0) ||
                        std::chrono::steady_clock::now() - start > budget;
      go_on = stop ? 0 : 1;
      total_iterations = k;
      total_forbidden = forbidden;
      total_concurrent = concurrent;
    }
    upc_barrier;
    more = go_on != 0;  // thread 0 writes go_on again only after the next chunk's barrier
  }
  Outcome out{total_iterations, total_forbidden, total_concurrent};
  upc_barrier;
  return out;
}

// x and y of iteration k as elements of one array: every x on thread 0 and every y on thread 1, so each
// thread stores locally and loads remotely. Each iteration uses its own cache line for x and for y (16 ints
// apart, cycling over kSlots lines): the line a thread loads from was last touched long ago and is still in
// its cache, while the line it stores to must first be taken from the other CPU. That is the shape in which
// store buffers show; a shared line written every iteration makes the loads miss and hides the reordering.
template <consistency C>
struct LitmusArray {
  static constexpr std::size_t kSlots = 256, kStride = 16;
  shared_array<int, C> xy{2 * kSlots * kStride, (kSlots * kStride)};
  shared_ref<int> x(long long k) const { return xy[(static_cast<std::size_t>(k) % kSlots) * kStride]; }
  shared_ref<int> y(long long k) const {
    return xy[(kSlots + static_cast<std::size_t>(k) % kSlots) * kStride];
  }
};

// Strict: a fixed number of iterations, cut short by a time budget when the machine is busy (each
// iteration then costs context switches); any forbidden outcome at all is a failure.
constexpr long long kStrictIterations = 100000;
constexpr std::chrono::milliseconds kStrictBudget{2000};

void expect_never_reordered(const Outcome &o, const char *what) {
  EXPECT_GT(o.iterations, 0);
  EXPECT_EQ(o.forbidden, 0) << what << " were reordered in " << o.forbidden << " of " << o.iterations
                            << " iterations";
}

TEST(Strict, StoreBufferingNeverReordersStrictScalars) {
  if (THREADS < 2) GTEST_SKIP() << "needs two threads";
  // Both on thread 0: for thread 0 the accesses are local, for thread 1 remote.
  shared_var<int, strict> x, y;
  Outcome o = store_buffering([&](long long) { return x.ref(); }, [&](long long) { return y.ref(); },
                              kStrictIterations, false, kStrictBudget);
  expect_never_reordered(o, "strict shared_var accesses");
}

TEST(Strict, StoreBufferingNeverReordersStrictArrayElements) {
  if (THREADS < 2) GTEST_SKIP() << "needs two threads";
  LitmusArray<strict> a;
  Outcome o = store_buffering([&](long long k) { return a.x(k); }, [&](long long k) { return a.y(k); },
                              kStrictIterations, false, kStrictBudget);
  expect_never_reordered(o, "strict shared_array accesses");
}

TEST(Strict, RelaxedWithUpcFenceIsNotReordered) {
  if (THREADS < 2) GTEST_SKIP() << "needs two threads";
  // Relaxed accesses with upc_fence between the store and the load: also forbidden.
  LitmusArray<relaxed> a;
  auto x_of = [&](long long k) {
    upc_fence;  // before thread 1's load of x (and harmlessly before thread 0's store)
    return a.x(k);
  };
  auto y_of = [&](long long k) {
    upc_fence;  // before thread 0's load of y
    return a.y(k);
  };
  Outcome o = store_buffering(x_of, y_of, kStrictIterations, false, kStrictBudget);
  expect_never_reordered(o, "relaxed accesses separated by upc_fence");
}

// Relaxed control: only meaningful when threads 0 and 1 can run at the same time, on two CPUs. Even then a
// busy machine (other jobs on the other CPU) can keep them from overlapping for the whole budget; the
// harness counts the iterations in which both were running, and with too few of them the demonstration is
// skipped rather than failed. In a quiet run the outcome shows up in the first few thousand iterations.
// Not in a sanitizer build: its checks between the store and the load keep the window too small to show the
// reordering within the budget (a statement about the hardware, which the sanitizers do not check anyway).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
// Nor over Open MPI's pt2pt RMA (the TCP runs): every relaxed access is a message exchange the target
// serves in order, and the reordering never showed there (0 in 10^5 iterations with both threads running).
bool over_pt2pt_rma() {
  const char *osc = std::getenv("OMPI_MCA_osc");
  return osc != nullptr && std::string_view(osc) == "pt2pt";
}
bool can_show_reordering() {
  return !kSanitized && !over_pt2pt_rma() && THREADS == 2 && std::thread::hardware_concurrency() >= 2;
}
constexpr long long kRelaxedMaxIterations = 5000000;
constexpr std::chrono::milliseconds kRelaxedBudget{2000};
constexpr long long kEnoughConcurrentIterations = 50000;

void expect_reordering_seen(const Outcome &o) {
  if (MYTHREAD == 0)
    std::printf(
        "relaxed store buffering: r0 == r1 == 0 seen %lld time(s) in %lld iterations (%lld with both "
        "threads running)\n",
        o.forbidden, o.iterations, o.concurrent);
  if (o.forbidden == 0 && o.concurrent < kEnoughConcurrentIterations)
    GTEST_SKIP() << "threads 0 and 1 ran in parallel in only " << o.concurrent << " of " << o.iterations
                 << " iterations (machine busy): cannot demonstrate the reordering";
  EXPECT_GT(o.forbidden, 0)
      << "relaxed store-buffering reordering never observed in " << o.iterations << " iterations ("
      << o.concurrent << " with both threads running): the litmus harness would not catch a missing fence";
}

TEST(Strict, RelaxedArrayElementsCanBeReordered) {
  if (!can_show_reordering())
    GTEST_SKIP() << "needs exactly two threads on at least two CPUs, outside a sanitizer build and pt2pt RMA";
  LitmusArray<relaxed> a;
  expect_reordering_seen(store_buffering([&](long long k) { return a.x(k); },
                                         [&](long long k) { return a.y(k); }, kRelaxedMaxIterations, true,
                                         kRelaxedBudget));
}

TEST(Strict, RelaxedScalarsCanBeReordered) {
  if (!can_show_reordering())
    GTEST_SKIP() << "needs exactly two threads on at least two CPUs, outside a sanitizer build and pt2pt RMA";
  shared_var<int> x, y;
  expect_reordering_seen(store_buffering([&](long long) { return x.ref(); },
                                         [&](long long) { return y.ref(); }, kRelaxedMaxIterations, true,
                                         kRelaxedBudget));
}

// A thread spinning on a strict element with affinity to it sees another thread's remote write (on the
// MPI conduit over TCP the write reaches the spinning thread only when it lets MPI progress).
TEST(Strict, SpinningOnALocalStrictFlagSeesARemoteWrite) {
  shared_array<int, strict> flag(static_cast<std::size_t>(THREADS));
  shared_array<int, strict> payload(static_cast<std::size_t>(THREADS));
  upc_barrier;
  if (MYTHREAD == 0) {
    for (int t = 1; t < THREADS; ++t) {
      payload[static_cast<std::size_t>(t)] = 100 + t;
      flag[static_cast<std::size_t>(t)] = 1;
    }
  } else {
    while (flag[static_cast<std::size_t>(MYTHREAD)] == 0) std::this_thread::yield();
    EXPECT_EQ(payload[static_cast<std::size_t>(MYTHREAD)], 100 + MYTHREAD);
  }
  upc_barrier;
}

}  // namespace
