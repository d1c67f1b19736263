/* Figure 11 of Fessenden and Seidel, "Pairwise synchronization in UPC": the lock handshake of
 * pairsync_lock_handshake (runtime/src/sync/pairsync_locks.cpp), for N threads (2 or 3, -DN=...) that each
 * meet every other thread ROUNDS times, partners in increasing order (as the subset barriers do).
 *
 * prlock[i][j] is lk[L(i,j)], the number of the thread holding it or FREE; thread j holds its column at the
 * start. A UPC lock is acquired only when free, and only its holder may release it (asserted).
 *
 * Properties checked by SPIN's safety run:
 *   - synchronization: when a thread leaves its k-th meeting with a partner, the partner has begun its k-th
 *     meeting with it (the assertion after the eight lines);
 *   - no deadlock: every run ends with every thread at its end (SPIN's invalid end states).
 *
 * Mutants (tests/spin/CMakeLists.txt checks that SPIN finds their violation):
 *   -DMUTANT_EARLY     lines 2 and 4 try the lock (upc_lock_attempt) instead of waiting for it, and lines 5
 *                      and 7 release only what was acquired: a thread can leave before its partner arrives;
 *   -DMUTANT_DEADLOCK  lines 1 and 2 swapped: each thread waits for its partner's unlock before its own.
 */
#ifndef N
#define N 2
#endif
#ifndef ROUNDS
#define ROUNDS 2
#endif
#define FREE 255
#define L(i, j) ((i) * N + (j))

byte lk[N * N];
byte begun[N * N]; /* begun[L(i,j)]: meetings thread i began with thread j */

inline lock(l) {
  atomic { lk[l] == FREE -> lk[l] = me }
}
inline unlock(l) {
  assert(lk[l] == me);
  lk[l] = FREE
}
/* upc_lock_attempt: sets got to whether the lock was acquired */
inline attempt(l, got) {
  atomic {
    if
    :: lk[l] == FREE -> lk[l] = me; got = 1
    :: else -> got = 0
    fi
  }
}

inline pairsync(other) {
  begun[L(me, other)]++;
#if defined(MUTANT_DEADLOCK)
  lock(L(me, other));     /* line 2 */
  unlock(L(other, me));   /* line 1 */
#elif defined(MUTANT_EARLY)
  unlock(L(other, me));   /* line 1 */
  attempt(L(me, other), got2);
#else
  unlock(L(other, me));   /* line 1 */
  lock(L(me, other));     /* line 2 */
#endif
  unlock(L(me, me));      /* line 3 */
#if defined(MUTANT_EARLY)
  attempt(L(other, other), got4);
  if :: got2 -> unlock(L(me, other)) :: else -> skip fi;
  lock(L(other, me));
  if :: got4 -> unlock(L(other, other)) :: else -> skip fi;
#else
  lock(L(other, other));  /* line 4 */
  unlock(L(me, other));   /* line 5 */
  lock(L(other, me));     /* line 6 */
  unlock(L(other, other)); /* line 7 */
#endif
  lock(L(me, me));        /* line 8 */
  assert(begun[L(other, me)] >= begun[L(me, other)])
}

proctype Thread(byte me) {
  byte round = 0, other;
  bit got2, got4;
  do
  :: round < ROUNDS ->
    other = 0;
    do
    :: other < N ->
      if
      :: other != me -> pairsync(other)
      :: else -> skip
      fi;
      other++
    :: else -> break
    od;
    round++
  :: else -> break
  od
}

init {
  byte i, j;
  atomic {
    for (i : 0 .. N - 1) {
      for (j : 0 .. N - 1) {
        lk[L(i, j)] = j
      }
    }
    for (i : 0 .. N - 1) {
      run Thread(i)
    }
  }
}
