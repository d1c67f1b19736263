#include "coll2/stop.hpp"

#include <unistd.h>

#include <cstdarg>
#include <cstdio>

#include "conduit/active.hpp"
#include "errors.hpp"

namespace pgas::rt::coll2 {

void stop_job(const char *format, ...) {
  char text[1024];
  va_list list;
  va_start(list, format);
  std::vsnprintf(text, sizeof text, format, list);
  va_end(list);
  if (conduit().claim_report()) {
    report("%s", text);
    exit_quietly();
  }
  for (;;) pause();  // the reporter's exit ends the job
}

}  // namespace pgas::rt::coll2
