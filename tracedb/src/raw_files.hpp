// Read-only access to a run's raw recorder files, validated.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "pgas/tracedb/raw_format.hpp"

namespace pgas::tracedb {

class RawFile {
 public:
  // Maps `path`; throws tracedb::Error naming it if it is not a complete, valid raw file of this version.
  explicit RawFile(const std::string &path);
  ~RawFile();
  RawFile(const RawFile &) = delete;
  RawFile &operator=(const RawFile &) = delete;

  const raw::File &data() const { return *file_; }
  const raw::Header &header() const { return file_->header; }
  bool finished() const { return file_->header.state.load() == raw::State::kFinished; }
  // ns per tick of this thread's clock, or 0 if it never calibrated (died too early).
  double ns_per_tick() const;

 private:
  const raw::File *file_ = nullptr;
};

// ns per tick of this machine's recorder clock, measured for a few ms.
double measure_ns_per_tick();

struct RawFiles {
  std::vector<std::unique_ptr<RawFile>> files;  // the valid ones, ordered by thread
  std::vector<std::string> rejected;            // one message per file left out, naming it
};

// Every valid "thread-<T>.bin" in `directory`. A corrupt file, or one of another run (THREADS differs from
// what most files say), is left out with a message. Throws if no valid file is left.
RawFiles load_raw_files(const std::string &directory);

}  // namespace pgas::tracedb
