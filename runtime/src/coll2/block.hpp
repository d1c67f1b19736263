// The layout of a call block (operation.hpp), in 64-bit words from its start.
#pragma once

#include <cstdint>

namespace pgas::rt::coll2 {

enum BlockWord : std::uint64_t {
  kSendCount,  // entries of the send table
  kRecvCount,  // entries of the recv table
  kRecvHandle,
  kRecvThread,
  kRecvOffset,
  kSendHandle,
  kSendThread,
  kSendOffset,
  kType,
  kOp,
  kElements,
  kDirect,  // 1: no staged data, receivers read the send pieces from sendbuf (coll2/direct.hpp)
  kHeaderWords,
};

inline constexpr std::uint64_t kSendEntryWords = 3;  // offset in sendbuf, offset of the staged copy, bytes
inline constexpr std::uint64_t kRecvEntryWords = 2;  // offset in recvbuf, bytes

inline std::uint64_t send_entry_at(std::uint64_t index) {
  return (kHeaderWords + kSendEntryWords * index) * sizeof(std::uint64_t);
}
inline std::uint64_t recv_entry_at(std::uint64_t send_count, std::uint64_t index) {
  return (kHeaderWords + kSendEntryWords * send_count + kRecvEntryWords * index) * sizeof(std::uint64_t);
}
inline std::uint64_t data_at(std::uint64_t send_count, std::uint64_t recv_count) {
  return recv_entry_at(send_count, recv_count);
}

}  // namespace pgas::rt::coll2
