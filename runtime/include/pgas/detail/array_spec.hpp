// shared_array's optional template arguments: shared_array<T> and shared_array<T, strict> carry the blocking
// factor as a run-time value; shared_array<T, 17> and shared_array<T, 17, strict> make it part of the type
// (UPC's shared [17] T x[n]), like their pointers (global_ptr<T, 17>).
#pragma once

#include <cstddef>
#include <type_traits>

#include "pgas/detail/global_ptr_fwd.hpp"
#include "pgas/shared_ref.hpp"

namespace pgas::detail {

template <auto BlockOrMode, auto TypedMode>
struct array_spec {
  static constexpr bool typed_block = std::is_integral_v<decltype(BlockOrMode)>;
  static_assert(typed_block || std::is_same_v<decltype(BlockOrMode), consistency>,
                "shared_array<T, X>: X is a blocking factor (an integer) or pgas::relaxed / pgas::strict");
  static_assert(std::is_same_v<decltype(TypedMode), consistency>,
                "shared_array<T, B, X>: X is pgas::relaxed or pgas::strict");
  static constexpr std::size_t block = [] {
    if constexpr (typed_block) {
      static_assert(BlockOrMode >= 0, "a blocking factor is not negative");
      return static_cast<std::size_t>(BlockOrMode);
    } else {
      return dynamic_block;
    }
  }();
  static constexpr consistency mode = [] {
    if constexpr (typed_block) {
      return TypedMode;
    } else {
      static_assert(TypedMode == consistency::relaxed, "shared_array<T, mode, mode>: give the mode once");
      return BlockOrMode;
    }
  }();
};

}  // namespace pgas::detail
