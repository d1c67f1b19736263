// Berkeley strided transfers (pgas/bupc_strided.h): sub-matrices and sub-blocks got from and put to every
// thread's part, compared with the same elements moved one by one; fstrided with different chunkings on
// the two sides, padded private layouts, the N-dimensional form and the async forms.
#include <gtest/gtest.h>

#include <cstddef>
#include <pgas/upc.hpp>
#include <vector>

#include "mp_util.hpp"

using namespace pgas;

namespace {

constexpr std::size_t kDepth = 3, kRows = 9, kCols = 11, kPart = kDepth * kRows * kCols;

double value(std::size_t thread, std::size_t d, std::size_t r, std::size_t c, int round) {
  return static_cast<double>(thread * 100000 + d * 1000 + r * 20 + c) + round * 0.5;
}

// Each thread's part is a kDepth x kRows x kCols block of doubles (row-major).
struct Blocks {
  shared_array<double> m{kPart * static_cast<std::size_t>(THREADS), kPart};
  void fill(int round) {
    const auto me = static_cast<std::size_t>(MYTHREAD);
    for (std::size_t d = 0; d < kDepth; ++d)
      for (std::size_t r = 0; r < kRows; ++r)
        for (std::size_t c = 0; c < kCols; ++c) m[at(me, d, r, c)] = value(me, d, r, c, round);
    upc_barrier;
  }
  static std::size_t at(std::size_t thread, std::size_t d, std::size_t r, std::size_t c) {
    return thread * kPart + (d * kRows + r) * kCols + c;
  }
};

// Rows r0.. (h of them), columns c0.. (w of them) of layer 1 of `owner`'s block, element by element.
std::vector<double> elementwise(const Blocks &b, std::size_t owner, std::size_t r0, std::size_t c0,
                                std::size_t h, std::size_t w) {
  std::vector<double> out;
  for (std::size_t i = 0; i < h; ++i)
    for (std::size_t j = 0; j < w; ++j) out.push_back(b.m[Blocks::at(owner, 1, r0 + i, c0 + j)]);
  return out;
}

TEST(Strided, FstridedGetEqualsElementwiseGet) {
  Blocks b;
  b.fill(1);
  const std::size_t r0 = 2, c0 = 3, h = 5, w = 6;
  for (std::size_t owner = 0; owner < static_cast<std::size_t>(THREADS); ++owner) {
    SCOPED_TRACE("owner " + std::to_string(owner));
    const std::vector<double> want = elementwise(b, owner, r0, c0, h, w);
    const global_ptr<const double> corner = &b.m[Blocks::at(owner, 1, r0, c0)];
    // Dense on the private side: h chunks of w doubles.
    std::vector<double> dense(h * w, -1);
    bupc_memget_fstrided(dense.data(), w * sizeof(double), w * sizeof(double), h, corner, w * sizeof(double),
                         kCols * sizeof(double), h);
    EXPECT_EQ(dense, want);
    // The same bytes as one private chunk.
    std::vector<double> one_chunk(h * w, -1);
    bupc_memget_fstrided(one_chunk.data(), h * w * sizeof(double), 0, 1, corner, w * sizeof(double),
                         kCols * sizeof(double), h);
    EXPECT_EQ(one_chunk, want);
    // Padded rows on the private side (a stride of w + 2), and chunks of half a row.
    const std::size_t pad = w + 2;
    std::vector<double> padded(h * pad, -1);
    bupc_memget_fstrided(padded.data(), (w / 2) * sizeof(double), (pad / 2) * sizeof(double), 2 * h, corner,
                         w * sizeof(double), kCols * sizeof(double), h);
    for (std::size_t i = 0; i < h; ++i)
      for (std::size_t j = 0; j < w; ++j) {
        const std::size_t half = j / (w / 2), in_half = j % (w / 2);
        EXPECT_EQ(padded[(2 * i + half) * (pad / 2) + in_half], want[i * w + j]) << i << "," << j;
      }
  }
  upc_barrier;
}

TEST(Strided, FstridedPutEqualsElementwisePut) {
  Blocks b;
  b.fill(2);
  const auto threads = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  const std::size_t next = (me + 1) % threads, r0 = 1, c0 = 4, h = 7, w = 5, pad = 9;
  std::vector<double> rows(h * pad);
  for (std::size_t i = 0; i < h; ++i)
    for (std::size_t j = 0; j < pad; ++j) rows[i * pad + j] = -static_cast<double>(me * 1000 + i * 10 + j);
  bupc_memput_fstrided(&b.m[Blocks::at(next, 1, r0, c0)], w * sizeof(double), kCols * sizeof(double), h,
                       rows.data(), w * sizeof(double), pad * sizeof(double), h);
  upc_barrier;
  const std::size_t previous = (me + threads - 1) % threads;
  for (std::size_t r = 0; r < kRows; ++r)
    for (std::size_t c = 0; c < kCols; ++c) {
      const bool written = r >= r0 && r < r0 + h && c >= c0 && c < c0 + w;
      const double want =
          written ? -static_cast<double>(previous * 1000 + (r - r0) * 10 + (c - c0)) : value(me, 1, r, c, 2);
      EXPECT_EQ(double(b.m[Blocks::at(me, 1, r, c)]), want) << r << "," << c;
    }
  upc_barrier;
}

// Layers 0-2, rows 2-5, columns 1-8 of each owner's block in one N-dimensional transfer, both ways.
TEST(Strided, ThreeDimensionalRegions) {
  Blocks b;
  b.fill(3);
  const std::size_t rows = 4, cols = 8, r0 = 2, c0 = 1;
  const std::size_t count[] = {cols * sizeof(double), rows, kDepth};
  const std::size_t shared_strides[] = {kCols * sizeof(double), kRows * kCols * sizeof(double)};
  const std::size_t private_strides[] = {cols * sizeof(double), rows * cols * sizeof(double)};
  for (std::size_t owner = 0; owner < static_cast<std::size_t>(THREADS); ++owner) {
    std::vector<double> got(kDepth * rows * cols, -1);
    bupc_memget_strided(got.data(), private_strides, &b.m[Blocks::at(owner, 0, r0, c0)], shared_strides,
                        count, 2);
    for (std::size_t d = 0; d < kDepth; ++d)
      for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < cols; ++c)
          EXPECT_EQ(got[(d * rows + r) * cols + c], double(b.m[Blocks::at(owner, d, r0 + r, c0 + c)]))
              << "owner " << owner << " at " << d << "," << r << "," << c;
  }
  upc_barrier;
  const auto me = static_cast<std::size_t>(MYTHREAD), next = (me + 1) % static_cast<std::size_t>(THREADS);
  std::vector<double> mine(kDepth * rows * cols);
  for (std::size_t k = 0; k < mine.size(); ++k) mine[k] = 0.25 * static_cast<double>(k + me);
  bupc_memput_strided(&b.m[Blocks::at(next, 0, r0, c0)], shared_strides, mine.data(), private_strides, count,
                      2);
  upc_barrier;
  const std::size_t previous =
      (me + static_cast<std::size_t>(THREADS) - 1) % static_cast<std::size_t>(THREADS);
  for (std::size_t d = 0; d < kDepth; ++d)
    for (std::size_t r = 0; r < rows; ++r)
      for (std::size_t c = 0; c < cols; ++c)
        EXPECT_EQ(double(b.m[Blocks::at(me, d, r0 + r, c0 + c)]),
                  0.25 * static_cast<double>((d * rows + r) * cols + c + previous));
  upc_barrier;
}

