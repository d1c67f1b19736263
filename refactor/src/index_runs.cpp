#include "index_runs.hpp"

#include <set>

#include "analysis.hpp"
#include "ast_util.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

bool mentions(const Expr *e, const ValueDecl *v) {
  std::set<const ValueDecl *> refs;
  collect_refs(e, refs);
  return refs.count(v) != 0;
}

// Whether `e` is v, v + t, t + v or v - t (nested: (v + 1) + t), with every t free of v: the value moves by
// exactly one per iteration.
bool moves_by_one(const Expr *e, const ValueDecl *v) {
  e = bare(e);
  if (named_decl(e) == v) return true;
  auto *bo = dyn_cast<BinaryOperator>(e);
  if (!bo) return false;
  if (bo->getOpcode() == BO_Add)
    return (moves_by_one(bo->getLHS(), v) && !mentions(bo->getRHS(), v)) ||
           (moves_by_one(bo->getRHS(), v) && !mentions(bo->getLHS(), v));
  if (bo->getOpcode() == BO_Sub) return moves_by_one(bo->getLHS(), v) && !mentions(bo->getRHS(), v);
  return false;
}

bool computed_before_the_body(const Expr *e, const LoopModel &m) {
  return !e || (needed_decls(e, m).empty() && !may_throw(e));
}

}  // namespace

std::vector<bool> run_reads(const LoopModel &m) {
  std::vector<bool> runs(m.accesses.size(), false);
  if (!m.affinity_walks || !m.declares_var) return runs;
  for (std::size_t k = 0; k < m.accesses.size(); ++k) {
    const Access &a = m.accesses[k];
    const CachedArray &array = m.arrays[static_cast<std::size_t>(a.array)];
    runs[k] = a.kind == Access::kRead && a.member.empty() && array.member.empty() && !array.written &&
              a.loops.empty() && a.depth == 1 && moves_by_one(a.index, m.var) &&
              !(a.row && mentions(a.row, m.var)) && computed_before_the_body(a.index, m) &&
              computed_before_the_body(a.row, m);
  }
  return runs;
}

}  // namespace pgas::refactor
