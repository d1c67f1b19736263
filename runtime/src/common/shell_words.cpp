#include "common/shell_words.hpp"

namespace pgas {

bool plain_word(const std::string &word) {
  return !word.empty() && word.find_first_not_of(
                              "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                              "0123456789_/.,:=+@%-") == std::string::npos;
}

std::string shell_word(const std::string &word) {
  if (plain_word(word)) return word;
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string shell_command(const std::vector<std::string> &words) {
  std::string line;
  for (const std::string &word : words) line += (line.empty() ? "" : " ") + shell_word(word);
  return line;
}

}  // namespace pgas
