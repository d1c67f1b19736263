// Read-only access to a run's raw recorder files, validated.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "pgas/tracedb/raw_format.hpp"

namespace pgas::tracedb {

class RawFile {
 public:
  // Maps `path`; throws tracedb::Error if it is not a complete raw file of this version.
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

// Every "thread-<T>.bin" in `directory`, ordered by thread. Throws if there is none or they disagree on
// THREADS.
std::vector<std::unique_ptr<RawFile>> load_raw_files(const std::string &directory);

}  // namespace pgas::tracedb
