// Helpers of the conformance tests of the UPC collectives library (UPC 1.3 library specification,
// lib/req/upc-lib-collectives.tex, "UPC Collective Utilities"; its flags in lang/upc-lib-mem-semantics.tex).
// The layout helpers restate the UPC definition (UPC 1.3 language 6.4.2 and 6.5.1.1: element i of a
// `shared [B] T` array is in block i / B, blocks are dealt to threads round-robin from thread 0, and the
// blocks of one thread follow each other in its memory with no padding, 6.4.2 paragraph 4's footnote);
// nothing here uses the library's own layout code. Every helper that allocates or synchronizes is
// collective.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <pgas/upc.hpp>
#include <string>
#include <thread>
#include <vector>

#include "spec_layout.hpp"

namespace ccoll {

inline std::size_t T() { return static_cast<std::size_t>(THREADS); }
inline std::size_t me() { return static_cast<std::size_t>(MYTHREAD); }

// An iteration count of a heavy loop, divided by $PGAS_MP_TEST_DIVISOR (set for the runs over TCP).
inline std::size_t scaled(std::size_t n) {
  const char *text = std::getenv("PGAS_MP_TEST_DIVISOR");
  const long long divisor = text != nullptr ? std::atoll(text) : 1;
  return divisor > 1 ? std::max<std::size_t>(n / static_cast<std::size_t>(divisor), 1) : n;
}

// A value of upc_flag_t and what it promises (upc-lib-mem-semantics.tex): in, out are 'N', 'M' or 'A' for
// NOSYNC, MYSYNC, ALLSYNC. "Passing UPC_IN_XSYNC alone has the same effect as (UPC_IN_XSYNC |
// UPC_OUT_ALLSYNC), passing UPC_OUT_XSYNC alone has the same effect as (UPC_IN_ALLSYNC | UPC_OUT_XSYNC), and
// passing 0 has the same effect as (UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC)."
struct Sync {
  upc_flag_t flags;
  const char *name;
  char in, out;
};
inline const Sync kSyncs[] = {
    {UPC_IN_NOSYNC | UPC_OUT_NOSYNC, "IN_NOSYNC|OUT_NOSYNC", 'N', 'N'},
    {UPC_IN_NOSYNC | UPC_OUT_MYSYNC, "IN_NOSYNC|OUT_MYSYNC", 'N', 'M'},
    {UPC_IN_NOSYNC | UPC_OUT_ALLSYNC, "IN_NOSYNC|OUT_ALLSYNC", 'N', 'A'},
    {UPC_IN_MYSYNC | UPC_OUT_NOSYNC, "IN_MYSYNC|OUT_NOSYNC", 'M', 'N'},
    {UPC_IN_MYSYNC | UPC_OUT_MYSYNC, "IN_MYSYNC|OUT_MYSYNC", 'M', 'M'},
    {UPC_IN_MYSYNC | UPC_OUT_ALLSYNC, "IN_MYSYNC|OUT_ALLSYNC", 'M', 'A'},
    {UPC_IN_ALLSYNC | UPC_OUT_NOSYNC, "IN_ALLSYNC|OUT_NOSYNC", 'A', 'N'},
    {UPC_IN_ALLSYNC | UPC_OUT_MYSYNC, "IN_ALLSYNC|OUT_MYSYNC", 'A', 'M'},
    {UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, "IN_ALLSYNC|OUT_ALLSYNC", 'A', 'A'},
    {0, "0", 'A', 'A'},
    {UPC_IN_NOSYNC, "IN_NOSYNC alone", 'N', 'A'},
    {UPC_IN_MYSYNC, "IN_MYSYNC alone", 'M', 'A'},
    {UPC_IN_ALLSYNC, "IN_ALLSYNC alone", 'A', 'A'},
    {UPC_OUT_NOSYNC, "OUT_NOSYNC alone", 'A', 'N'},
    {UPC_OUT_MYSYNC, "OUT_MYSYNC alone", 'A', 'M'},
    {UPC_OUT_ALLSYNC, "OUT_ALLSYNC alone", 'A', 'A'},
};

// Thread `t` sleeps for a while that differs per thread and round, so that threads enter out of order.
inline void skew(std::size_t round) {
  const std::size_t us = ((me() * 7 + round * 3) % 5) * 100;
  if (us > 0) std::this_thread::sleep_for(std::chrono::microseconds(us));
}

using spec::index_of;
using spec::Place;
using spec::place_of;
// How many of n elements have affinity to `thread`.
inline std::size_t count_on(std::size_t thread, std::size_t n, std::size_t block, std::size_t nthreads) {
  if (block == 0) return thread == 0 ? n : 0;
  const std::size_t full = n / (block * nthreads), rest = n % (block * nthreads);
  const std::size_t lo = thread * block;
  return full * block + (rest > lo ? std::min(block, rest - lo) : 0);
}

// The bytes of one shared object, one vector per thread (its part, in local order): the model on which
// the tests write what the text says a call does.
using Image = std::vector<std::vector<unsigned char>>;

// The byte a pattern puts at `offset` of thread `t`'s part; `salt` tells rounds and objects apart.
inline unsigned char pattern(std::size_t salt, std::size_t t, std::size_t offset) {
  return static_cast<unsigned char>((salt * 131 + t * 29 + offset * 7 + offset / 251 + 1) & 0xff);
}

// A shared object seen as bytes: a shared_array of some element type and blocking factor, whose parts
// the tests fill, read and compare with an Image.
class AnyArea {
 public:
  virtual ~AnyArea() = default;
  virtual pgas::global_ptr<void> ptr(std::size_t k) const = 0;  // &A[k], as a shared void *
  virtual std::size_t elem_size() const = 0;
  virtual std::size_t block() const = 0;
  virtual std::size_t size() const = 0;
  virtual std::string name() const = 0;
  // The first element of thread t's part (its part must not be empty).
  virtual pgas::global_ptr<void> part(std::size_t t) const = 0;
  virtual unsigned char *mine() const = 0;

