// Single-copy atomicity of naturally aligned scalars of 1, 2, 4 and 8 bytes, strict and relaxed (UPC 1.3
// section 5.1.2.3, the memory model: a read of a scalar returns a value that one write wrote, and a write
// is not undone by writing again). Two litmus programs, for every ordered pair of threads:
//
// - Hand-off: x lives on its owner; the owner's partner writes 2k+1 (remotely) once it reads 2k, the owner
//   writes 2k+2 (locally) once it reads 2k+1. Each may only ever read the value it wrote last or the next
//   one. A write made of two stores to the same bytes (a variable-size memcpy: glibc moves 8 bytes as two
//   overlapping 8-byte stores) can land its second store after the partner's answer and bring back a value
//   already consumed: the reader sees a value older than its own, and the strict-flag handshake of real
//   programs hangs.
// - Tearing: one thread alternates x between two bit patterns that differ in every byte; every other thread
//   reads x and must always see one of the two.
//
// Every thread owns one element; in round d thread t is the remote partner of thread (t + d) mod THREADS's
// element, so rounds 1 .. THREADS-1 cover every ordered pair, with every thread in both roles at once.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <pgas/upc.hpp>
#include <thread>

#include "../mp/mp_util.hpp"

using namespace pgas;

namespace {

// Calls `step` (which returns true when it made progress) until `done`, with a yield now and then so that
// 8 threads on 2 CPUs move; gives up after 20 s without progress (a hang becomes a failure). False then.
template <class Step, class Done>
bool run_until(Step step, Done done) {
  auto last_progress = std::chrono::steady_clock::now();
  for (long spins = 1; !done(); ++spins) {
    if (step()) {
      last_progress = std::chrono::steady_clock::now();
      continue;
    }
    if (spins % 64 == 0) std::this_thread::yield();
    if (spins % 4096 == 0 && std::chrono::steady_clock::now() - last_progress > std::chrono::seconds(20))
      return false;
  }
  return true;
}

struct HandOff {
  long long stale = 0;       // reads of a value older than the reader's own last write
  long long unexpected = 0;  // reads of a value nobody had written yet
  bool stalled = false;
};

// One round of hand-offs, collective: this thread is the partner of element (MYTHREAD + d) mod THREADS and
// the owner of element MYTHREAD. A partner makes at most n steps, fewer once `budget` has passed (a busy
// machine makes each hand-off cost context switches), then tells the owner how many it made (`made`, one
// strict element per owner): the owner answers that many. Returns what this thread saw.
template <class Word, consistency Mode>
HandOff hand_off_round(const shared_array<Word, Mode> &x, const shared_array<long long, strict> &made, int d,
                       long long n, std::chrono::milliseconds budget) {
  const auto me = static_cast<std::size_t>(MYTHREAD);
  const auto theirs = static_cast<std::size_t>((MYTHREAD + d) % THREADS);
  x[me] = Word{0};
  made[me] = -1;
  upc_barrier;
  const auto deadline = std::chrono::steady_clock::now() + budget;
  bool told = false;  // this thread told its partner's owner how many steps it made
  HandOff out;
  Word wrote_there = 0, wrote_here = 0;  // the last value this thread wrote as partner / as owner
  long long partner_steps = 0, owner_steps = 0;
  // Checks a read against the reader's last write: equal, or the next value; anything else is an error.
  auto check = [&](Word read, Word mine) {
    const auto ahead = static_cast<Word>(read - mine);
    if (ahead == 0 || ahead == 1) return;
    if (static_cast<Word>(mine - read) < 8)
      ++out.stale;
    else
      ++out.unexpected;
  };
  const bool done = run_until(
      [&] {
        bool moved = false;
        if (!told && (partner_steps == n || std::chrono::steady_clock::now() > deadline)) {
          made[theirs] = partner_steps;
          told = moved = true;
        }
        if (!told) {
          const Word v = x[theirs];
          check(v, wrote_there);
          if (v == static_cast<Word>(2 * partner_steps)) {
            wrote_there = static_cast<Word>(2 * partner_steps + 1);
            x[theirs] = wrote_there;
            ++partner_steps;
            moved = true;
          }
        }
        if (owner_steps != made[me]) {
          const Word v = x[me];
          check(v, wrote_here);
          if (v == static_cast<Word>(2 * owner_steps + 1)) {
            wrote_here = static_cast<Word>(2 * owner_steps + 2);
            x[me] = wrote_here;
            ++owner_steps;
            moved = true;
          }
        }
        if constexpr (Mode == relaxed) upc_fence;  // lets a network conduit deliver the partner's write
        return moved;
      },
      [&] { return told && owner_steps == made[me]; });
  out.stalled = !done;
  upc_barrier;
  return out;
}

template <class Word, consistency Mode>
void expect_hand_offs_exact() {
  if (THREADS < 2) GTEST_SKIP() << "needs two threads";
  shared_array<Word, Mode> x(static_cast<std::size_t>(THREADS));
  shared_array<long long, strict> made(static_cast<std::size_t>(THREADS));
  const long long n = mp::scaled(100000);  // a bound: the time budget ends a round first on a busy machine
  for (int d = 1; d < THREADS; ++d) {
    const HandOff h = hand_off_round<Word, Mode>(x, made, d, n, std::chrono::milliseconds(250));
    const bool stalled = h.stalled;
    const long long stale = h.stale, unexpected = h.unexpected;
    EXPECT_EQ(stale, 0) << sizeof(Word) << "-byte " << (Mode == strict ? "strict" : "relaxed")
                        << " writes came back after being answered (round " << d << ", thread " << MYTHREAD
                        << ")";
    EXPECT_EQ(unexpected, 0) << "values nobody wrote were read";
    EXPECT_FALSE(stalled) << "the hand-off stopped (a write was lost) in round " << d;
    // Decided together, so that no thread leaves while its partner still waits for it.
    ASSERT_TRUE(mp::all_ok(!stalled && stale == 0 && unexpected == 0));
  }
}

// Tearing: in round d thread d writes, every other thread reads.
template <class Word, consistency Mode>
void expect_never_torn() {
  if (THREADS < 2) GTEST_SKIP() << "needs two threads";
  constexpr Word kLow = static_cast<Word>(0x5555555555555555ULL), kHigh = static_cast<Word>(~kLow);
  shared_array<Word, Mode> x(static_cast<std::size_t>(THREADS));
  shared_var<int, strict> writing;
  const long long writes = mp::scaled(20000);
  for (int writer = 0; writer < THREADS; ++writer) {
    const auto at = static_cast<std::size_t>((writer + 1) % THREADS);  // on another thread than the writer
    if (MYTHREAD == writer) {
      x[at] = kLow;
      writing = 1;
    }
    upc_barrier;
    long long torn = 0, reads = 0;
    if (MYTHREAD == writer) {
      // At most `writes` writes, fewer once 250 ms have passed (each remote write may wait for its target
      // to run on a busy machine).
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(250);
      for (long long k = 0; k < writes && (k % 16 != 0 || std::chrono::steady_clock::now() < deadline); ++k)
        x[at] = (k % 2 == 0) ? kHigh : kLow;
      writing = 0;
    } else {
      while (writing != 0 || reads == 0) {
        const Word v = x[at];
        torn += v != kLow && v != kHigh;
        ++reads;
        if (reads % 64 == 0) std::this_thread::yield();
      }
    }
    EXPECT_EQ(torn, 0) << sizeof(Word) << "-byte reads saw a mix of two writes " << torn << " times in "
                       << reads;
    upc_barrier;
  }
}

TEST(SingleCopy, StrictHandOffsOfEveryWidth) {
  expect_hand_offs_exact<std::uint8_t, strict>();
  expect_hand_offs_exact<std::uint16_t, strict>();
  expect_hand_offs_exact<std::uint32_t, strict>();
  expect_hand_offs_exact<std::uint64_t, strict>();
}

TEST(SingleCopy, RelaxedHandOffsOfEveryWidth) {
  expect_hand_offs_exact<std::uint8_t, relaxed>();
  expect_hand_offs_exact<std::uint16_t, relaxed>();
  expect_hand_offs_exact<std::uint32_t, relaxed>();
  expect_hand_offs_exact<std::uint64_t, relaxed>();
}

TEST(SingleCopy, StrictScalarsAreNeverTorn) {
  expect_never_torn<std::uint16_t, strict>();
  expect_never_torn<std::uint32_t, strict>();
  expect_never_torn<std::uint64_t, strict>();
}

TEST(SingleCopy, RelaxedScalarsAreNeverTorn) {
  expect_never_torn<std::uint16_t, relaxed>();
  expect_never_torn<std::uint32_t, relaxed>();
  expect_never_torn<std::uint64_t, relaxed>();
}

}  // namespace
