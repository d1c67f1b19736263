#include "suggest.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "analysis.hpp"
#include "ast_util.hpp"
#include "common/shell_words.hpp"
#include "loop_finding.hpp"
#include "loop_verdicts.hpp"
#include "upc_sources.hpp"

namespace pgas::refactor {

using namespace clang;

namespace {

// The policies tried, in order, for the written arrays of a loop refused with --policy's: the combining
// ones first (each accepts only writes of its own form), priority last (it orders racing writes by rank).
const write_policy kTried[] = {write_policy::min, write_policy::max, write_policy::sum,
                               write_policy::priority};

// Whether the loop passes the legality rules when its written arrays take `policy`.
bool legal_with(const Settings &base, ASTContext &ctx, const Candidate &pristine, write_policy policy,
                std::map<std::string, write_policy> &policies) {
  Settings settings = base;
  LoopModel model = pristine.model;
  std::map<std::string, write_policy> given;
  for (const CachedArray &a : model.arrays)
    if (a.written) settings.array_policies[a.name] = given[a.name] = policy;
  if (given.empty()) return false;
  std::vector<Refusal> refusals;
  check_legality(settings, ctx, model, refusals);
  if (!refusals.empty()) return false;
  policies = given;
  return true;
}

class Adviser : public ASTConsumer {
 public:
  Adviser(const std::string &file, const SuggestOptions &options, std::vector<LoopAdvice> &out)
      : file_(file), options_(options), out_(out) {}

  void HandleTranslationUnit(ASTContext &ctx) override {
    if (ctx.getDiagnostics().hasErrorOccurred()) return;
    const SourceManager &sm = ctx.getSourceManager();
    const TraceSelection &selection = *options_.selection;
    const ArraySelector select = [&](const std::string &file, unsigned first, unsigned last) {
      return selection(file, first, last);
    };
    std::vector<Candidate> candidates = find_candidates(ctx, select);
    const std::vector<Candidate> pristine = candidates;
    judge_candidates(*options_.settings, ctx, candidates);
    for (const ForStmt *loop : forall_loops(ctx)) {
      LoopAdvice advice;
      advice.file = file_;
      const std::string path = written_file(sm, loop->getBeginLoc());
      advice.line = written_line(sm, loop->getBeginLoc());
      advice.last_line = written_line(sm, loop->getEndLoc());
      advice.shares = selection.shares(path, advice.line, advice.last_line);
      for (const TraceSelection::Share &s : advice.shares) advice.accesses += s.accesses;
      if (advice.accesses == 0) continue;
      const std::set<std::string> chosen = selection(path, advice.line, advice.last_line);
      advice.chosen.assign(chosen.begin(), chosen.end());
      auto c = std::find_if(candidates.begin(), candidates.end(),
                            [&](const Candidate &k) { return k.model.loop == loop; });
      if (c == candidates.end()) {
        advice.verdict = LoopAdvice::kNothingToCache;
        advice.reason =
            "its remote accesses are not element accesses of the chosen variables in its body, "
            "or only of the iteration's own elements";
      } else if (c->opted_out) {
        advice.verdict = LoopAdvice::kOptedOut;
        advice.reason = "a NOREFACTOR comment opts it out";
      } else if (c->refusals.empty()) {
        advice.verdict = LoopAdvice::kRewritable;
      } else {
        advice.verdict = LoopAdvice::kRefused;
        advice.reason = c->refusals.front().message;
        const SourceLocation note_at = c->refusals.front().note_at;
        advice.note = written_file(sm, note_at) + ":" + std::to_string(written_line(sm, note_at)) + ": " +
                      c->refusals.front().note;
        const Candidate &before = pristine[static_cast<std::size_t>(c - candidates.begin())];
        if (before.refusals.empty())  // refused by the legality rules, not by its header or nesting
          for (write_policy p : kTried)
            if (legal_with(*options_.settings, ctx, before, p, advice.policies)) {
              advice.verdict = LoopAdvice::kRewritable;
              break;
            }
      }
      out_.push_back(std::move(advice));
    }
  }

