/* <upc_castable.h> (UPC 1.3 library, §7.4.4 of the optional library: castability). */
#ifndef PGAS_UPCC_UPC_CASTABLE_H
#define PGAS_UPCC_UPC_CASTABLE_H

#define __UPC_CASTABLE__ 1
#define UPC_CASTABLE_ALL_ALLOC (1 << 0)
#define UPC_CASTABLE_GLOBAL_ALLOC (1 << 1)
#define UPC_CASTABLE_ALLOC (1 << 2)
#define UPC_CASTABLE_STATIC (1 << 3)
#define UPC_CASTABLE_ALL (UPC_CASTABLE_ALL_ALLOC | UPC_CASTABLE_GLOBAL_ALLOC | UPC_CASTABLE_ALLOC | UPC_CASTABLE_STATIC)

typedef struct {
  int guaranteedCastable;
  int probablyCastable;
} upc_thread_info_t;

#ifdef __cplusplus
#include <pgas_upcc.hpp>

#include <cstddef>

// The calling thread's address of *ptr, or NULL when it cannot load and store it (another process's
// memory on a network conduit, or any other thread's while the network is emulated or a profiler must
// see every access: the transport's remote_cast decides).
inline void *upc_cast(const ::pgas::global_ptr<const void> &ptr) {
  if (!ptr) return nullptr;
  if (ptr.thread() == ::pgas::mythread()) return const_cast<void *>(ptr.local());
  char *base = static_cast<char *>(remote_cast(ptr.handle(), ptr.thread()));
  return base ? base + ptr.offset() : nullptr;
}

// Every region of the calling thread is castable; another thread's region only probably so (the transport
// decides object by object, see upc_cast).
inline upc_thread_info_t upc_thread_info(std::size_t thread) {
  if (thread == static_cast<std::size_t>(::pgas::mythread())) return {UPC_CASTABLE_ALL, UPC_CASTABLE_ALL};
  return {0, UPC_CASTABLE_ALL};
}
#else
#include <stddef.h>

void *upc_cast(const shared void *ptr);
upc_thread_info_t upc_thread_info(size_t threadId);
#endif

#endif
