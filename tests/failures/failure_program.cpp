// Ways a PGAS job fails, one per command-line mode (checked by failures_test.cpp): deliberate misuse of the
// dialect, which must stop the job with a message naming the object, the index and the thread; a thread
// that crashes or exits with an error while its peers wait at a barrier; upc_global_exit.
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <pgas/upc.hpp>
#include <string>

#include "failure_mode.hpp"

using namespace pgas;

namespace {

const int last = THREADS - 1;  // evaluated after the runtime started (static initialization)

void index_out_of_range() {
  shared_array<int> D(10, 1, "D");
  if (MYTHREAD == last) std::printf("%d\n", static_cast<int>(D[10]));
  upc_barrier;
}

void unnamed_index_out_of_range() {
  shared_array<double> values(4);
  if (MYTHREAD == last) values[7] = 1.0;
  upc_barrier;
}

void pointer_out_of_range() {
  shared_array<int> D(10, 1, "D");
  global_ptr<int> p = &D[9];
  if (MYTHREAD == last) std::printf("%d\n", static_cast<int>(p[5 * THREADS]));
  upc_barrier;
}

// Negative indices, written as the user would (a variable, so that the compiler does not see the value).
volatile long minus_one = -1;

void negative_index() {
  shared_array<int> D(10, 1, "D");
  if (MYTHREAD == last) std::printf("%d\n", static_cast<int>(D[minus_one]));
  upc_barrier;
}

void pointer_negative() {
  shared_array<int> D(10, 1, "D");
  global_ptr<int> p = &D[0];
  if (MYTHREAD == last) std::printf("%d\n", static_cast<int>(p[minus_one]));
  upc_barrier;
}

void index2d_negative() {
  shared_array2d<int> A(3, 4, 4, "A");
  if (MYTHREAD == last) std::printf("%d\n", static_cast<int>(A[1][minus_one]));
  upc_barrier;
}

void memget_negative() {
  shared_array<int> D(10, 1, "D");
  int value = 0;
  if (MYTHREAD == last) upc_memget(&value, &D[0] + minus_one, sizeof value);
  upc_barrier;
}

void cast_thread_out_of_range() {
  shared_array<int> D(10, 1, "D");
  if (MYTHREAD == last) std::printf("%p\n", remote_cast(D.handle(), THREADS));
  upc_barrier;
}

void use_after_free() {
  global_ptr<int> p = upc_all_alloc(static_cast<std::size_t>(THREADS), sizeof(int));
  upc_barrier;
  if (MYTHREAD == 0) upc_free(p);
  upc_barrier;
  if (MYTHREAD == last) std::printf("%d\n", static_cast<int>(p[0]));
  upc_barrier;
}

// The same through a pointer that has already dereferenced the element, on the thread it has affinity to
// (whose local part is then cached): another thread's free still reaches it.
void use_after_free_cached() {
  global_ptr<int> p = upc_all_alloc(static_cast<std::size_t>(THREADS), sizeof(int));
  if (MYTHREAD == last) p[last] = 7;
  upc_barrier;
  if (MYTHREAD == 0) upc_free(p);
  upc_barrier;
  if (MYTHREAD == last) std::printf("%d\n", static_cast<int>(p[last]));
  upc_barrier;
}

// A pointer with the run-time blocking factor 4 assigned to a pointer type with factor 17.
void block_mismatch() {
  shared_array<int> blocked(8 * static_cast<std::size_t>(THREADS), 4, "B");
  global_ptr<int> p = &blocked[1];
  if (MYTHREAD == last) {
    global_ptr<int, 17> q = p;
    std::printf("%d\n", static_cast<int>(*q));
  }
  upc_barrier;
}

// A shared void * at phase 3 of a blocking factor 4 cast to a type with blocking factor 2: UPC leaves the
// result undefined.
void cast_phase_outside_blocks() {
  shared_array<int> blocked(8 * static_cast<std::size_t>(THREADS), 4, "B");
  global_ptr<void> p = &blocked[3];
  if (MYTHREAD == last) std::printf("%d\n", static_cast<int>(*global_ptr<int, 2>(p)));
  upc_barrier;
}

// The last thread syncs a transfer from thread 0 twice (the second time, the handle is stale).
void sync_twice() {
  shared_array<long> x(static_cast<std::size_t>(THREADS) * 4, 4, "X");
  if (MYTHREAD == last) {
    long got[4];
    upc_handle_t h = upc_memget_nb(got, &x[0], sizeof got);
    upc_sync(h);
    upc_sync(h);
  }
  upc_barrier;
}

// The last thread attempts a transfer until it is complete, then attempts the released handle again.
void attempt_after_completion() {
  shared_array<long> x(static_cast<std::size_t>(THREADS) * 4, 4, "X");
  if (MYTHREAD == last) {
    long got[4];
    upc_handle_t h = upc_memget_nb(got, &x[0], sizeof got);
    while (upc_sync_attempt(h) == 0) {
    }
    upc_sync_attempt(h);
  }
  upc_barrier;
}

void atomic_op_outside_domain() {
  shared_array<long> x(static_cast<std::size_t>(THREADS), 1, "X");
  upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_LONG, UPC_ADD | UPC_GET, 0);
  long two = 2;
  if (MYTHREAD == last) upc_atomic_relaxed(d, nullptr, UPC_MULT, &x[0], &two, nullptr);
  upc_barrier;
}

void atomic_freed_domain() {
  shared_array<long> x(static_cast<std::size_t>(THREADS), 1, "X");
  upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_LONG, UPC_ADD, 0);
  upc_all_atomicdomain_free(d);
  long one = 1;
  if (MYTHREAD == last) upc_atomic_strict(d, nullptr, UPC_ADD, &x[0], &one, nullptr);
  upc_barrier;
}

