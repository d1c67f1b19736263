// Misused Collectives 2.0 calls whose error no return code can carry, one per command-line mode (checked by
// coll2_error_test.cpp under pgasrun): each ends the job in bounded time with one message, never a hang.
#include <unistd.h>

#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <pgas/upc.hpp>
#include <string>
#include <vector>

#include "failure_mode.hpp"

namespace {

int last() { return THREADS - 1; }

pgas::global_ptr<void> ints(std::size_t count) { return upc_alloc(count * sizeof(int)); }

const std::map<std::string, std::function<void()>> kModes = {
    {"wait-invalid-handle",
     [] {
       int not_a_call = 0;
       if (MYTHREAD == 0) upccoll_wait(&not_a_call);
       upc_barrier;
     }},
    // Thread LAST is in a broadcast, the others in an allreduce: the call's members disagree.
    {"different-collectives",
     [] {
       const auto send = ints(1), recv = ints(1);
       if (MYTHREAD == last())
         upccoll_bcast(send, 1, UPC_INT, recv, 1, UPC_INT, 0, UPC_TEAM_ALL, 0, nullptr);
       else
         upccoll_allreduce(send, recv, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr);
     }},
    // After three equal allreduces (the fast lane's from the second), thread LAST is in a reduce of the same
    // size and buffers: the others, on the fast lane, see its slot's signature differ and report.
    {"different-collectives-after-repeats",
     [] {
       const auto send = ints(1), recv = ints(1);
       for (int i = 0; i < 3; ++i)
         upccoll_allreduce(send, recv, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr);
       if (MYTHREAD == last())
         upccoll_reduce(send, recv, 1, UPC_INT, UPC_ADD, 0, UPC_TEAM_ALL, 0, nullptr);
       else
         upccoll_allreduce(send, recv, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr);
       upc_barrier;
     }},
    // Thread LAST completes an allreduce with a handle, the others call it blocking: allowed on the shared
    // engine, not on the MPI engine (MPI's blocking collectives never match its non-blocking ones; on one
    // machine the call with the handle runs on the shared engine instead), where the waiting threads report
    // the difference (registered under mpirun only).
    {"blocking-against-handle",
     [] {
       const auto send = ints(1), recv = ints(1);
       upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
       upccoll_allreduce(send, recv, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, MYTHREAD == last() ? &h : nullptr);
       if (MYTHREAD == last()) upccoll_wait(h);
     }},
    // Every thread expects one int from each, thread LAST sends two (and expects its own two: a thread whose
    // own sizes disagree is refused with UPCCOLL_ERROR_COUNT instead). LAST completes the call and waits
    // while the others report it.
    {"different-sizes",
     [] {
       const auto n = static_cast<std::size_t>(THREADS);
       const auto send = ints(2), recv = ints(n + 1);
       std::vector<size_t> counts(n, 1), displs(n);
       for (std::size_t t = 0; t < n; ++t) displs[t] = t;
       if (MYTHREAD == last()) counts[n - 1] = 2;
       upccoll_allgatherv(send, MYTHREAD == last() ? 2 : 1, UPC_INT, recv, counts.data(), displs.data(),
                          UPC_INT, UPC_TEAM_ALL, 0, nullptr);
       upc_barrier;
     }},
    // Three good alltoallv calls (the fast lane takes the later ones), then thread LAST sends two ints to
    // rank 0, which expects one (LAST's call completes: it waits while rank 0 reports).
    {"different-sizes-repeated",
     [] {
       const auto n = static_cast<std::size_t>(THREADS);
       const auto send = ints(n + 1), recv = ints(n);
       std::vector<size_t> sendcnts(n, 1), recvcnts(n, 1), displs(n);
       for (std::size_t t = 0; t < n; ++t) displs[t] = t;
       for (int call = 1; call <= 4; ++call) {
         if (call == 4 && MYTHREAD == last()) sendcnts[0] = 2;
         upccoll_alltoallv(send, sendcnts.data(), displs.data(), UPC_INT, recv, recvcnts.data(),
                           displs.data(), UPC_INT, UPC_TEAM_ALL, 0, nullptr);
       }
       upc_barrier;
     }},
    // Thread LAST takes itself for the root of a broadcast whose root is 0 for the others: thread 0 and
    // thread LAST each send, and neither reads the other (each is a root), so no reader compares their calls;
    // upccoll_finalize finds that thread LAST never read thread 0's data (and thread 0 never read LAST's).
    {"different-roots",
     [] {
       const auto send = ints(1), recv = ints(1);
       upccoll_bcast(send, 1, UPC_INT, recv, 1, UPC_INT, MYTHREAD == last() ? last() : 0, UPC_TEAM_ALL, 0,
                     nullptr);
       upccoll_finalize();
     }},
    // The same in a loop of broadcasts (the fast lane's from the second), longer than the ring of slots: a
    // root whose slot of a ring of calls ago is still unread publishes in a spill slot instead of waiting
    // (an initiation never waits for another thread), and checks the unread slot's readers; a root that runs
    // through the loop before the other has begun finds it in upccoll_finalize.
    {"different-roots-repeated",
     [] {
       const auto send = ints(1), recv = ints(1);
       for (int call = 0; call < 200; ++call)
         upccoll_bcast(send, 1, UPC_INT, recv, 1, UPC_INT, MYTHREAD == last() ? last() : 0, UPC_TEAM_ALL, 0,
                       nullptr);
       upccoll_finalize();
     }},
    // Thread LAST expects two ints from a broadcast whose root sends one: LAST reports it.
    {"different-counts-bcast",
     [] {
       const auto send = ints(2), recv = ints(2);
       upccoll_bcast(send, MYTHREAD == 0 ? 1 : 0, UPC_INT, recv, MYTHREAD == last() ? 2 : 1, UPC_INT, 0,
                     UPC_TEAM_ALL, 0, nullptr);
       upc_barrier;
     }},
    // The root of a gatherv expects two ints from thread LAST, which sends one: the root reports it.
    {"gatherv-size-mismatch",
     [] {
       const auto n = static_cast<std::size_t>(THREADS);
       const auto send = ints(1), recv = ints(n + 1);
       std::vector<size_t> counts(n, 1), displs(n);
       for (std::size_t t = 0; t < n; ++t) displs[t] = t;
       counts[n - 1] = 2;
       upccoll_gatherv(send, 1, UPC_INT, recv, counts.data(), displs.data(), UPC_INT, 0, UPC_TEAM_ALL, 0,
                       nullptr);
       upc_barrier;
     }},
    // Thread LAST takes the maximum where the others add.
    {"different-operations",
     [] {
       const auto send = ints(1), recv = ints(1);
       upccoll_allreduce(send, recv, 1, UPC_INT, MYTHREAD == last() ? UPC_MAX : UPC_ADD, UPC_TEAM_ALL, 0,
                         nullptr);
       upc_barrier;
     }},
    // Thread LAST alone passes a receive buffer of another thread (UPCCOLL_ERROR_RECVBUF), then waits in a
    // barrier: the others, in the allreduce, see why it will not join them.
    {"refused-alone",
     [] {
       const auto send = ints(1), recv = ints(1);
       pgas::shared_array<int> spread(static_cast<std::size_t>(THREADS));  // element t is thread t's
       const auto other = static_cast<std::size_t>((MYTHREAD + 1) % THREADS);
       const bool refused =
           (MYTHREAD == last()
                ? upccoll_allreduce(send, &spread[other], 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr)
                : upccoll_allreduce(send, recv, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr)) !=
           UPCCOLL_SUCCESS;
       if (refused != (MYTHREAD == last() && THREADS > 1)) std::exit(3);
       upc_barrier;
     }},
    // Thread LAST alone asks for more elements than a size in bytes can hold (UPCCOLL_ERROR_SIZE).
    {"refused-oversized",
     [] {
       const auto send = ints(1), recv = ints(1);
       const std::size_t count = MYTHREAD == last() ? SIZE_MAX / 2 : 1;
       if (upccoll_allreduce(send, recv, count, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr) !=
               UPCCOLL_SUCCESS &&
           MYTHREAD != last())
         std::exit(3);
       upc_barrier;
     }},
    // Thread LAST skips a non-blocking broadcast the others wait for, and calls upccoll_finalize.
    {"skipped-nonblocking",
     [] {
       const auto send = ints(1), recv = ints(1);
       if (MYTHREAD != last()) {
         upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
         upccoll_bcast(send, 1, UPC_INT, recv, 1, UPC_INT, 0, UPC_TEAM_ALL, 0, &h);
         upccoll_wait(h);
       }
       upccoll_finalize();
     }},
    // Thread LAST finishes main while the others wait in an allreduce it never joins.
    {"exit-instead-of-collective",
     [] {
       const auto send = ints(1), recv = ints(1);
       if (MYTHREAD == last()) std::exit(0);
       upccoll_allreduce(send, recv, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr);
     }},
    // Thread LAST calls upccoll_finalize while the others wait in an allreduce it never joins: they (or
    // LAST, which sees they initiated a call it never will) report it.
    {"finalize-instead-of-collective",
     [] {
       const auto send = ints(1), recv = ints(1);
       if (MYTHREAD != last()) upccoll_allreduce(send, recv, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr);
       upccoll_finalize();
     }},
    // Thread LAST waits in a upc_barrier while the others wait in an allreduce it has not joined (and would
    // after the barrier): a cycle the waiters in the allreduce see.
    {"barrier-instead-of-collective",
     [] {
       const auto send = ints(1), recv = ints(1);
       if (MYTHREAD == last()) upc_barrier;
       upccoll_allreduce(send, recv, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr);
       if (MYTHREAD != last()) upc_barrier;
     }},
    // Thread LAST skips a broadcast from thread 0, which completes without it; every thread then reaches
    // upccoll_finalize, LAST after one call less.
    {"skipped-broadcast",
     [] {
       const auto send = ints(1), recv = ints(1);
       if (MYTHREAD != last()) upccoll_bcast(send, 1, UPC_INT, recv, 1, UPC_INT, 0, UPC_TEAM_ALL, 0, nullptr);
       upccoll_finalize();
     }},
    // Thread LAST dies between the start and the completion of an allreduce the others wait in.
    {"crash-inside-collective",
     [] {
       const auto send = ints(1), recv = ints(1);
       upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
       upccoll_allreduce(send, recv, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, &h);
       if (MYTHREAD == last()) std::raise(SIGSEGV);
       upccoll_wait(h);
       if (THREADS == 1) std::raise(SIGSEGV);
     }},
};

}  // namespace

int main(int argc, char **argv) {
  upccoll_initialize(&argc, &argv);
  return pgas_test::run_failure_mode(argc, argv, "coll2_error_program", kModes);
}
