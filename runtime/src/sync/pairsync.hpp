// Pairwise meetings (the engine of pgas/pairsync.h): the flag-based meeting, the tags that match meetings
// per pair of threads, and the watch that reports waits that can never end.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace pgas::rt {

// What a meeting is part of. Its tag (24 bits) is the kind and, for a subset, a hash of the members.
enum class MeetingKind : std::uint32_t {
  kPairsync = 1,
  kPairwiseBarrier = 2,
  kPairwiseTreeBarrier = 3,
  kSubsetBarrier = 4,
  kSubsetTreeBarrier = 5,
  kLockHandshake = 6,
};
std::uint32_t meeting_tag(MeetingKind kind, std::uint32_t members_hash = 0);
// How messages name a meeting with `partner` by its tag: "pairsync(3)", "upc_subset_barrier", ...
std::string describe_meeting(std::uint32_t tag, int partner);

// Stops the job unless `other` is a thread other than the caller; `operation` names the call.
void check_partner(int other, const char *operation);

// Meets `other`: returns once `other` has begun as many meetings with this thread as this thread has with
// it. Meetings with the same count must carry the same tag. A meeting has two halves, which barriers run
// apart: begin_meeting tells `other` that this thread has begun its next meeting with it (and returns that
// meeting's number), end_meeting waits until `other` has begun meeting number `count` too.
void meet(int other, std::uint32_t tag);
std::uint64_t begin_meeting(int other, std::uint32_t tag);
void end_meeting(int other, std::uint64_t count, std::uint32_t tag);
// The number the next meeting with `other` will have (to wait for it before beginning it).
std::uint64_t next_meeting(int other);

// A wait for `partner`'s meeting number `count`: check(done) publishes the wait (so that peers can see it)
// and stops the job if the wait can never end, unless done() (the wait's condition) has become true
// meanwhile; the destructor withdraws it.
class WaitWatch {
 public:
  WaitWatch(int partner, std::uint64_t count, std::uint32_t tag)
      : partner_(partner), count_(count), tag_(tag) {}
  WaitWatch(const WaitWatch &) = delete;
  WaitWatch &operator=(const WaitWatch &) = delete;
  ~WaitWatch();
  void check(const std::function<bool()> &done);
  // Publishes the wait at once (a wait that happens inside lock calls, which cannot check).
  void publish();

 private:
  int partner_;
  std::uint64_t count_;
  std::uint32_t tag_;
  bool published_ = false;
};

// Reports `message` as this thread's error once for the whole job, and exits.
[[noreturn]] void report_meeting_error(const std::string &message);

}  // namespace pgas::rt
