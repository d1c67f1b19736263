#include "coll2/signature.hpp"

#include "coll2/datatypes.hpp"
#include "coll2/roles.hpp"
#include "coll2/stop.hpp"

namespace pgas::rt::coll2 {
namespace {

constexpr std::uint64_t kAllsyncIn = 1u << 8, kAllsyncOut = 1u << 9, kRefused = 1u << 12,
                        kVariable = 1u << 13;
constexpr int kRootAt = 16, kTypeAt = 40, kOpAt = 48;

std::uint64_t field(std::uint64_t word, int at, int bits) {
  return word >> at & ((std::uint64_t{1} << bits) - 1);
}

std::uint64_t kind_word(Kind kind, bool variable) {
  return static_cast<std::uint64_t>(kind) | (variable ? kVariable : 0);
}

const char *error_name(std::uint64_t error) {
  static const char *const names[] = {
      "UPCCOLL_SUCCESS",        "UPCCOLL_ERROR",          "UPCCOLL_ERROR_TEAM",
      "UPCCOLL_ERROR_SIZE",     "UPCCOLL_ERROR_RANK",     "UPCCOLL_ERROR_HANDLE",
      "UPCCOLL_ERROR_SENDBUF",  "UPCCOLL_ERROR_RECVBUF",  "UPCCOLL_ERROR_COUNT",
      "UPCCOLL_ERROR_DATATYPE", "UPCCOLL_ERROR_UPC_OP",   "UPCCOLL_ERROR_FLAGS",
      "UPCCOLL_ERROR_ROOT",     "UPCCOLL_ERROR_SENDTYPE", "UPCCOLL_ERROR_RECVTYPE",
      "UPCCOLL_ERROR_SENDCNTS", "UPCCOLL_ERROR_RECVCNTS", "UPCCOLL_ERROR_SDISPLS",
      "UPCCOLL_ERROR_RDISPLS",  "UPCCOLL_ERROR_MALLOC",   "UPCCOLL_ERROR_UNINITIALIZED"};
  return error < std::size(names) ? names[error] : "an unknown error";
}

}  // namespace

const char *kind_name(Kind kind, bool variable) {
  static const char *const names[] = {"upccoll_barrier", "upccoll_bcast",     "upccoll_scatter",
                                      "upccoll_gather",  "upccoll_allgather", "upccoll_alltoall",
                                      "upccoll_reduce",  "upccoll_allreduce", "upccoll_reduce_scatter",
                                      "upccoll_scan",    "upccoll_exscan"};
  static const char *const v_names[] = {"upccoll_barrier", "upccoll_bcast",      "upccoll_scatterv",
                                        "upccoll_gatherv", "upccoll_allgatherv", "upccoll_alltoallv",
                                        "upccoll_reduce",  "upccoll_allreduce",  "upccoll_reduce_scatterv",
                                        "upccoll_scan",    "upccoll_exscan"};
  return (variable ? v_names : names)[static_cast<int>(kind)];
}

const char *call_name(const Description &call) {
  return call.function != nullptr ? call.function : kind_name(call.kind, call.variable);
}

std::uint64_t signature(const Description &call, bool in_all, bool out_all) {
  const std::uint64_t root = has_root(call.kind) ? static_cast<std::uint64_t>(call.root) + 1 : 0;
  std::uint64_t word = kind_word(call.kind, call.variable) | (in_all ? kAllsyncIn : 0) |
                       (out_all ? kAllsyncOut : 0) | root << kRootAt;
  if (combining(call.kind))
    word |= static_cast<std::uint64_t>(call.dt & 0xff) << kTypeAt | (op_number(call.op) & 0x3fff) << kOpAt;
  return word;
}

std::uint64_t refusal_signature(Kind kind, bool variable, upccoll_return_t error) {
  return kind_word(kind, variable) | kRefused | static_cast<std::uint64_t>(error) << kTypeAt;
}

bool refused(std::uint64_t signature) { return (signature & kRefused) != 0; }

bool signatures_agree(std::uint64_t mine, std::uint64_t theirs) {
  mine &= ~kInlineData;
  theirs &= ~kInlineData;
  if (refused(mine) || refused(theirs)) return refused(mine) && refused(theirs);
  return mine == theirs;
}

std::string describe_signature(std::uint64_t signature) {
  const auto kind = static_cast<Kind>(signature & 0xff);
  std::string text = kind_name(kind, (signature & kVariable) != 0);
  if (refused(signature)) return text + ", refused with " + error_name(field(signature, kTypeAt, 8));
  std::string details;  // "root 2, UPC_ADD on UPC_INT"
  if (const std::uint64_t root = field(signature, kRootAt, 24); root != 0)
    details = "root " + std::to_string(root - 1);
  if (combining(kind)) {
    // The type and operation as a member named them, from their small numbers.
    const auto dt = static_cast<upccoll_dtype_t>(field(signature, kTypeAt, 8));
    const std::uint64_t op = field(signature, kOpAt, 14);
    const std::string op_text = op >= 32 ? "user operation #" + std::to_string(op - 32)
                                         : op_name(op == 0 ? 0 : static_cast<upccoll_op_t>(1 << (op - 1)));
    details += (details.empty() ? "" : ", ") + op_text + " on " + type_name(dt);
  }
  if (!details.empty()) text += " (" + details + ")";
  if ((signature & kAllsyncIn) != 0) text += " with IN_ALLSYNC";
  if ((signature & kAllsyncOut) != 0) text += " with OUT_ALLSYNC";
  if ((signature & kOnEngine) != 0)
    text += (signature & kBlockingOnEngine) != 0 ? ", blocking on the conduit's engine"
                                                 : ", non-blocking on the conduit's engine";
  return text;
}

void disagree(const Team &team, std::uint64_t s, std::uint64_t mine, int member, const std::string &theirs) {
  stop_job(
      "upccoll: the members of a team of %d disagree on its call #%llu: team rank %d (thread %d) is in %s, "
      "team rank %d (thread %d) %s; every member must make the same calls, with the same root, type, "
      "operation and ALLSYNC flags (on the conduit's engine also all blocking or none), in the same order",
      team.size(), static_cast<unsigned long long>(s), team.rank, team.thread_of(team.rank),
      describe_signature(mine).c_str(), member, team.thread_of(member), theirs.c_str());
}

void compare_signatures(const Team &team, std::uint64_t s, std::uint64_t mine, int member,
                        std::uint64_t theirs) {
  if (!signatures_agree(mine, theirs)) disagree(team, s, mine, member, "in " + describe_signature(theirs));
}

void size_mismatch(const Team &team, const char *name, std::uint64_t s, int receiver, int source,
                   std::uint64_t expected, std::uint64_t sent) {
  stop_job("%s, call #%llu of a team of %d: team rank %d expects %llu bytes from rank %d, which sends %llu",
           name, static_cast<unsigned long long>(s), team.size(), receiver,
           static_cast<unsigned long long>(expected), source, static_cast<unsigned long long>(sent));
}

}  // namespace pgas::rt::coll2
