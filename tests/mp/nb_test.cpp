// UPC 1.3 non-blocking transfers (pgas/upc_nb.h): upc_memget_nb / upc_memput_nb / upc_memcpy_nb /
// upc_memset_nb with upc_sync and upc_sync_attempt, and the implicit-handle _nbi forms with upc_synci and
// upc_synci_attempt, between every pair of threads (remote and local parts). The attempts test without
// waiting: under network emulation (mp_nb_test.latency.*) an attempt right after a remote transfer starts
// must find it in flight, and on the MPI conduit over osc/pt2pt so must an attempt on a get from a thread
// that makes no MPI call.
#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <pgas/upc.hpp>
#include <string>
#include <thread>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

constexpr std::size_t kPart = 1000;  // ints per thread: one block each

int value(std::size_t thread, std::size_t j, int round) {
  return static_cast<int>(thread * 100000 + j * 7) + round;
}

// shared [kPart] int x[kPart * THREADS], thread t's block filled with value(t, j, round).
struct Parts {
  shared_array<int> x{kPart * static_cast<std::size_t>(THREADS), kPart};
  void fill(int round) {
    for (std::size_t j = 0; j < kPart; ++j)
      x[static_cast<std::size_t>(MYTHREAD) * kPart + j] = value(static_cast<std::size_t>(MYTHREAD), j, round);
    upc_barrier;
  }
  global_ptr<int> part(std::size_t thread) const { return &x[thread * kPart]; }
  void expect_part(std::size_t thread, const std::vector<int> &want) const {
    std::vector<int> got(kPart);
    upc_memget(got.data(), part(thread), kPart * sizeof(int));
    EXPECT_EQ(got, want) << "thread " << thread << "'s part";
  }
};

std::vector<int> values(std::size_t thread, int round) {
  std::vector<int> v(kPart);
  for (std::size_t j = 0; j < kPart; ++j) v[j] = value(thread, j, round);
  return v;
}

TEST(NonBlocking, GetFromEveryThreadWithHandles) {
  Parts p;
  p.fill(1);
  const auto threads = static_cast<std::size_t>(THREADS);
  std::vector<std::vector<int>> got(threads, std::vector<int>(kPart, -1));
  std::vector<upc_handle_t> handles;
  for (std::size_t t = 0; t < threads; ++t)
    handles.push_back(upc_memget_nb(got[t].data(), p.part(t), kPart * sizeof(int)));
  for (std::size_t t = 0; t < threads; ++t) {
    if (t % 2 == 0)
      upc_sync(handles[t]);
    else
      mp::attempts_in_flight([&] { return upc_sync_attempt(handles[t]); });
    EXPECT_EQ(got[t], values(t, 1)) << "from thread " << t;
  }
  upc_barrier;
}

TEST(NonBlocking, PutMemsetAndCopyWithHandles) {
  Parts p;
  p.fill(2);
  const auto threads = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  const std::size_t next = (me + 1) % threads;
  // Put into the next thread's first half, memset its second half.
  std::vector<int> mine(kPart / 2);
  for (std::size_t j = 0; j < mine.size(); ++j) mine[j] = -static_cast<int>(me * 1000 + j);
  upc_handle_t put = upc_memput_nb(p.part(next), mine.data(), mine.size() * sizeof(int));
  upc_handle_t set = upc_memset_nb(p.part(next) + static_cast<std::ptrdiff_t>(kPart / 2), 0x5a,
                                   (kPart - kPart / 2) * sizeof(int));
  upc_sync(put);
  upc_sync(set);
  upc_barrier;
  const std::size_t previous = (me + threads - 1) % threads;
  std::vector<int> want(kPart);
  int pattern;
  std::memset(&pattern, 0x5a, sizeof pattern);
  for (std::size_t j = 0; j < kPart; ++j)
    want[j] = j < kPart / 2 ? -static_cast<int>(previous * 1000 + j) : pattern;
  p.expect_part(me, want);
  upc_barrier;
  // Thread 0 copies thread 1's part over thread 2's (two other threads' parts when THREADS > 2).
  p.fill(3);
  const std::size_t from = 1 % threads, to = 2 % threads;
  if (me == 0) {
    upc_handle_t copy = upc_memcpy_nb(p.part(to), p.part(from), kPart * sizeof(int));
    upc_sync(copy);
  }
  upc_barrier;
  p.expect_part(to, values(from, 3));
  upc_barrier;
}

TEST(NonBlocking, ImplicitHandlesCompleteAtSynci) {
  Parts p;
  p.fill(4);
  const auto threads = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  std::vector<std::vector<int>> got(threads, std::vector<int>(kPart, -1));
  for (std::size_t t = 0; t < threads; ++t) upc_memget_nbi(got[t].data(), p.part(t), kPart * sizeof(int));
  upc_synci();
  for (std::size_t t = 0; t < threads; ++t) EXPECT_EQ(got[t], values(t, 4)) << "from thread " << t;
  upc_barrier;
  const std::size_t next = (me + 1) % threads;
  std::vector<int> mine = values(me, 50);
  upc_memput_nbi(p.part(next), mine.data(), (kPart / 2) * sizeof(int));
  upc_memset_nbi(p.part(next) + static_cast<std::ptrdiff_t>(kPart / 2), 0, (kPart - kPart / 2) * sizeof(int));
  mp::attempts_in_flight(upc_synci_attempt);
  upc_barrier;
  const std::size_t previous = (me + threads - 1) % threads;
  std::vector<int> want = values(previous, 50);
  for (std::size_t j = kPart / 2; j < kPart; ++j) want[j] = 0;
  p.expect_part(me, want);
  upc_barrier;
  // Every thread copies its previous thread's part to its own part of another array, at once.
  Parts copies;
  p.fill(6);
  upc_memcpy_nbi(copies.part(me), p.part(previous), kPart * sizeof(int));
  upc_synci();
  copies.expect_part(me, values(previous, 6));
  upc_barrier;
}

