// What a call may do, found from the bodies the translation unit makes visible (transitively, to a bounded
// depth). The rule of the legality analysis: a call is a possible shared access, synchronization or write to
// loop state unless its body is visible and proven otherwise.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include <map>
#include <set>
#include <string>

namespace pgas::refactor {

// The effects of one function, in terms of its caller's names. Each string, when set, is the reason given
// in a note ("'f' calls 'g', whose body is not visible").
struct Effects {
  std::string opaque;  // nothing is known (a body not visible, an indirect or virtual call, too deep)
  std::string sync;    // may synchronize: a barrier, fence, lock, collective or other runtime call
  std::string shared;  // accesses shared memory through something other than the names in shared_names
  std::set<const clang::ValueDecl *> shared_names;  // shared objects it accesses by name (globals, captures)
  std::string writes;  // writes through a pointer or reference, or the members of its object
  std::set<clang::QualType> written_types;     // the types of the objects it writes through pointers
  std::set<const clang::ValueDecl *> written;  // variables it writes by name (globals, captures)
  std::string state;           // keeps hidden state (a library function without a body, a mutable capture)
  std::string traps;           // may trap where its caller would not: division, subscript, dereference
  bool writes_object = false;  // a method writes a member of its object (the call site names the object)

  // Neither synchronizes, nor writes, nor keeps state: calling it once more or earlier changes nothing.
  bool pure() const {
    return opaque.empty() && sync.empty() && writes.empty() && written.empty() && state.empty();
  }
  void merge(const Effects &o);
};

class CallEffects {
 public:
  explicit CallEffects(clang::ASTContext &ctx) : ctx_(ctx) {}

  // The effects of evaluating a statement of the loop, its own operators included: what it writes (by name,
  // or through pointers), whether it may trap (division, subscript, dereference), and what the calls it
  // makes do (a function, method, operator, lambda or function object call, or a construction; the
  // objects and reference arguments of calls count as written).
  Effects of_expr(const clang::Stmt *s);

  static constexpr int kMaxDepth = 6;

 private:
  const Effects &of_function(const clang::FunctionDecl *f, int depth);
  void scan(const clang::Stmt *s, const clang::FunctionDecl *f, int depth, Effects &out);

  clang::ASTContext &ctx_;
  std::map<const clang::FunctionDecl *, Effects> done_;
  std::set<const clang::FunctionDecl *> in_progress_;
};

// The dialect's shared types: shared_array, shared_array2d (and its rows), shared_var, shared_ref,
// global_ptr.
bool is_shared_type(clang::QualType t);

// A class of the dialect with consistency `strict` (its second template argument), or nested in one
// (shared_array2d<T, strict>::row).
bool is_strict_class(const clang::CXXRecordDecl *r);

// Whether a write of an object of type `written` may change an object of type `t`: the same type (up to
// signedness), a character type, or a type of one of t's members.
bool may_change(clang::QualType written, clang::QualType t, const clang::ASTContext &ctx);

// Calls of the runtime that neither synchronize nor touch shared memory: MYTHREAD, THREADS, affinity tests.
bool is_pure_runtime(const clang::FunctionDecl *f);

}  // namespace pgas::refactor
