// The AST walk of a parsed UPC file: checks UPC's constraints and records, in a Rewriter over the user's
// file, the edits that turn it into the C++ dialect. Each construct has one rewrite:
//   declarations.cpp  shared objects, pointers-to-shared, parameters, typedefs
//   functions.cpp     return types, C linkage, prototypes where C wrote none
//   expressions.cpp   member access through shared, casts, sizeof and the upc_*sizeof operators, C's
//                     implicit conversions that C++ makes explicit, compound literals whose address is kept
//   accesses.cpp      accesses made strict by a referenced type or #pragma upc, assignments of volatile
//                     structs
//   statements.cpp    upc_forall, barriers
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Rewrite/Core/Rewriter.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "upc_types.hpp"

namespace pgas::upcc {

// A function definition in C's old style: `int f(a, b) int a; char *b; { ... }`.
bool is_old_style(const clang::DeclContext *c);

class Translator : public clang::RecursiveASTVisitor<Translator> {
 public:
  // Each #pragma upc strict or relaxed, in the order of the file: where it is, and (found by run()) the
  // compound statement it applies to the rest of, or none when it applies to the rest of the file.
  struct Pragma {
    clang::SourceLocation where;
    bool strict;
    clang::SourceRange scope;
  };
  using Pragmas = std::vector<Pragma>;
  Translator(clang::ASTContext &ctx, clang::Rewriter &rewriter, const DialectTypes &types, Pragmas pragmas);

  // Walks the translation unit; the edits are in the rewriter afterwards. False when an error was reported.
  bool run();
  // Whether the file calls a function it does not declare (C89's implicit declarations, which C++ lacks).
  bool used_implicit_declarations() const { return implicit_declarations_; }
  // Respells, among the tokens the preprocessor gave, the words of the user's files that C++ lacks or
  // reads otherwise: each C++ keyword used as a name in C (`char class` -> `char class_`), and `restrict`.
  void respell_c_words(const std::vector<clang::Token> &lexed);
  // The text of a range of the user's file with the edits made so far, or nullopt (a macro's text).
  std::optional<std::string> written_text(clang::SourceRange r) const;

  bool VisitVarDecl(clang::VarDecl *d);
  bool VisitFieldDecl(clang::FieldDecl *d);
  bool VisitFunctionDecl(clang::FunctionDecl *d);
  bool VisitTypedefNameDecl(clang::TypedefNameDecl *d);
  bool VisitForStmt(clang::ForStmt *s);
  bool VisitCallExpr(clang::CallExpr *e);
  bool VisitMemberExpr(clang::MemberExpr *e);
  bool VisitCStyleCastExpr(clang::CStyleCastExpr *e);
  bool VisitImplicitCastExpr(clang::ImplicitCastExpr *e);
  bool VisitParenExpr(clang::ParenExpr *e);
  bool VisitUnaryExprOrTypeTraitExpr(clang::UnaryExprOrTypeTraitExpr *e);
  bool VisitUnaryOperator(clang::UnaryOperator *e);
  bool VisitCompoundLiteralExpr(clang::CompoundLiteralExpr *e);
  bool VisitBinaryOperator(clang::BinaryOperator *e);          // accesses.cpp
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr *e);  // subscripts.cpp

 private:
  // Declarations (declarations.cpp).
  void translate_declaration_groups();
  void translate_group(const std::vector<clang::DeclaratorDecl *> &group);
  std::optional<std::string> shared_object(const clang::VarDecl *d);
  std::string storage_prefix(const clang::VarDecl *d) const;
  void translate_parameter(const clang::ParmVarDecl *d);
  void translate_prototype(const clang::FunctionDecl *d);  // functions.cpp
  void check_storage(const clang::VarDecl *d);
  void check_dimensions(const clang::VarDecl *d);  // dimensions.cpp
  void check_levels(clang::QualType t, clang::SourceLocation at);
  // Whether an access through a type without strict or relaxed is strict at `at` (UPC 1.3 §6.7.1).
  bool strict_at(const SharedLevel &level, clang::SourceLocation at) const;
  void find_pragma_scopes();

  // Statements (statements.cpp).
  void translate_forall(clang::ForStmt *loop, clang::IfStmt *test, const clang::CallExpr *marker);
  void translate_barrier(const clang::CallExpr *e, const char *function);
  void pass_values_to_varargs(const clang::CallExpr *e);
  // Where the statement ends in the file (in a macro's definition when `in_macro` and it is written there).
  clang::SourceLocation after_statement(const clang::Stmt *s, bool in_macro) const;

  // A read, write or increment of `lvalue`: marked strict where UPC makes it so (accesses.cpp).
  void translate_access(const clang::Expr *lvalue);

  // Expressions (expressions.cpp).
  // The subscripts inside an operand replaced as a whole (sizeof): not edited on their own.
  void claim_subscripts(const clang::Stmt *s);
  void translate_layout_query(clang::ParenExpr *e, const clang::UnaryExprOrTypeTraitExpr *size,
                              llvm::StringRef query);

  // Edits, in the user's file only; a construct written inside a macro's definition is an error.
  bool in_user_file(clang::SourceLocation at) const;
  std::optional<clang::CharSourceRange> file_range(clang::SourceRange r, clang::SourceLocation at);
  std::optional<clang::CharSourceRange> user_range(clang::SourceRange r) const;  // without macro bodies
  // The location of a subscript's `[`, where its array is written (nullopt: a macro wrote it otherwise).
  std::optional<clang::SourceLocation> open_bracket(const clang::ArraySubscriptExpr *e) const;
  enum class Inserts { Kept, Replaced };  // text other edits inserted at the range's ends
  void replace(clang::SourceRange r, const std::string &text, clang::SourceLocation at,
               Inserts inserts = Inserts::Kept);
  void wrap(clang::SourceRange r, const std::string &before, const std::string &after,
            clang::SourceLocation at);
  std::string text(clang::SourceRange r);
  // A name for what the translation declares at `at`: prefix, line and column (`__upc_forall_12_3`).
  std::string name_at(const char *prefix, clang::SourceLocation at) const;
  // False when the same edit was made at `range` already (a macro's definition, for another expansion).
  bool first_edit(const clang::CharSourceRange &range, const std::string &what, clang::SourceLocation at);
  void error(clang::SourceLocation at, const std::string &message);

  clang::ASTContext &ctx_;
  clang::SourceManager &sm_;
  clang::Rewriter &rw_;
  const DialectTypes &types_;
  Pragmas pragmas_;
  // Declarators that share their specifiers (`shared int a, *p;`), by where the specifiers begin.
  std::map<clang::SourceLocation, std::vector<clang::DeclaratorDecl *>> groups_;
  std::set<const clang::Decl *> for_init_decls_;
  std::set<const clang::Expr *> handled_;
  using Place = std::pair<clang::SourceLocation::UIntTy, clang::SourceLocation::UIntTy>;  // a file range
  std::set<std::pair<Place, std::string>> edits_;
  std::map<Place, std::string> replacements_;
  bool implicit_declarations_ = false;
  bool failed_ = false;
};

}  // namespace pgas::upcc