TEST(NonBlocking, EmptyAndLocalTransfersAreComplete) {
  Parts p;
  p.fill(7);
  int one = 0;
  EXPECT_EQ(upc_memget_nb(&one, p.part(static_cast<std::size_t>(MYTHREAD)), sizeof one), UPC_COMPLETE_HANDLE);
  EXPECT_EQ(one, value(static_cast<std::size_t>(MYTHREAD), 0, 7));
  EXPECT_EQ(upc_memget_nb(&one, p.part(0), 0), UPC_COMPLETE_HANDLE);
  upc_sync(UPC_COMPLETE_HANDLE);
  upc_synci();
  upc_barrier;
}

// A remote transfer outlives a call when the network is emulated (the test runs with a latency far longer
// than the gap between starting a transfer and attempting it).
bool emulated_network() { return std::getenv("PGAS_LATENCY") != nullptr; }

TEST(NonBlockingAttempt, FindsTransfersInFlightAndCompletesThem) {
  Parts p;
  p.fill(8);
  const auto threads = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  const std::size_t next = (me + 1) % threads, previous = (me + threads - 1) % threads;
  const bool in_flight_expected = threads > 1 && emulated_network();
  std::vector<int> got(kPart, -1);
  upc_handle_t get = upc_memget_nb(got.data(), p.part(next), kPart * sizeof(int));
  const long long get_in_flight = mp::attempts_in_flight([&] { return upc_sync_attempt(get); });
  if (in_flight_expected) {
    EXPECT_GT(get_in_flight, 0) << "an attempt waited for the get";
  }
  EXPECT_EQ(got, values(next, 8));
  upc_barrier;
  std::vector<int> mine = values(me, 9);
  upc_memput_nbi(p.part(next), mine.data(), kPart * sizeof(int));
  const long long put_in_flight = mp::attempts_in_flight(upc_synci_attempt);
  if (in_flight_expected) {
    EXPECT_GT(put_in_flight, 0) << "an attempt waited for the implicit put";
  }
  upc_barrier;
  p.expect_part(me, values(previous, 9));
  upc_barrier;
}

// Each thread copies the next thread's part over the one after it (both other threads' when THREADS > 2):
// a get, then a put started by the attempt that finds the get complete.
TEST(NonBlockingAttempt, CopyBetweenTwoOtherThreadsCompletesThroughAttempts) {
  Parts p, copies;
  p.fill(10);
  const auto threads = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  const std::size_t from = (me + 1) % threads, to = (me + 2) % threads;
  upc_handle_t copy = upc_memcpy_nb(copies.part(to), p.part(from), kPart * sizeof(int));
  const long long in_flight = mp::attempts_in_flight([&] { return upc_sync_attempt(copy); });
  if (threads > 1 && emulated_network()) {
    EXPECT_GT(in_flight, 0) << "an attempt waited for the copy";
  }
  upc_barrier;
  copies.expect_part(me, values((me + threads - 1) % threads, 10));
  upc_barrier;
  // The implicit form, completed by upc_synci.
  p.fill(11);
  upc_memcpy_nbi(copies.part(to), p.part(from), kPart * sizeof(int));
  upc_synci();
  upc_barrier;
  copies.expect_part(me, values((me + threads - 1) % threads, 11));
  upc_barrier;
}

// On the MPI conduit over osc/pt2pt, a get is served by its target's MPI calls: while thread 1 sleeps
// outside the runtime, thread 0's attempts must find the get in flight (a waiting attempt would hang here
// until thread 1 wakes, then return 1 the first time).
TEST(NonBlockingAttempt, AGetFromAThreadOutsideTheRuntimeStaysInFlight) {
  Parts p;
  p.fill(12);
  if (THREADS < 2) return;
  const char *osc = std::getenv("OMPI_MCA_osc");
  const bool served_by_target = osc != nullptr && std::string(osc) == "pt2pt";
  if (MYTHREAD == 1) {
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  } else if (MYTHREAD == 0) {
    std::vector<int> got(kPart, -1);
    upc_handle_t get = upc_memget_nb(got.data(), p.part(1), kPart * sizeof(int));
    const long long in_flight = mp::attempts_in_flight([&] { return upc_sync_attempt(get); });
    if (served_by_target || emulated_network()) {
      EXPECT_GT(in_flight, 0) << "an attempt waited for the get";
    }
    EXPECT_EQ(got, values(1, 12));
  }
  upc_barrier;
}

}  // namespace
