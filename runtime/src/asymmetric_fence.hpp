// An asymmetric fence for the flags a waiter may sleep on (coll/flags.hpp): a waiter that is about to sleep
// counts itself, then must see the flag's new value, or the flag's writer must see the count (and wake it).
// Both sides need a full fence between their store and their load. The writer's is a drain of its store
// buffer on every flag store (on x86 it waits for the lines it wrote to be its own, a cross-core transfer
// each when a peer read them: hundreds of nanoseconds in a small collective); the sleeper's is on a path
// that already costs microseconds. So, where the kernel offers it (membarrier's GLOBAL_EXPEDITED command),
// the writer orders its store and load for the compiler only, and the sleeper makes every running thread of
// the job execute a full fence before it reads the flag: either the writer's store was before that fence
// (then the sleeper sees it) or its load of the count is after it (then it sees the sleeper).
//
// Jobs with more threads than the machine has CPUs keep the symmetric fences: their waiters sleep often,
// and each sleep would interrupt every CPU running a thread of the job.
#pragma once

namespace pgas::rt {

// Called once per process at start-up (shm jobs): registers for the sleepers' fences and decides whether
// flag writers may skip theirs. Every process of a job decides alike (threads against the machine's CPUs).
void set_up_asymmetric_fences(int threads);

// Whether a flag writer of this process may order its store and its load of the sleepers' count for the
// compiler only.
bool light_writer_fences();

// The sleeper's side: after counting itself, before reading the flag. A full fence on every running thread
// of the job when writers may skip theirs, else on this thread only.
void sleeper_fence();

}  // namespace pgas::rt
