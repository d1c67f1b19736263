// Checking, before any thread is forked, that the program can be executed.
#pragma once

#include <string>

namespace pgas::launcher {

// Looks `program` up with the rules of execvp: a name containing '/' is a path, any other name is searched
// in $PATH (empty entries meaning the current directory; /bin:/usr/bin when PATH is unset). Returns an
// empty string if an executable regular file is found, otherwise a message naming the program.
std::string check_program(const std::string &program);

}  // namespace pgas::launcher
