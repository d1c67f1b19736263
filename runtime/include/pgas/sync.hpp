// Barriers (upc_barrier, split-phase upc_notify / upc_wait, with optional ids) and upc_fence.
//
// As statements they read like UPC: `upc_barrier;`, `upc_barrier(3);`, `upc_notify;`, `upc_wait(3);`,
// `upc_fence;`. Ids must agree across threads (a thread without an id matches any); a mismatch stops the job.
#pragma once

#include <cstdint>

#include "pgas/detail/api.hpp"
#include "pgas/shared_ref.hpp"

namespace pgas {

inline void barrier() { detail::barrier(nullptr); }
inline void barrier(std::int64_t id) { detail::barrier(&id); }
inline void notify() { detail::barrier_notify(nullptr); }
inline void notify(std::int64_t id) { detail::barrier_notify(&id); }
inline void wait() { detail::barrier_wait(nullptr); }
inline void wait(std::int64_t id) { detail::barrier_wait(&id); }

namespace detail {
// `upc_barrier;` creates one of these and destroys it at the end of the statement, which runs the barrier;
// `upc_barrier(id);` runs it with the id instead.
template <void (*Anonymous)(), void (*WithId)(std::int64_t)>
class sync_statement {
 public:
  sync_statement() = default;
  sync_statement(const sync_statement &) = delete;
  sync_statement &operator=(const sync_statement &) = delete;
  void operator()(std::int64_t id) {
    done_ = true;
    WithId(id);
  }
  ~sync_statement() {
    if (!done_) Anonymous();
  }

 private:
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
