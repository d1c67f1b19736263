// Small AST and source helpers shared by the analysis and the rewriter.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/QualTypeNames.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <optional>
#include <set>
#include <string>

namespace pgas::refactor {

// The expression without the implicit nodes and parentheses around it. The matchers below accept null (an
// absent child, or a statement that is not an expression) and answer null: the AST of code Clang accepts
// has absent children (a for without a condition, a lambda's implicit parts, dependent code).
inline const clang::Expr *bare(const clang::Expr *e) {
  if (!e) return nullptr;
  while (true) {
    const clang::Expr *next = e->IgnoreParenImpCasts();
    if (auto *m = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(next)) next = m->getSubExpr();
    if (auto *b = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(next)) next = b->getSubExpr();
    if (auto *c = llvm::dyn_cast<clang::ExprWithCleanups>(next)) next = c->getSubExpr();
    if (next == e) return e;
    e = next;
  }
}

// The file range of a node's tokens, or an invalid range when it is not spelled contiguously in a file.
inline clang::CharSourceRange file_range(clang::SourceRange r, const clang::ASTContext &ctx) {
  return clang::Lexer::makeFileCharRange(clang::CharSourceRange::getTokenRange(r), ctx.getSourceManager(),
                                         ctx.getLangOpts());
}

// The text of a node as written; for a macro argument, the argument's spelling.
inline std::string spelled(clang::SourceRange r, const clang::ASTContext &ctx) {
  const clang::SourceManager &sm = ctx.getSourceManager();
  clang::CharSourceRange range = file_range(r, ctx);
  if (range.isInvalid())
    range =
        clang::CharSourceRange::getTokenRange(sm.getSpellingLoc(r.getBegin()), sm.getSpellingLoc(r.getEnd()));
  return clang::Lexer::getSourceText(range, sm, ctx.getLangOpts()).str();
}

// A type as the program spells it anywhere: fully qualified, without the scopes that are not written
// (anonymous and inline namespaces, which would print as `(anonymous namespace)::`).
inline std::string spellable_type(clang::QualType t, const clang::ASTContext &ctx) {
  clang::PrintingPolicy pp = ctx.getPrintingPolicy();
  pp.SuppressUnwrittenScope = true;
  return clang::TypeName::getFullyQualifiedName(t, ctx, pp);
}

// Whether the cache's combining policies (min, max, sum) can combine values of type t: an integer or
// floating-point type of 4 or 8 bytes, as the transport's accumulate takes (pgas::detail::transport_number).
inline bool combinable_number(clang::QualType t, const clang::ASTContext &ctx) {
  t = t.getCanonicalType();
  const bool number =
      (t->isIntegerType() && !t->isEnumeralType() && !t->isBooleanType()) || t->isRealFloatingType();
  if (!number) return false;
  const auto bytes = ctx.getTypeSizeInChars(t).getQuantity();
  return bytes == 4 || bytes == 8;
}

// The variable a (possibly parenthesized or converted) expression names, if it names one.
inline const clang::ValueDecl *named_decl(const clang::Expr *e) {
  if (auto *ref = llvm::dyn_cast_or_null<clang::DeclRefExpr>(bare(e))) return ref->getDecl();
  return nullptr;
}

// Every declaration the statement's expressions name (DeclRefExpr), added to `out`; a name of a structured
// binding (`auto [a, b] = e`) adds the declaration it is part of as well.
inline void collect_refs(const clang::Stmt *s, std::set<const clang::ValueDecl *> &out) {
  if (!s) return;
  if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(s)) {
    out.insert(ref->getDecl());
    if (auto *binding = llvm::dyn_cast<clang::BindingDecl>(ref->getDecl()))
      if (const clang::ValueDecl *whole = binding->getDecomposedDecl()) out.insert(whole);
  }
  for (const clang::Stmt *child : s->children()) collect_refs(child, out);
}

// Whether evaluating the statement may throw: a throw, or a call or construction of a function not declared
// noexcept. The dialect's own functions (element access, sizes) stop the job on error instead of throwing.
inline bool may_throw(const clang::Stmt *s) {
  if (!s) return false;
  if (llvm::isa<clang::CXXThrowExpr>(s)) return true;
  const clang::FunctionDecl *f = nullptr;
  if (auto *call = llvm::dyn_cast<clang::CallExpr>(s)) {
    f = call->getDirectCallee();
    if (!f) return true;
  } else if (auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(s)) {
    f = construct->getConstructor();
  }
  if (f && f->getQualifiedNameAsString().rfind("pgas::", 0) != 0) {
    auto *proto = f->getType()->getAs<clang::FunctionProtoType>();
    if (!proto || !proto->isNothrow()) return true;
  }
  for (const clang::Stmt *child : s->children())
    if (may_throw(child)) return true;
  return false;
}

// Where a location is written, as the compiler names it in diagnostics and debug information: presumed,
// so that the #line directives of pgas-upcc's translation give the UPC file and its lines. For a dialect
// file, its own name and lines.
inline clang::PresumedLoc written_at(const clang::SourceManager &sm, clang::SourceLocation loc) {
  return sm.getPresumedLoc(sm.getExpansionLoc(loc));
}
inline unsigned written_line(const clang::SourceManager &sm, clang::SourceLocation loc) {
  const clang::PresumedLoc p = written_at(sm, loc);
  return p.isValid() ? p.getLine() : 0;
}
inline std::string written_file(const clang::SourceManager &sm, clang::SourceLocation loc) {
  const clang::PresumedLoc p = written_at(sm, loc);
  return p.isValid() ? p.getFilename() : "";
}

// An overloaded subscript call (x[i] on a class), or null.
inline const clang::CXXOperatorCallExpr *subscript_call(const clang::Expr *e) {
  auto *call = llvm::dyn_cast_or_null<clang::CXXOperatorCallExpr>(bare(e));
  return call && call->getOperator() == clang::OO_Subscript ? call : nullptr;
}

// The element an affinity names: `&X[e]` (also `&X[r][e]`, whose array is `X[r]`), or `X + e`, as
// pgas-upcc translates a UPC `&X[e]`. Its array and index expressions, or nothing.
struct AffinityElement {
  const clang::Expr *array = nullptr, *index = nullptr;
};
inline std::optional<AffinityElement> affinity_element(const clang::Expr *affinity) {
  auto *call = llvm::dyn_cast_or_null<clang::CXXOperatorCallExpr>(bare(affinity));
  if (!call) return std::nullopt;
  if (call->getOperator() == clang::OO_Plus && call->getNumArgs() == 2 && named_decl(call->getArg(0)))
    return AffinityElement{call->getArg(0), call->getArg(1)};
  const clang::CXXOperatorCallExpr *element =
      call->getOperator() == clang::OO_Amp ? subscript_call(call->getArg(0)) : nullptr;
  if (!element) return std::nullopt;
  return AffinityElement{element->getArg(0), element->getArg(1)};
}

}  // namespace pgas::refactor
