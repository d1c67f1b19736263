#include "output_tagging.hpp"

#include <fcntl.h>
#include <glob.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

namespace pgas::launcher {
namespace {

void write_all(int fd, const std::string &text) {
  for (std::size_t done = 0; done < text.size();) {
    ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // pgasrun's own output is gone: nothing to write to
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace

OutputTagger::OutputTagger(int threads, std::string *error) {
  for (int thread = 0; thread < threads; ++thread)
    for (int target : {1, 2}) {
      int fds[2];
      if (pipe2(fds, O_CLOEXEC) != 0) {
        *error = std::string("--tag-output: cannot make a pipe: ") + std::strerror(errno);
        return;
      }
      streams_.push_back({fds[0], fds[1], thread, target, {}, {}});
    }
}

OutputTagger::OutputTagger(int threads, const std::string &directory) : files_(true) {
  for (int thread = 0; thread < threads; ++thread)
    for (int target : {1, 2})
      streams_.push_back(
          {-1,
           -1,
           thread,
           target,
           {},
           directory + "/*/rank." + std::to_string(thread) + (target == 1 ? "/stdout" : "/stderr")});
}

OutputTagger::~OutputTagger() {
  finish();
  for (Stream &s : streams_) {
    if (s.read_fd >= 0) close(s.read_fd);
    if (s.write_fd >= 0) close(s.write_fd);
  }
}

void OutputTagger::attach_child(int thread) const {
  for (const Stream &s : streams_)
    if (s.thread == thread) dup2(s.write_fd, s.target);  // dup2 leaves the copy open across exec
}

void OutputTagger::start() {
  if (files_) {
    relay_ = std::thread([this] { relay_files(); });
    return;
  }
  for (Stream &s : streams_) {  // only the threads hold the write ends now, so their exit ends the streams
    close(s.write_fd);
    s.write_fd = -1;
  }
  relay_ = std::thread([this] { relay(); });
}

void OutputTagger::finish() {
  if (!relay_.joinable()) return;
  stopping_ = true;
  relay_.join();
}

bool OutputTagger::read_from(Stream &stream) {
  char buffer[4096];
  ssize_t n;
  do n = read(stream.read_fd, buffer, sizeof buffer);
  while (n < 0 && errno == EINTR);
  if (n <= 0) return false;
  stream.pending.append(buffer, static_cast<std::size_t>(n));
  write_lines(stream, false);
  return true;
}

void OutputTagger::write_lines(Stream &stream, bool flush_partial) {
  const std::string tag = "[" + std::to_string(stream.thread) + "] ";
  std::string out;
  std::size_t start = 0;
  for (std::size_t end; (end = stream.pending.find('\n', start)) != std::string::npos; start = end + 1)
    out += tag + stream.pending.substr(start, end + 1 - start);
  stream.pending.erase(0, start);
  if (flush_partial && !stream.pending.empty()) {
    out += tag + stream.pending + "\n";
    stream.pending.clear();
  }
  write_all(stream.target, out);
}

void OutputTagger::relay() {
  std::vector<Stream *> open;
  for (Stream &s : streams_) open.push_back(&s);
  while (!open.empty()) {
    std::vector<pollfd> fds;
    for (Stream *s : open) fds.push_back({s->read_fd, POLLIN, 0});
    // Once the job is over, only what is already in the pipes is relayed.
    const bool last_round = stopping_;
    const int ready = poll(fds.data(), fds.size(), last_round ? 0 : 100);
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0 && last_round) break;
    std::vector<Stream *> still_open;
    for (std::size_t i = 0; i < open.size(); ++i) {
      const bool ended = (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) && !read_from(*open[i]);
      if (!ended) still_open.push_back(open[i]);
    }
    open.swap(still_open);
  }
  for (Stream &s : streams_) write_lines(s, true);
}

// Files grow while the job runs: each round reads what they hold, then the next round comes a little later;
// the round after finish() is the last.
void OutputTagger::relay_files() {
  for (bool last = false; !last;) {
    last = stopping_;
    for (Stream &s : streams_) {
      if (s.read_fd < 0) {
        glob_t found{};
        if (glob(s.pattern.c_str(), 0, nullptr, &found) == 0 && found.gl_pathc > 0)
          s.read_fd = open(found.gl_pathv[0], O_RDONLY | O_CLOEXEC);
        globfree(&found);
      }
      while (s.read_fd >= 0 && read_from(s)) {
      }
    }
    if (!last) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (Stream &s : streams_) write_lines(s, true);
}

}  // namespace pgas::launcher
