// variable_name_from_line: a tokenizer for one line of C++ and a recognizer for the dialect's allocating
// statements. Each statement of the line yields the variables it may allocate ("candidates"); exactly one
// candidate, or one picked by the column, is the answer.
#include "pgas/tracedb/source_names.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <span>
#include <vector>

namespace pgas::tracedb {
namespace {

enum class Kind { kIdent, kNumber, kLiteral, kPunct };

struct Token {
  Kind kind;
  std::string_view text;
  std::size_t begin, end;  // byte offsets in the line
};

using Tokens = std::span<const Token>;

// Two- and three-character operators that must not be mistaken for '=' or ':'. '>>' stays two tokens, so
// that nested template arguments close one at a time.
constexpr std::array<std::string_view, 20> kOperators = {
    "<<=", ">>=", "::", "->", "==", "!=", "<=", ">=", "+=", "-=",
    "*=",  "/=",  "%=", "&=", "|=", "^=", "&&", "||", "++", "--"};

// Types whose construction allocates a shared object, and calls that return a fresh one.
constexpr std::array<std::string_view, 3> kSharedTypes = {"shared_array", "shared_array2d", "shared_var"};
constexpr std::array<std::string_view, 3> kAllocCalls = {"upc_all_alloc", "upc_global_alloc", "upc_alloc"};
constexpr std::array<std::string_view, 9> kSpecifiers = {
    "static", "const", "constexpr", "inline", "extern", "volatile", "mutable", "typename", "thread_local"};
constexpr std::array<std::string_view, 16> kKeywords = {
    "return", "this", "auto",    "new",  "delete", "const", "static", "operator",
    "sizeof", "case", "default", "else", "do",     "if",    "while",  "for"};

template <std::size_t N>
bool among(std::string_view text, const std::array<std::string_view, N> &set) {
  return std::find(set.begin(), set.end(), text) != set.end();
}

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::size_t operator_length(std::string_view rest) {
  for (std::string_view op : kOperators)
    if (rest.starts_with(op)) return op.size();
  return 1;
}

// The tokens of `line`, comments dropped; empty for a preprocessor line.
std::vector<Token> tokenize(std::string_view line) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  while (i < line.size()) {
    char c = line[i];
    std::string_view rest = line.substr(i);
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (rest.starts_with("//")) break;
    if (rest.starts_with("/*")) {
      std::size_t close = line.find("*/", i + 2);
      if (close == std::string_view::npos) break;
      i = close + 2;
      continue;
    }
    std::size_t start = i;
    Kind kind = Kind::kPunct;
    if (ident_start(c)) {
      kind = Kind::kIdent;
      while (i < line.size() && ident_char(line[i])) ++i;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      kind = Kind::kNumber;
      while (i < line.size() && (ident_char(line[i]) || line[i] == '.' || line[i] == '\'')) ++i;
    } else if (c == '"' || c == '\'') {
      kind = Kind::kLiteral;
      for (++i; i < line.size() && line[i] != c; ++i)
        if (line[i] == '\\') ++i;
      i = std::min(i + 1, line.size());
    } else {
      i += operator_length(rest);
    }
    tokens.push_back({kind, line.substr(start, i - start), start, i});
  }
  if (!tokens.empty() && tokens.front().text == "#") tokens.clear();
  return tokens;
}

bool is(const Token &t, std::string_view text) { return t.kind == Kind::kPunct && t.text == text; }
bool opens(const Token &t) { return is(t, "(") || is(t, "[") || is(t, "{"); }
bool closes(const Token &t) { return is(t, ")") || is(t, "]") || is(t, "}"); }
bool is_name(const Token &t) { return t.kind == Kind::kIdent && !among(t.text, kKeywords); }

// Index after the bracket group opening at `i`; the end of the tokens if it is not closed on this line.
std::size_t skip_group(Tokens s, std::size_t i) {
  int depth = 0;
  for (; i < s.size(); ++i) {
    if (opens(s[i])) ++depth;
    if (closes(s[i]) && --depth == 0) return i + 1;
  }
  return s.size();
}

// Index after the template argument list opening at `i` ('<'), or npos if it does not close.
std::size_t skip_angles(Tokens s, std::size_t i) {
  int depth = 0;
  while (i < s.size()) {
    if (opens(s[i])) {
      i = skip_group(s, i);
      continue;
    }
    if (is(s[i], "<")) ++depth;
    if (is(s[i], ">") && --depth == 0) return i + 1;
    if (closes(s[i]) || is(s[i], ";")) return std::string_view::npos;
    ++i;
  }
  return std::string_view::npos;
}

// Index of the first `text` outside brackets, or npos.
std::size_t find_top_level(Tokens s, std::string_view text) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (opens(s[i])) {
      i = skip_group(s, i) - 1;
      continue;
    }
    if (is(s[i], text)) return i;
  }
  return std::string_view::npos;
}

bool allocates(Tokens s) {
  return std::any_of(s.begin(), s.end(), [](const Token &t) {
    return t.kind == Kind::kIdent && (among(t.text, kAllocCalls) || among(t.text, kSharedTypes));
  });
}

struct Candidate {
  std::string_view name;
  std::size_t end;  // byte offset after the candidate's last token
};

class Recognizer {
 public:
  explicit Recognizer(std::vector<Candidate> &out) : out_(out) {}

