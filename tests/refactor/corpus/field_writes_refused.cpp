// ARGS: --array P --array Pp:priority --array Q:sum --array R:min --array D --array X --array T
// Member writes through field() that cannot be cached soundly are refused, each with its reason: a whole
// element read where a member of it is written through the member's cache (the element's cache would not
// see the write), whole and member writes under priority, writes a combining policy does not combine (a
// plain write under sum, a member that is not a number or one too short for the transport's accumulate, a
// write under min that is not a minimum), a member of a member, a member of a base class, a member update at
// another iteration's element under any, a member reference kept or an assignment's value used, an
// uncached array whose member the loop writes read in a cached index, a member chosen at run time, and one
// of an anonymous union.
#include <pgas/upc.hpp>

using namespace pgas;

struct Inner {
  int x, y;
};
struct Cell {
  int a, b;
  Inner in;
};
struct Tally {
  long hits;
  Inner where;
  short small;
};
struct Best {
  int dist, from;
};
struct Base {
  int id;
};
struct Derived : Base {
  int extra;
};
struct Idx {
  int k, unused;
};

void whole_and_member(const shared_array<Cell> &P, const shared_array<Cell> &Pp, int n, int *out) {
  upc_forall(int i = 0, i < n, i++, &P[i]) {
    P[(i + 1) % n].field(&Cell::a) = i;
    const Cell c = P[(i + 1) % n];
    out[i] = c.a;
  }
  upc_forall(int i = 0, i < n, i++, &Pp[i]) {
    Pp[i] = Cell{i, i, {0, 0}};
    Pp[(i + 1) % n].field(&Cell::b) = i;
  }
}

void policies(const shared_array<Tally> &Q, const shared_array<Best> &R, int n, int m) {
  upc_forall(int i = 0, i < n, i++, i) { Q[i % m].field(&Tally::hits) = 1; }
  upc_forall(int i = 0, i < n, i++, i) { Q[i % m].field(&Tally::where) = Inner{i, i}; }
  upc_forall(int i = 0, i < n, i++, i) { R[i % m].field(&Best::dist) = i; }
  upc_forall(int i = 0, i < n, i++, i) { Q[i % m].field(&Tally::small) += 1; }
}

void members(const shared_array<Cell> &P, const shared_array<Derived> &D, int n, int *out) {
  upc_forall(int i = 0, i < n, i++, &P[i]) { P[i].field(&Cell::in).field(&Inner::x) = i; }
  upc_forall(int i = 0, i < n, i++, &D[i]) { D[i].field(&Derived::id) = i; }
  upc_forall(int i = 0, i < n, i++, &P[i]) { P[(i + 1) % n].field(&Cell::a) += 1; }
  upc_forall(int i = 0, i < n, i++, &P[i]) {
    auto member = P[i].field(&Cell::a);
    member = i;
  }
  upc_forall(int i = 0, i < n, i++, &P[i]) { out[i] = (P[i].field(&Cell::b) = i); }
}

void uncached_index(const shared_array<int> &X, const shared_array<Idx> &U, int n, int *out) {
  upc_forall(int i = 0, i < n, i++, &U[i]) {
    out[i] = X[U[i].field(&Idx::k)];
    U[(i + 1) % n].field(&Idx::k) = i % n;
  }
}


// A member chosen at run time: which bytes it writes is not known to the rewrite.
void member_pointer(const shared_array<Cell> &P, int n, int Cell::*chosen) {
  upc_forall(int i = 0, i < n, i++, &P[i]) { P[(i + 1) % n].field(chosen) = i; }
}


// A member of an anonymous union in the element.
struct Tagged {
  int kind;
  union {
    int i;
    float f;
  };
};
void anonymous_union(const shared_array<Tagged> &T, int n) {
  upc_forall(int k = 0, k < n, k++, &T[k]) { T[(k + 1) % n].field(&Tagged::i) = k; }
}

// Expected diagnostics:
// CHECK: input.cpp:40:3: warning: not rewritten: 'P' is accessed whole and its member 'a' is written through
// CHECK: input.cpp:42:20: note: the element's cache would not see the member's writes: access whole elements
// CHECK: input.cpp:45:3: warning: not rewritten: 'Pp' is accessed whole and its member 'b' is written
// CHECK: input.cpp:46:5: note: policy 'priority' orders the writes of each cache apart: write 'Pp' either
// CHECK: input.cpp:52:3: warning: not rewritten: policy 'sum' adds every thread's puts: only additions to
// CHECK: input.cpp:52:42: note: this write is not an addition (`+=` or `++`)
// CHECK: input.cpp:53:3: warning: not rewritten: policy 'sum' combines numbers: the member 'where' of 'Q' is
// CHECK: input.cpp:53:42: note: choose policy any or priority for 'Q' (--array Q:any)
// CHECK: input.cpp:54:3: warning: not rewritten: policy 'min' keeps the smaller value: only writes of that
// CHECK: input.cpp:54:42: note: write `R[k].field(&Best::dist) = std::min(R[k].field(&Best::dist), v)` or
// CHECK: input.cpp:55:3: warning: not rewritten: policy 'sum' combines numbers: the member 'small' of 'Q' is
// CHECK: input.cpp:55:42: note: choose policy any or priority for 'Q' (--array Q:any)
// CHECK: input.cpp:59:3: warning: not rewritten: a member of an element of 'P' is used as a shared reference
// CHECK: input.cpp:59:46: note: only reads, assignments and compound assignments of a member
// CHECK: input.cpp:60:3: warning: not rewritten: the member 'id' of 'D' is written
// CHECK: input.cpp:60:46: note: 'id' is a member of a base class of the element type: its place in the
// CHECK: input.cpp:61:3: warning: not rewritten: 'P' is read and written in the same tile
// CHECK: input.cpp:61:46: note: with policy any, a read of an element another iteration writes is not well
// CHECK: input.cpp:62:3: warning: not rewritten: a member of an element of 'P' is used as a shared reference
// CHECK: input.cpp:63:19: note: only reads, assignments and compound assignments of a member
// CHECK: input.cpp:66:3: warning: not rewritten: the value of an assignment to 'P' is used
// CHECK: input.cpp:66:56: note: a cached write must be a statement of its own
// CHECK: input.cpp:70:3: warning: not rewritten: an index of 'X' cannot be computed ahead of the tile
// CHECK: input.cpp:71:16: note: it reads 'U', which the loop body writes
// CHECK: input.cpp:79:3: warning: not rewritten: a member of an element of 'P' is named by an expression
// CHECK: input.cpp:79:46: note: only a member named as `&S::m` (`P[i].field(&S::m)`) can be cached
// CHECK: input.cpp:92:3: warning: not rewritten: the member 'i' of an element of 'T' belongs to an anonymous
// CHECK: input.cpp:92:46: note: its place in the element is not known to the rewrite
