// Recognizing upc_forall loops and reading their headers: `upc_forall(init, cond, step, affinity)` expands to
// `for (init; cond; step) if (!has_affinity(affinity)) {} else BODY` (runtime/include/pgas/forall.hpp);
// pgas-upcc translates a UPC upc_forall to `for (init; cond; step) if (SCOPE.runs(affinity)) BODY`, SCOPE a
// pgas_upcc::forall_scope (upcc/src/statements.cpp).
#include <clang/AST/ExprCXX.h>
#include <clang/Lex/Lexer.h>

#include "analysis.hpp"
#include "ast_util.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

// The affinity test of a translated upc_forall, or null.
const CXXMemberCallExpr *translated_test(const ForStmt *loop) {
  auto *test = dyn_cast_or_null<IfStmt>(loop->getBody());
  if (!test || test->getElse()) return nullptr;
  auto *call = dyn_cast_or_null<CXXMemberCallExpr>(bare(test->getCond()));
  const CXXMethodDecl *method = call ? call->getMethodDecl() : nullptr;
  if (!method || method->getName() != "runs" || call->getNumArgs() != 1 ||
      method->getParent()->getQualifiedNameAsString() != "pgas_upcc::forall_scope")
    return nullptr;
  return call;
}

}  // namespace

ForallSpelling forall_spelling(const ForStmt *loop, const ASTContext &ctx) {
  const SourceManager &sm = ctx.getSourceManager();
  ForallSpelling s;
  SourceLocation loc = loop->getForLoc();
  if (!loc.isMacroID() && translated_test(loop)) {
    s.is_forall = true;
    s.keyword = loc;
    return s;
  }
  if (!loc.isMacroID() || Lexer::getImmediateMacroName(loc, sm, ctx.getLangOpts()) != "upc_forall") return s;
  s.is_forall = true;
  s.keyword = sm.getExpansionLoc(loc);
  SourceLocation caller = sm.getImmediateMacroCallerLoc(loc);
  if (caller.isMacroID()) s.wrapper = Lexer::getImmediateMacroName(caller, sm, ctx.getLangOpts()).str();
  return s;
}

namespace {

bool refuse(std::vector<Refusal> &refusals, const ForStmt *loop, const Expr *what, std::string message,
            std::string note) {
  SourceLocation at = what ? what->getBeginLoc() : loop->getBeginLoc();
  refusals.push_back({loop->getBeginLoc(), std::move(message), at, std::move(note)});
  return false;
}

std::string type_name(QualType t, const ASTContext &ctx) {
  PrintingPolicy pp(ctx.getLangOpts());
  pp.SuppressTagKeyword = true;
  pp.SuppressUnwrittenScope = true;  // no `(anonymous namespace)::`
  return t.getUnqualifiedType().getNonReferenceType().getAsString(pp);
}

bool read_init(const Stmt *init, const ASTContext &ctx, LoopModel &m) {
  if (auto *ds = dyn_cast_or_null<DeclStmt>(init); ds && ds->isSingleDecl()) {
    auto *vd = dyn_cast<VarDecl>(ds->getSingleDecl());
    if (!vd || !vd->getInit() || !vd->getType()->isIntegerType()) return false;
    m.var = vd;
    m.declares_var = true;
    m.first_expr = vd->getInit();
    // `T v{first}`: the value is the list's one element (a braced list cannot stand where `first` goes).
    if (auto *list = dyn_cast<InitListExpr>(bare(m.first_expr)); list && list->getNumInits() == 1)
      m.first_expr = list->getInit(0);
  } else if (auto *bo = dyn_cast_or_null<BinaryOperator>(init); bo && bo->getOpcode() == BO_Assign) {
    auto *vd = dyn_cast_or_null<VarDecl>(named_decl(bo->getLHS()));
    if (!vd || !vd->getType()->isIntegerType()) return false;
    m.var = vd;
    m.first_expr = bo->getRHS();
  } else {
    return false;
  }
  m.first = spelled(m.first_expr->getSourceRange(), ctx);
  m.var_type = type_name(m.var->getType(), ctx);
  m.var_name = m.var->getName().str();
  return true;
}

bool read_cond(const Expr *cond, const ASTContext &ctx, LoopModel &m) {
  auto *bo = dyn_cast_or_null<BinaryOperator>(cond ? bare(cond) : nullptr);
  if (!bo || (bo->getOpcode() != BO_LT && bo->getOpcode() != BO_LE) || named_decl(bo->getLHS()) != m.var)
    return false;
  m.compare = bo->getOpcodeStr().str();
  // Both sides as compared (after the usual arithmetic conversions); a template's dependent operands may
  // yet turn out an overloaded operator.
  const Expr *lhs = bo->getLHS(), *rhs = bo->getRHS();
  m.arithmetic_compare = !lhs->isTypeDependent() && !rhs->isTypeDependent() &&
                         lhs->getType()->isArithmeticType() && rhs->getType()->isArithmeticType();
  m.compared_unsigned = m.var->getType()->isSignedIntegerType() && !lhs->isTypeDependent() &&
                        lhs->getType()->isUnsignedIntegerType();
  m.bound = spelled(bo->getRHS()->getSourceRange(), ctx);
  return true;
}

bool read_step(const Expr *inc, const ASTContext &ctx, LoopModel &m) {
  if (!inc) return false;
  m.step = spelled(inc->getSourceRange(), ctx);
  if (auto *uo = dyn_cast_or_null<UnaryOperator>(bare(inc)); uo && uo->isIncrementOp())
    return named_decl(uo->getSubExpr()) == m.var && (m.stride = "1", true);
  if (auto *ca = dyn_cast_or_null<CompoundAssignOperator>(bare(inc)); ca && ca->getOpcode() == BO_AddAssign) {
    m.stride = spelled(ca->getRHS()->getSourceRange(), ctx);
    return named_decl(ca->getLHS()) == m.var;
  }
  return false;
}

}  // namespace

