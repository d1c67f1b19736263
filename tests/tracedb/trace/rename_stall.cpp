// Preloaded into pgas-trace-import by a test: the rename that would publish a finished import instead
// writes $RENAME_STALL_MARKER and waits for a signal, so that the test can interrupt an import at its most
// delicate moment, deterministically.
#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

extern "C" int rename(const char *from, const char *to) {
  if (std::strstr(from, ".importing-") != nullptr) {
    if (const char *marker = std::getenv("RENAME_STALL_MARKER"))
      close(open(marker, O_CREAT | O_WRONLY, 0600));
    for (;;) pause();
  }
  using Rename = int (*)(const char *, const char *);
  return reinterpret_cast<Rename>(dlsym(RTLD_NEXT, "rename"))(from, to);
}
