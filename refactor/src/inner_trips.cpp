// Sizing a cache for accesses inside the body's own counting loops (`for (long l = 0; l < n; ++l) ...
// b[l][j]`): one iteration of the upc_forall hints as many elements as those loops run, not one per access.
// Sized by the number of accesses, such a cache would hold a sliver of what a tile hints and drop the rest
// (each dropped hint a remote get at `get`, as slow as the original). The count is computed at run time,
// where the cache is opened, from loop headers whose bounds are literals or variables named before the
// upc_forall and not changed by its body; otherwise the access counts one, as before. The cache never holds
// more than the array's elements, whatever the count.
#include "inner_trips.hpp"

#include <clang/AST/ExprCXX.h>

#include <optional>

#include "analysis.hpp"
#include "ast_util.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

bool declared_in(const ValueDecl *d, const Stmt *s, const SourceManager &sm) {
  return !sm.isBeforeInTranslationUnit(d->getLocation(), s->getBeginLoc()) &&
         !sm.isBeforeInTranslationUnit(s->getEndLoc(), d->getLocation());
}

// An integer literal, or a variable named before the loop that its body does not change: evaluating it where
// the cache is opened reads what the loop's header would read, and cannot trap.
bool stable_operand(const Expr *e, const LoopModel &m, const std::set<const ValueDecl *> &modified,
                    const SourceManager &sm) {
  e = e->IgnoreParenImpCasts();
  if (isa<IntegerLiteral>(e)) return true;
  auto *ref = dyn_cast<DeclRefExpr>(e);
  auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  return var && var->getType()->isIntegerType() && !modified.count(var) && !declared_in(var, m.loop, sm);
}

}  // namespace

std::optional<Trip> trip_of(const ForStmt *f, const LoopModel &m, const std::set<const ValueDecl *> &modified,
                            const SourceManager &sm) {
  auto *ds = dyn_cast_or_null<DeclStmt>(f->getInit());
  auto *var = ds && ds->isSingleDecl() ? dyn_cast<VarDecl>(ds->getSingleDecl()) : nullptr;
  auto *cond = dyn_cast_or_null<BinaryOperator>(f->getCond());
  if (!var || !var->getInit() || !cond || (cond->getOpcode() != BO_LT && cond->getOpcode() != BO_LE) ||
      named_decl(cond->getLHS()->IgnoreParenImpCasts()) != var)
    return std::nullopt;
  const Expr *inc = f->getInc() ? f->getInc()->IgnoreParens() : nullptr;
  bool steps_by_one = false;
  if (auto *uo = dyn_cast_or_null<UnaryOperator>(inc))
    steps_by_one = uo->isIncrementOp() && named_decl(uo->getSubExpr()->IgnoreParenImpCasts()) == var;
  if (auto *co = dyn_cast_or_null<CompoundAssignOperator>(inc))
    if (auto *one = dyn_cast<IntegerLiteral>(co->getRHS()->IgnoreParenImpCasts()))
      steps_by_one = co->getOpcode() == BO_AddAssign && one->getValue() == 1 &&
                     named_decl(co->getLHS()->IgnoreParenImpCasts()) == var;
  if (!steps_by_one || !stable_operand(var->getInit(), m, modified, sm) ||
      !stable_operand(cond->getRHS(), m, modified, sm))
    return std::nullopt;
  return Trip{var, var->getInit(), cond->getRHS(), cond->getOpcode() == BO_LE};
}

std::string elements_per_iteration(const LoopModel &m, int array, const ASTContext &ctx) {
  const CachedArray &a = m.arrays[static_cast<std::size_t>(array)];
  std::set<const ValueDecl *> modified, written;
  scan_writes(m.body, modified, written);
  const SourceManager &sm = ctx.getSourceManager();
  unsigned plain = a.sites;
  std::string looped;
  for (const Access &access : m.accesses) {
    if (access.array != array || access.loops.empty()) continue;
    std::string trips;
    for (const ForStmt *f : access.loops) {
      std::optional<Trip> t = trip_of(f, m, modified, sm);
      if (!t) return std::to_string(a.sites);
      trips += std::string(trips.empty() ? "" : ", ") + "pgas::refactored::trip_count(" +
               spelled(t->first->getSourceRange(), ctx) + ", " + spelled(t->bound->getSourceRange(), ctx) +
               (t->inclusive ? ", true" : "") + ")";
    }
    if (plain > 0) --plain;
    looped += std::string(looped.empty() ? "" : " + ") + "pgas::refactored::trips({" + trips + "})";
  }
  if (looped.empty()) return std::to_string(a.sites);
  return plain == 0 ? looped : std::to_string(plain) + " + " + looped;
}

void inner_trip_refs(const LoopModel &m, const ASTContext &ctx, std::set<const ValueDecl *> &out) {
  std::set<const ValueDecl *> modified, written;
  scan_writes(m.body, modified, written);
  for (const Access &access : m.accesses)
    for (const ForStmt *f : access.loops)
      if (std::optional<Trip> t = trip_of(f, m, modified, ctx.getSourceManager())) {
        collect_refs(t->first, out);
        collect_refs(t->bound, out);
      }
}

}  // namespace pgas::refactor
