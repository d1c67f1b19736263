// The library's life cycle and completion management (pgas/upccoll.h 3.2, 3.3): initialization, the
// outstanding non-blocking calls of this thread, upccoll_test / wait / fence, finalization.
#include <algorithm>
#include <new>
#include <source_location>

#include "coll2/agreement.hpp"
#include "coll2/arguments.hpp"
#include "coll2/datatypes.hpp"
#include "coll2/engine.hpp"
#include "coll2/fast.hpp"
#include "coll2/finalize.hpp"
#include "coll2/signature.hpp"
#include "coll2/teams.hpp"
#include "conduit/active.hpp"
#include "errors.hpp"
#include "pgas/detail/api.hpp"
#include "runtime.hpp"

using namespace pgas::rt::coll2;

namespace pgas::rt::coll2 {
namespace {

bool g_initialized = false;
std::vector<Operation *> g_outstanding;  // this thread's calls with a handle or UPC_ASYNC_FENCE

Operation *outstanding_handle(upccoll_handle_t h) {
  const auto found = std::find(g_outstanding.begin(), g_outstanding.end(), static_cast<Operation *>(h));
  return found == g_outstanding.end() || (*found)->fenced ? nullptr : *found;
}

// While this thread has calls in flight, the others' completions may need its memory.
void outstand(Operation *op) {
  g_outstanding.push_back(op);
  if (g_outstanding.size() == 1) conduit().progress_in_background(true);
}

void retire(Operation *op) {
  std::erase(g_outstanding, op);
  free_operation(op);
  if (g_outstanding.empty()) conduit().progress_in_background(false);
}

}  // namespace

bool initialized() { return g_initialized; }

upccoll_return_t launch(Team &team, const Description &call, upccoll_handle_t *handle) {
  const bool fenced = (call.flags & UPC_ASYNC_FENCE) != 0;
  const bool blocks = blocking(call.flags, handle);
  Operation *op = nullptr;
  if (on_engine(call.kind, call.flags, blocks)) {
    try {  // the copy of the send data a call may need is private memory
      if (blocks) return engine_run(team, call) ? UPCCOLL_SUCCESS : UPCCOLL_ERROR_SIZE;
      if (!engine_fits(call)) return UPCCOLL_ERROR_SIZE;
      op = engine_start(team, call);
    } catch (const std::bad_alloc &) {
      return UPCCOLL_ERROR_MALLOC;
    }
  } else {
    if (!block_available(team, call)) return UPCCOLL_ERROR_MALLOC;
    op = initiate(team, call);
  }
  if (!blocks) {
    outstand(op);
    if (handle != nullptr) *handle = fenced ? UPCCOLL_INVALID_HANDLE : op;
    return UPCCOLL_SUCCESS;
  }
  complete(*op);
  free_operation(op);
  return UPCCOLL_SUCCESS;
}

upccoll_return_t refuse(Team &team, const Refused &call, upccoll_return_t error) {
  if (on_engine(call.kind, call.flags, blocking(call.flags, call.handle)))
    engine_refuse(team, call.kind, call.variable, error);
  else
    publish_signature(team, team.next_sequence++, refusal_signature(call.kind, call.variable, error));
  return error;
}

void complete_outstanding(const Team *team) {
  for (Operation *op : std::vector<Operation *>(g_outstanding))
    if (team == nullptr || op->team == team) {
      complete(*op);
      retire(op);
    }
}

}  // namespace pgas::rt::coll2

extern "C" {

upccoll_return_t upccoll_initialize(int *, char ***) {
  if (g_initialized) return UPCCOLL_ERROR;
  choose_engine();
  choose_fast_lane();
  create_team_all();
  g_initialized = true;
  return UPCCOLL_SUCCESS;
}

upccoll_return_t upccoll_finalize(void) {
  if (!g_initialized) return UPCCOLL_ERROR_UNINITIALIZED;
  complete_outstanding(nullptr);
  for (Team *team : live_teams()) settle_agreements(*team);  // calls refused here: the others' words
  meet_at_finalize();
  // Every thread has completed all its calls: after the runtime's barrier nobody reads a team's memory.
  pgas::detail::barrier(nullptr, std::source_location::current());
  // So every reader of this thread's last calls has read them: one that has not never will (the members
  // disagreed on the call, e.g. two roots of one broadcast each read by nobody); the job stops naming it.
  for (Team *team : live_teams())
    for (const Team::Slot &slot : team->slots)
      if (slot.held.sequence != 0 && (slot.held.inline_data || slot.held.block != 0))
        check_readers(*team, slot, true);
  destroy_all_teams();
  g_initialized = false;
  return UPCCOLL_SUCCESS;
}

int upccoll_test(upccoll_handle_t h) {
  Operation *op = g_initialized ? outstanding_handle(h) : nullptr;
  if (op == nullptr) return -UPCCOLL_ERROR_HANDLE;
  return progress(*op) ? 1 : 0;
}

void upccoll_wait(upccoll_handle_t h) {
  Operation *op = g_initialized ? outstanding_handle(h) : nullptr;
  if (op == nullptr)
    pgas::rt::fatal(
        "upccoll_wait: %p is not the handle of an outstanding collective of this thread (never "
        "returned, already waited for, or UPCCOLL_INVALID_HANDLE)",
        h);
  complete(*op);
  retire(op);
}

void upccoll_fence(void) {
  for (Operation *op : std::vector<Operation *>(g_outstanding))
    if (op->fenced) {
      complete(*op);
      retire(op);
    }
}

upccoll_return_t upccoll_op_create(upccoll_user_fun *function, int commute, upccoll_op_t *op) {
  if (!g_initialized) return UPCCOLL_ERROR_UNINITIALIZED;
  if (function == nullptr) return UPCCOLL_ERROR_UPC_OP;
  if (op == nullptr) return UPCCOLL_ERROR;
  // The shared engine combines in team rank order whatever the operation; the conduit's engine tells its
  // network library which operations it may reorder.
  *op = add_user_op(function, commute != 0);
  return UPCCOLL_SUCCESS;
}

upccoll_return_t upccoll_op_free(upccoll_op_t op) {
  if (!g_initialized) return UPCCOLL_ERROR_UNINITIALIZED;
  return remove_user_op(op) ? UPCCOLL_SUCCESS : UPCCOLL_ERROR_UPC_OP;
}

upccoll_return_t upccoll_type_size(upccoll_dtype_t dt, size_t *nbytes) {
  if (!g_initialized) return UPCCOLL_ERROR_UNINITIALIZED;
  if (nbytes == nullptr) return UPCCOLL_ERROR;
  const std::size_t bytes = type_size(dt);
  if (bytes == 0) return UPCCOLL_ERROR_DATATYPE;
  *nbytes = bytes;
  return UPCCOLL_SUCCESS;
}

}  // extern "C"
