#include "loop_rewriting.hpp"

#include <clang/AST/ParentMapContext.h>

#include <map>
#include <string>
#include <utility>

#include "analysis.hpp"
#include "names_in_use.hpp"
#include "rewrite.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

void add(FileRewrite &out, const tooling::Replacement &r) {
  if (llvm::Error err = out.replacements.add(r)) llvm::consumeError(std::move(err));  // ranges never overlap
}

}  // namespace

FileRewrite rewrite_ready_loops(const Settings &settings, ASTContext &ctx,
                                const std::vector<const LoopModel *> &ready) {
  const SourceManager &sm = ctx.getSourceManager();
  FileRewrite out;
  NamesInUse names(ctx);
  const auto taken = [&](const std::string &name) { return names.contains(name); };
  // Caches are opened once before the outermost enclosing ordinary loop across which that is invariant;
  // the loops hoisted to one target share one opening and closing block.
  std::map<const Stmt *, std::pair<std::string, std::string>> hoisted;
  for (const LoopModel *model : ready) {
    // An init value that may have effects is evaluated where the loop was, once (never hoisted).
    const Stmt *target = first_has_effects(*model, ctx) ? nullptr : hoist_target(*model, ctx);
    LoopRewrite lr = rewrite_loop(*model, settings, ctx, taken, target);
    if (!lr.error.empty()) {
      out.failures.push_back(
          {model->loop->getBeginLoc(), "not rewritten: " + lr.error, model->loop->getBeginLoc(),
           "accesses of cached arrays must be written in the loop, not produced by macros"});
      continue;
    }
    for (const std::string &name : lr.names) names.add(name);
    add(out, tooling::Replacement(sm, lr.range, lr.text, ctx.getLangOpts()));
    ++out.rewritten;
    if (target) {
      hoisted[target].first += lr.opening;
      hoisted[target].second += lr.closing;
    }
  }
  for (const auto &[target, code] : hoisted) {
    // In a block the declarations join it (the loop keeps its indentation); elsewhere (the body of an if,
    // say) they need a block of their own.
    auto parents = ctx.getParents(*target);
    const bool in_block = !parents.empty() && parents[0].get<CompoundStmt>();
    auto [before, after] = hoist_ranges(target, ctx);
    add(out, tooling::Replacement(sm, before, (in_block ? "" : "{\n") + code.first, ctx.getLangOpts()));
    std::string closing = code.second;
    if (in_block) closing.pop_back();  // the line break after the loop follows
    add(out, tooling::Replacement(sm, after, "\n" + closing + (in_block ? "" : "}"), ctx.getLangOpts()));
  }
  return out;
}

}  // namespace pgas::refactor
