// The operations a trace records: their codes in the raw format (AccessRecord::op), their names in the
// database (access.op) and whether reports count them as reads or writes. All generated from the list of
// transport operations (pgas/transport_operations.h): its recorded operations, numbered in list order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

#include "pgas/transport_operations.h"

namespace pgas::tracedb {

// Read, write or other (accv, atomic, unknown) for an access.op value.
enum class Direction { kRead, kWrite, kOther };

namespace raw {

// An entry of a generated list for a recorded operation, nothing for the others.
#define PGAS_RECORDED_single(...) __VA_ARGS__,
#define PGAS_RECORDED_vector(...) __VA_ARGS__,
#define PGAS_RECORDED_waiting(...) __VA_ARGS__,
#define PGAS_RECORDED_none(...)
#define PGAS_RECORDED_custom(...)
#define PGAS_OP_CODE(name, result, parameters, arguments, record, direction, recorded) \
  PGAS_RECORDED_##record(name)

// Operations, as stored in AccessRecord::op: Op::get, Op::put, ... (and spelled in the database by
// op_name()).
enum class Op : std::uint16_t { PGAS_TRANSPORT_OPERATIONS(PGAS_OP_CODE) kCount };
#undef PGAS_OP_CODE

struct OpDescription {
  std::string_view name;  // in the database, without the cache_ prefix
  Direction direction;
  bool always_timed;  // a wait (record `waiting`): every call is timed, whatever run.time_every says
};

#define PGAS_DIRECTION_read Direction::kRead
#define PGAS_DIRECTION_write Direction::kWrite
#define PGAS_DIRECTION_other Direction::kOther
#define PGAS_ALWAYS_TIMED_single false
#define PGAS_ALWAYS_TIMED_vector false
#define PGAS_ALWAYS_TIMED_waiting true
#define PGAS_OP_DESCRIPTION(name, result, parameters, arguments, record, direction, recorded) \
  PGAS_RECORDED_##record(OpDescription{#name, PGAS_DIRECTION_##direction, PGAS_ALWAYS_TIMED_##record})

// Indexed by Op.
inline constexpr OpDescription kOpDescriptions[] = {PGAS_TRANSPORT_OPERATIONS(PGAS_OP_DESCRIPTION)};
#undef PGAS_OP_DESCRIPTION
#undef PGAS_ALWAYS_TIMED_single
#undef PGAS_ALWAYS_TIMED_vector
#undef PGAS_ALWAYS_TIMED_waiting
#undef PGAS_DIRECTION_read
#undef PGAS_DIRECTION_write
#undef PGAS_DIRECTION_other
#undef PGAS_RECORDED_single
#undef PGAS_RECORDED_vector
#undef PGAS_RECORDED_waiting
#undef PGAS_RECORDED_none
#undef PGAS_RECORDED_custom
static_assert(std::size(kOpDescriptions) == static_cast<std::size_t>(Op::kCount));

// Added to an operation code when the software cache library (libpgas-cache) made the call, so that reports
// tell cache traffic from the program's own.
inline constexpr std::uint16_t kViaCache = 0x100;
inline constexpr std::string_view kViaCachePrefix = "cache_";

// The database's name of a stored operation code: "getv", or "cache_getv" for one made by the cache.
inline std::string op_name(std::uint16_t code) {
  const std::uint16_t base = code & static_cast<std::uint16_t>(kViaCache - 1);
  if (base >= static_cast<std::uint16_t>(Op::kCount)) return "?";
  return std::string(code & kViaCache ? kViaCachePrefix : "") + std::string(kOpDescriptions[base].name);
}

}  // namespace raw
}  // namespace pgas::tracedb