  std::size_t part_bytes(std::size_t t) const { return count_on(t, size(), block(), T()) * elem_size(); }
  // Element k's thread and byte offset in that thread's part (its address field relative to the object).
  std::size_t thread_of(std::size_t k) const { return place_of(k, block(), T()).thread; }
  std::size_t offset_of(std::size_t k) const { return place_of(k, block(), T()).local * elem_size(); }

  std::vector<unsigned char> read_part(std::size_t t) const {
    std::vector<unsigned char> bytes(part_bytes(t));
    if (bytes.empty()) return bytes;
    if (t == me())
      std::memcpy(bytes.data(), mine(), bytes.size());
    else
      upc_memget(bytes.data(), part(t), bytes.size());
    return bytes;
  }
  void write_part(std::size_t t, const std::vector<unsigned char> &bytes) const {
    if (bytes.empty()) return;
    if (t == me())
      std::memcpy(mine(), bytes.data(), bytes.size());
    else
      upc_memput(part(t), bytes.data(), bytes.size());
  }
  // Thread t's part filled with pattern(salt, t, .).
  std::vector<unsigned char> patterned(std::size_t salt, std::size_t t) const {
    std::vector<unsigned char> bytes(part_bytes(t));
    for (std::size_t b = 0; b < bytes.size(); ++b) bytes[b] = pattern(salt, t, b);
    return bytes;
  }
  Image patterned_image(std::size_t salt) const {
    Image image;
    for (std::size_t t = 0; t < T(); ++t) image.push_back(patterned(salt, t));
    return image;
  }
};

template <class E>
class Area final : public AnyArea {
 public:
  Area(std::size_t n, std::size_t block, const char *what) : array_(n, block), what_(what) {}
  pgas::global_ptr<void> ptr(std::size_t k) const override { return &array_[k]; }
  std::size_t elem_size() const override { return sizeof(E); }
  std::size_t block() const override { return array_.block(); }
  std::size_t size() const override { return array_.size(); }
  std::string name() const override { return what_; }
  pgas::global_ptr<void> part(std::size_t t) const override {
    return &array_[index_of(t, 0, array_.block(), T())];
  }
  unsigned char *mine() const override {
    return reinterpret_cast<unsigned char *>(array_.local_part().data());
  }
  const pgas::shared_array<E> &array() const { return array_; }

 private:
  pgas::shared_array<E> array_;
  std::string what_;
};

// An element type of three bytes, for sizes that are not a power of two.
struct Rgb {
  unsigned char c[3];
};

// The first byte at which the image and the actual part of thread t differ, or -1.
inline long first_difference(const std::vector<unsigned char> &expected,
                             const std::vector<unsigned char> &got) {
  if (expected.size() != got.size()) return -2;
  for (std::size_t b = 0; b < got.size(); ++b)
    if (expected[b] != got[b]) return static_cast<long>(b);
  return -1;
}

// Collective: whether every thread's `ok` is true, so that a test stops on all threads at once (a thread
// that stopped alone would leave the others waiting in a collective). Two sets of flags used in turn: the
// barrier of the next call separates the reads of one set from its next writes.
class Agreement {
 public:
  Agreement() : flags_(2 * T()) {}
  bool all_ok(bool ok) {
    flags_[parity_ * T() + me()] = ok ? 1 : 0;
    upc_barrier;
    bool all = true;
    for (std::size_t t = 0; t < T(); ++t) all = all && flags_[parity_ * T() + t] == 1;
    parity_ ^= 1;
    return all;
  }

 private:
  pgas::shared_array<int> flags_;
  std::size_t parity_ = 0;
};

}  // namespace ccoll
