// What the samples that use the Collectives 2.0 library (pgas/upccoll.h) share: the library initialized for
// the program's run, calls whose failure stops the job naming them, and buffers in the calling thread's
// shared memory (a collective reads and writes only buffers with affinity to the caller).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <pgas/upc.hpp>
#include <span>

namespace samples {

// Stops every thread (exit status 3) when a Collectives 2.0 call did not succeed.
inline void check(upccoll_return_t code, const char *call) {
  if (code == UPCCOLL_SUCCESS) return;
  std::fprintf(stderr, "thread %d: %s failed with error code %d\n", MYTHREAD, call, static_cast<int>(code));
  upc_global_exit(3);
}

// Collective: upccoll_initialize for the object's lifetime, upccoll_finalize (which synchronizes like a
// barrier) at its end.
class Collectives {
 public:
  Collectives() { check(upccoll_initialize(nullptr, nullptr), "upccoll_initialize"); }
  ~Collectives() { check(upccoll_finalize(), "upccoll_finalize"); }
  Collectives(const Collectives &) = delete;
  Collectives &operator=(const Collectives &) = delete;
};

// `count` elements of T in the calling thread's shared memory (upc_alloc, zeroed), of a size that may differ
// from thread to thread. at(i) is element i as a collective's buffer argument.
template <class T>
class MyBuffer {
 public:
  explicit MyBuffer(std::size_t count)
      : count_(count), pointer_(upc_alloc(std::max<std::size_t>(count, 1) * sizeof(T))) {}
  ~MyBuffer() { upc_free(pointer_); }
  MyBuffer(const MyBuffer &) = delete;
  MyBuffer &operator=(const MyBuffer &) = delete;

  std::size_t size() const { return count_; }
  T *data() const { return pointer_.local(); }
  T &operator[](std::size_t i) const { return data()[i]; }
  std::span<T> span() const { return {data(), count_}; }
  pgas::global_ptr<T> at(std::size_t i) const { return pointer_ + static_cast<std::ptrdiff_t>(i); }

 private:
  std::size_t count_;
  pgas::global_ptr<T> pointer_;
};

}  // namespace samples
