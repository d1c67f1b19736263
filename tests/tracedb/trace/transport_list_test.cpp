// The list of transport operations (pgas/transport_operations.h) against what is built from it and beside it:
// the runtime's exported implementations and weak aliases, the tracer's strong definitions, and the trace
// format's operation codes and names. (The list's types against transport.h's documented prototypes are
// checked at compile time, in runtime/src/transport.cpp.)
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "pgas/tracedb/operations.hpp"
#include "pgas/tracedb/reader.hpp"
#include "pgas/tracedb/sync_kinds.hpp"
#include "pgas/transport.h"

namespace {

using pgas::tracedb::Direction;
namespace raw = pgas::tracedb::raw;

struct ListEntry {
  std::string name;
  std::string record;
};

const std::vector<ListEntry> &list() {
#define PGAS_LIST_ENTRY(name, result, parameters, arguments, record, direction, recorded) {#name, #record},
  static const std::vector<ListEntry> entries{PGAS_TRANSPORT_OPERATIONS(PGAS_LIST_ENTRY)};
#undef PGAS_LIST_ENTRY
  return entries;
}

// Dynamic symbols a shared library defines: name -> nm's type letter (T strong, W weak).
std::map<std::string, char> defined_symbols(const std::string &library) {
  const std::string command = "nm -D --defined-only '" + library + "'";
  FILE *pipe = popen(command.c_str(), "r");
  EXPECT_NE(pipe, nullptr) << command;
  std::map<std::string, char> symbols;
  if (pipe == nullptr) return symbols;
  char line[512];
  while (fgets(line, sizeof line, pipe) != nullptr) {
    std::istringstream fields(line);
    std::string address, type, name;
    if (fields >> address >> type >> name) symbols[name] = type[0];
  }
  EXPECT_EQ(pclose(pipe), 0) << command;
  EXPECT_FALSE(symbols.empty()) << command << " listed nothing";
  return symbols;
}

TEST(TransportList, EveryOperationIsInterposedByTheTracer) {
  const std::map<std::string, char> symbols = defined_symbols(PGAS_TRACE_LIBRARY);
  for (const ListEntry &op : list()) {
    auto found = symbols.find("remote_" + op.name);
    ASSERT_NE(found, symbols.end()) << "libpgas-trace.so does not define remote_" << op.name;
    EXPECT_EQ(found->second, 'T') << "remote_" << op.name << " is not a strong definition in the tracer";
  }
}

TEST(TransportList, TheRuntimeExportsEachImplementationAndItsWeakAlias) {
  const std::map<std::string, char> symbols = defined_symbols(PGAS_RUNTIME_LIBRARY);
  std::set<std::string> listed;
  for (const ListEntry &op : list()) {
    listed.insert("remote_" + op.name);
    listed.insert("_remote_" + op.name);
    auto implementation = symbols.find("_remote_" + op.name), alias = symbols.find("remote_" + op.name);
    ASSERT_NE(implementation, symbols.end()) << "libpgas.so does not define _remote_" << op.name;
    EXPECT_EQ(implementation->second, 'T') << "_remote_" << op.name;
    ASSERT_NE(alias, symbols.end()) << "libpgas.so does not define remote_" << op.name;
    EXPECT_EQ(alias->second, 'W') << "remote_" << op.name << " is not a weak alias";
  }
  // A transport function added by hand without its entry in the list would be neither interposed nor
  // generated: every exported remote_* / _remote_* must be listed.
  for (const auto &[name, type] : symbols)
    if (name.starts_with("remote_") || name.starts_with("_remote_")) {
      EXPECT_TRUE(listed.count(name)) << name << " is exported by libpgas.so but not in the list";
    }
}

TEST(TransportList, EveryRecordedOperationHasAnOperationCodeAndAPrintableName) {
  std::set<std::string> names;
  std::uint16_t code = 0;
  for (const ListEntry &op : list()) {
    const bool recorded = op.record == "single" || op.record == "vector" || op.record == "waiting";
    ASSERT_TRUE(recorded || op.record == "none" || op.record == "custom") << op.name << ": " << op.record;
    if (!recorded) continue;
    EXPECT_EQ(raw::op_name(code), op.name);
    EXPECT_EQ(raw::op_name(code | raw::kViaCache), "cache_" + op.name);
    EXPECT_TRUE(names.insert(op.name).second) << op.name << " twice";
    ++code;
  }
  EXPECT_EQ(code, static_cast<std::uint16_t>(raw::Op::kCount));
  EXPECT_EQ(raw::op_name(code), "?");
  EXPECT_EQ(pgas::tracedb::known_ops().size(), 2u * code);
}

// The codes are the raw file format: those of format version 4 keep their numbers and names.
TEST(TransportList, OperationCodesOfTheRawFormatAreStable) {
  const char *const kVersion4[] = {"get",    "put",     "get_strict", "put_strict", "memget",
                                   "memput", "getv",    "putv",       "accv",       "get_nb",
                                   "put_nb", "getv_nb", "putv_nb",    "atomic"};
  ASSERT_GE(static_cast<std::size_t>(raw::Op::kCount), std::size(kVersion4));
  for (std::uint16_t code = 0; code < std::size(kVersion4); ++code)
    EXPECT_EQ(raw::op_name(code), kVersion4[code]) << "code " << code;
  EXPECT_EQ(static_cast<int>(raw::Op::atomic), 13);
}

TEST(TransportList, DirectionsComeFromTheList) {
  for (const raw::OpDescription &op : raw::kOpDescriptions) {
    const std::string name(op.name);
    EXPECT_EQ(pgas::tracedb::op_direction(name), op.direction) << name;
    EXPECT_EQ(pgas::tracedb::op_direction("cache_" + name), op.direction) << name;
  }
  EXPECT_EQ(pgas::tracedb::op_direction("get_strict"), Direction::kRead);
  EXPECT_EQ(pgas::tracedb::op_direction("put_nb"), Direction::kWrite);
  EXPECT_EQ(pgas::tracedb::op_direction("no_such_op"), Direction::kOther);
}

}  // namespace

