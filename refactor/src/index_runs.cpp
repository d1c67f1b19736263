#include "index_runs.hpp"

#include <clang/AST/ExprCXX.h>

#include "analysis.hpp"
#include "ast_util.hpp"
#include "inner_trips.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

bool computed_before_the_body(const Expr *e, const LoopModel &m) {
  return !e || (needed_decls(e, m).empty() && !may_throw(e));
}

// The row or column of a read in counting loops: free of their variables, or one of them plus or minus terms
// free of them (so the index at the loops' first and last values is an index the original computes).
bool moves_with_one_loop(const Expr *e, const std::vector<Trip> &trips) {
  if (!e) return true;
  int moving = 0;
  for (const Trip &t : trips)
    if (mentions(e, t.var)) {
      if (!unit_in(e, t.var)) return false;
      ++moving;
    }
  return moving <= 1;
}

}  // namespace

std::vector<std::string> loop_runs(const LoopModel &m, const ASTContext &ctx,
                                   const std::function<std::string(const Access &)> &index) {
  std::vector<std::string> runs(m.accesses.size());
  std::set<const ValueDecl *> modified, written;
  scan_writes(m.body, modified, written);
  const SourceManager &sm = ctx.getSourceManager();
  for (std::size_t k = 0; k < m.accesses.size(); ++k) {
    const Access &a = m.accesses[k];
    const CachedArray &array = m.arrays[static_cast<std::size_t>(a.array)];
    if (a.kind != Access::kRead || !a.member.empty() || !array.member.empty() || array.written ||
        a.loops.empty() || a.depth != 1 || mentions(a.index, m.var) || (a.row && mentions(a.row, m.var)) ||
        !computed_before_the_body(a.index, m) || !computed_before_the_body(a.row, m))
      continue;
    std::vector<Trip> trips;
    for (const ForStmt *f : a.loops) {
      std::optional<Trip> t = trip_of(f, m, modified, sm);
      // The variable moves only by the loop's increment (a body that changes it may leave the bounds).
      std::set<const ValueDecl *> in_loop, arrays;
      if (t && f->getBody()) scan_writes(f->getBody(), in_loop, arrays);
      if (!t || in_loop.count(t->var)) break;
      trips.push_back(*t);
    }
    if (trips.size() != a.loops.size() || !moves_with_one_loop(a.index, trips) ||
        !moves_with_one_loop(a.row, trips))
      continue;
    std::string counts, corner;
    for (const Trip &t : trips) {
      const std::string first = spelled(t.first->getSourceRange(), ctx),
                        bound = spelled(t.bound->getSourceRange(), ctx);
      counts += std::string(counts.empty() ? "" : ", ") + "pgas::refactored::trip_count(" + first + ", " +
                bound + (t.inclusive ? ", true" : "") + ")";
      if (mentions(a.index, t.var) || (a.row && mentions(a.row, t.var)))
        corner += "const " + t.var->getType().getAsString() + " " + t.var->getNameAsString() +
                  " = at_last ? " + (t.inclusive ? "(" + bound + ")" : "(" + bound + ") - 1") + " : (" +
                  first + "); ";
    }
    runs[k] = "pgas::refactored::trips({" + counts + "}) != 0, [&]([[maybe_unused]] bool at_last) { " +
              corner + "return " + index(a) + "; }";
  }
  return runs;
}

std::vector<bool> run_reads(const LoopModel &m) {
  std::vector<bool> runs(m.accesses.size(), false);
  if (!m.affinity_walks || !m.declares_var) return runs;
  for (std::size_t k = 0; k < m.accesses.size(); ++k) {
    const Access &a = m.accesses[k];
    const CachedArray &array = m.arrays[static_cast<std::size_t>(a.array)];
    runs[k] = a.kind == Access::kRead && a.member.empty() && array.member.empty() && !array.written &&
              a.loops.empty() && a.depth == 1 && affine_in(a.index, m.var) &&
              !(a.row && mentions(a.row, m.var)) && computed_before_the_body(a.index, m) &&
              computed_before_the_body(a.row, m);
  }
  return runs;
}

}  // namespace pgas::refactor
