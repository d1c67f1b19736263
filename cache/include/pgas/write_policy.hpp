// pgas::write_policy: how a cache combines the values racing threads write to one element (the policies of
// pgas/hpcstpf.h as a C++ enum). Its own header so that pgas-refactor, which names the policies on its
// command line and in the code it writes, uses the cache's enum without the runtime's headers.
#pragma once

#include "pgas/hpcstpf.h"

namespace pgas {

enum class write_policy {
  any = HPCSTPF_ANY,
  priority = HPCSTPF_PRIORITY,
  min = HPCSTPF_MIN,
  max = HPCSTPF_MAX,
  sum = HPCSTPF_SUM
};

}  // namespace pgas
