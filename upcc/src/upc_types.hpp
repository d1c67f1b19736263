// UPC's types in the parse: which levels of a type are shared, with which layout and consistency (the tags
// the token pass wrote, see upc_tokens.hpp), and how a type is spelled in the C++ dialect (pgas/upc.hpp).
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Type.h>
#include <clang/AST/TypeLoc.h>

#include <functional>
#include <optional>
#include <string>

namespace pgas::upcc {

enum class Layout { Default, Star, Indefinite, Expression };
enum class Consistency { Unqualified, Strict, Relaxed };

// One level of a type: the shared qualifier and what was written with it.
struct SharedLevel {
  bool shared = false;
  Layout layout = Layout::Default;
  int layout_id = 0;  // Layout::Expression: the enumeration constant __upc_layout_<id> holds the block size
  Consistency consistency = Consistency::Unqualified;
  bool tagged_consistency_without_shared = false;  // strict or relaxed on a private type
};

SharedLevel shared_level(clang::QualType t);
bool is_shared(clang::QualType t);         // the object itself is shared (its element, for an array)
bool contains_shared(clang::QualType t);   // some level of the type is shared
bool points_to_shared(clang::QualType t);  // a pointer-to-shared
// THREADS in the parse of a dynamic-THREADS file (an enumeration constant of the parse prelude).
bool is_threads(const clang::Expr *e);   // the expression is THREADS (in parentheses, perhaps)
int threads_uses(const clang::Stmt *s);  // how often the expression names THREADS

// What the type printer needs from the translation unit.
class DialectTypes {
 public:
  DialectTypes(clang::ASTContext &ctx, std::optional<long> static_threads);

  // `declarator` (a name, or empty for a type name) declared with type t, in the dialect's spelling;
  // `written`, where the type was written, gives the dimensions as the user wrote them.
  std::string declaration(clang::QualType t, const std::string &declarator,
                          clang::TypeLoc written = {}) const;
  std::string type_name(clang::QualType t) const { return declaration(t, ""); }
  // The type of a shared level's value: t with its shared qualifier and UPC tags taken off.
  std::string value_type(clang::QualType t) const;
  // A private type without shared levels, as C++ spells it.
  std::string plain(clang::QualType t, const std::string &declarator) const;

  // The block size of a shared level as a C++ expression ("1", "0", a number); nullopt for [*], whose size
  // depends on the object.
  std::optional<std::string> block(const SharedLevel &level) const;
  std::optional<long long> layout_value(int id) const;
  const clang::Expr *layout_expression(int id) const;  // the written block size
  // An array's number of elements as C++ writes it: the written expression's text (`size_text`), else its
  // value with THREADS restored; empty for an incomplete array.
  std::string dimension(const clang::ArrayType *a, clang::TypeLoc written) const;
  std::function<std::optional<std::string>(const clang::Expr *)> size_text;
  bool dynamic_threads() const { return !static_threads_; }

 private:
  std::string pointer_to_shared(clang::QualType pointee, clang::Qualifiers pointer_quals) const;

  clang::ASTContext &ctx_;
  clang::PrintingPolicy policy_;
  std::optional<long> static_threads_;
};

// A shared object's shape: `count` elements of `element` (its innermost element type, in C++) in blocks
// of `block`, all as C++ expressions; dims holds each dimension (outermost first).
struct SharedShape {
  std::vector<std::string> dims;
  std::string count = "1";
  std::string block = "1";
  std::string element;
  SharedLevel level;
};
SharedShape shared_shape(const DialectTypes &types, clang::QualType t, clang::TypeLoc written = {});
// Where a declaration's type is written (null without one).
clang::TypeLoc written_type(const clang::DeclaratorDecl *d);

}  // namespace pgas::upcc
