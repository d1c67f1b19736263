// A vector whose capacity is fixed when it is created: push_back never allocates and checks nothing, so the
// cache's per-element work stays a store and an increment. The caller guarantees size() < capacity().
#pragma once

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace pgas::detail {

template <class Element>
class fixed_vector {
 public:
  fixed_vector() = default;
  explicit fixed_vector(std::size_t capacity)
      : data_(std::make_unique_for_overwrite<Element[]>(capacity)), capacity_(capacity) {}

  void push_back(const Element &value) { data_[size_++] = value; }
  Element &operator[](std::size_t k) { return data_[k]; }
  const Element &operator[](std::size_t k) const { return data_[k]; }
  const Element *begin() const { return data_.get(); }
  const Element *end() const { return data_.get() + size_; }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  bool full() const { return size_ == capacity_; }
  void clear() { size_ = 0; }
  void release() { *this = fixed_vector(); }

 private:
  std::unique_ptr<Element[]> data_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

// An allocator whose resize() leaves new elements uninitialized: a buffer sized for a whole tile at open is
// faulted in only as far as the tiles fill it (every element is written before it is read).
template <class Element>
struct uninitialized_allocator : std::allocator<Element> {
  template <class Other>
  struct rebind {
    using other = uninitialized_allocator<Other>;
  };
  template <class Other>
  void construct(Other *p) noexcept {
    ::new (static_cast<void *>(p)) Other;
  }
  template <class Other, class... Args>
  void construct(Other *p, Args &&...args) {
    ::new (static_cast<void *>(p)) Other(std::forward<Args>(args)...);
  }
};

template <class Element>
using uninitialized_vector = std::vector<Element, uninitialized_allocator<Element>>;

}  // namespace pgas::detail
