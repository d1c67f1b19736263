// A conduit's own collective engine, which Collectives 2.0 (coll2/) uses instead of its shared-memory engine
// when the conduit offers one (Conduit::collectives(); the MPI conduit's runs each call as the MPI
// collective of the team's communicator, see mpi/mpi_coll2.hpp). Like conduit.hpp it depends on nothing
// else of libpgas: the calls arrive checked, with this thread's local buffer addresses.
#pragma once

#include <cstddef>
#include <cstdint>

#include "pgas/upccoll.h"

namespace pgas::rt {

// The collectives of pgas/upccoll.h 3.5 (the v forms are EngineCall::variable).
enum class TeamCollective : std::uint8_t {
  kBarrier,
  kBcast,
  kScatter,
  kGather,
  kAllgather,
  kAlltoall,
  kReduce,
  kAllreduce,
  kReduceScatter,
  kScan,
  kExscan
};

// Bytes of a buffer for one team rank (or for all): where they start in the buffer and how many.
struct EnginePiece {
  std::uint64_t offset;
  std::uint64_t bytes;
};

// inout[i] = in[i] op inout[i] for i < count: how the engine combines what its network library cannot
// (user operations, and predefined ones the library does not define for the type).
using CombineFunction = void (*)(upccoll_op_t op, upccoll_dtype_t dt, const void *in, void *inout,
                                 std::size_t count);

// One call on this thread, its arguments checked: the pieces are coll2's (operation.hpp), one for all
// ranks or one per rank (`variable`: the counts may differ per rank), none where this thread has no buffer.
struct EngineCall {
  TeamCollective kind = TeamCollective::kBarrier;
  bool variable = false;
  int root = 0;
  const void *send = nullptr;
  void *recv = nullptr;
  const EnginePiece *send_pieces = nullptr;
  std::size_t send_count = 0;
  const EnginePiece *recv_pieces = nullptr;
  std::size_t recv_count = 0;
  // The combining kinds: elements of type `dt` (`type_size` bytes) combined by `op`.
  upccoll_dtype_t dt = 0;
  std::size_t type_size = 0;
  upccoll_op_t op = 0;
  std::uint64_t count = 0;  // elements this thread receives (reduce, allreduce, reduce_scatter, scans)
  bool predefined = true;   // op is one of UPC_ADD ... UPC_MAXLOC, else a user operation
  bool commutative = true;
  CombineFunction combine = nullptr;
  // Published while the thread waits in the call, so that a thread that finished main can name it
  // (its number in the team and the runtime's CollectiveKind code of the function).
  std::uint64_t sequence = 0;
  std::uint32_t report_kind = 0;
};

class CollectiveEngine {
 protected:
  ~CollectiveEngine() = default;

 public:
  using Team = void *;  // the engine's object for a team
  using Request = std::uint64_t;

  virtual const char *name() const = 0;
  // Collective over the members of the parent team (every thread for team_all). team_split orders the new
  // ranks by key, then by parent rank, and gives this thread's new rank.
  virtual Team team_all() = 0;
  virtual Team team_split(Team parent, int color, int key, int *rank) = 0;
  virtual void team_free(Team team) = 0;
  // Whether the call's counts and displacements fit the network library's (else UPCCOLL_ERROR_SIZE).
  virtual bool fits(const EngineCall &call) = 0;
  // A blocking call: complete on return (the caller publishes it with waiting_in).
  virtual void run(Team team, const EngineCall &call) = 0;
  // A non-blocking call: the buffers stay the engine's until test returns true (the request is then gone).
  virtual Request start(Team team, const EngineCall &call) = 0;
  virtual bool test(Request request) = 0;
  // Every member sends `words` words to each other member and receives theirs: out and in hold `words` per
  // team rank (this member's own are unused). Point-to-point messages that no collective matches, received
  // in the order the members sent them. `*first` completes once the words of the members that `first_from`
  // marks (per team rank, nonzero) are in, `*rest` once every other message, sent or received, is done; the
  // buffers stay the engine's until test has returned true for both.
  virtual void exchange(Team team, const std::uint64_t *out, std::uint64_t *in, std::size_t words,
                        const char *first_from, Request *first, Request *rest) = 0;
  // The calling thread waits in `call` (published, or 0: no longer) for a thread that finished main.
  virtual void waiting_in(const EngineCall *call) = 0;
  // Whether the library runs the non-blocking calls itself (on its shared engine): true when the network
  // library's non-blocking collectives advance only while every member calls into it, and every member's
  // memory is in reach of loads and stores, so that the shared engine's calls advance without the others.
  virtual bool nonblocking_on_shared_engine() const = 0;
};

}  // namespace pgas::rt
