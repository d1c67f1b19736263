// Berkeley UPC's list transfers and access regions (its strided transfers are in pgas/bupc_strided.h):
//  - vector lists, bupc_mem{cpy,get,put}_vlist: regions of any length, bupc_pmemvec_t for private memory
//    and bupc_smemvec_t for shared; the source regions' bytes, in list order, fill the destination
//    regions in list order, so the two lists must describe the same number of bytes;
//  - indexed lists, bupc_mem{cpy,get,put}_ilist: the same with one region length per list;
//  - the _async forms of both, returning a bupc_handle_t (the upc_handle_t of pgas/upc_nb.h);
//  - access regions: the implicit-handle transfers a thread starts between bupc_begin_accessregion and
//    bupc_end_accessregion complete together, through the one handle the end returns (upc_synci does
//    not wait for them). Regions do not nest.
// As with upc_memget, each shared region lies in one thread's part. The pieces a list transfer is cut
// into (where a region of either list ends) each move as a non-blocking transfer of their own, so regions
// on different threads move at the same time; the blocking forms wait for all of them.
#pragma once

#include <cstddef>
#include <vector>

#include "pgas/bupc_strided.h"
#include "pgas/detail/api.hpp"
#include "pgas/global_ptr.hpp"
#include "pgas/memory.hpp"
#include "pgas/upc_nb.h"

struct bupc_pmemvec_t {
  void *addr;
  std::size_t len;
};
struct bupc_smemvec_t {
  pgas::global_ptr<void> addr;
  std::size_t len;
};

#pragma GCC visibility push(default)
namespace pgas::detail {
// One region of a list transfer's side: `bytes` at the shared address `shared`, or at `local`.
struct list_region {
  bool is_shared;
  gaddr shared;
  std::byte *local;  // written only when the region is a destination
  std::size_t bytes;
};
using list_side = std::vector<list_region>;

upc_handle_t list_transfer(const list_side &dst, const list_side &src, bool async, const char *operation);
void begin_access_region();
upc_handle_t end_access_region();

inline list_region region_at(const void *p, std::size_t bytes) {
  return {false, {}, static_cast<std::byte *>(const_cast<void *>(p)), bytes};
}
inline list_region region_at(const global_ptr<const void> &p, std::size_t bytes) {
  return {true, address_of(p), nullptr, bytes};
}
// A vector list (entries with .addr and .len) and an indexed list (addresses, `bytes` each).
template <class Entry>
list_side vector_side(std::size_t count, const Entry list[]) {
  list_side side;
  for (std::size_t k = 0; k < count; ++k) side.push_back(region_at(list[k].addr, list[k].len));
  return side;
}
template <class Address>
list_side indexed_side(std::size_t count, const Address list[], std::size_t bytes) {
  list_side side;
  for (std::size_t k = 0; k < count; ++k) side.push_back(region_at(list[k], bytes));
  return side;
}
}  // namespace pgas::detail
#pragma GCC visibility pop

// Each NAME is a blocking bupc_NAME and a bupc_NAME_async, with the same parameters: a vector list of
// DST entries from one of SRC entries, or an indexed list of DST addresses from one of SRC addresses.
#define PGAS_BUPC_LIST_TRANSFER(NAME, PARAMETERS, DST, SRC)                                           \
  inline void bupc_##NAME PARAMETERS { pgas::detail::list_transfer(DST, SRC, false, "bupc_" #NAME); } \
  inline bupc_handle_t bupc_##NAME##_async PARAMETERS {                                               \
    return pgas::detail::list_transfer(DST, SRC, true, "bupc_" #NAME "_async");                       \
  }
#define PGAS_BUPC_VECTOR_TRANSFER(NAME, DST, SRC)                                                   \
  PGAS_BUPC_LIST_TRANSFER(                                                                          \
      NAME, (std::size_t dstcount, const DST dstlist[], std::size_t srccount, const SRC srclist[]), \
      pgas::detail::vector_side(dstcount, dstlist), pgas::detail::vector_side(srccount, srclist))
#define PGAS_BUPC_INDEXED_TRANSFER(NAME, DST, SRC)                                         \
  PGAS_BUPC_LIST_TRANSFER(NAME,                                                            \
                          (std::size_t dstcount, DST const dstlist[], std::size_t dstlen,  \
                           std::size_t srccount, SRC const srclist[], std::size_t srclen), \
                          pgas::detail::indexed_side(dstcount, dstlist, dstlen),           \
                          pgas::detail::indexed_side(srccount, srclist, srclen))
PGAS_BUPC_VECTOR_TRANSFER(memcpy_vlist, bupc_smemvec_t, bupc_smemvec_t)
PGAS_BUPC_VECTOR_TRANSFER(memput_vlist, bupc_smemvec_t, bupc_pmemvec_t)
PGAS_BUPC_VECTOR_TRANSFER(memget_vlist, bupc_pmemvec_t, bupc_smemvec_t)
PGAS_BUPC_INDEXED_TRANSFER(memcpy_ilist, pgas::global_ptr<void>, pgas::global_ptr<const void>)
PGAS_BUPC_INDEXED_TRANSFER(memput_ilist, pgas::global_ptr<void>, const void *)
PGAS_BUPC_INDEXED_TRANSFER(memget_ilist, void *, pgas::global_ptr<const void>)
#undef PGAS_BUPC_INDEXED_TRANSFER
#undef PGAS_BUPC_VECTOR_TRANSFER
#undef PGAS_BUPC_LIST_TRANSFER

inline void bupc_begin_accessregion() { pgas::detail::begin_access_region(); }
inline bupc_handle_t bupc_end_accessregion() { return pgas::detail::end_access_region(); }
