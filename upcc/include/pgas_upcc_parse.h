/* What the parse of a UPC file sees before the file (pgas-upcc's -include): the names the token pass
 * writes for UPC's statements and operators (src/marker_names.hpp), and THREADS and MYTHREAD. Never part
 * of a compiled program: the translated C++ includes pgas_upcc.hpp instead. */
#ifndef PGAS_UPCC_PARSE_H
#define PGAS_UPCC_PARSE_H

/* PGAS_UPCC_THREADS: the static thread count (-T N), a constant also for #if; or the stand-in of a dynamic
 * THREADS, an enumeration constant the translation recognizes. */
#ifdef __UPC_STATIC_THREADS__
#define THREADS PGAS_UPCC_THREADS
#else
enum { THREADS = PGAS_UPCC_THREADS };
#endif
int __upc_mythread(void);
#define MYTHREAD (__upc_mythread())

int __upc_forall_affinity(int, ...);
int __upc_forall_continue(int);
void __upc_barrier(int, ...);
void __upc_notify(int, ...);
void __upc_wait(int, ...);
void __upc_fence(void);
enum { __upc_localsizeof = 0, __upc_blocksizeof = 0, __upc_elemsizeof = 0 };

#endif
