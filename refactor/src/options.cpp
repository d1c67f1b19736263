#include "options.hpp"

#include <array>
#include <utility>

namespace pgas::refactor {

namespace {

constexpr std::array<std::pair<write_policy, const char *>, 5> kPolicies = {
    {{write_policy::any, "any"},
     {write_policy::priority, "priority"},
     {write_policy::min, "min"},
     {write_policy::max, "max"},
     {write_policy::sum, "sum"}}};

}  // namespace

std::string policy_name(write_policy policy) {
  for (const auto &[value, name] : kPolicies)
    if (value == policy) return name;
  return "any";  // unreachable: every enumerator is listed
}

std::optional<write_policy> parse_policy(const std::string &name) {
  for (const auto &[value, spelling] : kPolicies)
    if (name == spelling) return value;
  return std::nullopt;
}

}  // namespace pgas::refactor
