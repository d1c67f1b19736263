// The MPI conduit's collective engine (conduit/collectives.hpp): a team is a communicator (MPI_Comm_dup of
// the job's, MPI_Comm_split of its parent's), a blocking call the blocking MPI collective on it and a
// non-blocking one the MPI_I* collective, completed by MPI_Test. Data-moving calls move MPI_BYTEs (a send
// and a receive type of different sizes need only agree in bytes); combining calls use the MPI type and
// operation of the upccoll type and operation, or an MPI_Op_create operation that calls the library's
// combiner where MPI has none (user operations, UPC_LOGAND / UPC_LOGOR on reals, pair types whose MPI
// layout differs from the C struct's). Calls in flight move while this process computes outside the
// library: MpiProgress's thread tests them (mpi_progress.hpp).
#pragma once

#include <mpi.h>

#include <cstdint>
#include <vector>

#include "conduit/collectives.hpp"
#include "conduit/conduit.hpp"
#include "conduit/mpi/mpi_progress.hpp"

namespace pgas::rt {

struct ControlBlock;

// The MPI type and operation of a combining call, as mpi_coll2_types.cpp chooses them.
struct MpiReduction {
  MPI_Datatype type;
  MPI_Op op;
};

// Reports a fatal error the runtime's way (the conduit's ConduitStartup::fatal, given once at start).
void mpi_coll2_set_fatal(void (*fatal)(const char *message));
[[noreturn]] void mpi_coll2_fatal(const char *message);

// The type and operation for `call` (types and operations made here live until finish_reductions).
MpiReduction mpi_reduction(const EngineCall &call);
void finish_reductions();

class MpiCollectives final : public CollectiveEngine {
 public:
  // `shared_memory`: every rank's data segment is in reach of this process's loads and stores.
  MpiCollectives(MPI_Comm world, ControlBlock *ctl, MpiProgress &progress, bool shared_memory)
      : world_(world), ctl_(ctl), progress_(progress), shared_memory_(shared_memory) {}
  ~MpiCollectives() = default;

  const char *name() const override { return "mpi"; }
  Team team_all() override;
  Team team_split(Team parent, int color, int key, int *rank) override;
  void team_free(Team team) override;
  bool fits(const EngineCall &call) override;
  void run(Team team, const EngineCall &call) override;
  Request start(Team team, const EngineCall &call) override;
  bool test(Request request) override;
  void exchange(Team team, const std::uint64_t *out, std::uint64_t *in, std::size_t words,
                const char *first_from, Request *first, Request *rest) override;
  void waiting_in(const EngineCall *call) override;
  // Open MPI's non-blocking collectives (libnbc) advance a round only inside an MPI call of each member.
  bool nonblocking_on_shared_engine() const override { return shared_memory_; }

 private:
  // A call in flight: its request and what MPI reads until it completes (the v forms' count arrays, rank
  // 0's scratch receive buffer of an exscan).
  struct Pending {
    MPI_Request request = MPI_REQUEST_NULL;
    std::vector<MPI_Request> exchange;  // an exchange's sends and receives (else empty)
    std::vector<int> counts[4];
    std::vector<unsigned char> scratch;
    const char *function = nullptr;
    MPI_Request *requests() { return exchange.empty() ? &request : exchange.data(); }
    int count() const { return exchange.empty() ? 1 : static_cast<int>(exchange.size()); }
  };
  // Issues the call's MPI collective: blocking (`pending` nullptr) or not.
  void issue(MPI_Comm comm, const EngineCall &call, Pending *pending);

  MPI_Comm world_;
  ControlBlock *ctl_;
  MpiProgress &progress_;  // every function that calls MPI holds it; it tests the calls in flight
  bool shared_memory_;
  // A blocking call's count arrays, reused from call to call (no construction or allocation per call).
  Pending blocking_;
};

}  // namespace pgas::rt
