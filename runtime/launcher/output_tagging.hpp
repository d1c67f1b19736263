// pgasrun --tag-output: every line a thread writes to stdout or stderr reaches pgasrun's own stdout or
// stderr prefixed with "[T] " (mpirun's --tag-output), whole lines at a time, so threads never mix within a
// line.
#pragma once

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace pgas::launcher {

class OutputTagger {
 public:
  // Makes a pipe for the stdout and the stderr of each of `threads` threads; sets *error if it cannot.
  OutputTagger(int threads, std::string *error);
  ~OutputTagger();
  OutputTagger(const OutputTagger &) = delete;
  OutputTagger &operator=(const OutputTagger &) = delete;

  // In thread `thread`'s process, before exec: its stdout and stderr become its pipes.
  void attach_child(int thread) const;
  // In pgasrun, once every thread is forked: relays the pipes until every thread's end is closed.
  void start();
  // After the job: relays what is still buffered in the pipes, then stops (a process the threads left
  // behind may keep a pipe open).
  void finish();

 private:
  struct Stream {
    int read_fd = -1, write_fd = -1;
    int thread = 0;
    int target = 1;       // pgasrun's descriptor: 1 or 2
    std::string pending;  // the start of a line not yet ended
  };
  void relay();
  bool read_from(Stream &stream);  // false at end of stream
  void write_lines(Stream &stream, bool flush_partial);

  std::vector<Stream> streams_;
  std::thread relay_;
  std::atomic<bool> stopping_{false};
};

}  // namespace pgas::launcher
