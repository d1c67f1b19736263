// The transfers in flight behind upc_handle_t (pgas/upc_nb.h), shared by the UPC 1.3 non-blocking copies
// (nb.cpp) and the Berkeley strided transfers (strided.cpp).
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include "pgas/upc_nb.h"

// One non-blocking transfer: the remote step in flight (its target and token), and what is left to do
// once it is complete (`after_sync`), which may start a further step (a copy between two other threads'
// parts gets its source into `buffer`, then puts the buffer).
struct pgas_upc_nb_transfer {
  pgas_handle_t handle = 0;  // the step in flight: its target object and thread, and its token
  int thread = 0;
  pgas_token_t token = 0;
  std::vector<std::byte> buffer;     // what the transfer sends or receives on the caller's behalf
  std::vector<std::size_t> offsets;  // a vector transfer's element offsets
  std::function<void()> after_sync;  // work left once the step has completed (may start the next step)

  void started(pgas_handle_t target, int target_thread, pgas_token_t step) {
    handle = target;
    thread = target_thread;
    token = step;
  }
  // Moves the transfer on: waits for each step (`wait`) or only tests it; true once it is complete.
  bool advance(bool wait);
};

namespace pgas::detail {

// Files a started remote transfer: returns its handle, or files it under upc_synci when `implicit`
// (a complete implicit transfer is finished at once).
upc_handle_t file_transfer(std::unique_ptr<pgas_upc_nb_transfer> t, bool implicit);

}  // namespace pgas::detail
