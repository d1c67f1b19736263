// Creating and mapping the POSIX shared memory segments of a job (shm conduit).
#pragma once

#include <cstddef>
#include <string>

namespace pgas::shm {

// Creates a shared memory object of `size` bytes (sparse: pages cost memory only when touched) under an
// unpredictable name with mode 0600, unlinks the name at once and returns the open descriptor, which is
// inherited across fork and exec. On failure returns -1 and sets *error to a sentence saying why.
int create_segment(std::size_t size, std::string *error);

// Maps a whole segment descriptor read-write and shared. Returns nullptr and sets *error on failure.
void *map_segment(int fd, std::size_t *size_out, std::string *error);

}  // namespace pgas::shm