 private:
  std::string file_;
  const SuggestOptions &options_;
  std::vector<LoopAdvice> &out_;
};

class AdviserFactory {
 public:
  AdviserFactory(const std::string &file, const SuggestOptions &options, std::vector<LoopAdvice> &out)
      : file_(file), options_(options), out_(out) {}
  std::unique_ptr<ASTConsumer> newASTConsumer() { return std::make_unique<Adviser>(file_, options_, out_); }

 private:
  std::string file_;
  const SuggestOptions &options_;
  std::vector<LoopAdvice> &out_;
};

std::string percent(std::int64_t part, std::int64_t whole) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%",
                whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
  return text;
}

// The --array arguments of the rewrite: the chosen arrays, each with the policy it needs.
std::vector<std::string> array_specs(const LoopAdvice &a) {
  std::vector<std::string> specs;
  for (const std::string &name : a.chosen) {
    auto p = a.policies.find(name);
    specs.push_back(p == a.policies.end() ? name : name + ":" + policy_name(p->second));
  }
  return specs;
}

// The rewrite's command line, word by word: the output is the file's stem with _opt, in the directory the
// command runs in.
std::vector<std::string> command(const LoopAdvice &a, const SuggestOptions &options) {
  std::vector<std::string> words = {"pgas-refactor"};
  for (const std::string &spec : array_specs(a)) words.insert(words.end(), {"--array", spec});
  const std::string stem = llvm::sys::path::stem(a.file).str();
  words.insert(words.end(), {a.file, "-o", stem + "_opt.cpp"});
  words.insert(words.end(), options.build_flags.begin(), options.build_flags.end());
  return words;
}

// An argument of a CMake command as CMake reads it back: quoted, with its escapes, when it holds anything
// but plain characters.
std::string cmake_word(const std::string &word) {
  if (plain_word(word)) return word;
  std::string quoted = "\"";
  for (char c : word) {
    if (c == '\\' || c == '"' || c == '$' || c == ';') quoted += '\\';
    quoted += c;
  }
  return quoted + "\"";
}

std::string cmake_call(const LoopAdvice &a) {
  std::string arrays;
  for (const std::string &spec : array_specs(a)) arrays += " " + cmake_word(spec);
  std::string target = llvm::sys::path::stem(a.file).str() + "_opt";
  for (char &c : target)  // a target's name holds letters, digits and _.+- only
    if (!std::isalnum(static_cast<unsigned char>(c)) && std::string("_.+-").find(c) == std::string::npos)
      c = '_';
  return "pgas_refactor(TARGET " + target + " SOURCE " + cmake_word(a.file) + " ARRAYS" + arrays + ")";
}

// What a rewritable loop of a UPC file is told instead of a command.
const char *const kUpcRewrite =
    "pgas-refactor rewrites the C++ dialect, not UPC files: the verdict is the loop's as written in the "
    "dialect";

const char *verdict_name(LoopAdvice::Verdict v) {
  switch (v) {
    case LoopAdvice::kRewritable:
      return "rewritable";
    case LoopAdvice::kRefused:
      return "refused";
    case LoopAdvice::kNothingToCache:
      return "nothing to cache";
    case LoopAdvice::kOptedOut:
      return "opted out";
  }
  return "refused";
}

}  // namespace

std::vector<LoopAdvice> advise(const tooling::CompilationDatabase &database,
                               const std::vector<std::string> &files, const SuggestOptions &options,
                               std::vector<std::string> &errors) {
  std::vector<LoopAdvice> advice;
  // The flags after `--` translate a UPC file as pgas-upcc's do.
  const std::vector<std::string> upcc_flags(options.build_flags.empty() || options.build_flags.front() != "--"
                                                ? options.build_flags.end()
                                                : options.build_flags.begin() + 1,
                                            options.build_flags.end());
  for (const std::string &file : files) {
    AdviserFactory factory(file, options, advice);
    std::string error;
    if (!run_on_file(database, file, options.parse_arguments, upcc_flags,
                     *tooling::newFrontendActionFactory(&factory), error))
      errors.push_back(error);
  }
  std::stable_sort(advice.begin(), advice.end(),
                   [](const LoopAdvice &a, const LoopAdvice &b) { return a.accesses > b.accesses; });
  return advice;
}

