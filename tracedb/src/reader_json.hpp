// Internal to the reader: run.arguments is a JSON array of strings.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pgas::tracedb::detail {

// The strings of a JSON array of strings, or nothing if `text` is not one.
std::optional<std::vector<std::string>> parse_string_array(std::string_view text);

}  // namespace pgas::tracedb::detail
