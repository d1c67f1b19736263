/* <upccoll.h>, UPC Collectives 2.0: teams, the MPI-like collectives and their non-blocking forms, the
 * dialect's (pgas/upccoll.h, which says what each call does where the proposal is open). A translated
 * program (C++) gets the dialect's definitions; the parse of a UPC file sees the buffers as the proposal's
 * shared void *. */
#ifndef PGAS_UPCC_UPCCOLL_H
#define PGAS_UPCC_UPCCOLL_H

#ifdef __cplusplus
#include <pgas_upcc.hpp>
#else
typedef shared void *upccoll_shared_ptr_t;
#define PGAS_UPCCOLL_SHARED_PTR_DECLARED 1
#include <pgas/upccoll.h>
#endif

#endif
