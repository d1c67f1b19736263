/* <upc_nb.h> (UPC 1.3 library, §7.4.5 of the optional library: non-blocking transfers). */
#ifndef PGAS_UPCC_UPC_NB_H
#define PGAS_UPCC_UPC_NB_H

#ifdef __cplusplus
#include <pgas_upcc.hpp>
#else
#include <stddef.h>

#define __UPC_NB__ 1
typedef struct pgas_upc_nb_transfer *upc_handle_t;
#define UPC_COMPLETE_HANDLE ((upc_handle_t)0)

upc_handle_t upc_memcpy_nb(shared void *dst, shared const void *src, size_t n);
upc_handle_t upc_memget_nb(void *dst, shared const void *src, size_t n);
upc_handle_t upc_memput_nb(shared void *dst, const void *src, size_t n);
upc_handle_t upc_memset_nb(shared void *dst, int c, size_t n);
void upc_sync(upc_handle_t handle);
int upc_sync_attempt(upc_handle_t handle);

void upc_memcpy_nbi(shared void *dst, shared const void *src, size_t n);
void upc_memget_nbi(void *dst, shared const void *src, size_t n);
void upc_memput_nbi(shared void *dst, const void *src, size_t n);
void upc_memset_nbi(shared void *dst, int c, size_t n);
void upc_synci(void);
int upc_synci_attempt(void);
#endif

#endif
