// pairsync_lock_handshake(other): Figure 11 of the report, kept as the reference. prlock[i][j] is a UPC
// lock that thread j allocates and holds while idle ("each thread has its own column of locks"); thread j
// creates the locks of its column that it needs on first use (prlock[j][j] and prlock[other][j]) and
// publishes them in its lock_column flags, where the partner waits for them. The eight lock operations are
// exactly the figure's; tests/spin/ model-checks them.
#include <cstdint>

#include "conduit/active.hpp"
#include "pgas/locks.h"
#include "pgas/pairsync.h"
#include "runtime.hpp"
#include "sync/pairsync.hpp"
#include "sync/sync_flags.hpp"
#include "sync/sync_wait.hpp"

namespace pgas::rt {
namespace {

// prlock[row][MYTHREAD]: created (held by this thread) and published on first use.
upc_lock_t *own_lock(int row, int partner) {
  std::atomic<std::uint64_t> &slot = own_word(lock_column_word(row));
  if (std::uint64_t known = slot.load(std::memory_order_relaxed); known != 0)
    return reinterpret_cast<upc_lock_t *>(static_cast<std::uintptr_t>(known));
  upc_lock_t *lock = upc_global_lock_alloc();
  upc_lock(lock);
  slot.store(reinterpret_cast<std::uintptr_t>(lock));
  conduit().fence();  // network conduits: the partner's get sees it
  wake_peer(partner);
  return lock;
}

// prlock[row][column] of another thread's column, once that thread has published it.
upc_lock_t *peer_lock(int row, int column, WaitWatch &watch) {
  std::uint64_t lock = 0;
  const auto done = [&] { return (lock = read_word(column, lock_column_word(row))) != 0; };
  wait_for_peer(done, [&] { watch.check(done); });
  return reinterpret_cast<upc_lock_t *>(static_cast<std::uintptr_t>(lock));
}

std::uint64_t g_handshakes = 0;

}  // namespace
}  // namespace pgas::rt

extern "C" void pairsync_lock_handshake(int other) {
  using namespace pgas::rt;
  check_partner(other, "pairsync_lock_handshake");
  const int me = g_runtime.mythread;
  WaitWatch watch(other, ++g_handshakes, meeting_tag(MeetingKind::kLockHandshake));
  upc_lock_t *other_me = own_lock(other, other);             // prlock[other][MYTHREAD]
  upc_lock_t *me_me = own_lock(me, other);                   // prlock[MYTHREAD][MYTHREAD]
  upc_lock_t *me_other = peer_lock(me, other, watch);        // prlock[MYTHREAD][other]
  upc_lock_t *other_other = peer_lock(other, other, watch);  // prlock[other][other]
  watch.publish();
  upc_unlock(other_me);     // line 1
  upc_lock(me_other);       // line 2
  upc_unlock(me_me);        // line 3
  upc_lock(other_other);    // line 4
  upc_unlock(me_other);     // line 5
  upc_lock(other_me);       // line 6
  upc_unlock(other_other);  // line 7
  upc_lock(me_me);          // line 8
}
