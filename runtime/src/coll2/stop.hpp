// Stopping the job for a misuse that several threads of a call may see at once (threads in different
// collectives, sizes that disagree): one of them reports it, the others wait to be ended with the job.
#pragma once

namespace pgas::rt::coll2 {

[[noreturn]] void stop_job(const char *format, ...) __attribute__((format(printf, 1, 2)));

}  // namespace pgas::rt::coll2
