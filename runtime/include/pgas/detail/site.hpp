// "file:line" of a call in the user's program, recorded with each allocation (pgas_layout_t::site): the
// runtime names the allocation in error messages with it, and the tracer maps the object to its variable.
#pragma once

#include <source_location>
#include <string>

namespace pgas::detail {

inline std::string site_of(const std::source_location &loc) {
  return std::string(loc.file_name()) + ":" + std::to_string(loc.line());
}

}  // namespace pgas::detail
