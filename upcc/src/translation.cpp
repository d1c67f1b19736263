#include "translation.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Lex/Pragma.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Parse/Parser.h>
#include <clang/Rewrite/Core/Rewriter.h>
#include <clang/Sema/Sema.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/Regex.h>
#include <llvm/Support/raw_ostream.h>

#include <set>

#include "marker_names.hpp"
#include "translated_files.hpp"
#include "translator.hpp"
#include "upc_tokens.hpp"
#include "user_files.hpp"

namespace pgas::upcc {

using namespace clang;

namespace {

// #pragma upc strict | relaxed (UPC 1.3 §6.7.1), recorded where it is.
class UpcPragma : public PragmaHandler {
 public:
  explicit UpcPragma(Translator::Pragmas &pragmas) : PragmaHandler("upc"), pragmas_(pragmas) {}
  void HandlePragma(Preprocessor &pp, PragmaIntroducer, Token &first) override {
    Token word;
    pp.LexUnexpandedToken(word);
    const bool known = word.is(tok::identifier) && (word.getIdentifierInfo()->getName() == "strict" ||
                                                    word.getIdentifierInfo()->getName() == "relaxed");
    if (known) {
      pragmas_.push_back({first.getLocation(), word.getIdentifierInfo()->getName() == "strict", {}});
    } else {
      DiagnosticsEngine &d = pp.getDiagnostics();
      d.Report(word.getLocation(),
               d.getCustomDiagID(DiagnosticsEngine::Error,
                                 "#pragma upc takes 'strict' or 'relaxed' (UPC 1.3 §6.7.1)"));
    }
    while (word.isNot(tok::eod)) pp.LexUnexpandedToken(word);
  }

 private:
  Translator::Pragmas &pragmas_;
};

// Clang's diagnostics as a UPC programmer reads them: the shared address space is `shared`, the UPC tags
// are not shown, and Clang's words for UPC's rules become UPC's.
class UpcDiagnostics : public DiagnosticConsumer {
 public:
  UpcDiagnostics() : options_(new DiagnosticOptions), printer_(llvm::errs(), options_.get()) {}
  void BeginSourceFile(const LangOptions &lo, const Preprocessor *pp) override {
    printer_.BeginSourceFile(lo, pp);
  }
  void EndSourceFile() override { printer_.EndSourceFile(); }
  void HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    llvm::SmallString<256> message;
    info.FormatDiagnostic(message);
    std::string text = upc_words(message.str().str());
    printer_.HandleDiagnostic(level, Diagnostic(info.getDiags(), text));
  }

 private:
  static std::string upc_words(std::string text) {
    static const std::pair<const char *, const char *> sentences[] = {
        {"automatic variable qualified with an address space",
         "a shared object cannot have automatic storage duration (UPC 1.3 §6.5.2): declare it at file scope "
         "or "
         "static"},
    };
    for (const auto &[clang_words, upc] : sentences)
      if (text.find(clang_words) != std::string::npos) text = upc;
    static const llvm::Regex space("__attribute__\\(\\(address_space\\(" +
                                   std::to_string(markers::kSharedAddressSpace) + "\\)\\)\\)");
    static const llvm::Regex tag(" ?__attribute__\\(\\(btf_type_tag\\(\"upc_[a-z:0-9]*\"\\)\\)\\)");
    for (std::string before; before != text;) {
      before = text;
      text = tag.sub("", space.sub("shared", text));
    }
    return text;
  }

  IntrusiveRefCntPtr<DiagnosticOptions> options_;
  TextDiagnosticPrinter printer_;
};

class TranslateAction : public ASTFrontendAction {
 public:
  TranslateAction(const TranslationRequest &request, std::optional<Translation> &result)
      : request_(request), result_(result) {}

 protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<ASTConsumer>();
  }

