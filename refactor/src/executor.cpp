#include "executor.hpp"

#include <algorithm>
#include <set>

#include "analysis.hpp"
#include "ast_util.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

// Whether the read's index is, at every evaluation in the executor, one its run was built to hold: the
// variables it reads (but the counting loops' own, which only their increments change, index_runs.cpp)
// keep their values, and it has no call whose value could differ from one evaluation to the next.
bool stays_in_run(const Access &a, const std::set<const ValueDecl *> &modified, const ASTContext &ctx) {
  std::set<const ValueDecl *> refs;
  collect_refs(a.row, refs);
  collect_refs(a.index, refs);
  for (const ForStmt *f : a.loops)
    if (auto *ds = dyn_cast_or_null<DeclStmt>(f->getInit()); ds && ds->isSingleDecl())
      refs.erase(dyn_cast<ValueDecl>(ds->getSingleDecl()));
  return std::none_of(refs.begin(), refs.end(), [&](const ValueDecl *d) { return modified.count(d); }) &&
         !a.index->HasSideEffects(ctx, /*IncludePossibleEffects=*/true) &&
         !(a.row && a.row->HasSideEffects(ctx, /*IncludePossibleEffects=*/true));
}

}  // namespace

std::string executor_text(const LoopModel &m, Renderer &render, ASTContext &ctx, const ExecutorParts &parts,
                          const std::function<std::string(const std::string &)> &name) {
  const bool block = isa<CompoundStmt>(m.body);
  // The body as a statement after a loop header; `before` declares what it needs first.
  const auto loop = [&](const std::string &header, const std::string &before) {
    if (block && before.empty()) return header + " " + render.marked_body(m.body) + "\n";
    return header + " {\n" + before + render.marked_body(m.body) + (block ? "\n" : ";\n") + "}\n";
  };
  const std::string plain = loop(parts.walk, parts.views);
  std::set<const ValueDecl *> modified, written;
  scan_writes(m.body, modified, written);
  std::vector<bool> unchecked(m.accesses.size(), false);
  for (std::size_t k = 0; k < m.accesses.size(); ++k)
    unchecked[k] = !parts.run_of[k].empty() && stays_in_run(m.accesses[k], modified, ctx);
  const bool any_unchecked = std::find(unchecked.begin(), unchecked.end(), true) != unchecked.end();
  const bool counting = parts.walks && (!m.private_accesses.empty() || any_unchecked);
  if (!counting && !any_unchecked) return plain;
  std::string text, condition;
  std::string base, at;
  if (counting) {
    // A tile the runs cover, or whose base pointer is found, is in arithmetic progression (index_run.hpp,
    // consecutive_tile.hpp): its k-th iteration reads the runs' position k and the base's element k.
    if (!m.private_accesses.empty()) {
      base = name(m.private_array.name + "_base");
      text += "auto *const " + base + " = pgas::refactored::tile_base(" + parts.owned + ", [&](" +
              m.var_type + " " + m.var_name + ") { return " + m.affinity + "; });\n";
      condition = base;
    }
  }
  std::set<std::string> covered;
  for (std::size_t k = 0; k < m.accesses.size(); ++k)
    if (unchecked[k] && covered.insert(parts.run_of[k]).second)
      condition += (condition.empty() ? "" : " && ") + parts.run_of[k] + ".covers()";
  render.unchecked_runs(unchecked);
  std::string fast;
  if (counting) {
    at = name(m.var_name + "_k");
    render.local_base(base, at);
    fast = loop("for (std::size_t " + at + " = 0; " + at + " < " + parts.owned + ".size(); ++" + at + ")",
                "[[maybe_unused]] " + m.var_type + " " + m.var_name + " = " + parts.owned + "[" + at +
                    "];\n" + parts.views);
  } else {
    fast = loop(parts.walk, parts.views);
  }
  render.local_base("", "");
  render.unchecked_runs({});
  return text + "if (" + condition + ") {\n" + fast + "} else {\n" + plain + "}\n";
}

}  // namespace pgas::refactor
