// A stand-in for pgas-trace-import (pgasrun's PGAS_TRACE_IMPORT) that never finishes: it writes its pid to
// $STALLED_IMPORTER_PID_FILE and waits for a signal, with whatever signal mask and dispositions pgasrun gave
// it (a shell would reset them, which is why this is a program).
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

int main() {
  const char *pid_file = std::getenv("STALLED_IMPORTER_PID_FILE");
  if (pid_file == nullptr) return 2;
  const std::string partial = std::string(pid_file) + ".partial";
  std::FILE *out = std::fopen(partial.c_str(), "w");
  if (out == nullptr) return 2;
  std::fprintf(out, "%d\n", static_cast<int>(getpid()));
  std::fclose(out);
  std::rename(partial.c_str(), pid_file);
  for (;;) pause();
}