  // One statement: an init list continued from an earlier line, an assignment, a constructor's init list, or
  // a declaration, tried in that order.
  void statement(Tokens s) {
    if (s.empty()) return;
    if (is(s[0], ":") || is(s[0], ",")) {
      init_list(s.subspan(1));
    } else if (std::size_t eq = find_top_level(s, "="); eq != std::string_view::npos) {
      assignment(s.first(eq), s.subspan(eq + 1), s.back().end);
    } else if (std::size_t colon = ctor_colon(s); colon != std::string_view::npos) {
      init_list(s.subspan(colon + 1));
    } else {
      declaration(s);
    }
  }

 private:
  // The ':' that starts a constructor's init list: after the parameter list (or a noexcept), outside
  // brackets.
  static std::size_t ctor_colon(Tokens s) {
    std::size_t colon = find_top_level(s, ":");
    if (colon == std::string_view::npos || colon == 0) return std::string_view::npos;
    return is(s[colon - 1], ")") || s[colon - 1].text == "noexcept" ? colon : std::string_view::npos;
  }

  // `name(...)`, `name{...}`, ... up to the end of the line or the constructor's body. All or nothing.
  void init_list(Tokens s) {
    std::vector<Candidate> found;
    std::size_t i = 0;
    while (i < s.size()) {
      if (!is_name(s[i]) || i + 1 >= s.size() || !(is(s[i + 1], "(") || is(s[i + 1], "{"))) return;
      if (among(s[i].text, kAllocCalls)) return;  // a continued argument list, not an initializer
      std::size_t after = skip_group(s, i + 1);
      found.push_back({s[i].text, s[after - 1].end});
      i = after;
      if (i < s.size() && is(s[i], ",")) {
        ++i;
      } else if (i < s.size() && !is(s[i], "{")) {
        return;
      } else {
        break;
      }
    }
    out_.insert(out_.end(), found.begin(), found.end());
  }

  // `lhs = rhs` where rhs allocates: the variable is the last name of lhs, after any subscripts.
  void assignment(Tokens lhs, Tokens rhs, std::size_t end) {
    if (rhs.empty() || is(rhs[0], "[") || !allocates(rhs)) return;  // '[': a lambda that allocates later
    while (!lhs.empty() && is(lhs.back(), "]")) {
      int depth = 0;
      std::size_t i = lhs.size();
      while (i-- > 0) {
        if (is(lhs[i], "]")) ++depth;
        if (is(lhs[i], "[") && --depth == 0) break;
      }
      if (i == static_cast<std::size_t>(-1)) return;
      lhs = lhs.first(i);
    }
    if (!lhs.empty() && is_name(lhs.back())) out_.push_back({lhs.back().text, end});
  }

  // [specifiers] [::]ns::shared_type<args> [const] name(args) | name{args} | name [, name(args)...]
  void declaration(Tokens s) {
    std::size_t i = 0;
    while (i < s.size() && s[i].kind == Kind::kIdent && among(s[i].text, kSpecifiers)) ++i;
    std::string_view type;
    if (i < s.size() && is(s[i], "::")) ++i;
    while (i < s.size() && s[i].kind == Kind::kIdent) {
      type = s[i++].text;
      if (i < s.size() && is(s[i], "<")) i = skip_angles(s, i);
      if (i >= s.size() || !is(s[i], "::")) break;
      ++i;
    }
    if (i >= s.size() || !among(type, kSharedTypes)) return;
    while (i < s.size() && (s[i].text == "const" || s[i].text == "volatile")) ++i;
    std::vector<Candidate> found;
    while (i < s.size() && is_name(s[i])) {
      std::string_view name = s[i++].text;
      if (i < s.size() && (is(s[i], "(") || is(s[i], "{"))) i = skip_group(s, i);
      found.push_back({name, s[i - 1].end});
      if (i == s.size()) break;
      if (!is(s[i], ",")) return;  // a pointer, a function definition, ...: not an allocation
      ++i;
    }
    if (i != s.size()) return;
    out_.insert(out_.end(), found.begin(), found.end());
  }

  std::vector<Candidate> &out_;
};

std::vector<Candidate> candidates(std::string_view line) {
  std::vector<Token> tokens = tokenize(line);
  std::vector<Candidate> found;
  Recognizer recognizer(found);
  Tokens all(tokens);
  std::size_t start = 0;
  for (std::size_t i = 0; i <= all.size(); ++i) {
    if (i < all.size() && opens(all[i])) {
      i = skip_group(all, i) - 1;
      continue;
    }
    if (i == all.size() || is(all[i], ";")) {
      recognizer.statement(all.subspan(start, i - start));
      start = i + 1;
    }
  }
  return found;
}

}  // namespace

std::optional<std::string> variable_name_from_line(std::string_view line, int column) {
  std::vector<Candidate> found = candidates(line);
  if (found.size() == 1) return std::string(found[0].name);
  if (found.empty() || column <= 0) return std::nullopt;
  // The candidates split the line into consecutive spans, each ending after its initializer.
  auto offset = static_cast<std::size_t>(column - 1);
  for (std::size_t k = 0; k < found.size(); ++k)
    if (offset < found[k].end || k + 1 == found.size()) return std::string(found[k].name);
  return std::nullopt;
}

std::string anonymous_variable_name(std::string_view file, long line) {
  return "<anonymous at " + std::string(file) + ":" + std::to_string(line) + ">";
}

}  // namespace pgas::tracedb
