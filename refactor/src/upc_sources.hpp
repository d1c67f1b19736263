// pgas-refactor on UPC files (.upc): a UPC file is analysed as the C++ that pgas-upcc compiles it to
// (upcc/frontend), translated with the pgas-upcc flags given after `--`, so that the legality analysis reads
// the same typed model as for the dialect. The translation's #line directives name the UPC file's lines.
#pragma once

#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>

#include <string>
#include <vector>

namespace pgas::refactor {

// Whether `file` is a UPC source.
bool is_upc_file(const std::string &file);

// Runs `factory`'s action on `file`: a dialect file with its command from `database`, a UPC file as its
// translation with `upcc_flags`; `arguments` are added to either. False, with `error`, when it does not parse
// (the diagnostics went to stderr).
bool run_on_file(const clang::tooling::CompilationDatabase &database, const std::string &file,
                 const std::vector<std::string> &arguments, const std::vector<std::string> &upcc_flags,
                 clang::tooling::FrontendActionFactory &factory, std::string &error);

}  // namespace pgas::refactor
