// Barriers (upc_barrier, split-phase upc_notify / upc_wait, with optional ids) and upc_fence.
//
// As statements they read like UPC: `upc_barrier;`, `upc_barrier(3);`, `upc_notify;`, `upc_wait(3);`,
// `upc_fence;`. Ids must agree across threads (a thread without an id matches any); a mismatch stops the job.
#pragma once

#include <cstdint>
#include <source_location>

#include "pgas/detail/api.hpp"
#include "pgas/shared_ref.hpp"

namespace pgas {

// `where` names the statement in the message of a collective mismatch (a thread that skipped a barrier).
inline void barrier(std::source_location where = std::source_location::current()) {
  detail::barrier(nullptr, where);
}
inline void barrier(std::int64_t id, std::source_location where = std::source_location::current()) {
  detail::barrier(&id, where);
}
inline void notify(std::source_location where = std::source_location::current()) {
  detail::barrier_notify(nullptr, where);
}
inline void notify(std::int64_t id, std::source_location where = std::source_location::current()) {
  detail::barrier_notify(&id, where);
}
inline void wait(std::source_location = std::source_location::current()) { detail::barrier_wait(nullptr); }
inline void wait(std::int64_t id, std::source_location = std::source_location::current()) {
  detail::barrier_wait(&id);
}

namespace detail {
// `upc_barrier;` creates one of these and destroys it at the end of the statement, which runs the barrier;
// `upc_barrier(id);` runs it with the id instead. Its source location is where the macro is written.
template <void (*Anonymous)(std::source_location), void (*WithId)(std::int64_t, std::source_location)>
class sync_statement {
 public:
  sync_statement(std::source_location where = std::source_location::current()) : where_(where) {}
  sync_statement(const sync_statement &) = delete;
  sync_statement &operator=(const sync_statement &) = delete;
  void operator()(std::int64_t id) {
    done_ = true;
    WithId(id, where_);
  }
  ~sync_statement() {
    if (!done_) Anonymous(where_);
  }

 private:
  std::source_location where_;
  bool done_ = false;
};
}  // namespace detail

}  // namespace pgas

#define upc_barrier \
  ::pgas::detail::sync_statement<::pgas::barrier, ::pgas::barrier> {}
#define upc_notify \
  ::pgas::detail::sync_statement<::pgas::notify, ::pgas::notify> {}
#define upc_wait \
  ::pgas::detail::sync_statement<::pgas::wait, ::pgas::wait> {}
#define upc_fence ::pgas::fence()
