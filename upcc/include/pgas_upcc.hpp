// What a program translated by pgas-upcc includes first: the dialect, and the few helpers the translation
// writes calls to (the nested upc_forall rule, casts to a private pointer, members of shared structs, the
// layout queries). Not meant to be written by hand.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <pgas/upc.hpp>
#include <type_traits>

// UPC 1.2's upc_local_alloc, which UPC 1.3 removed: upc_alloc(nblocks * nbytes), as Berkeley UPC keeps it.
inline ::pgas::global_ptr<void> upc_local_alloc(std::size_t nblocks, std::size_t nbytes,
                                                std::source_location loc = std::source_location::current()) {
  return upc_alloc(nblocks * nbytes, loc);
}

// upc_free of a lock frees the lock, as UPC 1.1 had it and Berkeley UPC keeps it (UPC 1.3: upc_lock_free).
inline void upc_free(upc_lock_t *lock) { upc_lock_free(lock); }

namespace pgas_upcc {

// One upc_forall statement with an affinity: it controls (tests the affinity) unless it runs inside the
// dynamic scope of another one that does, and then runs every iteration (UPC 1.3 §6.6.2).
class forall_scope {
 public:
  forall_scope() : controls_(depth() == 0) {
    if (controls_) ++depth();
  }
  ~forall_scope() {
    if (controls_) --depth();
  }
  forall_scope(const forall_scope &) = delete;
  forall_scope &operator=(const forall_scope &) = delete;

  // The affinity is evaluated on every iteration, also where it does not decide.
  template <class Affinity>
  bool runs(const Affinity &affinity) const {
    const bool mine = ::pgas::detail::has_affinity(affinity);
    return !controls_ || mine;
  }

 private:
  static int &depth() {
    static thread_local int controlling = 0;
    return controlling;
  }
  bool controls_;
};

// (T *) p for a pointer-to-shared p: the calling thread's address of the element (UPC 1.3 §6.4.3).
template <class Element, std::size_t Block>
Element *local_address(const ::pgas::global_ptr<Element, Block> &p) {
  return p.local();
}
template <class Element, auto... Spec>
Element *local_address(const ::pgas::shared_array<Element, Spec...> &a) {
  return a.ptr().local();
}
template <class Element>
Element *local_address(const ::pgas::shared_ref<Element> &r) {
  return (&r).local();
}

// s.f for a shared struct s: the member as a shared reference.
template <class Element, class Member, class Struct>
::pgas::shared_ref<Member> member(const ::pgas::shared_ref<Element> &r, Member Struct::*m) {
  return r.field(m);
}
template <class Element, ::pgas::consistency Mode, class Member, class Struct>
::pgas::shared_ref<Member> member(const ::pgas::shared_var<Element, Mode> &v, Member Struct::*m) {
  return v.ref().field(m);
}

// The block size of shared [*] T x[n]: n / THREADS rounded up (UPC 1.3 §6.5.1.1).
inline std::size_t star_block(std::size_t n) {
  const std::size_t threads = static_cast<std::size_t>(::pgas::threads());
  return n == 0 ? 1 : (n + threads - 1) / threads;
}

// upc_localsizeof: the most bytes of n elements of `element` bytes in blocks of `block` one thread holds.
inline std::size_t local_size(std::size_t n, std::size_t block, std::size_t element) {
  return ::pgas::layout::local_count(n, block, static_cast<std::uint64_t>(::pgas::threads()), 0) * element;
}

// A shared object's initializer (`shared int x = 3;`, `shared int a[] = {1, 2}`): thread 0 stores it, then
// every thread waits, before main. The values convert to the element type, as C's initializers do.
template <class Element, auto... Mode>
bool initialize(const ::pgas::shared_var<Element, Mode...> &x, const std::type_identity_t<Element> &value) {
  if (::pgas::mythread() == 0) x = value;
  ::pgas::barrier();
  return true;
}
template <class Element, auto... Spec>
bool initialize(const ::pgas::shared_array<Element, Spec...> &a,
                std::initializer_list<std::type_identity_t<Element>> values) {
  if (::pgas::mythread() == 0) {
    std::size_t i = 0;
    for (const Element &v : values) a[i++] = v;
  }
  ::pgas::barrier();
  return true;
}

// A strict access (accesses.cpp): through a pointer-to-shared whose referenced type is strict, or to an
// unqualified shared object, element or scalar, under #pragma upc strict.
template <class Element>
::pgas::shared_ref<Element> strict(const ::pgas::shared_ref<Element> &r) {
  return r.strict();
}
template <class Element, ::pgas::consistency Mode>
::pgas::shared_ref<Element> strict(const ::pgas::shared_var<Element, Mode> &v) {
  return v.ref().strict();
}

// `v = s` for a volatile struct v (accesses.cpp), which C allows: C++ declares no volatile assignment.
template <class Struct>
volatile Struct &assign_volatile(volatile Struct &to, const std::type_identity_t<Struct> &from) {
  auto *bytes = reinterpret_cast<volatile unsigned char *>(&to);
  const auto *value = reinterpret_cast<const unsigned char *>(&from);
  for (std::size_t i = 0; i < sizeof(Struct); ++i) bytes[i] = value[i];
  return to;
}

// A C compound literal whose address is kept, stored in the object of its block that holds it
// (expressions.cpp): C++'s literal is a temporary of the full-expression, C's lives to the end of the block.
template <class Object, class Value>
Object &store(Object &object, const Value &value) {
  static_assert(sizeof(Object) == sizeof(Value));
  std::memcpy(static_cast<void *>(&object), &value, sizeof(Object));
  return object;
}

// A file compiled with -T n runs with n threads only. Every thread says so: the first to exit ends the job.
inline bool require_threads(int n, const char *file) {
  if (::pgas::threads() != n) {
    std::fprintf(stderr, "thread %d: %s was compiled for %d threads (pgas-upcc -T %d), but the job has %d\n",
                 ::pgas::mythread(), file, n, n, ::pgas::threads());
    std::exit(2);
  }
  return true;
}

}  // namespace pgas_upcc
