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
  // Under mpirun: relays the files that mpirun --output-filename DIRECTORY writes for each rank
  // (DIRECTORY/<job>/rank.T/stdout and stderr: each rank's output alone, in the order it wrote it). mpirun's
  // own --tag-output tags each piece its forwarding reads, so it starts tagged lines in the middle of lines.
  explicit OutputTagger(int threads, const std::string &directory);
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
    std::string pattern;  // files: the glob of the file mpirun writes (opened once it exists)
  };
  void relay();
  void relay_files();
  bool read_from(Stream &stream);  // false at end of stream (of what a file holds so far)
  void write_lines(Stream &stream, bool flush_partial);

  std::vector<Stream> streams_;
  bool files_ = false;
  std::thread relay_;
  std::atomic<bool> stopping_{false};
};

}  // namespace pgas::launcher
