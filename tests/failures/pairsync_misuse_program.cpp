// Misuse of pairwise and subset synchronization, one per command-line mode (checked by
// pairsync_misuse_test.cpp and, on the MPI conduit, by the mpirun tests in CMakeLists.txt): each must stop
// the job with exit status 70 and a message naming the thread, never hang. Each mode returns whether this
// thread took part; threads that did not return from main and wait there.
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <pgas/upc.hpp>
#include <string>

#include "failure_mode.hpp"

namespace {

const int last = THREADS - 1;

const std::map<std::string, std::function<bool()>> kModes = {
    {"self",
     [] {
       if (MYTHREAD != last) return false;
       pairsync(last);
       return true;
     }},
    {"out-of-range",
     [] {
       if (MYTHREAD != last) return false;
       pairsync(-1);
       return true;
     }},
    {"handshake-self",
     [] {
       if (MYTHREAD != last) return false;
       pairsync_lock_handshake(last);
       return true;
     }},
    {"handshake-out-of-range",
     [] {
       if (MYTHREAD != last) return false;
       pairsync_lock_handshake(THREADS);
       return true;
     }},
    {"subset-out-of-range",
     [] {
       if (MYTHREAD != last) return false;
       upc_subset_barrier({MYTHREAD, 99});
       return true;
     }},
    {"subset-twice",
     [] {
       if (MYTHREAD != last) return false;
       upc_subset_tree_barrier({MYTHREAD, 0, MYTHREAD});
       return true;
     }},
    {"subset-empty",
     [] {
       if (MYTHREAD != last) return false;
       upc_subset_barrier(nullptr, 0);
       return true;
     }},
    {"subset-without-caller",
     [] {
       if (MYTHREAD != last) return false;
       upc_subset_barrier({0});
       return true;
     }},
    // Thread 0 meets thread 1 by pairsync, thread 1 meets thread 0 in a subset barrier.
    {"mismatch",
     [] {
       if (MYTHREAD == 0) pairsync(1);
       if (MYTHREAD == 1) upc_subset_barrier({1, 0});
       return MYTHREAD < 2;
     }},
    // Two barriers over different subsets that share threads 0 and 1.
    {"subset-mismatch",
     [] {
       if (MYTHREAD == 0) upc_subset_barrier({0, 1});
       if (MYTHREAD == 1) upc_subset_barrier({0, 1, 2});
       if (MYTHREAD == 2) upc_subset_barrier({0, 1, 2});
       return MYTHREAD < 3;
     }},
    // 0 waits for 1, 1 for 2, 2 for 0.
    {"cycle",
     [] {
       if (MYTHREAD < 3) pairsync((MYTHREAD + 1) % 3);
       return MYTHREAD < 3;
     }},
    // The fast pairsync and the lock handshake do not meet each other.
    {"kinds",
     [] {
       if (MYTHREAD == 0) pairsync(1);
       if (MYTHREAD == 1) pairsync_lock_handshake(0);
       return MYTHREAD < 2;
     }},
    // The partner returns from main.
    {"partner-returns",
     [] {
       if (MYTHREAD == 0) pairsync(1);
       return MYTHREAD == 0;
     }},
    // The partner (and every other thread) waits in a collective operation that needs the waiting thread
    // (shm).
    {"partner-in-collective",
     [] {
       if (MYTHREAD == 0) pairsync(1);
       if (MYTHREAD >= 1) upc_all_lock_alloc();
       return MYTHREAD == 0;
     }},
};

}  // namespace

// A mode returns true on a thread that misused: only such a thread reports that nothing was detected.
int main(int argc, char **argv) {
  return pgas_test::run_failure_mode(argc, argv, "pairsync_misuse_program", kModes, false);
}
