// The run-time alias check of rewritten loops: a loop whose cached array may have another name in the loop
// (a reference or pointer-to-shared parameter, say) runs rewritten only when the names denote different
// allocations, and as written otherwise.
#pragma once

#include "pgas/global_ptr.hpp"
#include "pgas/shared_array.hpp"

namespace pgas::refactored {

// The allocation a shared object or pointer-to-shared is part of.
template <class Element, auto... Spec>
pgas_handle_t allocation_of(const shared_array<Element, Spec...> &a) {
  return a.handle();
}
template <class Element, auto... Spec>
pgas_handle_t allocation_of(const shared_array2d<Element, Spec...> &a) {
  return a.flat().handle();
}
template <class Element, consistency Mode>
pgas_handle_t allocation_of(const shared_var<Element, Mode> &v) {
  return v.handle();
}
template <class Element, std::size_t Block>
pgas_handle_t allocation_of(const global_ptr<Element, Block> &p) {
  return p.handle();
}

// Whether two shared objects (arrays, 2-D arrays, shared variables, pointers-to-shared) are different
// allocations, so that no element of one is an element of the other.
template <class Left, class Right>
bool distinct_objects(const Left &a, const Right &b) {
  return allocation_of(a) != allocation_of(b);
}

}  // namespace pgas::refactored
