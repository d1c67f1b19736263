#include "upc_tokens.hpp"

#include <clang/Basic/DiagnosticIDs.h>

#include <map>
#include <string>

#include "marker_names.hpp"

namespace pgas::upcc {

using namespace clang;

namespace {

// Builds the tokens that stand for one UPC token, all at its location.
class Emitter {
 public:
  Emitter(Preprocessor &pp, std::vector<Token> &out) : pp_(pp), out_(out) {}
  void at(SourceLocation where) { where_ = where; }
  Emitter &kind(tok::TokenKind k) {
    Token t = blank();
    t.setKind(k);
    push(t);
    return *this;
  }
  Emitter &name(const std::string &spelling) {
    Token t = blank();
    IdentifierInfo *ii = pp_.getIdentifierInfo(spelling);
    t.setIdentifierInfo(ii);
    t.setKind(ii->getTokenID());
    push(t);
    return *this;
  }
  Emitter &literal(tok::TokenKind k, const std::string &text) {
    Token t = blank();
    t.setKind(k);
    pp_.CreateString(text, t, where_, where_);
    push(t);
    return *this;
  }
  // __attribute__((name(argument))), the argument a string literal or a number.
  Emitter &attribute(const char *attribute, tok::TokenKind k, const std::string &argument) {
    name("__attribute__").kind(tok::l_paren).kind(tok::l_paren).name(attribute).kind(tok::l_paren);
    return literal(k, argument).kind(tok::r_paren).kind(tok::r_paren).kind(tok::r_paren);
  }
  // Tokens go at the end, or at `insert_at` while it is set (a declaration before the current one).
  std::size_t *insert_at = nullptr;

 private:
  Token blank() const {
    Token t;
    t.startToken();
    t.setLocation(where_);
    t.setLength(0);
    return t;
  }
  void push(const Token &t) {
    if (insert_at == nullptr) {
      out_.push_back(t);
    } else {
      out_.insert(out_.begin() + static_cast<std::ptrdiff_t>((*insert_at)++), t);
    }
  }

  Preprocessor &pp_;
  std::vector<Token> &out_;
  SourceLocation where_;
};

bool is_name(const Token &t, const char *spelling) {
  return t.is(tok::identifier) && t.getIdentifierInfo()->getName() == spelling;
}

// The index of the token closing the bracket opened at `open` (in.size() when it is not closed).
std::size_t closing(const std::vector<Token> &in, std::size_t open) {
  const tok::TokenKind l = in[open].getKind();
  const tok::TokenKind r = l == tok::l_square ? tok::r_square : tok::r_paren;
  int depth = 0;
  for (std::size_t j = open; j < in.size(); ++j) {
    if (in[j].is(l)) ++depth;
    if (in[j].is(r) && --depth == 0) return j;
  }
  return in.size();
}

// What is emitted at a delimiter a UPC construct owns (a clause's ';', its closing parenthesis).
enum class Delimiter {
  ForallStep,
  ForallStepEveryThread,
  ForallContinue,
  ForallEnd,
  StatementEnd,
  SizeofEnd
};

class TokenPass {
 public:
  TokenPass(Preprocessor &pp, const std::vector<Token> &in, UpcTokenFilter is_upc)
      : pp_(pp), in_(in), is_upc_(is_upc), emit_(pp, out_) {}

  std::vector<Token> run() {
    for (i_ = 0; i_ < in_.size(); ++i_) {
      const Token &t = in_[i_];
      emit_.at(t.getLocation());
      auto pending = delimiters_.find(i_);
      if (pending != delimiters_.end()) {
        close(pending->second, t);
      } else if (t.is(tok::identifier) && is_upc_(t)) {
        if (!keyword(t.getIdentifierInfo()->getName())) out_.push_back(t);
      } else {
        out_.push_back(t);
      }
      track_declaration_start(t);
    }
    return std::move(out_);
  }

