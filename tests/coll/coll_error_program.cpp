// Misused UPC 1.2 collectives, one way per command-line mode (checked by coll_error_test.cpp under
// pgasrun and by CMakeLists.txt under mpirun): wrong arguments, threads passing different single-valued
// arguments, threads in different collectives, a thread that finishes main while the others wait in a
// MYSYNC collective. Each must stop the job with exit status 70 and one message naming the collective and
// the thread(s); none may hang or be satisfied by a different collective.
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <pgas/upc.hpp>
#include <string>

#include "failure_mode.hpp"

using namespace pgas;

namespace {

int last() { return THREADS - 1; }
std::size_t T() { return static_cast<std::size_t>(THREADS); }
constexpr upc_flag_t kMy = UPC_IN_MYSYNC | UPC_OUT_MYSYNC;

int by_value(global_ptr<void> a, global_ptr<void> b) {
  const int x = *global_ptr<int>(a, 1), y = *global_ptr<int>(b, 1);
  return (x > y) - (x < y);
}

const std::map<std::string, std::function<void()>> kModes = {
    {"nbytes-zero",
     [] {
       shared_array<char> a(8 * T(), 8);
       upc_all_broadcast(a, a, 0, 0);
     }},
    // Thread 0 is not in the call: one of the others must say what is wrong with it.
    {"nbytes-zero-while-thread-0-is-elsewhere",
     [] {
       shared_array<char> a(8 * T(), 8);
       if (MYTHREAD == 0)
         upc_barrier;
       else
         upc_all_broadcast(a, a, 0, 0);
     }},
    {"overflow",
     [] {
       shared_array<char> a(8 * T(), 8);
       upc_all_gather_all(a, a, 8, 0);  // dst needs 8 * THREADS bytes on every thread
     }},
    // A call repeating the last call's arguments skips their checks: each of these repeats a good call,
    // then changes one argument, which must be checked again.
    {"overflow-after-good-calls",
     [] {
       shared_array<char> a(8 * T(), 8);
       for (int i = 0; i < 3; ++i) upc_all_broadcast(a, a, 8, kMy);
       upc_all_broadcast(a, a, 16, kMy);  // src holds 8 bytes on thread 0
     }},
    {"smaller-array-after-good-calls",
     [] {
       shared_array<char> a(8 * T(), 8), b(4 * T(), 4);
       for (int i = 0; i < 3; ++i) upc_all_gather(a, a, 8 / T(), kMy);
       upc_all_gather(b, a, 8 / T(), kMy);  // dst holds 4 bytes
     }},
    {"perm-changed-after-good-calls",
     [] {
       shared_array<char> a(8 * T(), 8);
       shared_array<int> perm(T());
       perm[static_cast<std::size_t>(MYTHREAD)] = MYTHREAD;
       upc_barrier;
       for (int i = 0; i < 3; ++i) upc_all_permute(a, a, perm.ptr(), 8, 0);
       perm[static_cast<std::size_t>(MYTHREAD)] = MYTHREAD + 1;
       upc_barrier;
       upc_all_permute(a, a, perm.ptr(), 8, 0);
     }},
    // Repeated MYSYNC calls take the lean path (coll/lean.hpp): the same misuses must still be found there,
    // by the digest a holder stages its bytes with or by the comparison with thread 0's record.
    {"perm-changed-after-good-mysync-calls",
     [] {
       shared_array<char> a(8 * T(), 8);
       shared_array<int> perm(T());
       perm[static_cast<std::size_t>(MYTHREAD)] = MYTHREAD;
       upc_barrier;
       for (int i = 0; i < 3; ++i) upc_all_permute(a, a, perm.ptr(), 8, kMy);
       upc_barrier;  // a thread may return from a MYSYNC permute while others still read perm
       perm[static_cast<std::size_t>(MYTHREAD)] = MYTHREAD + 1;
       upc_barrier;
       upc_all_permute(a, a, perm.ptr(), 8, kMy);
     }},
    {"different-sync-mode-after-good-calls",
     [] {
       shared_array<char> a(8 * T(), 8);
       for (int i = 0; i < 3; ++i) upc_all_broadcast(a, a, 8, kMy);
       upc_all_broadcast(a, a, 8, MYTHREAD == last() ? UPC_IN_NOSYNC | UPC_OUT_MYSYNC : kMy);
     }},
    {"different-nbytes-after-good-gathers",
     [] {
       shared_array<char> a(8 * T() * T(), 8 * T());
       for (int i = 0; i < 3; ++i) upc_all_gather(a, a, 8, kMy);
       upc_all_gather(a, a, MYTHREAD == last() ? 4 : 8, kMy);
     }},
    // The senders of a gather compare with nobody: the root checks each one's digest.
    {"different-sync-mode-after-good-gathers",
     [] {
       shared_array<char> a(8 * T() * T(), 8 * T());
       for (int i = 0; i < 3; ++i) upc_all_gather(a, a, 8, kMy);
       upc_all_gather(a, a, 8, MYTHREAD == last() ? UPC_IN_MYSYNC | UPC_OUT_NOSYNC : kMy);
     }},
    // No block crosses threads (perm is the identity): only the comparison with thread 0's record sees it.
    {"different-perm-after-good-calls",
     [] {
       shared_array<char> a(8 * T(), 8);
       shared_array<int> perm(T()), other(T());
       perm[static_cast<std::size_t>(MYTHREAD)] = MYTHREAD;
       other[static_cast<std::size_t>(MYTHREAD)] = MYTHREAD;
       upc_barrier;
       for (int i = 0; i < 3; ++i) upc_all_permute(a, a, perm.ptr(), 8, kMy);
       upc_all_permute(a, a, MYTHREAD == last() ? other.ptr() : perm.ptr(), 8, kMy);
     }},
    {"dst-not-on-thread-0",
     [] {
       shared_array<char> a(8 * T(), 8);
       upc_all_scatter(&a[8], a, 1, 0);
     }},
    {"perm-duplicate",
     [] {
       shared_array<char> a(8 * T(), 8);
       shared_array<int> perm(T());  // all zero
       upc_barrier;
       upc_all_permute(a, a, perm.ptr(), 8, kMy);
     }},
    // Thread 0 comes late and still has to read the others' perm entries after they found the error.
    {"perm-duplicate-thread-0-late",
     [] {
       shared_array<char> a(8 * T(), 8);
       shared_array<int> perm(T());  // all zero
       upc_barrier;
       if (MYTHREAD == 0) usleep(300000);
       upc_all_permute(a, a, perm.ptr(), 8, kMy);
     }},
    {"perm-out-of-range",
     [] {
       shared_array<char> a(8 * T(), 8);
       shared_array<int> perm(T());
       perm[static_cast<std::size_t>(MYTHREAD)] = MYTHREAD + 1;
       upc_barrier;
       upc_all_permute(a, a, perm.ptr(), 8, 0);
     }},
    {"bad-sync-mode",
     [] {
       shared_array<char> a(8 * T(), 8);
       upc_all_broadcast(a, a, 8, UPC_IN_MYSYNC | UPC_IN_NOSYNC);
     }},
    {"float-and",
     [] {
       shared_array<float> a(T());
       upc_all_reduceF(a, a, UPC_AND, T(), 1, nullptr, 0);
     }},
    {"noncomm-without-func",
     [] {
       shared_array<int> a(T());
       upc_all_prefix_reduceI(a, a, UPC_NONCOMM_FUNC, T(), 1, nullptr, 0);
     }},
    {"sort-elem-size-zero",
     [] {
       shared_array<int> a(T());
       upc_all_sort(a, 0, T(), 1, &by_value, 0);
     }},
    {"sort-without-func",
     [] {
       shared_array<int> a(T());
       upc_all_sort(a, sizeof(int), T(), 1, nullptr, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
     }},
    {"sort-overflow",
     [] {
       shared_array<int> a(T());
       upc_all_sort(a, sizeof(int), T() + 1, 1, &by_value, UPC_IN_MYSYNC | UPC_OUT_MYSYNC);
     }},
    {"different-nbytes",
     [] {
       shared_array<char> a(8 * T(), 8);
       upc_all_broadcast(a, a, MYTHREAD == last() ? 8 : 4, 0);
     }},
    {"different-nbytes-mysync",
     [] {
       shared_array<char> a(8 * T(), 8);
       upc_all_broadcast(a, a, MYTHREAD == last() ? 8 : 4, kMy);
     }},
    {"different-src",
     [] {
       shared_array<char> a(8 * T(), 8), b(8 * T(), 8);
       upc_all_exchange(a, MYTHREAD == last() ? b : a, 1, kMy);
     }},
    {"broadcast-against-barrier",
     [] {
       shared_array<char> a(8 * T(), 8);
       if (MYTHREAD == last())
         upc_barrier;
       else
         upc_all_broadcast(a, a, 8, kMy);
     }},
    {"gather-against-exchange",
     [] {
       shared_array<char> a(8 * T() * T(), 8 * T());
       if (MYTHREAD == last())
         upc_all_exchange(a, a, 8, kMy);
       else
         upc_all_gather(a, a, 8, kMy);
     }},
    {"nosync-gather-against-broadcast",
     [] {
       shared_array<char> a(8 * T() * T(), 8 * T());
       if (MYTHREAD == last())
         upc_all_gather(a, a, 8, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
       else
         upc_all_broadcast(a, a, 8, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
       upc_barrier;
     }},
    // Thread 0 starts late: the others cannot compare at once, and must when they next meet it.
    {"nosync-late-thread-0",
     [] {
       shared_array<char> a(8 * T(), 8);
       if (MYTHREAD == 0) usleep(300000);
       upc_all_broadcast(a, a, MYTHREAD == 0 ? 4 : 8, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
       upc_barrier;
     }},
    // The last thread starts more than a record ring (32 calls) after thread 0 could have finished them:
    // its third call must still be compared with thread 0's.
    {"nosync-thread-a-ring-behind",
     [] {
       shared_array<char> a(8 * T(), 8);
       if (MYTHREAD == last()) usleep(300000);
       for (int call = 0; call < 80; ++call)
         upc_all_broadcast(a, a, MYTHREAD == last() && call == 2 ? 4 : 8, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
       upc_barrier;
     }},
    // A staged broadcast from thread 1 while thread 0 is late: the last thread cannot compare with thread 0
    // yet, and must find its different nbytes from the digest thread 1 staged its bytes with (not copy them
    // and return).
    {"staged-digest-while-thread-0-is-late",
     [] {
       shared_array<char> a(8 * T(), 8), b(8 * T(), 8);
       if (MYTHREAD == 0) usleep(2000000);
       upc_all_broadcast(a, &b[8], MYTHREAD == last() ? 4 : 8, kMy);
     }},
    {"return-during-mysync",
     [] {
       shared_array<char> a(8 * T(), 8);
       upc_barrier;
       if (MYTHREAD == last()) std::exit(0);
       upc_all_broadcast(a, a, 8, kMy);
     }},
};

}  // namespace

// Every thread finishes its mode before thread 0 alone reports that nothing was detected: a thread not in
// the misused call must not report it while the runtime is still stopping the job.
int main(int argc, char **argv) {
  std::map<std::string, std::function<bool()>> reported_by_thread_0;
  for (const auto &[name, run] : kModes)
    reported_by_thread_0.emplace(name, [&run = run] {
      run();
      upc_barrier;
      return MYTHREAD == 0;
    });
  return pgas_test::run_failure_mode(argc, argv, "coll_error_program", reported_by_thread_0, false);
}
