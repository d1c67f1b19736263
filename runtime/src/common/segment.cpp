#include "segment.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <random>

namespace pgas::shm {

int create_segment(std::size_t size, std::string *error) {
  std::random_device entropy;
  for (int attempt = 0; attempt < 16; ++attempt) {
    char name[64];
    std::snprintf(name, sizeof name, "/pgas-%08x%08x", entropy(), entropy());
    int fd = shm_open(name, O_CREAT | O_EXCL | O_RDWR, 0600);
    if (fd < 0 && errno == EEXIST) continue;
    if (fd < 0) {
      *error = std::string("cannot create shared memory segment: ") + std::strerror(errno);
      return -1;
    }
    shm_unlink(name);  // the name is never needed again: nothing can be left behind in /dev/shm
    if (ftruncate(fd, static_cast<off_t>(size)) != 0) {
      *error =
          "cannot size shared memory segment to " + std::to_string(size) + " bytes: " + std::strerror(errno);
      close(fd);
      return -1;
    }
    return fd;
  }
  *error = "cannot find an unused shared memory segment name";
  return -1;
}

void *map_segment(int fd, std::size_t *size_out, std::string *error) {
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    *error = "descriptor " + std::to_string(fd) + " is not an open segment: " + std::strerror(errno);
    return nullptr;
  }
  void *base = mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (base == MAP_FAILED) {
    *error = "cannot map segment of " + std::to_string(st.st_size) + " bytes: " + std::strerror(errno);
    return nullptr;
  }
  *size_out = static_cast<std::size_t>(st.st_size);
  return base;
}

}  // namespace pgas::shm
