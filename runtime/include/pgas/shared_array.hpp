// shared_array<T>: a UPC shared array (`shared [B] T x[n]`), allocated collectively by every thread and
// freed collectively when the threads destroy it. Element i lives on thread (i / B) % THREADS; B = 1
// (cyclic) by default, pgas::indefinite puts everything on thread 0. The blocking factor is a constructor
// argument (shared_array<T>(n, B)) or part of the type (shared_array<T, B>(n), see detail/array_spec.hpp).
#pragma once

#include <cstddef>
#include <source_location>
#include <span>
#include <utility>

#include "pgas/detail/api.hpp"
#include "pgas/detail/array_spec.hpp"
#include "pgas/detail/site.hpp"
#include "pgas/global_ptr.hpp"
#include "pgas/layout.hpp"
#include "pgas/shared_ref.hpp"

namespace pgas {

inline constexpr std::size_t indefinite = 0;

template <class Element, auto BlockOrMode = relaxed, auto TypedMode = relaxed>
class shared_array {
  static_assert(std::is_trivially_copyable_v<Element>, "shared element types must be trivially copyable");
  using spec = detail::array_spec<BlockOrMode, TypedMode>;
  static constexpr consistency Mode = spec::mode;

 public:
  using pointer = global_ptr<Element, spec::block>;  // what the array's name decays to

  // Collective: every thread constructs it with the same n and block. Elements start zeroed. `name` is how
  // tools show the array; by default the tracer reads it from the declaring source line.
  explicit shared_array(
      std::size_t n, std::size_t block = 1, const char *name = nullptr,
      std::source_location loc = std::source_location::current()) requires(!spec::typed_block)
      : shared_array(n, block, name, loc, 0) {}
  // The same with the blocking factor of the type.
  explicit shared_array(
      std::size_t n, const char *name = nullptr,
      std::source_location loc = std::source_location::current()) requires(spec::typed_block)
      : shared_array(n, spec::block, name, loc, 0) {}

 private:
  shared_array(std::size_t n, std::size_t block, const char *name, const std::source_location &loc, int)
      : n_(n), block_(block) {
    std::string site = detail::site_of(loc);
    pgas_layout_t layout{sizeof(Element),   block, n,           block == 0 ? 0 : -1,
                         PGAS_ALLOC_STATIC, name,  site.c_str()};
    handle_ = remote_alloc(&layout);
    threads_ = static_cast<std::size_t>(detail::g_threads);
    by_threads_ = detail::fast_divisor(threads_);
    by_block_ = detail::fast_divisor(block == 0 ? 1 : block);
    mythread_ = detail::g_mythread;
    local_ = static_cast<Element *>(detail::local_base(handle_));
  }

 public:
  ~shared_array() {
    if (handle_ != 0) remote_free(handle_);
  }
  shared_array(const shared_array &) = delete;
  shared_array &operator=(const shared_array &) = delete;
  shared_array(shared_array &&other) noexcept { swap(other); }
  shared_array &operator=(shared_array &&other) noexcept {
    swap(other);
    return *this;
  }

  // Where element i lives (thread, phase, local index); stops the job when i is out of range (a negative
  // index the caller wrote arrives here wrapped around, and the message shows it negative).
  PGAS_ALWAYS_INLINE layout::Position locate(std::size_t i) const {
    if (i >= n_) [[unlikely]]
      detail::index_out_of_range(handle_, i, n_);
    return layout::place(i, block_, by_block_, by_threads_);
  }

  PGAS_ALWAYS_INLINE shared_ref<Element> operator[](std::size_t i) const {
    layout::Position p = locate(i);
    Element *local = p.thread == mythread_ ? local_ + p.local : nullptr;
    return shared_ref<Element>(local, handle_, static_cast<int>(p.thread), static_cast<std::size_t>(p.phase),
                               static_cast<std::size_t>(p.local) * sizeof(Element), block_, Mode == strict);
  }

  // Pointer-to-shared to element 0 (UPC: the array's name used as a pointer).
  pointer ptr() const { return pointer(handle_, 0, 0, 0, block_); }
  operator pointer() const requires(spec::typed_block) { return ptr(); }                 // NOLINT
  operator global_ptr<const Element, spec::block>() const requires(spec::typed_block) {  // NOLINT
    return ptr();
  }
  operator global_ptr<Element>() const { return ptr(); }        // NOLINT: arrays decay to pointers
  operator global_ptr<const Element>() const { return ptr(); }  // NOLINT
  operator global_ptr<void>() const { return ptr(); }           // NOLINT
  operator global_ptr<const void>() const { return ptr(); }     // NOLINT
  // Array-to-pointer decay in arithmetic: A + MYTHREAD is &A[MYTHREAD], a pointer-to-shared.
  friend pointer operator+(const shared_array &a, std::ptrdiff_t delta) { return a.ptr() + delta; }
  friend pointer operator+(std::ptrdiff_t delta, const shared_array &a) { return a.ptr() + delta; }

  // The calling thread's elements, in local order (UPC: casting &x[MYTHREAD * B] to a local pointer).
  std::span<Element> local_part() const {
    return {local_, static_cast<std::size_t>(
                        layout::local_count(n_, block_, threads_, static_cast<std::uint64_t>(mythread_)))};
  }

  // Element i as the calling thread's own memory, when the caller knows it has affinity to it (UPC compilers'
  // privatization of x[i] under affinity &x[i]): no proxy and no affinity test; the index is still checked.
  PGAS_ALWAYS_INLINE Element &local_element(std::size_t i) const { return local_[locate(i).local]; }

