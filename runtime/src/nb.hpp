// The transfers in flight behind upc_handle_t (pgas/upc_nb.h), shared by the UPC 1.3 non-blocking copies
// (nb.cpp) and the Berkeley strided transfers (strided.cpp).
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include "pgas/upc_nb.h"

struct pgas_upc_nb_transfer {
  pgas_token_t token = 0;
  std::vector<std::byte> buffer;     // what the transfer sends or receives on the caller's behalf
  std::vector<std::size_t> offsets;  // a vector transfer's element offsets
  std::function<void()> after_sync;  // work left once the data has arrived (unpacking a strided get)
};

namespace pgas::detail {

// Files a started remote transfer: returns its handle, or files it under upc_synci when `implicit`
// (a complete implicit transfer is finished at once).
upc_handle_t file_transfer(std::unique_ptr<pgas_upc_nb_transfer> t, bool implicit);

}  // namespace pgas::detail