TEST(Strided, AsyncFormsCompleteAtSync) {
  Blocks b;
  b.fill(4);
  const auto threads = static_cast<std::size_t>(THREADS);
  const std::size_t r0 = 0, c0 = 2, h = 6, w = 7, pad = 8;
  std::vector<std::vector<double>> got(threads, std::vector<double>(h * pad, -1));
  std::vector<bupc_handle_t> handles;
  for (std::size_t owner = 0; owner < threads; ++owner)
    handles.push_back(bupc_memget_fstrided_async(got[owner].data(), w * sizeof(double), pad * sizeof(double),
                                                 h, &b.m[Blocks::at(owner, 1, r0, c0)], w * sizeof(double),
                                                 kCols * sizeof(double), h));
  for (std::size_t owner = 0; owner < threads; ++owner) {
    if (owner % 2 == 0)
      bupc_waitsync(handles[owner]);
    else
      mp::attempts_in_flight([&] { return bupc_trysync(handles[owner]); });
    const std::vector<double> want = elementwise(b, owner, r0, c0, h, w);
    for (std::size_t i = 0; i < h; ++i)
      for (std::size_t j = 0; j < w; ++j) EXPECT_EQ(got[owner][i * pad + j], want[i * w + j]);
  }
  upc_barrier;
  const auto me = static_cast<std::size_t>(MYTHREAD), next = (me + 1) % threads;
  std::vector<double> rows(h * w, 7.0 + static_cast<double>(me));
  bupc_handle_t put =
      bupc_memput_fstrided_async(&b.m[Blocks::at(next, 2, r0, c0)], w * sizeof(double),
                                 kCols * sizeof(double), h, rows.data(), h * w * sizeof(double), 0, 1);
  upc_sync(put);
  upc_barrier;
  const std::size_t previous = (me + threads - 1) % threads;
  for (std::size_t i = 0; i < h; ++i)
    for (std::size_t j = 0; j < w; ++j)
      EXPECT_EQ(double(b.m[Blocks::at(me, 2, r0 + i, c0 + j)]), 7.0 + static_cast<double>(previous));
  upc_barrier;
}

}  // namespace