// The synchronization seam (pgas/sync_events.h): the runtime's no-ops behind weak public names, the tracer's
// strong definitions, and the kinds' names in the trace database generated from the one list.
namespace {

TEST(SyncSeam, TheRuntimeHasWeakNoOpsAndTheTracerStrongDefinitions) {
  const std::map<std::string, char> runtime = defined_symbols(PGAS_RUNTIME_LIBRARY);
  const std::map<std::string, char> tracer = defined_symbols(PGAS_TRACE_LIBRARY);
  for (const std::string name : {"pgas_sync_enter", "pgas_sync_exit"}) {
    ASSERT_TRUE(runtime.count(name) && runtime.count("_" + name)) << name;
    EXPECT_EQ(runtime.at(name), 'W') << name << " is not a weak alias in libpgas.so";
    EXPECT_EQ(runtime.at("_" + name), 'T') << "_" << name;
    ASSERT_TRUE(tracer.count(name)) << "libpgas-trace.so does not define " << name;
    EXPECT_EQ(tracer.at(name), 'T') << name << " is not a strong definition in the tracer";
  }
}

TEST(SyncSeam, KindsAreNamedFromTheList) {
#define PGAS_SYNC_NAME(name, time) #name,
  const char *const names[] = {PGAS_SYNC_EVENTS(PGAS_SYNC_NAME)};
#undef PGAS_SYNC_NAME
  ASSERT_EQ(std::size(names), static_cast<std::size_t>(PGAS_SYNC_KIND_COUNT));
  for (unsigned kind = 0; kind < PGAS_SYNC_KIND_COUNT; ++kind)
    EXPECT_EQ(pgas::tracedb::sync_kind_name(kind), names[kind]);
  EXPECT_FALSE(pgas::tracedb::sync_kind_waits(PGAS_SYNC_lock_hold));  // a lock held is not waiting
  EXPECT_TRUE(pgas::tracedb::sync_kind_waits(PGAS_SYNC_barrier));
  // Codes are a file format: the first ones never move.
  EXPECT_EQ(PGAS_SYNC_barrier, 0);
  EXPECT_EQ(PGAS_SYNC_lock_hold, 4);
  EXPECT_EQ(PGAS_SYNC_collective, 11);
}

}  // namespace
