// The transfers in flight behind upc_handle_t (pgas/upc_nb.h), shared by the UPC 1.3 non-blocking copies
// (nb.cpp), the Berkeley strided transfers (strided.cpp) and list transfers (list_transfers.cpp).
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include "pgas/upc_nb.h"

// One non-blocking transfer: the remote step in flight (its target and token), and what is left to do
// once it is complete (`after_sync`), which may start a further step (a copy between two other threads'
// parts gets its source into `buffer`, then puts the buffer), and the transfers it is made of (`parts`: the
// pieces of a list transfer, an access region's transfers), complete when all of them are.
struct pgas_upc_nb_transfer {
  pgas_handle_t handle = 0;  // the step in flight: its target object and thread, and its token
  int thread = 0;
  pgas_token_t token = 0;
  std::vector<std::byte> buffer;     // what the transfer sends or receives on the caller's behalf
  std::vector<std::size_t> offsets;  // a vector transfer's element offsets
  std::function<void()> after_sync;  // work left once the step has completed (may start the next step)
  std::vector<std::unique_ptr<pgas_upc_nb_transfer>> parts;

  void started(pgas_handle_t target, int target_thread, pgas_token_t step) {
    handle = target;
    thread = target_thread;
    token = step;
  }
  // Moves the transfer on: waits for each step (`wait`) or only tests it; true once it is complete.
  bool advance(bool wait);
};

namespace pgas::detail {

// Files a started remote transfer: returns its handle, or files it under upc_synci (or the open access
// region) when `implicit`; a complete implicit transfer is finished at once, nullptr is a complete one.
upc_handle_t file_transfer(std::unique_ptr<pgas_upc_nb_transfer> t, bool implicit);

// The transfers behind the upc_mem*_nb calls, started but not filed: nullptr when the part with affinity
// to the caller was copied at once (or n is 0). `operation` names the call in error messages.
std::unique_ptr<pgas_upc_nb_transfer> begin_memget(void *dst, gaddr src, std::size_t n,
                                                   const char *operation);
std::unique_ptr<pgas_upc_nb_transfer> begin_memput(gaddr dst, const void *src, std::size_t n,
                                                   const char *operation);
std::unique_ptr<pgas_upc_nb_transfer> begin_memset(gaddr dst, int c, std::size_t n, const char *operation);
std::unique_ptr<pgas_upc_nb_transfer> begin_memcpy(gaddr dst, gaddr src, std::size_t n,
                                                   const char *operation);

}  // namespace pgas::detail
