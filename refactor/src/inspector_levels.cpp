// Inspector levels (Access::depth): which hint round of a tile can compute each cached read's index; and
// which reads chase their own array inside a loop of the body (Access::chases).
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/StmtCXX.h>

#include <map>
#include <set>

#include "analysis.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

// A cached read's index needs the values of the cached reads it contains (directly or
// through the body's declarations), so it can be hinted one level after the deepest of them.
class DepthCalculator {
 public:
  explicit DepthCalculator(LoopModel &m) : m_(m) {
    for (std::size_t k = 0; k < m.accesses.size(); ++k) by_whole_[m.accesses[k].whole] = k;
    for (const DeclStmt *ds : m.body_decls)
      for (const Decl *d : ds->decls())
        if (auto *vd = dyn_cast<VarDecl>(d)) body_vars_.insert(vd);
  }

  int of_access(std::size_t k) {
    Access &a = m_.accesses[k];
    if (done_.count(k)) return a.depth;
    done_.insert(k);  // a cycle cannot occur: an index never contains its own access
    a.depth = 1 + std::max(a.row ? of_expr(a.row) : 0, of_expr(a.index));
    return a.depth;
  }

 private:
  int of_expr(const Stmt *s) {
    if (!s) return 0;
    if (auto *e = dyn_cast<Expr>(s)) {
      auto it = by_whole_.find(e);
      if (it != by_whole_.end() && m_.accesses[it->second].kind == Access::kRead)
        return of_access(it->second);
      if (auto *ref = dyn_cast<DeclRefExpr>(e)) {
        auto *vd = dyn_cast<VarDecl>(ref->getDecl());
        if (!vd || !body_vars_.count(vd)) return 0;
        auto [known, added] = var_depth_.emplace(vd, 0);
        if (added) known->second = of_expr(vd->getInit());
        return known->second;
      }
    }
    int depth = 0;
    for (const Stmt *child : s->children()) depth = std::max(depth, of_expr(child));
    return depth;
  }

  LoopModel &m_;
  std::map<const Expr *, std::size_t> by_whole_;
  std::set<const VarDecl *> body_vars_;
  std::map<const VarDecl *, int> var_depth_;
  std::set<std::size_t> done_;
};

// Whether `s` contains the expression `e`.
bool contains(const Stmt *s, const Stmt *e) {
  if (s == e) return true;
  for (const Stmt *child : s->children())
    if (child && contains(child, e)) return true;
  return false;
}

// Whether `e` lies in a loop statement inside `body` (the loop body's own loops, not the upc_forall).
bool in_inner_loop(ASTContext &ctx, const Expr *e, const Stmt *body) {
  DynTypedNode node = DynTypedNode::create(*e);
  while (true) {
    auto parents = ctx.getParents(node);
    if (parents.empty()) return false;
    const Stmt *s = parents[0].get<Stmt>();
    if (!s || s == body) return false;
    if (isa<WhileStmt>(s) || isa<DoStmt>(s) || isa<ForStmt>(s) || isa<CXXForRangeStmt>(s)) return true;
    node = parents[0];
  }
}

}  // namespace

void assign_inspector_levels(ASTContext &ctx, LoopModel &model) {
  DepthCalculator depth(model);
  for (std::size_t k = 0; k < model.accesses.size(); ++k) depth.of_access(k);
  for (Access &a : model.accesses) {
    if (a.kind != Access::kRead || a.row || !a.member.empty()) continue;
    bool self_indexed = false;
    for (const Access &b : model.accesses)
      self_indexed = self_indexed || (&b != &a && b.kind == Access::kRead && b.array == a.array &&
                                      contains(a.index, b.whole));
    a.chases = self_indexed && in_inner_loop(ctx, a.whole, model.body);
  }
}

}  // namespace pgas::refactor
