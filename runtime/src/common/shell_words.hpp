// Words of a command line as a POSIX shell reads them back, for the commands the tools print.
#pragma once

#include <string>
#include <vector>

namespace pgas {

// Whether the word reads back as it is, unquoted, in a shell (and in a CMake command): letters, digits and
// _/.,:=+@%- only.
bool plain_word(const std::string &word);

// The word as a shell would need it typed: as it is when it holds only plain characters, else in single
// quotes (a quote inside becomes '\'').
std::string shell_word(const std::string &word);

// The words, each as shell_word() gives it, separated by spaces.
std::string shell_command(const std::vector<std::string> &words);

}  // namespace pgas
