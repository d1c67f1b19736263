#include "tool.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <llvm/Support/raw_ostream.h>

#include <map>
#include <regex>

#include "analysis.hpp"
#include "array_names.hpp"
#include "rewrite.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

// The upc_forall loops written in the main file (template patterns once, never their instantiations).
class LoopCollector : public RecursiveASTVisitor<LoopCollector> {
 public:
  explicit LoopCollector(ASTContext &ctx) : ctx_(ctx) {}
  bool VisitForStmt(ForStmt *loop) {
    const SourceManager &sm = ctx_.getSourceManager();
    SourceLocation at = sm.getExpansionLoc(loop->getBeginLoc());
    if (sm.isInSystemHeader(at) || !sm.isWrittenInMainFile(at)) return true;
    if (forall_spelling(loop, ctx_).is_forall) loops.push_back(loop);
    return true;
  }
  std::vector<const ForStmt *> loops;

 private:
  ASTContext &ctx_;
};

// Whether the loop already goes through a software cache (it was rewritten before).
bool uses_cache(const Stmt *s) {
  if (!s) return false;
  if (auto *ref = dyn_cast<DeclRefExpr>(s)) {
    const CXXRecordDecl *r = ref->getType().getNonReferenceType()->getAsCXXRecordDecl();
    if (r && r->getQualifiedNameAsString() == "pgas::cache") return true;
  }
  for (const Stmt *child : s->children())
    if (uses_cache(child)) return true;
  return false;
}

bool contains(const ForStmt *outer, const ForStmt *inner, const SourceManager &sm) {
  SourceRange o = outer->getSourceRange(), i = inner->getSourceRange();
  return outer != inner && !sm.isBeforeInTranslationUnit(i.getBegin(), o.getBegin()) &&
         !sm.isBeforeInTranslationUnit(o.getEnd(), i.getEnd());
}

class Consumer : public ASTConsumer {
 public:
  Consumer(const Settings &s, ArraySelector select, FileResult &r)
      : settings_(s), select_(std::move(select)), result_(r) {}

