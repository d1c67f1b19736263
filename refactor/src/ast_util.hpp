// Small AST and source helpers shared by the analysis and the rewriter.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <cctype>
#include <set>
#include <string>

namespace pgas::refactor {

// The expression without the implicit nodes and parentheses around it.
inline const clang::Expr *bare(const clang::Expr *e) {
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

// The text of an expression without white space or outer parentheses, for comparing two spellings of one
// element or value.
inline std::string compact_text(const clang::Expr *e, const clang::ASTContext &ctx) {
  std::string t = spelled(bare(e)->getSourceRange(), ctx), out;
  for (char c : t)
    if (!std::isspace(static_cast<unsigned char>(c))) out += c;
  while (out.size() > 2 && out.front() == '(' && out.back() == ')') out = out.substr(1, out.size() - 2);
  return out;
}

// The variable a (possibly parenthesized or converted) expression names, if it names one.
inline const clang::ValueDecl *named_decl(const clang::Expr *e) {
  if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(bare(e))) return ref->getDecl();
  return nullptr;
}

// Every declaration the statement's expressions name (DeclRefExpr), added to `out`.
inline void collect_refs(const clang::Stmt *s, std::set<const clang::ValueDecl *> &out) {
  if (!s) return;
  if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(s)) out.insert(ref->getDecl());
  for (const clang::Stmt *child : s->children()) collect_refs(child, out);
}

// An overloaded subscript call (x[i] on a class), or null.
inline const clang::CXXOperatorCallExpr *subscript_call(const clang::Expr *e) {
  auto *call = llvm::dyn_cast<clang::CXXOperatorCallExpr>(bare(e));
  return call && call->getOperator() == clang::OO_Subscript ? call : nullptr;
}

}  // namespace pgas::refactor
