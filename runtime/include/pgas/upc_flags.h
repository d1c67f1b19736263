/* The synchronization flags of the collectives (UPC 1.2, section 7.3.1), shared by pgas/upc_collective.h
 * and pgas/upccoll.h (which adds UPC_ASYNC_FENCE); C-compatible. */
#ifndef PGAS_UPC_FLAGS_H
#define PGAS_UPC_FLAGS_H

typedef int upc_flag_t;
#define UPC_IN_ALLSYNC (1 << 0)
#define UPC_IN_MYSYNC (1 << 1)
#define UPC_IN_NOSYNC (1 << 2)
#define UPC_OUT_ALLSYNC (1 << 3)
#define UPC_OUT_MYSYNC (1 << 4)
#define UPC_OUT_NOSYNC (1 << 5)

#endif /* PGAS_UPC_FLAGS_H */