bool read_header(const ForStmt *loop, const ASTContext &ctx, LoopModel &m, std::vector<Refusal> &refusals) {
  m.loop = loop;
  if (const CXXMemberCallExpr *runs = translated_test(loop)) {
    m.affinity_expr = runs->getArg(0);
    m.body = cast<IfStmt>(loop->getBody())->getThen();
  } else {
    auto *test = dyn_cast_or_null<IfStmt>(loop->getBody());
    auto *negation = test ? dyn_cast_or_null<UnaryOperator>(bare(test->getCond())) : nullptr;
    auto *call = negation ? dyn_cast_or_null<CallExpr>(bare(negation->getSubExpr())) : nullptr;
    if (!call || call->getNumArgs() != 1 || !test->getElse())
      return refuse(refusals, loop, nullptr, "not rewritten: the upc_forall expansion has an unknown shape",
                    "expected `for (...) if (!has_affinity(...)) {} else body`");
    m.affinity_expr = call->getArg(0);
    m.body = test->getElse();
  }
  m.affinity = spelled(m.affinity_expr->getSourceRange(), ctx);
  if (!read_init(loop->getInit(), ctx, m))
    return refuse(refusals, loop, nullptr, "not rewritten: unsupported loop initialization",
                  "the first clause must declare or assign one integer variable");
  if (!read_cond(loop->getCond(), ctx, m))
    return refuse(refusals, loop, loop->getCond(), "not rewritten: unsupported loop condition",
                  "the condition must be `" + m.var_name + " < bound` or `" + m.var_name + " <= bound`");
  // Converted to unsigned, a signed variable's condition fails at -1 and may hold again from 0: the tiles,
  // which go on from where the previous one ended, would run iterations past the loop's end. From a
  // constant first value of at least 0 the variable never is negative.
  Expr::EvalResult first;
  const bool from_natural = !m.first_expr->isValueDependent() && m.first_expr->EvaluateAsInt(first, ctx) &&
                            !first.Val.getInt().isNegative();
  if (m.compared_unsigned && !from_natural)
    return refuse(refusals, loop, loop->getCond(), "not rewritten: unsupported loop condition",
                  "the signed variable '" + m.var_name + "' is compared as unsigned");
  if (!read_step(loop->getInc(), ctx, m))
    return refuse(
        refusals, loop, loop->getInc(), "not rewritten: unsupported loop step",
        "the step must be `" + m.var_name + "++`, `++" + m.var_name + "` or `" + m.var_name + " += step`");
  if (auto *block = dyn_cast<CompoundStmt>(m.body))
    for (const Stmt *s : block->body())
      if (auto *ds = dyn_cast<DeclStmt>(s)) m.body_decls.push_back(ds);
  m.affinity_walks = affinity_walks(m);
  return true;
}

}  // namespace pgas::refactor