 private:
  // Returns false when the identifier is no UPC keyword (it is copied as it is).
  bool keyword(llvm::StringRef word) {
    if (word == "shared") return shared();
    if (word == "strict" || word == "relaxed") {
      emit_.attribute(
          "btf_type_tag", tok::string_literal,
          std::string("\"") + (word == "strict" ? markers::kStrictTag : markers::kRelaxedTag) + "\"");
      return true;
    }
    if (word == "upc_forall") return forall();
    if (word == "upc_barrier") return statement(markers::kBarrier);
    if (word == "upc_notify") return statement(markers::kNotify);
    if (word == "upc_wait") return statement(markers::kWait);
    if (word == "upc_fence") {
      emit_.name(markers::kFence).kind(tok::l_paren).kind(tok::r_paren);
      return true;
    }
    if (word == "upc_localsizeof") return layout_sizeof(markers::kLocalSizeof);
    if (word == "upc_blocksizeof") return layout_sizeof(markers::kBlockSizeof);
    if (word == "upc_elemsizeof") return layout_sizeof(markers::kElemSizeof);
    return false;
  }

  bool shared() {
    std::string layout = "default";
    if (i_ + 1 < in_.size() && in_[i_ + 1].is(tok::l_square)) {
      const std::size_t open = i_ + 1, close = closing(in_, open);
      if (close == in_.size()) return false;  // Clang reports the unbalanced bracket
      if (close == open + 1) {
        layout = "indefinite";
      } else if (close == open + 2 && in_[open + 1].is(tok::star)) {
        layout = "star";
      } else {
        layout = "e" + std::to_string(++layouts_);
        declare_layout(open + 1, close);
      }
      i_ = close;
    }
    emit_.attribute("address_space", tok::numeric_constant, std::to_string(markers::kSharedAddressSpace));
    emit_.attribute("btf_type_tag", tok::string_literal,
                    std::string("\"") + markers::kSharedTag + layout + "\"");
    return true;
  }

  // enum { __upc_layout_<n> = (tokens) }; before the top-level declaration being read.
  void declare_layout(std::size_t first, std::size_t end) {
    emit_.insert_at = &declaration_start_;
    emit_.kind(tok::kw_enum).kind(tok::l_brace);
    emit_.name(markers::kLayoutEnumPrefix + std::to_string(layouts_)).kind(tok::equal).kind(tok::l_paren);
    for (std::size_t j = first; j < end; ++j) out_.insert(out_.begin() + declaration_start_++, in_[j]);
    emit_.kind(tok::r_paren).kind(tok::r_brace).kind(tok::semi);
    emit_.insert_at = nullptr;
  }

  // upc_forall ( init ; condition ; step ; affinity ) -> for ( init ; condition ; step ) if ( affinity )
  bool forall() {
    if (i_ + 1 >= in_.size() || !in_[i_ + 1].is(tok::l_paren)) return diagnose_forall();
    const std::size_t open = i_ + 1, close = closing(in_, open);
    std::vector<std::size_t> semis;
    int depth = 0;
    for (std::size_t j = open + 1; j < close; ++j) {
      if (in_[j].isOneOf(tok::l_paren, tok::l_square, tok::l_brace)) ++depth;
      if (in_[j].isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) --depth;
      if (depth == 0 && in_[j].is(tok::semi)) semis.push_back(j);
    }
    if (close == in_.size() || semis.size() != 3) return diagnose_forall();
    emit_.kind(tok::kw_for);
    delimiters_[close] = Delimiter::ForallEnd;
    const bool every_thread =
        close == semis[2] + 1 || (close == semis[2] + 2 && in_[semis[2] + 1].is(tok::kw_continue));
    delimiters_[semis[2]] = every_thread ? Delimiter::ForallStepEveryThread : Delimiter::ForallStep;
    if (close == semis[2] + 2 && every_thread) delimiters_[semis[2] + 1] = Delimiter::ForallContinue;
    return true;
  }
  bool diagnose_forall() {
    auto &diags = pp_.getDiagnostics();
    diags.Report(in_[i_].getLocation(),
                 diags.getCustomDiagID(DiagnosticsEngine::Error,
                                       "upc_forall takes four clauses separated by ';': "
                                       "upc_forall (init; condition; step; affinity)"));
    return false;
  }

