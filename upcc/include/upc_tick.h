/* <upc_tick.h> (UPC 1.3 library, §7.2.5: the high-resolution timer). */
#ifndef PGAS_UPCC_UPC_TICK_H
#define PGAS_UPCC_UPC_TICK_H

#ifdef __cplusplus
#include <pgas_upcc.hpp>
#else
#include <stdint.h>

#define __UPC_TICK__ 1
typedef uint64_t upc_tick_t;
#define UPC_TICK_MIN ((upc_tick_t)0)
#define UPC_TICK_MAX ((upc_tick_t)UINT64_MAX)

upc_tick_t upc_ticks_now(void);
uint64_t upc_ticks_to_ns(upc_tick_t ticks);
#endif

#endif
