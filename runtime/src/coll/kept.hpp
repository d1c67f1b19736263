// Scratch vectors kept from call to call, so that a collective call allocates nothing once running.
#pragma once

#include <cstddef>
#include <vector>

#include "runtime.hpp"

namespace pgas::rt::coll {

// A vector made once and never destroyed (the end of main is a collective too, run by an exit handler after
// the static objects made during main are gone), with room reserved at once for the most elements a call of
// this job puts in it: one per thread, or one per pair of threads when `per_pair`.
template <class T>
std::vector<T> &kept_vector(bool per_pair = false) {
  const auto threads = static_cast<std::size_t>(g_runtime.threads);
  auto *vector = new std::vector<T>();
  vector->reserve(per_pair ? threads * threads : threads);
  return *vector;
}

}  // namespace pgas::rt::coll