  // upc_barrier [expression] ; -> __upc_barrier ( [expression] ) ;
  bool statement(const char *marker) {
    int depth = 0;
    for (std::size_t j = i_ + 1; j < in_.size(); ++j) {
      if (in_[j].isOneOf(tok::l_paren, tok::l_square, tok::l_brace)) ++depth;
      if (in_[j].isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) --depth;
      if (depth < 0 || in_[j].is(tok::eof)) break;
      if (depth == 0 && in_[j].is(tok::semi)) {  // marker ( 0 [, expression] )
        emit_.name(marker).kind(tok::l_paren).literal(tok::numeric_constant, "0");
        if (j > i_ + 1) emit_.kind(tok::comma);
        delimiters_[j] = Delimiter::StatementEnd;
        return true;
      }
    }
    return false;
  }

  // upc_localsizeof ( x ) -> ( sizeof ( x ) + __upc_localsizeof )
  bool layout_sizeof(const char *marker) {
    if (i_ + 1 >= in_.size() || !in_[i_ + 1].is(tok::l_paren)) return false;
    const std::size_t close = closing(in_, i_ + 1);
    if (close == in_.size()) return false;
    emit_.kind(tok::l_paren).kind(tok::kw_sizeof);
    sizeof_markers_[close] = marker;
    delimiters_[close] = Delimiter::SizeofEnd;
    return true;
  }

  void close(Delimiter d, const Token &t) {
    switch (d) {
      case Delimiter::ForallStep:             // ) if ( __upc_forall_affinity ( 0 , affinity ) )
      case Delimiter::ForallStepEveryThread:  // ) if ( __upc_forall_continue ( 0 ) )
        emit_.kind(tok::r_paren).kind(tok::kw_if).kind(tok::l_paren);
        emit_.name(d == Delimiter::ForallStep ? markers::kForallAffinity : markers::kForallContinue);
        emit_.kind(tok::l_paren).literal(tok::numeric_constant, "0");
        if (d == Delimiter::ForallStep) emit_.kind(tok::comma);
        break;
      case Delimiter::ForallContinue:  // the `continue` is dropped
        break;
      case Delimiter::ForallEnd:
        emit_.kind(tok::r_paren);
        out_.push_back(t);
        break;
      case Delimiter::StatementEnd:
        emit_.kind(tok::r_paren);
        out_.push_back(t);
        break;
      case Delimiter::SizeofEnd:
        out_.push_back(t);
        emit_.kind(tok::plus).name(sizeof_markers_[i_]).kind(tok::r_paren);
        break;
    }
  }

  // Where a layout's enumeration goes: before the top-level declaration being read, which starts after a
  // ';' or a function body's '}' at file scope.
  void track_declaration_start(const Token &t) {
    if (t.isOneOf(tok::l_paren, tok::l_square)) ++parens_;
    if (t.isOneOf(tok::r_paren, tok::r_square)) --parens_;
    if (t.is(tok::l_brace)) {
      opened_after_paren_.push_back(out_.size() >= 2 && out_[out_.size() - 2].is(tok::r_paren));
    }
    if (t.is(tok::r_brace) && !opened_after_paren_.empty()) {
      const bool body = opened_after_paren_.back();
      opened_after_paren_.pop_back();
      if (opened_after_paren_.empty() && parens_ == 0 && body) declaration_start_ = out_.size();
    }
    if (t.is(tok::semi) && opened_after_paren_.empty() && parens_ == 0) declaration_start_ = out_.size();
  }

  Preprocessor &pp_;
  const std::vector<Token> &in_;
  UpcTokenFilter is_upc_;
  std::vector<Token> out_;
  Emitter emit_;
  std::size_t i_ = 0;
  std::map<std::size_t, Delimiter> delimiters_;
  std::map<std::size_t, const char *> sizeof_markers_;
  int layouts_ = 0;
  std::size_t declaration_start_ = 0;
  int parens_ = 0;
  std::vector<bool> opened_after_paren_;
};

}  // namespace

std::vector<Token> translate_upc_tokens(Preprocessor &pp, const std::vector<Token> &in,
                                        UpcTokenFilter is_upc) {
  return TokenPass(pp, in, is_upc).run();
}

}  // namespace pgas::upcc