  void HandleTranslationUnit(ASTContext &ctx) override {
    if (ctx.getDiagnostics().hasErrorOccurred()) return;  // the file is refused by the caller
    result_.shared_arrays = shared_array_names(ctx);
    const SourceManager &sm = ctx.getSourceManager();
    IntrusiveRefCntPtr<DiagnosticOptions> opts(new DiagnosticOptions);
    TextDiagnosticPrinter printer(llvm::errs(), opts.get());
    DiagnosticsEngine diags(new DiagnosticIDs, opts, &printer, false);
    diags.setSourceManager(const_cast<SourceManager *>(&sm));
    printer.BeginSourceFile(ctx.getLangOpts(), nullptr);
    const unsigned warning = diags.getCustomDiagID(DiagnosticsEngine::Warning, "%0");
    const unsigned note = diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");

    LoopCollector collector(ctx);
    collector.TraverseDecl(ctx.getTranslationUnitDecl());
    // Candidates: loops that touch a chosen array. Of nested candidates only the innermost is rewritten.
    std::vector<LoopModel> candidates;
    std::vector<std::vector<Refusal>> refusals;
    for (const ForStmt *loop : collector.loops) {
      if (uses_cache(loop)) continue;
      const std::string file = sm.getFilename(sm.getExpansionLoc(loop->getBeginLoc())).str();
      const unsigned first = sm.getExpansionLineNumber(loop->getBeginLoc());
      const unsigned last = sm.getExpansionLineNumber(loop->getEndLoc());
      std::vector<Refusal> found;
      LoopModel model;
      const bool header_read = read_header(loop, ctx, model, found);
      if (!model.body || !find_accesses(select_(file, first, last), ctx, model, found)) continue;
      // Only the iteration's own elements (local by the affinity): nothing to cache.
      if (header_read && found.empty() &&
          std::all_of(model.accesses.begin(), model.accesses.end(),
                      [&](const Access &a) { return owner_computes(a, model, ctx); }))
        continue;
      if (header_read) {
        ForallSpelling spelling = forall_spelling(loop, ctx);
        if (!spelling.wrapper.empty())
          found.push_back({spelling.keyword,
                           "not rewritten: upc_forall is expanded inside macro '" + spelling.wrapper + "'",
                           spelling.keyword,
                           "rewrite the macro's uses by hand, or spell upc_forall directly"});
      }
      candidates.push_back(model);
      refusals.push_back(found);  // a header the rewrite cannot read is one of them
    }
    std::vector<const LoopModel *> ready;
    for (std::size_t k = 0; k < candidates.size(); ++k) {
      const LoopModel &model = candidates[k];
      auto inner = std::find_if(candidates.begin(), candidates.end(),
                                [&](const LoopModel &c) { return contains(model.loop, c.loop, sm); });
      if (inner != candidates.end()) {
        report(
            diags, warning, note,
            {{model.loop->getBeginLoc(), "not rewritten: a nested upc_forall loop accesses the chosen arrays",
              inner->loop->getBeginLoc(), "the innermost loop is rewritten instead"}});
        continue;
      }
      if (refusals[k].empty()) check_legality(settings_, ctx, model, refusals[k]);
      if (!refusals[k].empty()) {
        report(diags, warning, note, refusals[k]);
        continue;
      }
      ready.push_back(&model);
    }
    // Caches are opened once before the outermost enclosing ordinary loop across which that is invariant;
    // the loops hoisted to one target share one opening and closing block.
    std::map<const Stmt *, std::pair<std::string, std::string>> hoisted;
    for (const LoopModel *model : ready) {
      const Stmt *target = hoist_target(*model, ctx);
      LoopRewrite lr = rewrite(ctx, *model, target, diags, warning, note);
      if (target && lr.error.empty()) {
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
      add(tooling::Replacement(sm, before, (in_block ? "" : "{\n") + code.first, ctx.getLangOpts()));
      std::string closing = code.second;
      if (in_block) closing.pop_back();  // the line break after the loop follows
      add(tooling::Replacement(sm, after, "\n" + closing + (in_block ? "" : "}"), ctx.getLangOpts()));
    }
    printer.EndSourceFile();
  }

 private:
  void report(DiagnosticsEngine &diags, unsigned warning, unsigned note,
              const std::vector<Refusal> &refusals) {
    ++result_.refused;
    std::set<std::string> seen;  // each reason once, with the first expression it applies to
    for (const Refusal &r : refusals) {
      if (!seen.insert(r.message).second) continue;
      diags.Report(r.where, warning) << r.message;
      diags.Report(r.note_at, note) << r.note;
    }
  }

  LoopRewrite rewrite(ASTContext &ctx, const LoopModel &model, const Stmt *hoist_to, DiagnosticsEngine &diags,
                      unsigned warning, unsigned note) {
    const SourceManager &sm = ctx.getSourceManager();
    const llvm::StringRef code = sm.getBufferData(sm.getMainFileID());
    auto taken = [&](const std::string &name) {
      if (generated_.count(name)) return true;
      const std::regex word("\\b" + name + "\\b");
      return std::regex_search(code.begin(), code.end(), word);
    };
    LoopRewrite lr = rewrite_loop(model, settings_, ctx, taken, hoist_to);
    if (!lr.error.empty()) {
      report(diags, warning, note,
             {{model.loop->getBeginLoc(), "not rewritten: " + lr.error, model.loop->getBeginLoc(),
               "accesses of cached arrays must be written in the loop, not produced by macros"}});
      return lr;
    }
    generated_.insert(lr.names.begin(), lr.names.end());
    add(tooling::Replacement(sm, lr.range, lr.text, ctx.getLangOpts()));
    ++result_.rewritten;
    return lr;
  }

  void add(const tooling::Replacement &r) {
    if (llvm::Error err = result_.loops.add(r)) llvm::consumeError(std::move(err));  // ranges never overlap
  }

  const Settings &settings_;
  ArraySelector select_;
  FileResult &result_;
  std::set<std::string> generated_;  // names given to caches in this file
};

class Action : public ASTFrontendAction {
 public:
  Action(const Settings &s, ArraySelector select, FileResult &r)
      : settings_(s), select_(std::move(select)), result_(r) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<Consumer>(settings_, select_, result_);
  }

 private:
  const Settings &settings_;
  ArraySelector select_;
  FileResult &result_;
};

class Factory : public tooling::FrontendActionFactory {
 public:
  Factory(const Settings &s, ArraySelector select, FileResult &r)
      : settings_(s), select_(std::move(select)), result_(r) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(settings_, select_, result_);
  }

 private:
  const Settings &settings_;
  ArraySelector select_;
  FileResult &result_;
};

}  // namespace

std::unique_ptr<tooling::FrontendActionFactory> make_action_factory(const Settings &settings,
                                                                    ArraySelector select,
                                                                    FileResult &result) {
  return std::make_unique<Factory>(settings, std::move(select), result);
}

}  // namespace pgas::refactor