  std::size_t size() const { return n_; }
  std::size_t block() const { return block_; }
  pgas_handle_t handle() const { return handle_; }

 private:
  void swap(shared_array &o) noexcept {
    std::swap(handle_, o.handle_);
    std::swap(n_, o.n_);
    std::swap(block_, o.block_);
    std::swap(threads_, o.threads_);
    std::swap(by_threads_, o.by_threads_);
    std::swap(by_block_, o.by_block_);
    std::swap(mythread_, o.mythread_);
    std::swap(local_, o.local_);
  }

  pgas_handle_t handle_ = 0;
  std::size_t n_ = 0;
  std::size_t block_ = 1;
  std::size_t threads_ = 1;
  detail::fast_divisor by_threads_, by_block_;
  std::int64_t mythread_ = 0;
  Element *local_ = nullptr;
};

// A 2-D shared array in row-major order: `shared [B] T x[rows][cols]`, x[i][j] is element i * cols + j of
// the linearized array (so shared_array2d<double> A(M, N, N) puts one row per block, like
// `shared [N] double A[M][N]`). Its template arguments are shared_array's: the blocking factor is a
// constructor argument, or part of the type (shared_array2d<double, 288> A(M, N) is
// `shared [288] double A[M][N]`).
template <class Element, auto BlockOrMode = relaxed, auto TypedMode = relaxed>
class shared_array2d {
  using flat_array = shared_array<Element, BlockOrMode, TypedMode>;
  using spec = detail::array_spec<BlockOrMode, TypedMode>;

 public:
  // Row i of the array; its element access checks both indices (a message then names them both).
  class row {
   public:
    row(const flat_array &a, std::size_t i, std::size_t rows, std::size_t cols)
        : a_(a), i_(i), rows_(rows), cols_(cols) {}
    PGAS_ALWAYS_INLINE shared_ref<Element> operator[](std::size_t j) const {
      if (i_ >= rows_ || j >= cols_) [[unlikely]]
        detail::index2d_out_of_range(a_.handle(), i_, j, rows_, cols_);
      return a_[i_ * cols_ + j];
    }

   private:
    const flat_array &a_;
    std::size_t i_, rows_, cols_;
  };

  shared_array2d(std::size_t rows, std::size_t cols, std::size_t block = 1, const char *name = nullptr,
                 std::source_location loc = std::source_location::current()) requires(!spec::typed_block)
      : rows_(rows), cols_(cols), flat_(rows * cols, block, name, loc) {}
  // The same with the blocking factor of the type.
  shared_array2d(std::size_t rows, std::size_t cols, const char *name = nullptr,
                 std::source_location loc = std::source_location::current()) requires(spec::typed_block)
      : rows_(rows), cols_(cols), flat_(rows * cols, name, loc) {}

  PGAS_ALWAYS_INLINE row operator[](std::size_t i) const { return row(flat_, i, rows_, cols_); }
  PGAS_ALWAYS_INLINE shared_ref<Element> operator()(std::size_t i, std::size_t j) const {
    return (*this)[i][j];
  }

  std::size_t rows() const { return rows_; }
  std::size_t cols() const { return cols_; }
  const flat_array &flat() const { return flat_; }

 private:
  std::size_t rows_, cols_;
  flat_array flat_;
};

// A shared scalar (`shared T x;`): one element with affinity to thread 0, usable like a T. It has no
// blocking factor to put in its type: one element has no layout (it is stored whole on thread 0), and &x is
// UPC's `shared T *`, whose blocking factor is 1 (a global_ptr<T> that converts to global_ptr<T, 1>).
template <class Element, consistency Mode = relaxed>
class shared_var {
 public:
  explicit shared_var(const char *name = nullptr, std::source_location loc = std::source_location::current())
      : storage_(1, indefinite, name, loc) {}
  PGAS_ALWAYS_INLINE shared_ref<Element> ref() const { return storage_[0]; }
  PGAS_ALWAYS_INLINE operator Element() const { return ref().get(); }  // NOLINT
  PGAS_ALWAYS_INLINE const shared_var &operator=(const Element &v) const {
    ref().put(v);
    return *this;
  }
  // Like UPC's `a = b` for shared scalars: copies the value (a shared variable is not an object to move).
  PGAS_ALWAYS_INLINE const shared_var &operator=(const shared_var &other) const {
    ref().put(other.ref().get());
    return *this;
  }
  shared_var(const shared_var &) = delete;
  shared_var(shared_var &&) = delete;
  shared_var &operator=(shared_var &&) = delete;
  template <class Operand>
  PGAS_ALWAYS_INLINE const shared_var &operator+=(const Operand &u) const {
    ref() += u;
    return *this;
  }
  template <class Operand>
  PGAS_ALWAYS_INLINE const shared_var &operator-=(const Operand &u) const {
    ref() -= u;
    return *this;
  }
  PGAS_ALWAYS_INLINE Element operator++(int) const { return ref()++; }
  PGAS_ALWAYS_INLINE Element operator--(int) const { return ref()--; }
  PGAS_ALWAYS_INLINE const shared_var &operator++() const {
    ++ref();
    return *this;
  }
  PGAS_ALWAYS_INLINE const shared_var &operator--() const {
    --ref();
    return *this;
  }
  global_ptr<Element> operator&() const { return global_ptr<Element>(storage_.handle(), 0, 0, 0, 1); }
  pgas_handle_t handle() const { return storage_.handle(); }

 private:
  shared_array<Element, Mode> storage_;
};

}  // namespace pgas
