#include "raw_files.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>

#include "pgas/tracedb/database.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

namespace pgas::tracedb {

RawFile::RawFile(const std::string &path) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw Error(path + ": cannot open: " + std::strerror(errno));
  struct stat st {};
  fstat(fd, &st);
  if (static_cast<std::size_t>(st.st_size) < sizeof(raw::File)) {
    close(fd);
    throw Error(path + ": truncated raw trace file (" + std::to_string(st.st_size) + " bytes)");
  }
  void *base = mmap(nullptr, sizeof(raw::File), PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (base == MAP_FAILED) throw Error(path + ": cannot map: " + std::strerror(errno));
  file_ = static_cast<const raw::File *>(base);
  if (std::memcmp(file_->header.magic, raw::kMagic, sizeof raw::kMagic) != 0 ||
      file_->header.version != raw::kVersion) {
    munmap(const_cast<raw::File *>(file_), sizeof(raw::File));
    throw Error(path + ": not a raw trace file of this version");
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

std::vector<std::unique_ptr<RawFile>> load_raw_files(const std::string &directory) {
  std::error_code ec;
  if (!std::filesystem::is_directory(directory, ec))
    throw Error(directory + ": no raw trace files (was the program run with the tracing library?)");
  std::vector<std::unique_ptr<RawFile>> files;
  for (const auto &entry : std::filesystem::directory_iterator(directory)) {
    std::string name = entry.path().filename().string();
    if (name.starts_with("thread-") && name.ends_with(".bin"))
      files.push_back(std::make_unique<RawFile>(entry.path().string()));
  }
  if (files.empty()) throw Error(directory + ": no raw trace files in it");
  std::sort(files.begin(), files.end(),
            [](const auto &a, const auto &b) { return a->header().thread < b->header().thread; });
  for (const auto &f : files)
    if (f->header().threads != files.front()->header().threads)
      throw Error(directory + ": raw files of different runs (THREADS " +
                  std::to_string(f->header().threads) + " and " +
                  std::to_string(files.front()->header().threads) + ")");
  return files;
}

}  // namespace pgas::tracedb
