// The data-moving engine of the collectives: one interface, over the transport seam, for every collective
// library of the runtime (the UPC 1.2 collectives of pgas/upc_collective.h, and any later library with
// teams or non-blocking calls).
//
// A collective call is a Call: it is started (sequence number, published record, the IN synchronization),
// runs its moves (the block transfers this thread performs, each touching the data of one peer), and is
// finished (the OUT synchronization). The synchronization follows the call's SyncMode:
//   IN  kAll: a barrier phase of the runtime, then the arguments are compared with thread 0's.
//   IN  kMy:  a move waits until its peer has started the call (the peer's record, or with the `vector`
//             variant the peer's announcement in this thread's arrival vector; the record is compared).
//   OUT kMy:  after its moves to a peer, a thread sets the peer's done flag for the call; a thread returns
//             once every thread that touches its data has set its flag (with the `tree` variant, a call
//             where all threads touch one root's data sets the flags of a binary tree rooted there).
//   OUT kAll: a barrier phase of the runtime.
// A relocalization of small blocks whose OUT is MYSYNC or NOSYNC is staged instead (the `eager` variant,
// the default but where stages_by_default says not; coll/staging.hpp): each holder copies its blocks into its
// own staging area and returns, each receiver copies them from there once they are staged; nobody waits for
// anything but its own data. A staged call repeating its relocalization's last validated arguments skips the
// Call altogether (coll/lean.hpp). Moves go through upc_memget / upc_memput / upc_memcpy's paths, hence
// through the transport functions for remote data, which a profiler attributes to the user's call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <source_location>
#include <span>
#include <vector>

#include "coll/flags.hpp"
#include "coll/matching.hpp"
#include "coll/variant.hpp"
#include "collective.hpp"
#include "pgas/detail/api.hpp"

namespace pgas::rt::coll {

enum class Sync : std::uint8_t { kNo, kMy, kAll };
struct SyncMode {
  Sync in = Sync::kAll;
  Sync out = Sync::kAll;
};

// The digest by which a pointer argument is compared across threads (inline: every call digests two or
// three pointers).
inline std::uint64_t digest(const detail::gaddr &address) {
  return mix_word(
      0, fold_word(fold_word(fold_word(0, address.handle), static_cast<std::uint64_t>(address.thread)),
                   address.offset));
}

// One transfer of `bytes`, run by this thread, touching `peer`'s data (this thread's own for a local copy):
// shared to shared, shared to the private buffer `to`, or the private buffer `from` to shared.
struct Move {
  int peer;
  std::size_t bytes;
  detail::gaddr src{};
  detail::gaddr dst{};
  void *to = nullptr;
  const void *from = nullptr;
};

// A block of a relocalization: `bytes` from src to dst (both shared); its mover is given by the direction.
struct Block {
  detail::gaddr src;
  detail::gaddr dst;
  std::size_t bytes;
};

inline bool same_address(const detail::gaddr &a, const detail::gaddr &b) {
  return a.handle == b.handle && a.thread == b.thread && a.offset == b.offset;
}

class Call {
 public:
  Call(CollectiveKind kind, std::source_location where, SyncMode mode, std::initializer_list<Arg> args);
  // A started call is a collective event of the synchronization seam until it is destroyed.
  ~Call();
  Call(const Call &) = delete;
  Call &operator=(const Call &) = delete;

  const char *name() const { return collective_kind_name(me_.call.kind); }
  const SyncMode &mode() const { return mode_; }

  // An argument this thread can see is wrong (the same on every thread, since arguments are
  // single-valued): one thread reports it, naming the call; the job ends with status 70.
  [[noreturn]] void fail(const char *format, ...) const __attribute__((format(printf, 2, 3)));

  // Takes the call's sequence number, publishes its record and runs the IN synchronization; with
  // `compare_now` false, leaves the comparison with thread 0's record to move_blocks (a staged call
  // compares last: each staged block is checked by its holder's digest, and the read of thread 0's record
  // is then off the path between holders and receivers).
  void start(bool compare_now = true);
  // IN kMy with the `vector` variant: tells the threads that will wait for this one (those that touch its
  // data) that it has started the call. Called after start, before run.
  void announce_to(std::span<const int> waiters);
  // Runs `moves` (grouped by peer, a peer's group as soon as the peer may be touched, in arrival order);
  // with `release`, tells each peer once its group is done (OUT kMy).
  void run(std::span<const Move> moves, bool release = true);
  // OUT kMy: tells `peers` that this thread is done with their data (after runs without `release`).
  void release(std::span<const int> peers);
  // Posts this thread's partial value of the call (at most 16 bytes) for other threads to receive.
  void post(const void *value, std::size_t bytes);
  // `peer`'s partial value of the call, once posted.
  void receive(int peer, void *value, std::size_t bytes);
  // The OUT synchronization: `touched_by` are the threads that access this thread's data in the call.
  void finish(std::span<const int> touched_by);
  // The OUT synchronization of a call in which any thread may touch any thread's data and the runtime
  // scratch it lent to the others (upc_all_sort): OUT kAll is a barrier phase; otherwise each thread tells
  // every other that it is done, and with OUT kMy returns once every other has told it. With OUT kNo it
  // returns at once: its scratch may be freed after wait_all_done(sequence()).
  void finish_all_to_all();
  std::uint64_t sequence() const { return me_.sequence; }
  // Waits until every other thread has told this one that it is done with call `sequence`.
  static void wait_all_done(std::uint64_t sequence);

  // Runs this thread's blocks of a relocalization in `direction` and finishes (after start).
  void move_blocks(std::span<const Block> blocks, Direction direction);

  // Names the call's variant in messages ("upc_all_reduce (upc_all_reduceI) at prog.cpp:12").
  void name_variant(const char *variant) { me_.call.operation = variant; }

 protected:
  void set_mode(SyncMode mode) { mode_ = mode; }

 private:
  bool peer_ready(int peer);
  // Whether this call has compared `peer`'s record (its own always counts as compared).
  bool checked(int peer) const;
  void check_record(int peer);
  void wait_done(int peer);
  // OUT kMy of a call where every other thread touches `root`'s data and nothing else: a binary tree of
  // done flags rooted at `root` (after this thread's moves).
  void finish_tree(int root);
  // Moves a relocalization's blocks through the holders' staging areas (coll/staging.hpp) and finishes,
  // if the call may be staged (its blocks are small, its OUT is not ALLSYNC); false, having done nothing,
  // if not. Defined in engine_staged.cpp.
  bool move_staged(std::span<const Block> blocks);

  // Compares the call with thread 0's record if start left it to later.
  void compare_with_leader();

  Published me_;
  SyncMode mode_;
  bool compare_pending_ = false;
  bool started_ = false;
};

// Checks that [address, address + bytes) lies in one thread's part of its object; `what` names it.
void check_extent(const Call &call, const char *what, const detail::gaddr &address, std::size_t bytes);

}  // namespace pgas::rt::coll