void atomic_pointer_domain() { upc_all_atomicdomain_alloc(UPC_PTS, UPC_GET | UPC_ADD, 0); }

// A strided get whose two sides describe different amounts of data.
void strided_mismatch() {
  shared_array<double> x(static_cast<std::size_t>(THREADS) * 16, 16, "X");
  double out[16];
  if (MYTHREAD == last)
    bupc_memget_fstrided(out, 4 * sizeof(double), 4 * sizeof(double), 3, &x[0], 4 * sizeof(double),
                         8 * sizeof(double), 2);
  upc_barrier;
}

// A vector get whose lists describe different numbers of bytes.
void list_mismatch() {
  shared_array<double> x(static_cast<std::size_t>(THREADS) * 16, 16, "X");
  double out[16];
  const bupc_pmemvec_t dst[] = {{out, 3 * sizeof(double)}, {out + 3, 2 * sizeof(double)}};
  const bupc_smemvec_t src[] = {{&x[0], 4 * sizeof(double)}};
  if (MYTHREAD == last) bupc_memget_vlist(2, dst, 1, src);
  upc_barrier;
}

void nested_access_region() {
  if (MYTHREAD == last) {
    bupc_begin_accessregion();
    bupc_begin_accessregion();
  }
  upc_barrier;
}

void double_free() {
  global_ptr<void> p = upc_alloc(64);
  upc_free(p);
  upc_free(p);
}

void unlock_not_held() {
  upc_lock_t *lock = upc_all_lock_alloc();
  if (MYTHREAD == last) upc_unlock(lock);
  upc_barrier;
}

void lock_after_free() {
  upc_lock_t *lock = upc_all_lock_alloc();
  upc_barrier;
  if (MYTHREAD == 0) upc_lock_free(lock);
  upc_barrier;
  if (MYTHREAD == last) upc_lock(lock);
  upc_barrier;
}

void lock_twice() {
  upc_lock_t *lock = upc_all_lock_alloc();
  if (MYTHREAD == last) {
    upc_lock(lock);
    upc_lock(lock);
  }
  upc_barrier;
}

void barrier_mismatch() {
  if (THREADS == 1) {
    upc_notify(1);
    upc_wait(2);
  } else {
    upc_barrier(MYTHREAD == 0 ? 1 : 2);
  }
}

void wait_without_notify() { upc_wait; }

// Thread t asks upc_all_alloc for t + 1 blocks (at 2 threads or more: one thread cannot disagree with
// itself).
void alloc_mismatch() {
  global_ptr<void> p = upc_all_alloc(static_cast<std::size_t>(MYTHREAD + 1), 8);
  (void)p;
  upc_barrier;
}

// Not misuse: thread 0 ends the job while the others wait at a barrier that never completes.
void global_exit() {
  if (MYTHREAD == 0) upc_global_exit(5);
  upc_barrier;
}

// Faults: the last thread dies while the others wait at a barrier that can never complete.
void segfault() {
  if (MYTHREAD == last) std::raise(SIGSEGV);
  upc_barrier;
}

void exit_with_error() {
  if (MYTHREAD == last) std::exit(3);
  upc_barrier;
}

// Every thread prints a line (kept in stdio's buffer: the output is a pipe) and, once all have, fails;
// thread 0 is still running when the launcher ends the job for the others' failure.
void print_then_exit_1() {
  std::printf("output of thread %d\n", MYTHREAD);
  upc_barrier;
  if (MYTHREAD == 0 && THREADS > 1) sleep(3);
  std::exit(1);
}

void heap_exhausted() { shared_array<char> huge(std::size_t{1} << 40, 1024, "huge"); }

void call_runtime_early(int argc, char **argv, char **) {
  for (int a = 1; a < argc; ++a)
    if (std::strcmp(argv[a], "before-init") == 0) upc_global_lock_alloc();
}
// Runs before every shared library initializer, the runtime's included.
__attribute__((section(".preinit_array"), used)) void (*g_preinit)(int, char **,
                                                                   char **) = &call_runtime_early;

}  // namespace

int main(int argc, char **argv) {
  const std::map<std::string, std::function<void()>> modes = {
      {"index", index_out_of_range},
      {"unnamed-index", unnamed_index_out_of_range},
      {"pointer-range", pointer_out_of_range},
      {"negative-index", negative_index},
      {"pointer-negative", pointer_negative},
      {"2d-negative", index2d_negative},
      {"memget-negative", memget_negative},
      {"cast-thread", cast_thread_out_of_range},
      {"use-after-free", use_after_free},
      {"use-after-free-cached", use_after_free_cached},
      {"double-free", double_free},
      {"block-mismatch", block_mismatch},
      {"cast-phase-outside-blocks", cast_phase_outside_blocks},
      {"sync-twice", sync_twice},
      {"attempt-after-completion", attempt_after_completion},
      {"strided-mismatch", strided_mismatch},
      {"list-mismatch", list_mismatch},
      {"nested-access-region", nested_access_region},
      {"atomic-op-outside-domain", atomic_op_outside_domain},
      {"atomic-freed-domain", atomic_freed_domain},
      {"atomic-pointer-domain", atomic_pointer_domain},
      {"unlock-not-held", unlock_not_held},
      {"lock-after-free", lock_after_free},
      {"lock-twice", lock_twice},
      {"barrier-mismatch", barrier_mismatch},
      {"wait-without-notify", wait_without_notify},
      {"alloc-mismatch", alloc_mismatch},
      {"heap-exhausted", heap_exhausted},
      {"global-exit", global_exit},
      {"segfault", segfault},
      {"exit-3", exit_with_error},
      {"print-then-exit-1", print_then_exit_1},
  };
  return pgas_test::run_failure_mode(argc, argv, "failure_program", modes);
}
