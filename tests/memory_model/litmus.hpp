// A litmus harness for the memory-model suite. A litmus program has R roles (R <= THREADS); iteration k of
// it runs every role's body once, all roles starting together, and each body returns what it read. Thread
// 0 then tells whether the reads of that iteration form the outcome under test. Every run is repeated with
// the roles moved one thread further each time (role r on thread (r + shift) mod THREADS), so that every
// thread takes every role and the locations' owners change relative to the roles.
//
// Values never repeat: iteration k writes values derived from k + 1 (bodies choose them), so nothing is
// reset between iterations and "an old value" means one written before iteration k.
//
// Starting together: each role adds one to a shared arrival counter and spins until all of iteration k's
// have arrived; the last to arrive then waits a varying delay (0 to a few microseconds, log-uniform), so
// that whatever the skew between CPUs, some iterations start the bodies at nearly the same moment.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <pgas/upc.hpp>
#include <thread>
#include <vector>

#include "../mp/mp_util.hpp"

namespace litmus {

struct Outcome {
  long long iterations = 0;
  long long seen = 0;        // iterations whose reads formed the outcome
  long long concurrent = 0;  // iterations in which every role got through its arrival without yielding
};

// Returns true if this role did not yield while waiting (it then ran at the same time as the others).
inline bool arrive_together(const pgas::global_ptr<long long> &arrivals, long long ticket) {
  if (pgas::atomic_fetch_add(arrivals, 1LL) + 1 >= ticket) {
    const auto hash =
        static_cast<unsigned>((static_cast<unsigned long long>(ticket) * 0x9E3779B97F4A7C15ULL) >> 40);
    const unsigned delay = (hash >> 4) & ((1u << (hash % 14)) - 1);
    for (unsigned d = 0; d < delay; ++d) __asm__ __volatile__("");
    return true;
  }
  bool yielded = false;
  for (int spins = 1; pgas::atomic_load(arrivals) < ticket; ++spins)
    if (spins % 64 == 0) {
      std::this_thread::yield();
      yielded = true;
    }
  return !yielded;
}

// Collective. Runs `iterations` iterations (fewer if `budget` runs out: a busy machine makes each one cost
// context switches) of the roles' bodies, `body(role, k)` returning a value read, and counts the
// iterations for which `outcome(reads, k)` holds, reads[r] being role r's value. Every shift of the roles
// over the threads is run; the counts are summed.
template <class Body, class IsOutcome>
Outcome run(int roles, long long iterations, std::chrono::milliseconds budget, Body body, IsOutcome outcome) {
  constexpr long long kChunk = 64;  // the budget is looked at once a chunk
  const int shifts = std::min(THREADS, 4);
  const long long per_shift = std::max(1LL, iterations / shifts);
  pgas::shared_array<long long> reads(static_cast<std::size_t>(roles) * kChunk, pgas::indefinite);
  pgas::shared_array<unsigned char> ran(static_cast<std::size_t>(roles) * kChunk, pgas::indefinite);
  pgas::shared_var<long long> arrivals;
  pgas::shared_var<int> go_on;
  pgas::shared_var<long long> totals[3];
  const pgas::global_ptr<long long> arrivals_ptr = &arrivals;
  std::vector<long long> mine(kChunk);
  std::vector<unsigned char> mine_ran(kChunk);
  Outcome out;
  long long tickets = 0;  // iterations started so far, over every shift
  for (int shift = 0; shift < shifts; ++shift) {
    const int role = (MYTHREAD - shift + THREADS) % THREADS;  // -1 .. : this thread's role, if < roles
    const auto start = std::chrono::steady_clock::now();
    for (long long k = 0, more = 1; more != 0;) {
      const long long n = std::min(kChunk, per_shift - k);
      if (role < roles) {
        for (long long j = 0; j < n; ++j) {
          mine_ran[static_cast<std::size_t>(j)] =
              arrive_together(arrivals_ptr, roles * (tickets + j + 1)) ? 1 : 0;
          mine[static_cast<std::size_t>(j)] = body(role, tickets + j);
        }
        const auto at = static_cast<std::ptrdiff_t>(role * kChunk);
        upc_memput(reads.ptr() + at, mine.data(), static_cast<std::size_t>(n) * sizeof(long long));
        upc_memput(ran.ptr() + at, mine_ran.data(), static_cast<std::size_t>(n));
      }
      upc_barrier;
      if (MYTHREAD == 0) {
        const long long *all = reads.local_part().data();
        const unsigned char *all_ran = ran.local_part().data();
        std::vector<long long> of_iteration(static_cast<std::size_t>(roles));
        for (long long j = 0; j < n; ++j) {
          bool together = true;
          for (int r = 0; r < roles; ++r) {
            of_iteration[static_cast<std::size_t>(r)] = all[r * kChunk + j];
            together = together && all_ran[r * kChunk + j] != 0;
          }
          out.seen += outcome(of_iteration, tickets + j) ? 1 : 0;
          out.concurrent += together ? 1 : 0;
        }
        out.iterations += n;
        go_on = (k + n < per_shift && std::chrono::steady_clock::now() - start < budget) ? 1 : 0;
      }
      tickets += n;
      k += n;
      upc_barrier;
      more = go_on;
      upc_barrier;  // thread 0 writes go_on again only after everyone read it
    }
  }
  if (MYTHREAD == 0) {
    totals[0] = out.iterations;
    totals[1] = out.seen;
    totals[2] = out.concurrent;
  }
  upc_barrier;
  out = {totals[0], totals[1], totals[2]};
  upc_barrier;
  return out;
}

// An iteration count for the suite: PGAS_MP_TEST_DIVISOR divides it on slow transports.
inline long long iterations(long long n) { return mp::scaled(n); }

}  // namespace litmus
