// The condition of a rewritten loop's header, `v < bound` or `v <= bound`, for owned_iterations: where a
// block of the layout ends within the loop's range (a row of a band), the iterations that remain are found
// by bisection instead of testing the condition at every one of them.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>

namespace pgas::refactored {

// `test(v)` is a built-in comparison `v < bound` or `v <= bound` of the iteration variable v (an integer)
// with a bound that the loop leaves unchanged and that computes nothing with effects: the only headers
// pgas-refactor rewrites. Converted to the two sides' common type (integer promotion, then the usual
// arithmetic conversions), values of v keep their order, except where a signed v converted to an unsigned
// type passes from negative to non-negative; so among ascending values of one sign the test holds for a
// prefix and fails for the rest.
template <class Test>
class loop_condition {
 public:
  explicit loop_condition(Test test) : test_(std::move(test)) {}
  template <std::integral Integer>
  bool operator()(Integer v) const {
    return test_(v);
  }

 private:
  Test test_;
};

template <class Candidate>
inline constexpr bool is_loop_condition = false;
template <class Test>
inline constexpr bool is_loop_condition<loop_condition<Test>> = true;

// Of the `count` values first + offset, first + offset + 1, ...: how many hold `condition` in a row from the
// first, with O(log count) tests; nothing when the values are not all of Integer's range or not of one sign
// (the caller then tests them one by one).
template <class Test, std::integral Integer>
std::optional<std::uint64_t> holding_prefix(const loop_condition<Test> &condition, Integer first,
                                            std::uint64_t offset, std::uint64_t count) {
  if (count == 0) return 0;
  std::uint64_t last_offset;
  Integer lo, hi;
  if (__builtin_add_overflow(offset, count - 1, &last_offset) || __builtin_add_overflow(first, offset, &lo) ||
      __builtin_add_overflow(first, last_offset, &hi) || std::cmp_less(lo, 0) != std::cmp_less(hi, 0))
    return std::nullopt;
  if (condition(hi)) return count;             // the whole block (a tile inside a row)
  if (!condition(lo)) return 0;                // none (a block past the row's end: another thread's rows)
  std::uint64_t held = 1, failed = count - 1;  // the values before `held` hold, the one at `failed` does not
  while (held < failed) {
    const std::uint64_t mid = held + (failed - held) / 2;
    if (condition(static_cast<Integer>(first + (offset + mid))))
      held = mid + 1;
    else
      failed = mid;
  }
  return held;
}

}  // namespace pgas::refactored
