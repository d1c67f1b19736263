// The run-time alias check of rewritten loops: a loop whose cached array may have another name in the loop
// (a reference or pointer-to-shared parameter, say) runs rewritten only when the names denote different
// allocations, and as written otherwise.
#pragma once

#include "pgas/global_ptr.hpp"
#include "pgas/shared_array.hpp"

namespace pgas::refactored {

// The allocation a shared object or pointer-to-shared is part of.
template <class T, consistency C>
pgas_handle_t allocation_of(const shared_array<T, C> &a) {
  return a.handle();
}
template <class T, consistency C>
pgas_handle_t allocation_of(const shared_array2d<T, C> &a) {
  return a.flat().handle();
}
template <class T, consistency C>
pgas_handle_t allocation_of(const shared_var<T, C> &v) {
  return v.handle();
}
template <class T>
pgas_handle_t allocation_of(const global_ptr<T> &p) {
  return p.handle();
}

// Whether two shared objects (arrays, 2-D arrays, shared variables, pointers-to-shared) are different
// allocations, so that no element of one is an element of the other.
template <class A, class B>
bool distinct_objects(const A &a, const B &b) {
  return allocation_of(a) != allocation_of(b);
}

}  // namespace pgas::refactored
