// What the analysis knows about one upc_forall loop: its header, the chosen arrays it touches, and each
// element access of those arrays in the body. The rewriter works only from this and the source text.
#pragma once

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <string>
#include <utility>
#include <vector>

namespace pgas::refactor {

// One reason a loop is left untouched: a warning at `where`, and a note on the offending expression.
struct Refusal {
  clang::SourceLocation where;
  std::string message;
  clang::SourceLocation note_at;
  std::string note;
};

// An array the user chose (by --array or from a trace) as it appears in one loop.
struct CachedArray {
  const clang::ValueDecl *decl = nullptr;
  std::string name;          // as spelled
  clang::QualType element;   // the array's element type
  std::string element_type;  // the cached type (the element's, or the member's), fully qualified
  unsigned element_size = 0;
  bool two_d = false;    // shared_array2d: cached through its flat array, index row * cols() + col
  bool numeric = false;  // the cached values are numbers the combining policies can combine
  // A member view (member_views.cpp): the cache holds only this member of each struct element, fetched and
  // written back alone, e.g. `pgas::cache<int> A_m_cache(A, &S::m, ...)`; empty for whole elements.
  std::string member;
  std::string member_pointer;  // `&S::m`, as the output spells it
  std::string cache_var;       // the generated cache's name
  unsigned sites = 0;          // element accesses in the body (each may need a cache slot per iteration)
  bool read = false, written = false;
};

// An element access A[i] or A[i][j] of a chosen array in the loop body.
struct Access {
  enum Kind { kRead, kWrite, kUpdate };
  Kind kind = kRead;
  int array = -1;                          // index into LoopModel::arrays
  const clang::Expr *subscript = nullptr;  // the operator[] call yielding the element reference
  const clang::Expr *row = nullptr;        // 2-D: the row index
  const clang::Expr *index = nullptr;      // 1-D index, or 2-D column
  const clang::Expr *whole = nullptr;      // what the rewrite replaces: the read, or the whole assignment
  const clang::Expr *value = nullptr;      // write / update: the right-hand side (null for ++ / --)
  std::string op;                          // update: the binary operator ("+" for += and ++)
  // An access of one member of a struct element, A[i].field(&S::m): its name and declaration, and the
  // field() call, which stands for the member as the subscript stands for the element.
  std::string member;
  const clang::FieldDecl *field = nullptr;
  const clang::Expr *field_call = nullptr;
  int depth = 1;  // inspector level: 1 + the deepest cached read its index needs
  // A read A[..A[k]..] of the array its index reads, inside a loop of the body (pointer jumping, as in
  // `while (D[i] != D[D[i]]) D[i] = D[D[i]]`): its value is likely the index of that loop's next read of A,
  // so the inspector also hints its value, one level after its own (inspector_levels.cpp).
  bool chases = false;
  // A write `X[e] = v` of a cached X under the affinity `&X[e]`, when the body writes X nowhere else and X's
  // policy is min or max (privatize.cpp): only the element's owner writes it, so the put's atomic combine
  // has no racing write to combine with and is rendered as a plain store.
  bool owned_store = false;
  // A read `X[e]` of a cached X under the affinity `&X[e]` (privatize.cpp): the thread's own element, which
  // the cache reads in place, rendered as a plain load of the local element.
  bool owned_load = false;
  // Ordinary for loops of the body (outermost first) whose variables the index depends on: the inspector
  // repeats their headers around the hint (a stencil's radius loop).
  std::vector<const clang::ForStmt *> loops;
};

struct LoopModel {
  const clang::ForStmt *loop = nullptr;
  clang::SourceLocation keyword;        // the upc_forall token
  const clang::VarDecl *var = nullptr;  // the iteration variable
  bool declares_var = false;            // init is a declaration (`long e = 0`), not an assignment
  std::string var_type, var_name;
  std::string first, bound, compare;        // init value, bound, "<" or "<="
  bool arithmetic_compare = false;          // `v compare bound` compares arithmetic values, built in
  bool compared_unsigned = false;           // a signed v compared as unsigned (refused)
  const clang::Expr *first_expr = nullptr;  // the init value (evaluated once, like the original's)
  std::string step, stride;  // the step clause as written, and the distance it moves the variable
  std::string affinity;      // the affinity clause as written
  const clang::Expr *affinity_expr = nullptr;
  // The affinity moves by one element of a shared array or by one integer per iteration, so the first loop
  // of a tile can find this thread's iterations from the layout (pgas::refactored::owned_iterations)
  // instead of testing each.
  bool affinity_walks = false;
  const clang::Stmt *body = nullptr;  // the statement after the macro (the loop body)
  std::vector<CachedArray> arrays;
  std::vector<Access> accesses;
  // Declarations at the top level of the body, in order: the inspector may recompute them.
  std::vector<const clang::DeclStmt *> body_decls;
  // Pairs of names (as spelled) of shared objects that may be one and the same: the rewritten loop runs only
  // when each pair names different objects (pgas::refactored::distinct_objects), else the original loop.
  std::vector<std::pair<std::string, std::string>> distinct;
  // Privatized accesses (privatize.cpp, --privatize): those of the element the affinity names, rendered as
  // plain loads and stores through pgas::refactored::local_element; their `array` is 0, i.e. private_array.
  CachedArray private_array;
  std::vector<Access> private_accesses;
  // Privatized rows (privatize.cpp): `X[r][k]` under the affinity `&Y[r][e]`, any column k, rendered as
  // `X_row[k]` through a pgas::refactored::local_row declared at the top of each iteration; their `array`
  // indexes row_views. The rewritten loop runs only when every array's rows lie where Y's do
  // (row_conditions, pgas::refactored::rows_alike), else the original loop.
  struct RowView {
    std::string array, row, name;  // as spelled: the array and the row expression; the view's name
  };
  std::vector<RowView> row_views;
  std::vector<Access> row_accesses;
  std::vector<std::string> row_conditions;
};

}  // namespace pgas::refactor
