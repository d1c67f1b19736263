// The synchronization seam's default: nothing. The public names are weak aliases a profiler replaces
// (pgas/sync_events.h); the aliases must be in the file that defines their targets.
#include "pgas/sync_events.h"

extern "C" {
void _pgas_sync_enter(pgas_sync_kind_t, uint64_t, const char *) {}
void _pgas_sync_exit(pgas_sync_kind_t, uint64_t) {}
}
#pragma weak pgas_sync_enter = _pgas_sync_enter
#pragma weak pgas_sync_exit = _pgas_sync_exit
