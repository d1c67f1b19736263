// Checking a raw recorder file before the importer trusts any of its fields: a truncated, corrupt or
// hostile file must be refused by name, never read out of bounds.
#pragma once

#include <string>

#include "pgas/tracedb/raw_format.hpp"

namespace pgas::tracedb::raw {

// The most threads a raw file may claim (far above any real job; keeps arithmetic on it in range).
inline constexpr std::uint32_t kMaxThreads = 1u << 20;

// "" if every field the importer reads is in range; otherwise what is wrong, naming the field.
std::string first_problem(const File &file);

}  // namespace pgas::tracedb::raw
