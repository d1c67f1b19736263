// Call paths: an event's call site and the chain of its callers' sites (pgasrun --callers N), kept in the
// raw file's call path table as nodes (site, caller node), so that a helper called from several loops is
// told apart per calling line.
#pragma once

#include <cstdint>

#include "pgas/tracedb/raw_format.hpp"

namespace pgas::trace {

struct Attribution {
  std::uint32_t site;  // site slot (0: unknown, or call sites not recorded)
  std::uint32_t path;  // call path node of the site's callers (0: none)
};

// The site and callers of an event whose transport or synchronization call returns to `return_address`.
// Without callers, a call from user code costs a comparison (loops repeat their return address); a call
// from runtime code walks the stack to the user's frame, and then also keeps a few callers, so that the
// symbolizer can attribute a site in the dialect's headers to its first caller outside them.
Attribution attribute(tracedb::raw::File &file, std::uint64_t return_address);

}  // namespace pgas::trace
