// Running Collectives 2.0 calls on the conduit's collective engine (see engine.hpp).
#include "coll2/engine.hpp"

#include <cstdlib>
#include <cstring>

#include "coll/backoff.hpp"
#include "coll2/agreement.hpp"
#include "coll2/arguments.hpp"
#include "coll2/datatypes.hpp"
#include "coll2/roles.hpp"
#include "coll2/signature.hpp"
#include "coll2/transfer.hpp"
#include "collective_kind.hpp"
#include "conduit/active.hpp"
#include "errors.hpp"
#include "pgas/detail/api.hpp"
#include "pgas/sync_events.h"
#include "runtime.hpp"

namespace pgas::rt::coll2 {
namespace {

CollectiveEngine *g_engine = nullptr;
// Whether a profiler replaced remote_coll_recv (its public name is a weak alias of the empty default,
// pgas/transport.h): without one, report_received has nothing to report and skips its loop.
bool g_reporting = true;
// Whether the members compare each call before its collective (agreement.hpp; PGAS_COLL2_COMPARE).
bool g_compare = true;

// The call as the engine takes it, without its buffers.
EngineCall shape(std::uint64_t sequence, const Description &call) {
  EngineCall e;
  e.kind = call.kind;
  e.variable = call.variable;
  e.root = call.root;
  e.send_pieces = call.send.data();
  e.send_count = call.send.size();
  e.recv_pieces = call.recv.data();
  e.recv_count = call.recv.size();
  if (combining(call.kind)) {
    e.dt = call.dt;
    e.type_size = type_size(call.dt);
    e.op = call.op;
    e.count = call.count;
    e.predefined = !user_op(call.op);
    e.commutative = op_commutative(call.op);
    e.combine = apply;
  }
  e.sequence = sequence;
  e.report_kind = static_cast<std::uint32_t>(CollectiveKind::kUpccollCall);
  return e;
}

// Adds this thread's local buffer addresses to `e` (`send`, when given, is a copy of the send data).
void add_buffers(EngineCall &e, const Description &call, const void *send = nullptr) {
  if (!call.send.empty())
    e.send = send != nullptr ? send
             : call.send_local != nullptr
                 ? call.send_local
                 : pgas::detail::local_address(call.sendbuf.handle, call.sendbuf.offset, extent(call.send),
                                               "upccoll");
  if (!call.recv.empty())
    e.recv = call.recv_local != nullptr
                 ? call.recv_local
                 : pgas::detail::local_address(call.recvbuf.handle, call.recvbuf.offset, extent(call.recv),
                                               "upccoll");
}

EngineCall engine_call(std::uint64_t sequence, const Description &call, const void *send = nullptr) {
  EngineCall e = shape(sequence, call);
  add_buffers(e, call, send);
  return e;
}

// The bytes `call` copies out of its send buffer: a non-blocking call's send buffer is the user's again at
// initiation (pgas/upccoll.h), and a blocking call's may overlap its receive buffer.
bool needs_send_copy(const Description &call, bool blocking) {
  if (call.send.empty() || call.kind == Kind::kBcast) return false;  // a broadcast copies at initiation
  if (!blocking) return true;
  if (call.recv.empty() || call.sendbuf.handle != call.recvbuf.handle) return false;
  const std::uint64_t s = call.sendbuf.offset, r = call.recvbuf.offset;
  return s < r + extent(call.recv) && r < s + extent(call.send);
}

std::vector<unsigned char> send_copy(const Description &call) {
  const std::size_t bytes = extent(call.send);
  std::vector<unsigned char> copy(bytes);
  if (bytes == 0) return copy;  // e.g. an alltoallv whose counts are all 0: memcpy must not see nullptr
  std::memcpy(copy.data(),
              pgas::detail::local_address(call.sendbuf.handle, call.sendbuf.offset, bytes, "upccoll"), bytes);
  return copy;
}

// The bytes this thread received from each other member, reported through the transport seam when the call
// completes (pgas/transport.h, remote_coll_recv): the rows the shared engine's reads would have made.
void report_received(const Team &team, const Description &call) {
  if (!g_reporting || call.recv.empty()) return;
  for (int t = 0; t < team.size(); ++t) {
    if (t == team.rank || !reads_from(call.kind, team.rank, t, call.root, team.size())) continue;
    const Piece &to = call.recv.size() == 1 ? call.recv[0] : call.recv[static_cast<std::size_t>(t)];
    if (to.bytes > 0)
      remote_coll_recv(call.recvbuf.handle, team.members[static_cast<std::size_t>(t)],
                       call.recvbuf.offset + to.offset, to.bytes);
  }
}

}  // namespace

CollectiveEngine *chosen_engine() { return g_engine; }

void choose_engine() {
  g_reporting = &remote_coll_recv != &_remote_coll_recv;
  const char *compare = std::getenv("PGAS_COLL2_COMPARE");
  if (compare != nullptr && *compare != '\0' && std::strcmp(compare, "0") != 0 &&
      std::strcmp(compare, "1") != 0)
    fatal(
        "PGAS_COLL2_COMPARE=%s: 1 (the default) compares the members' calls on the conduit's engine, 0 does "
        "not",
        compare);
  g_compare = compare == nullptr || std::strcmp(compare, "0") != 0;
  CollectiveEngine *offered = conduit().collectives();
  const char *chosen = std::getenv("PGAS_COLL2_ENGINE");
  if (chosen == nullptr || *chosen == '\0') {
    g_engine = offered;
  } else if (std::strcmp(chosen, "shared") == 0) {
    g_engine = nullptr;
  } else if (offered != nullptr && std::strcmp(chosen, offered->name()) == 0) {
    g_engine = offered;
  } else {
    fatal("PGAS_COLL2_ENGINE=%s: the engines of this job are 'shared'%s%s%s", chosen,
          offered != nullptr ? " and '" : " (the ", offered != nullptr ? offered->name() : conduit().name(),
          offered != nullptr ? "'" : " conduit has no other)");
  }
}

bool on_engine(Kind kind, upccoll_flag_t flags, bool blocking) {
  if (g_engine == nullptr || (!blocking && g_engine->nonblocking_on_shared_engine())) return false;
  return kind == Kind::kBarrier || (flags & (UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC)) == 0;
}

bool engine_fits(const Description &call) { return g_engine->fits(shape(0, call)); }

bool engine_run(Team &team, const Description &call) {
  EngineCall e = shape(0, call);  // one shape for the size check and the call
  if (!g_engine->fits(e)) return false;
  // The copy before the call number: a call refused for memory takes its number in refuse().
  const std::vector<unsigned char> copy =
      needs_send_copy(call, true) ? send_copy(call) : std::vector<unsigned char>{};
  e.sequence = team.next_sequence++;
  const std::uint64_t signature = engine_signature(call, true);
  publish_signature(team, e.sequence, signature);
  pgas::sync_scope scope(PGAS_SYNC_team_collective, team.areas[0], call_name(call));
  g_engine->waiting_in(&e);
  if (g_compare) wait_for_agreement(team, agree(team, e.sequence, call, signature));
  if (!g_compare || call.kind != Kind::kBarrier) {  // comparing, the exchange was the barrier
    add_buffers(e, call, copy.empty() ? nullptr : copy.data());
    g_engine->run(team.engine, e);
  }
  g_engine->waiting_in(nullptr);
  report_received(team, call);
  return true;
}

Operation *engine_start(Team &team, const Description &call) {
  std::vector<unsigned char> copy =
      needs_send_copy(call, false) ? send_copy(call) : std::vector<unsigned char>{};
  const std::uint64_t s = team.next_sequence++;
  const std::uint64_t signature = engine_signature(call, false);
  publish_signature(team, s, signature);
  Operation *op = new_operation(team, s, call, false, false);
  op->engine = true;
  op->send_copy = std::move(copy);
  // Issued at once, so that the others' completions wait only for this initiation (the proposal's
  // section 2.5); comparing, it completes once its exchange agrees too (agreement.hpp).
  if (g_compare) agree(team, s, op->call, signature).waiter = op;
  op->agreed = !g_compare;
  if (!g_compare || op->call.kind != Kind::kBarrier)  // comparing, the exchange is the barrier
    op->request = g_engine->start(
        team.engine, engine_call(s, op->call, op->send_copy.empty() ? nullptr : op->send_copy.data()));
  return op;
}

void engine_refuse(Team &team, Kind kind, bool variable, upccoll_return_t error) {
  const std::uint64_t s = team.next_sequence++;
  publish_signature(team, s, refusal_signature(kind, variable, error));
  if (g_compare) agree_on_refusal(team, s, kind, variable, error);
}

namespace {

// A wait in `op` found nothing for a while: is a member never coming, or in another call? The exchanges of
// the team's queue (`op`'s among them until it agrees; once it has, every member made it), or without them
// (PGAS_COLL2_COMPARE=0) `op`'s members by their slots.
void check_waiting(const Operation &op) {
  const Team &team = *op.team;
  if (g_compare) return check_agreements(team);
  for (int t = 0; t < team.size(); ++t)
    if (t != team.rank)
      check_member(team, t, op.sequence, engine_signature(op.call, false), call_name(op.call));
}

}  // namespace

void complete_on_engine(Operation &op) {
  const EngineCall published = shape(op.sequence, op.call);
  g_engine->waiting_in(&published);
  RareChecks checks;
  for (coll::Backoff backoff; !engine_progress(op); backoff.pause())
    if (checks.due(backoff)) check_waiting(op);
  g_engine->waiting_in(nullptr);
}

bool engine_progress(Operation &op) {
  if (op.complete) return true;
  if (!op.agreed && (advance_agreements(*op.team), !op.agreed)) return false;
  if (op.request != 0 && !g_engine->test(op.request)) return false;
  op.complete = true;
  op.send_copy = {};
  report_received(*op.team, op.call);
  return true;
}

}  // namespace pgas::rt::coll2
