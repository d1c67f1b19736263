// Statements: upc_forall with UPC's rule for nested loops (a loop inside the dynamic scope of a controlling
// one runs every iteration), and the barrier statements.
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/SourceManager.h>

#include "marker_names.hpp"
#include "translator.hpp"

namespace pgas::upcc {

using namespace clang;

namespace {
// The marker call the token pass wrote (upc_tokens.hpp), or nullptr.
const CallExpr *marker_call(const Expr *e, const char *name) {
  const auto *call = dyn_cast_or_null<CallExpr>(e ? e->IgnoreImplicit() : nullptr);
  if (call == nullptr) return nullptr;
  const auto *callee = dyn_cast_or_null<FunctionDecl>(call->getCalleeDecl());
  return callee && callee->getName() == name ? call : nullptr;
}
}  // namespace

bool Translator::VisitForStmt(ForStmt *s) {
  if (const auto *init = dyn_cast_or_null<DeclStmt>(s->getInit()))
    for (const Decl *d : init->decls()) for_init_decls_.insert(d);
  auto *test = dyn_cast_or_null<IfStmt>(s->getBody());
  if (test == nullptr || !in_user_file(s->getForLoc())) return true;
  if (const CallExpr *m = marker_call(test->getCond(), markers::kForallAffinity))
    translate_forall(s, test, m);
  if (const CallExpr *m = marker_call(test->getCond(), markers::kForallContinue))
    translate_forall(s, test, m);
  return true;
}

// upc_forall (a; b; c; d) body ->
//   { ::pgas_upcc::forall_scope __upc_forall_N; for (a; b; c) if (__upc_forall_N.runs(d)) body }
// and with `continue` (or no affinity): for (a; b; c) body.
void Translator::translate_forall(ForStmt *loop, IfStmt *test, const CallExpr *marker) {
  const SourceLocation keyword = loop->getForLoc(), third = loop->getRParenLoc(),
                       close = test->getRParenLoc();
  if (marker->getNumArgs() < 2) {  // continue
    replace(SourceRange(keyword, keyword), "for", keyword);
    replace(SourceRange(third, close), ")", keyword);
    return;
  }
  const Expr *affinity = marker->getArg(1)->IgnoreImpCasts();
  QualType t = affinity->getType();
  if (!t->isIntegerType() && !points_to_shared(t)) {
    error(affinity->getExprLoc(),
          "the affinity of a upc_forall must be an integer or a pointer-to-shared "
          "(UPC 1.3 §6.6.2), or continue; this one has type '" +
              t.getAsString() + "'");
    return;
  }
  // Named after where it is written, so that every expansion of a macro that holds it edits it alike.
  const std::string scope = name_at("__upc_forall_", sm_.getSpellingLoc(keyword));
  replace(SourceRange(keyword, keyword), "{ ::pgas_upcc::forall_scope " + scope + "; for", keyword);
  replace(SourceRange(third, third), ") if (" + scope + ".runs(", keyword);
  replace(SourceRange(close, close), "))", keyword);
  const SourceLocation end = after_statement(test->getThen(), keyword.isMacroID());
  const CharSourceRange at_end = CharSourceRange::getCharRange(end, end);
  if (first_edit(at_end, "close:" + scope, keyword)) rw_.InsertTextAfter(end, " }");
}

bool Translator::VisitCallExpr(CallExpr *e) {
  if (!in_user_file(e->getBeginLoc())) return true;
  if (const FunctionDecl *f = e->getDirectCallee(); f && f->isImplicit()) implicit_declarations_ = true;
  if (marker_call(e, markers::kBarrier)) {
    translate_barrier(e, "::pgas::barrier");
  } else if (marker_call(e, markers::kNotify)) {
    translate_barrier(e, "::pgas::notify");
  } else if (marker_call(e, markers::kWait)) {
    translate_barrier(e, "::pgas::wait");
  } else {
    pass_values_to_varargs(e);  // also the value of an integer upc_forall affinity read from shared memory
  }
  return true;
}

// printf("%d", x[i]): a shared value passed through `...` is read first (the dialect refuses to pass the
// reference itself).
void Translator::pass_values_to_varargs(const CallExpr *e) {
  const FunctionDecl *callee = e->getDirectCallee();
  const auto *proto = callee ? callee->getType()->getAs<FunctionProtoType>() : nullptr;
  if (proto == nullptr || !proto->isVariadic()) return;
  for (unsigned k = proto->getNumParams(); k < e->getNumArgs(); ++k) {
    const Expr *arg = e->getArg(k)->IgnoreParenImpCasts();
    if (arg->isGLValue() && is_shared(arg->getType()) && !arg->getType()->isArrayType())
      wrap(arg->getSourceRange(), "(" + types_.value_type(arg->getType()) + ")(", ")", arg->getBeginLoc());
  }
}

// upc_barrier [e]; -> ::pgas::barrier([e]);
void Translator::translate_barrier(const CallExpr *e, const char *function) {
  const SourceLocation keyword = e->getBeginLoc();
  if (e->getNumArgs() < 2) {
    replace(SourceRange(keyword, keyword), std::string(function) + "()", keyword);
    return;
  }
  const Expr *id = e->getArg(1)->IgnoreImpCasts();
  if (!id->getType()->isIntegerType()) {
    error(id->getExprLoc(),
          "the expression of a barrier statement must have integer type (UPC 1.3 §6.6.1); "
          "this one has type '" +
              id->getType().getAsString() + "'");
    return;
  }
  replace(SourceRange(keyword, id->getEndLoc()),
          std::string(function) + "(" + text(id->getSourceRange()) + ")", keyword);
}

}  // namespace pgas::upcc
