#include "index_runs.hpp"

#include "analysis.hpp"
#include "ast_util.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

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
              a.loops.empty() && a.depth == 1 && unit_in(a.index, m.var) &&
              !(a.row && mentions(a.row, m.var)) && computed_before_the_body(a.index, m) &&
              computed_before_the_body(a.row, m);
  }
  return runs;
}

}  // namespace pgas::refactor
