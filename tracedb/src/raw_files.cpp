#include "raw_files.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <map>

#include "pgas/tracedb/database.hpp"
#include "raw_validation.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

namespace pgas::tracedb {

RawFile::RawFile(const std::string &path) {
  // O_NONBLOCK: a FIFO put in place of a raw file must not hang the import; it is refused below.
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) throw Error(path + ": cannot open: " + std::strerror(errno));
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    throw Error(path + ": not a regular file");
  }
  if (static_cast<std::size_t>(st.st_size) < sizeof(raw::File)) {
    close(fd);
    throw Error(path + ": truncated raw trace file (" + std::to_string(st.st_size) + " bytes)");
  }
  void *base = mmap(nullptr, sizeof(raw::File), PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (base == MAP_FAILED) throw Error(path + ": cannot map: " + std::strerror(errno));
  file_ = static_cast<const raw::File *>(base);
  std::string problem;
  if (std::memcmp(file_->header.magic, raw::kMagic, sizeof raw::kMagic) != 0)
    problem = "not a raw trace file";
  else if (file_->header.version != raw::kVersion)
    problem = "raw trace format version " + std::to_string(file_->header.version) + ", this importer reads " +
              std::to_string(raw::kVersion) + " (use the pgas-trace-import of the tracer that wrote it)";
  else if (std::string field = raw::first_problem(*file_); !field.empty())
    problem = "corrupt raw trace file: " + field;
  if (!problem.empty()) {
    munmap(const_cast<raw::File *>(file_), sizeof(raw::File));
    throw Error(path + ": " + problem);
  }
}

RawFile::~RawFile() { munmap(const_cast<raw::File *>(file_), sizeof(raw::File)); }

double RawFile::ns_per_tick() const {
  const raw::Header &h = file_->header;
  std::uint64_t ticks = h.ticks1.load() - h.ticks0, ns = h.mono1.load() - h.mono0;
  if (ns < 1000000 || ticks == 0) return 0;  // under a millisecond: not a usable calibration
  return static_cast<double>(ns) / static_cast<double>(ticks);
}

double measure_ns_per_tick() {
#if defined(__x86_64__) || defined(__i386__)
  auto mono = [] {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<std::uint64_t>(ts.tv_nsec);
  };
  std::uint64_t t0 = __rdtsc(), m0 = mono(), m1 = m0;
  while (m1 - m0 < 5000000) m1 = mono();
  return static_cast<double>(m1 - m0) / static_cast<double>(__rdtsc() - t0);
#else
  return 1.0;  // the recorder counts ns directly
#endif
}

RawFiles load_raw_files(const std::string &directory) {
  std::error_code ec;
  if (!std::filesystem::is_directory(directory, ec))
    throw Error(directory + ": no raw trace files (was the program run with the tracing library?)");
  RawFiles raw;
  std::map<std::uint32_t, int> threads_votes;
  for (const auto &entry : std::filesystem::directory_iterator(directory)) {
    std::string name = entry.path().filename().string();
    if (!name.starts_with("thread-") || !name.ends_with(".bin")) continue;
    try {
      auto file = std::make_unique<RawFile>(entry.path().string());
      if (name != "thread-" + std::to_string(file->header().thread) + ".bin")
        throw Error(entry.path().string() + ": corrupt raw trace file: it says it is thread " +
                    std::to_string(file->header().thread));
      threads_votes[file->header().threads] += 1;
      raw.files.push_back(std::move(file));
    } catch (const Error &e) {
      raw.rejected.push_back(e.what());
    }
  }
  if (raw.files.empty()) {
    if (!raw.rejected.empty()) throw Error(raw.rejected.front() + " (and no other raw trace file)");
    throw Error(directory + ": no raw trace files in it");
  }
  // THREADS is what most files say; a file that disagrees belongs to another run.
  const std::uint32_t threads =
      std::max_element(threads_votes.begin(), threads_votes.end(), [](const auto &a, const auto &b) {
        return a.second < b.second;
      })->first;
  std::erase_if(raw.files, [&](const std::unique_ptr<RawFile> &f) {
    if (f->header().threads == threads) return false;
    raw.rejected.push_back(directory + "/thread-" + std::to_string(f->header().thread) +
                           ".bin: from another run (THREADS " + std::to_string(f->header().threads) +
                           ", the others " + std::to_string(threads) + ")");
    return true;
  });
  std::sort(raw.files.begin(), raw.files.end(),
            [](const auto &a, const auto &b) { return a->header().thread < b->header().thread; });
  return raw;
}

}  // namespace pgas::tracedb
