// The names by which the token pass (upc_tokens.cpp) tells the AST walk (translation.cpp) what UPC wrote,
// and which the parse prelude (include/pgas_upcc_parse.h) declares. One list, read by both.
#pragma once

namespace pgas::upcc::markers {

// The address space every shared type is in: one for all, so that Clang itself refuses a conversion from a
// pointer-to-shared to a private pointer and allows those between pointers-to-shared (shared void *).
inline constexpr unsigned kSharedAddressSpace = 21840;

inline constexpr const char *kSharedTag = "upc_shared:";  // + "default", "star", "indefinite", "<n>", "e<n>"
inline constexpr const char *kStrictTag = "upc_strict";
inline constexpr const char *kRelaxedTag = "upc_relaxed";
inline constexpr const char *kLayoutEnumPrefix = "__upc_layout_";

inline constexpr const char *kForallAffinity = "__upc_forall_affinity";
inline constexpr const char *kForallContinue = "__upc_forall_continue";
inline constexpr const char *kBarrier = "__upc_barrier";
inline constexpr const char *kNotify = "__upc_notify";
inline constexpr const char *kWait = "__upc_wait";
inline constexpr const char *kFence = "__upc_fence";
inline constexpr const char *kLocalSizeof = "__upc_localsizeof";
inline constexpr const char *kBlockSizeof = "__upc_blocksizeof";
inline constexpr const char *kElemSizeof = "__upc_elemsizeof";
inline constexpr const char *kThreads = "THREADS";  // an enumeration constant in the parse (parse prelude)

// The value THREADS has in the parse when THREADS is dynamic: 1, so that no dimension c * THREADS overflows;
// the translation reads THREADS in dimensions from the written expressions, never from values.
inline constexpr long kDynamicThreads = 1;

}  // namespace pgas::upcc::markers