std::string advice_text(const std::vector<LoopAdvice> &advice, const SuggestOptions &options,
                        const std::string &trace) {
  std::int64_t total = 0;
  for (const LoopAdvice &a : advice) total += a.accesses;
  std::string out = "upc_forall loops by remote accesses in " + trace + ":\n";
  int rank = 0;
  for (const LoopAdvice &a : advice) {
    out += "\n" + std::to_string(++rank) + ". " + a.file + ":" + std::to_string(a.line) + "-" +
           std::to_string(a.last_line) + ": " + std::to_string(a.accesses) + " remote accesses (" +
           percent(a.accesses, total) + " of the listed loops')\n   arrays:";
    for (const TraceSelection::Share &s : a.shares)
      out += " " + s.name + " " + percent(s.accesses, a.accesses) +
             (std::count(a.chosen.begin(), a.chosen.end(), s.name) ? " (cached)" : "");
    out += "\n   verdict: " + std::string(verdict_name(a.verdict));
    if (!a.reason.empty() && a.verdict != LoopAdvice::kRewritable) out += ": " + a.reason;
    out += "\n";
    if (!a.note.empty() && a.verdict == LoopAdvice::kRefused) out += "   note: " + a.note + "\n";
    if (a.verdict != LoopAdvice::kRewritable) continue;
    std::string policies;
    for (const auto &[name, p] : a.policies)
      policies += (policies.empty() ? "" : ", ") + name + ":" + policy_name(p);
    out += "   policy: " +
           (policies.empty() ? policy_name(options.settings->policy) + " (the default)"
                             : policies + " (--policy any refuses it: " + a.reason + ")") +
           "\n";
    if (is_upc_file(a.file))
      out += "   command: none: " + std::string(kUpcRewrite) + "\n";
    else
      out += "   command: " + shell_command(command(a, options)) + "\n   cmake: " + cmake_call(a) + "\n";
  }
  return out;
}

std::string advice_json(const std::vector<LoopAdvice> &advice, const SuggestOptions &options,
                        const std::string &trace) {
  llvm::json::Array loops;
  for (const LoopAdvice &a : advice) {
    llvm::json::Array arrays;
    for (const TraceSelection::Share &s : a.shares)
      arrays.push_back(llvm::json::Object{
          {"name", s.name},
          {"accesses", s.accesses},
          {"share", a.accesses ? static_cast<double>(s.accesses) / static_cast<double>(a.accesses) : 0.0},
          {"cached", std::count(a.chosen.begin(), a.chosen.end(), s.name) > 0}});
    llvm::json::Object policies;
    for (const auto &[name, p] : a.policies) policies[name] = policy_name(p);
    llvm::json::Object loop{{"file", a.file},
                            {"line", a.line},
                            {"last_line", a.last_line},
                            {"remote_accesses", a.accesses},
                            {"arrays", std::move(arrays)},
                            {"verdict", verdict_name(a.verdict)},
                            {"reason", a.reason},
                            {"note", a.note},
                            {"policies", std::move(policies)}};
    if (a.verdict == LoopAdvice::kRewritable && is_upc_file(a.file)) {
      loop["rewrite"] = kUpcRewrite;
    } else if (a.verdict == LoopAdvice::kRewritable) {
      const std::vector<std::string> words = command(a, options);
      loop["command"] = shell_command(words);
      loop["argv"] = llvm::json::Array(words);
      loop["cmake"] = cmake_call(a);
    }
    loops.push_back(std::move(loop));
  }
  std::string text;
  llvm::raw_string_ostream out(text);
  out << llvm::formatv("{0:2}",
                       llvm::json::Value(llvm::json::Object{{"trace", trace}, {"loops", std::move(loops)}}))
      << "\n";
  return out.str();
}

}  // namespace pgas::refactor
