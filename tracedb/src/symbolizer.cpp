// Symbolizer: LLVM's LLVMSymbolizer behind a small interface, with a per-module check (exists, is an object
// file, has debug info, has the expected build id) done once per path.
#include "pgas/tracedb/symbolizer.hpp"

#include <llvm/DebugInfo/DWARF/DWARFContext.h>
#include <llvm/DebugInfo/DWARF/DWARFUnit.h>
#include <llvm/DebugInfo/Symbolize/Symbolize.h>
#include <llvm/Object/Binary.h>
#include <llvm/Object/BuildID.h>
#include <llvm/Object/ObjectFile.h>
#include <llvm/Support/Error.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>
#include <utility>

namespace pgas::tracedb {
namespace {

struct ModuleInfo {
  ModuleStatus status = ModuleStatus::kOk;
  std::string build_id;  // hex, "" if none
};

std::string hex(llvm::ArrayRef<std::uint8_t> bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  for (std::uint8_t b : bytes) {
    text += kDigits[b >> 4];
    text += kDigits[b & 15];
  }
  return text;
}

bool same_build_id(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// Debug info in the file, behind a .gnu_debuglink, or in the system's build-id debug directory (where
// LLVMSymbolizer also looks).
bool has_debug_info(const llvm::object::ObjectFile &object, const std::string &build_id) {
  for (const llvm::object::SectionRef &section : object.sections()) {
    llvm::Expected<llvm::StringRef> name = section.getName();
    if (!name) {
      llvm::consumeError(name.takeError());
      continue;
    }
    if (*name == ".debug_line" || *name == ".zdebug_line" || *name == ".gnu_debuglink") return true;
  }
  std::error_code ec;
  return build_id.size() > 2 &&
         std::filesystem::exists(
             "/usr/lib/debug/.build-id/" + build_id.substr(0, 2) + "/" + build_id.substr(2) + ".debug", ec);
}

// The object file at `path`, kept alive by *binary; nullptr if the file cannot be read as one.
const llvm::object::ObjectFile *open_object(const std::string &path,
                                            llvm::object::OwningBinary<llvm::object::Binary> *binary) {
  llvm::Expected<llvm::object::OwningBinary<llvm::object::Binary>> opened = llvm::object::createBinary(path);
  if (!opened) {
    llvm::consumeError(opened.takeError());
    return nullptr;
  }
  *binary = std::move(*opened);
  return llvm::dyn_cast<llvm::object::ObjectFile>(binary->getBinary());
}

ModuleInfo inspect(const std::string &path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return {ModuleStatus::kMissing, ""};
  llvm::object::OwningBinary<llvm::object::Binary> binary;
  const llvm::object::ObjectFile *object = open_object(path, &binary);
  if (object == nullptr) return {ModuleStatus::kNotAnObject, ""};
  ModuleInfo info;
  if (std::optional<llvm::object::BuildIDRef> id = llvm::object::getBuildID(object)) info.build_id = hex(*id);
  if (!has_debug_info(*object, info.build_id)) info.status = ModuleStatus::kNoDebugInfo;
  return info;
}

std::string describe(ModuleStatus status, const ModuleInfo &info, std::string_view expected) {
  switch (status) {
    case ModuleStatus::kMissing:
      return "no such file";
    case ModuleStatus::kNotAnObject:
      return "not an object file";
    case ModuleStatus::kNoDebugInfo:
      return "no debug info (built without -g, or stripped)";
    case ModuleStatus::kBuildIdMismatch:
      return "build id " + (info.build_id.empty() ? std::string("(none)") : info.build_id) +
             " differs from the traced " + std::string(expected) + " (rebuilt since the run?)";
    case ModuleStatus::kOk:
      break;
  }
  return "ok";
}

llvm::symbolize::LLVMSymbolizer::Options llvm_options() {
  llvm::symbolize::LLVMSymbolizer::Options options;
  options.PrintFunctions = llvm::symbolize::FunctionNameKind::LinkageName;
  options.PathStyle = llvm::symbolize::FileLineInfoKind::AbsoluteFilePath;
  options.Demangle = true;
  options.RelativeAddresses = true;  // offsets from the load address, not absolute addresses
  return options;
}

std::string known(const std::string &text) { return text == llvm::DILineInfo::BadString ? "" : text; }

}  // namespace

const char *to_string(ModuleStatus status) {
  switch (status) {
    case ModuleStatus::kOk:
      return "ok";
    case ModuleStatus::kMissing:
      return "missing";
    case ModuleStatus::kNotAnObject:
      return "not an object file";
    case ModuleStatus::kNoDebugInfo:
      return "no debug info";
    case ModuleStatus::kBuildIdMismatch:
      return "build id mismatch";
  }
  return "?";
}

struct Symbolizer::Impl {
  llvm::symbolize::LLVMSymbolizer llvm{llvm_options()};
  SymbolizerLog log;
  std::map<std::string, ModuleInfo, std::less<>> modules;
  std::set<std::pair<std::string, ModuleStatus>> reported;  // each problem is logged once per module

