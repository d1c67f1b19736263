// The frontend action run over each file: the three steps of its rewrite, in order, with the diagnostics of
// the loops left untouched.
//   1. finding (loop_finding.cpp): the upc_forall loops that touch the chosen arrays, read into LoopModels;
//   2. analysis (loop_verdicts.cpp): nesting and the legality rules, a verdict per loop;
//   3. rewriting (loop_rewriting.cpp): the replacements of the loops found legal.
#include "tool.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <llvm/Support/raw_ostream.h>

#include "array_names.hpp"
#include "loop_rewriting.hpp"
#include "loop_verdicts.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

// Reports the loops left untouched as clang-style warnings (errors with --warnings-as-errors), each with a
// note on what it applies to.
class RefusalPrinter {
 public:
  RefusalPrinter(ASTContext &ctx, const Reporting &reporting)
      : opts_(new DiagnosticOptions),
        printer_(*reporting.out, opts_.get()),
        diags_(new DiagnosticIDs, opts_, &printer_, false) {
    diags_.setSourceManager(&ctx.getSourceManager());
    printer_.BeginSourceFile(ctx.getLangOpts(), nullptr);
    warning_ = diags_.getCustomDiagID(
        reporting.warnings_as_errors ? DiagnosticsEngine::Error : DiagnosticsEngine::Warning, "%0");
    note_ = diags_.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  }
  ~RefusalPrinter() { printer_.EndSourceFile(); }

  // One loop's refusals: each reason once, with the first expression it applies to.
  void report(const std::vector<Refusal> &refusals) {
    std::set<std::string> seen;
    for (const Refusal &r : refusals) {
      if (!seen.insert(r.message).second) continue;
      diags_.Report(r.where, warning_) << r.message;
      diags_.Report(r.note_at, note_) << r.note;
    }
  }

 private:
  IntrusiveRefCntPtr<DiagnosticOptions> opts_;
  TextDiagnosticPrinter printer_;
  DiagnosticsEngine diags_;
  unsigned warning_ = 0, note_ = 0;
};

// What one run of the action over a file needs: the same for the consumer, the action and the factory.
struct Job {
  const Settings &settings;
  ArraySelector select;
  Reporting reporting;
  FileResult &result;
};

class Consumer : public ASTConsumer {
 public:
  explicit Consumer(const Job &job) : job_(job) {}

  void HandleTranslationUnit(ASTContext &ctx) override {
    if (ctx.getDiagnostics().hasErrorOccurred()) return;  // the file is refused by the caller
    FileResult &result = job_.result;
    result.shared_arrays = shared_array_names(ctx);
    RefusalPrinter printer(ctx, job_.reporting);

    std::vector<Candidate> candidates = find_candidates(ctx, job_.select);
    judge_candidates(job_.settings, ctx, candidates);
    std::vector<const LoopModel *> ready;
    for (const Candidate &c : candidates) {
      if (c.opted_out) {
        ++result.opted_out;  // silently, as NOLINT silences clang-tidy
      } else if (c.refusals.empty()) {
        ready.push_back(&c.model);
        printer.report(c.notes);
      } else {
        printer.report(c.refusals);
        ++result.refused;
      }
    }

    FileRewrite rewrite = rewrite_ready_loops(job_.settings, ctx, ready);
    for (const Refusal &failure : rewrite.failures) {
      printer.report({failure});
      ++result.refused;
    }
    result.loops = std::move(rewrite.replacements);
    result.rewritten = rewrite.rewritten;
  }

 private:
  const Job &job_;
};

class Action : public ASTFrontendAction {
 public:
  explicit Action(const Job &job) : job_(job) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<Consumer>(job_);
  }

 private:
  const Job &job_;
};

class Factory : public tooling::FrontendActionFactory {
 public:
  explicit Factory(Job job) : job_(std::move(job)) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<Action>(job_); }

 private:
  Job job_;
};

}  // namespace

std::unique_ptr<tooling::FrontendActionFactory> make_action_factory(const Settings &settings,
                                                                    ArraySelector select, Reporting reporting,
                                                                    FileResult &result) {
  return std::make_unique<Factory>(Job{settings, std::move(select), reporting, result});
}

}  // namespace pgas::refactor
