// The asynchronous signalling puts of this thread that are in flight (sync/signalling.cpp), as seen by the
// synchronization points that complete them.
#pragma once

namespace pgas::rt {

// Completes this thread's asynchronous signalling puts in flight (upc_memput_signal_async): those whose bytes
// have landed, or with `wait` all of them (waiting for their bytes). Called at the thread's synchronization
// points: every semaphore operation (and while a wait polls), upc_fence and strict accesses (through
// detail::make_progress), barriers and every other collective, upc_lock, upc_synci.
void complete_signals(bool wait);

}  // namespace pgas::rt
