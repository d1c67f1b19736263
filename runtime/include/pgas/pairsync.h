/* Pairwise and subset synchronization (Fessenden and Seidel, "Pairwise synchronization in UPC", MTU
 * CS-TR-04-01): two threads meet without involving any other, and barriers over any set of threads are
 * built from such meetings.
 *
 * pairsync(other) returns once `other` has called pairsync(MYTHREAD) as many times as the caller has called
 * pairsync(other): the k-th call of thread a with b meets the k-th call of b with a. It synchronizes exactly
 * those two threads: it writes one strict flag on the partner and reads one of its own, and wakes no other
 * thread. Like a barrier it is a strict access at entry and at exit: what a thread wrote before it is seen by
 * the partner after it. pairsync_lock_handshake(other) is the report's Figure 11, a handshake over a
 * THREADS x THREADS grid of UPC locks, kept as the reference (the test suite model-checks it with SPIN);
 * the two must not be mixed for one pair of threads.
 *
 * The barriers meet only among their members:
 *   upc_all_pairwise_barrier       the report's Figure 18 as written: thread 0 pairsyncs with every thread
 *                                  in turn, then with every thread again (linear)
 *   upc_all_pairwise_tree_barrier  every thread, over a tree (the report's future work, item 8)
 *   upc_subset_barrier             the threads listed, in any order (the caller must be one of them): the
 *                                  lowest numbered waits for every other to arrive, then releases them
 *   upc_subset_tree_barrier        the same over a tree of the members: a member waits for its children,
 *                                  arrives at its parent, waits for its release, then releases its children
 * Except Figure 18, each runs one pairsync per member split in its two halves (arrive, then wait), so a
 * member is woken once. Trees are binary while every thread has a CPU; when threads outnumber the CPUs a
 * tree is one level (each level would add a wake-up that waits for a time slice);
 * PGAS_PAIRSYNC_TREE_ARITY=k sets k children per node instead.
 * Members are sorted internally, so every member computes the same meetings whatever order its list has,
 * and barriers over overlapping subsets never deadlock as long as each thread calls them in an order its
 * peers agree with. A thread outside the subset is never delayed: nothing it waits for is touched.
 *
 * Collective matching (DESIGN section 3): none of these is a collective operation of the runtime. They carry
 * no collective kind and take no number in the team's sequence, so they neither satisfy nor are satisfied
 * by upc_barrier (a thread in upc_all_pairwise_barrier never meets a thread in upc_barrier), and they may
 * be called between upc_notify and upc_wait. Their meetings are matched per pair of threads instead: every
 * meeting carries a tag naming the operation (and, for a subset, its members), and meetings that do not
 * match stop the job.
 *
 * Misuse stops the job with exit status 70 and a message naming the thread: a partner out of range or the
 * caller itself (pairsync(MYTHREAD) has nothing to wait for, and the lock handshake would reuse its own
 * locks); a subset that is empty, lists a thread out of range or twice, or does not contain the caller;
 * meetings whose tags differ (thread a in pairsync(b) while b is in a barrier with a, or two threads in
 * barriers over different subsets); and, detected after some tens of milliseconds of waiting, a cycle of
 * threads each waiting for the next (0 waits for 1, 1 for 2, 2 for 0) and, on the shm conduit, a partner
 * that waits in a collective operation other than a barrier or that has finished main. A partner blocked
 * in upc_barrier is not reported (it may be between upc_notify and upc_wait and still come): that wait
 * ends only with the job's time limit.
 */
#ifndef PGAS_PAIRSYNC_H
#define PGAS_PAIRSYNC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#pragma GCC visibility push(default)

void pairsync(int other);
void pairsync_lock_handshake(int other);
void upc_all_pairwise_barrier(void);
void upc_all_pairwise_tree_barrier(void);
void upc_subset_barrier(const int *threads, size_t count);
void upc_subset_tree_barrier(const int *threads, size_t count);

#pragma GCC visibility pop

#ifdef __cplusplus
}

#include <initializer_list>

inline void upc_subset_barrier(std::initializer_list<int> threads) {
  upc_subset_barrier(threads.begin(), threads.size());
}
inline void upc_subset_tree_barrier(std::initializer_list<int> threads) {
  upc_subset_tree_barrier(threads.begin(), threads.size());
}
#endif

#endif /* PGAS_PAIRSYNC_H */
