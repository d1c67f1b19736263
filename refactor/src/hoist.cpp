// Hoisting a loop's caches: they are opened once before the outermost enclosing ordinary loop across which
// opening them is invariant (the arrays, the first value and the bound are not changed in it, also not by a
// call), instead of at every execution of the upc_forall.
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/StmtCXX.h>

#include "analysis.hpp"
#include "ast_util.hpp"
#include "call_effects.hpp"
#include "inner_trips.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

bool declared_within(const ValueDecl *d, const Stmt *s, const SourceManager &sm) {
  return !sm.isBeforeInTranslationUnit(d->getLocation(), s->getBeginLoc()) &&
         !sm.isBeforeInTranslationUnit(s->getEndLoc(), d->getLocation());
}

}  // namespace

const Stmt *hoist_target(const LoopModel &m, ASTContext &ctx) {
  const SourceManager &sm = ctx.getSourceManager();
  std::set<const ValueDecl *> used;  // what opening the caches reads: the arrays, the first value, the bound
  collect_refs(m.loop->getInit(), used);
  collect_refs(m.loop->getCond(), used);
  used.erase(m.var);
  for (const CachedArray &a : m.arrays) used.insert(a.decl);
  inner_trip_refs(m, ctx, used);  // the caches' sizes read the bounds of the body's counting loops
  const Stmt *target = nullptr;
  DynTypedNode node = DynTypedNode::create(*m.loop);
  while (true) {
    auto parents = ctx.getParents(node);
    if (parents.empty() || !parents[0].get<Stmt>()) break;
    node = parents[0];
    const Stmt *s = node.get<Stmt>();
    // Not past a try: a cache that outlived an exception caught inside the enclosing loop would keep the
    // interrupted tile's elements (its destructor ends the tile only when the exception leaves its scope).
    if (isa<DoStmt>(s) || isa<LambdaExpr>(s) || isa<CXXTryStmt>(s) || s->getBeginLoc().isMacroID()) break;
    if (auto *f = dyn_cast<ForStmt>(s); f && forall_spelling(f, ctx).is_forall) break;
    if (!isa<ForStmt>(s) && !isa<WhileStmt>(s) && !isa<CXXForRangeStmt>(s)) continue;
    std::set<const ValueDecl *> modified, written;
    scan_writes(s, modified, written);
    // A call in the enclosing loop may also swap an array or change the bound.
    const Effects calls = CallEffects(ctx).of_expr(s);
    if (!calls.opaque.empty()) return target;
    modified.insert(calls.written.begin(), calls.written.end());
    for (const ValueDecl *d : used) {
      if (modified.count(d) || declared_within(d, s, sm)) return target;
      for (QualType t : calls.written_types)
        if (may_change(t, d->getType(), ctx)) return target;
    }
    target = s;
  }
  return target;
}

}  // namespace pgas::refactor