  void ExecuteAction() override {
    CompilerInstance &ci = getCompilerInstance();
    if (!ci.hasSema()) ci.createSema(getTranslationUnitKind(), nullptr);
    Preprocessor &pp = ci.getPreprocessor();
    Sema &sema = ci.getSema();
    Translator::Pragmas pragmas;
    pp.AddPragmaHandler(new UpcPragma(pragmas));
    std::vector<Inclusion> inclusions;
    pp.addPPCallbacks(std::make_unique<InclusionRecorder>(inclusions));
    Parser parser(pp, sema, /*SkipFunctionBodies=*/false);  // registers its pragma handlers before lexing
    pp.EnterMainSourceFile();
    std::vector<Token> lexed;
    Token t;
    do {
      pp.Lex(t);
      lexed.push_back(t);
    } while (t.isNot(tok::eof));
    // The user's files and the UPC headers take part in the token pass; the system's C headers do not.
    const SourceManager &sm = pp.getSourceManager();
    tokens_ = translate_upc_tokens(pp, lexed, [&](const Token &token) {
      const SourceLocation at = sm.getSpellingLoc(token.getLocation());
      return in_user_file(sm, at) || sm.getFilename(at).startswith(request_.parse_include_dir);
    });
    pp.EnterTokenStream(tokens_, /*DisableMacroExpansion=*/true, /*IsReinject=*/false);
    parser.Initialize();
    Parser::DeclGroupPtrTy decl;
    Sema::ModuleImportState state;
    for (bool eof = parser.ParseFirstTopLevelDecl(decl, state); !eof;
         eof = parser.ParseTopLevelDecl(decl, state)) {
    }
    ASTContext &ctx = sema.getASTContext();
    if (ci.getDiagnostics().hasErrorOccurred()) return;
    Rewriter rewriter(ctx.getSourceManager(), ctx.getLangOpts());
    DialectTypes types(ctx, request_.static_threads);
    Translator translator(ctx, rewriter, types, std::move(pragmas));
    types.size_text = [&translator](const Expr *size) {
      return translator.written_text(size->getSourceRange());
    };
    translator.respell_c_words(lexed);
    if (!translator.run()) return;
    result_ = translated_files(ctx.getSourceManager(), rewriter, inclusions, request_,
                               prelude(translator.used_implicit_declarations()));
  }

 private:
  std::string prelude(bool implicit_declarations) const {
    std::string out = "// Translated from " + request_.file + " by pgas-upcc: UPC in the C++ dialect.\n";
    out += "#include <pgas_upcc.hpp>\n";
    // C89 let a program call the C library without its headers (the parse warned): C++ sees them all.
    if (implicit_declarations) out += "#include <pgas_upcc_c_library.h>\n";
    if (request_.static_threads) {  // THREADS is the constant, as in the parse, also for #if
      const std::string n = std::to_string(*request_.static_threads);
      out += "#undef THREADS\n#define THREADS " + n + "\n";
      out += "static const bool __upc_static_threads = ::pgas_upcc::require_threads(" + n + ", \"" +
             request_.file + "\");\n";
    }
    return out;
  }

  const TranslationRequest &request_;
  std::optional<Translation> &result_;
  std::vector<Token> tokens_;  // the parser reads them after the pass returns
};

class Factory : public tooling::FrontendActionFactory {
 public:
  Factory(const TranslationRequest &request, std::optional<Translation> &result)
      : request_(request), result_(result) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<TranslateAction>(request_, result_);
  }

 private:
  const TranslationRequest &request_;
  std::optional<Translation> &result_;
};

}  // namespace

std::vector<std::string> predefined_macros(std::optional<long> static_threads) {
  std::vector<std::string> macros = {"-D__UPC__=1", "-D__UPC_VERSION__=201311L",
                                     "-DUPC_MAX_BLOCK_SIZE=1073741824"};
  macros.push_back(static_threads ? "-D__UPC_STATIC_THREADS__=1" : "-D__UPC_DYNAMIC_THREADS__=1");
  return macros;
}

std::optional<Translation> translate(const TranslationRequest &request) {
  std::vector<std::string> args = {"-x", "c", "-std=gnu17", "-resource-dir=" PGAS_CLANG_RESOURCE_DIR};
  for (const std::string &dir : {request.parse_include_dir, request.dialect_include_dir})
    args.insert(args.end(), {"-isystem", dir});
  // As C compilers before Clang 16 and GCC: a call to an undeclared function is a warning.
  args.insert(args.end(), {"-include", "pgas_upcc_parse.h", "-Wno-error=implicit-function-declaration",
                           // THREADS is 1 in the parse of a dynamic-THREADS file: shared arrays look short.
                           "-Wno-array-bounds"});
  const long threads = request.static_threads ? *request.static_threads : markers::kDynamicThreads;
  args.push_back("-DPGAS_UPCC_THREADS=" + std::to_string(threads));
  for (const std::string &m : predefined_macros(request.static_threads)) args.push_back(m);
  for (const std::string &f : request.flags) args.push_back(f);
  tooling::FixedCompilationDatabase database(".", args);
  tooling::ClangTool tool(database, {request.file});
  std::optional<Translation> result;
  Factory factory(request, result);
  UpcDiagnostics diagnostics;
  tool.setDiagnosticConsumer(&diagnostics);
  tool.setPrintErrorMessage(false);
  if (tool.run(&factory) != 0) return std::nullopt;
  return result;
}

}  // namespace pgas::upcc
