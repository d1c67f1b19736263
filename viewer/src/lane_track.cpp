#include "lane_track.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace pgas::viewer {

LaneState LaneShares::dominant() const {
  if (wait_ns >= remote_ns && wait_ns >= compute_ns) return LaneState::kWait;
  return remote_ns >= compute_ns ? LaneState::kRemote : LaneState::kCompute;
}

std::vector<LaneShares> LaneTrack::columns(std::int64_t from_ns, std::int64_t to_ns, int count) const {
  std::vector<LaneShares> out(static_cast<std::size_t>(std::max(count, 0)));
  if (count <= 0 || to_ns <= from_ns) return out;
  const double from = static_cast<double>(from_ns), to = static_cast<double>(to_ns),
               step = (to - from) / count;
  for (int k = 0; k < count; ++k) {
    out[k].thread = thread;
    out[k].from_ns = std::llround(from + k * step);
    out[k].to_ns = std::llround(from + (k + 1) * step);
  }
  auto first = std::upper_bound(segments.begin(), segments.end(), from_ns,
                                [](std::int64_t t, const LaneSegment &s) { return t < s.end_ns; });
  for (auto s = first; s != segments.end() && s->start_ns < to_ns; ++s) {
    const double start = std::max(static_cast<double>(s->start_ns), from);
    const double end = std::min(static_cast<double>(s->end_ns), to);
    const double length = static_cast<double>(s->end_ns - s->start_ns);
    if (end <= start || length <= 0) continue;
    const int last = std::min(count - 1, static_cast<int>((end - from) / step));
    for (int k = std::max(0, static_cast<int>((start - from) / step)); k <= last; ++k) {
      const double overlap = std::min(end, from + (k + 1) * step) - std::max(start, from + k * step);
      if (overlap <= 0) continue;
      out[k].compute_ns += s->compute_ns * overlap / length;
      out[k].remote_ns += s->remote_ns * overlap / length;
      out[k].wait_ns += s->wait_ns * overlap / length;
    }
  }
  return out;
}

std::optional<LaneShares> LaneTrack::segment_at(double t, double min_length) const {
  auto s = std::upper_bound(segments.begin(), segments.end(), t,
                            [](double time, const LaneSegment &segment) { return time < segment.end_ns; });
  if (s == segments.end() || t < s->start_ns || static_cast<double>(s->end_ns - s->start_ns) < min_length)
    return std::nullopt;
  return LaneShares{thread, s->start_ns, s->end_ns, s->compute_ns, s->remote_ns, s->wait_ns};
}

std::vector<LaneTrack> build_tracks(const std::vector<pgas::tracedb::ThreadRow> &threads,
                                    const std::vector<pgas::tracedb::TimelineRow> &buckets) {
  std::map<int, std::vector<const pgas::tracedb::TimelineRow *>> by_thread;
  for (const pgas::tracedb::TimelineRow &row : buckets) by_thread[row.thread].push_back(&row);
  std::vector<LaneTrack> tracks;
  for (const pgas::tracedb::ThreadRow &thread : threads) {
    LaneTrack track{thread.thread, {}};
    std::int64_t cursor = 0;
    auto computing = [&](std::int64_t until) {
      if (until > cursor)
        track.segments.push_back({cursor, until, static_cast<double>(until - cursor), 0, 0});
    };
    for (const pgas::tracedb::TimelineRow *row : by_thread[thread.thread]) {
      computing(row->start_ns);
      track.segments.push_back({row->start_ns, row->end_ns, static_cast<double>(row->compute_ns),
                                static_cast<double>(row->remote_ns), static_cast<double>(row->wait_ns)});
      cursor = std::max(cursor, row->end_ns);
    }
    computing(thread.wall_ns);
    tracks.push_back(std::move(track));
  }
  return tracks;
}

}  // namespace pgas::viewer