  void report(const std::string &path, ModuleStatus status, const std::string &what) {
    if (log && reported.emplace(path, status).second) log("symbolizer: " + path + ": " + what);
  }
};

Symbolizer::Symbolizer(SymbolizerLog log) : impl_(std::make_unique<Impl>()) { impl_->log = std::move(log); }
Symbolizer::~Symbolizer() = default;

ModuleStatus Symbolizer::check(const std::string &module_path, std::string_view expected_build_id) {
  auto it = impl_->modules.find(module_path);
  if (it == impl_->modules.end()) it = impl_->modules.emplace(module_path, inspect(module_path)).first;
  const ModuleInfo &info = it->second;
  ModuleStatus status = info.status;
  if (status == ModuleStatus::kOk && !expected_build_id.empty() &&
      !same_build_id(info.build_id, expected_build_id))
    status = ModuleStatus::kBuildIdMismatch;
  if (status != ModuleStatus::kOk)
    impl_->report(module_path, status,
                  describe(status, info, expected_build_id) + "; its call sites stay unsymbolized");
  return status;
}

std::vector<SourceFrame> Symbolizer::frames(const std::string &module_path, std::uint64_t module_offset,
                                            std::string_view expected_build_id) {
  if (module_offset == 0 || check(module_path, expected_build_id) != ModuleStatus::kOk) return {};
  llvm::object::SectionedAddress address{module_offset - 1, llvm::object::SectionedAddress::UndefSection};
  llvm::Expected<llvm::DIInliningInfo> inlined = impl_->llvm.symbolizeInlinedCode(module_path, address);
  if (!inlined) {  // LLVM could not read the file after all (corrupt debug info, ...): logged once
    impl_->report(module_path, ModuleStatus::kNotAnObject, llvm::toString(inlined.takeError()));
    return {};
  }
  std::vector<SourceFrame> chain;
  for (std::uint32_t i = 0; i < inlined->getNumberOfFrames(); ++i) {
    const llvm::DILineInfo &frame = inlined->getFrame(i);
    if (known(frame.FileName).empty() || frame.Line == 0) continue;
    chain.push_back({known(frame.FunctionName), frame.FileName, static_cast<int>(frame.Line),
                     static_cast<int>(frame.Column)});
  }
  return chain;
}

std::string read_build_id(const std::string &module_path) { return inspect(module_path).build_id; }

std::vector<std::string> compilation_directories(const std::string &module_path) {
  llvm::object::OwningBinary<llvm::object::Binary> binary;
  const llvm::object::ObjectFile *object = open_object(module_path, &binary);
  if (object == nullptr) return {};
  std::unique_ptr<llvm::DWARFContext> dwarf = llvm::DWARFContext::create(*object);
  std::vector<std::string> directories;
  for (const std::unique_ptr<llvm::DWARFUnit> &unit : dwarf->compile_units()) {
    const char *directory = unit->getCompilationDir();
    if (directory != nullptr && *directory != '\0' &&
        std::find(directories.begin(), directories.end(), directory) == directories.end())
      directories.emplace_back(directory);
  }
  return directories;
}

}  // namespace pgas::tracedb
