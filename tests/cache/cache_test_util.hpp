// Element types, index patterns and reference values shared by the cache tests.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <pgas/upc.hpp>
#include <random>
#include <string>
#include <vector>

namespace cache_test {

struct record {
  int id;
  double weight;
  char tag[4];
  friend bool operator==(const record &, const record &) = default;
};

// The value element i holds after fill(): distinct per index and per type.
template <class T>
T value_of(std::size_t i) {
  if constexpr (std::is_same_v<T, record>)
    return {static_cast<int>(i), -1.5 * static_cast<double>(i), {'r', static_cast<char>('a' + i % 26), 0, 0}};
  else
    return static_cast<T>(7 * i + 1) + static_cast<T>(i % 2 ? 0.25 : 0.5);
}

// Collective: every thread writes value_of(i) to its own elements.
template <class T, auto... Spec>
void fill(const pgas::shared_array<T, Spec...> &a) {
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a.locate(i).thread == MYTHREAD) a[i] = value_of<T>(i);
  upc_barrier;
}

// The element types the typed suites run with.
using ElementTypes = testing::Types<int, double, record>;

enum class pattern { uniform, skewed, all_local, all_remote, duplicates };
inline const pattern kPatterns[] = {pattern::uniform, pattern::skewed, pattern::all_local,
                                    pattern::all_remote, pattern::duplicates};
inline std::string name(pattern p) {
  const char *names[] = {"uniform", "skewed", "all_local", "all_remote", "duplicates"};
  return names[static_cast<int>(p)];
}

// `count` indices of `a` drawn with pattern p, different on every thread. all_local (all_remote) yields
// fewer when this thread holds no (only) elements.
template <class T>
std::vector<std::size_t> indices(const pgas::shared_array<T> &a, pattern p, std::size_t count) {
  std::mt19937_64 rng(1234 + 17 * static_cast<unsigned>(MYTHREAD) + static_cast<unsigned>(p));
  std::uniform_int_distribution<std::size_t> any(0, a.size() - 1);
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<std::size_t> out;
  for (std::size_t tries = 0; out.size() < count && tries < 50 * count; ++tries) {
    std::size_t i = any(rng);
    bool local = a.locate(i).thread == MYTHREAD;
    switch (p) {
      case pattern::uniform:
        break;
      case pattern::skewed:
        i = static_cast<std::size_t>(static_cast<double>(a.size()) * std::pow(unit(rng), 4));
        break;
      case pattern::all_local:
        if (!local) continue;
        break;
      case pattern::all_remote:
        if (local) continue;
        break;
      case pattern::duplicates:
        i = (i % 5) * 3;
        break;
    }
    out.push_back(i);
  }
  return out;
}

}  // namespace cache_test
