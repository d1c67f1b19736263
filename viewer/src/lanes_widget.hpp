// The timeline's lanes, as Vampir and PPW draw them: one lane per thread along time, each bucket split into
// computation, remote access and waiting in three colours. Zoom with the wheel (around the cursor) or +/-,
// pan with Left/Right, scroll lanes with Shift+wheel or Up/Down/PageUp/PageDown, Home resets. Lanes are at
// least a text line high, so that every thread's label is readable; more threads than fit scroll.
#pragma once

#include <QColor>
#include <QString>
#include <QWidget>
#include <cstdint>
#include <vector>

#include "lane_track.hpp"
#include "pgas/tracedb/reader.hpp"

namespace pgas::viewer {

class LanesWidget : public QWidget {
  Q_OBJECT

 public:
  explicit LanesWidget(QWidget *parent = nullptr);

  // One lane per thread row (its end is the thread's wall time); `buckets` ordered by thread and bucket.
  // Time not covered by a bucket up to the thread's end was computation.
  void set_lanes(const std::vector<pgas::tracedb::ThreadRow> &threads,
                 const std::vector<pgas::tracedb::TimelineRow> &buckets, std::int64_t interval_ns);

  static QColor colour(LaneState state);
  static QString state_name(LaneState state);

  int lane_count() const { return static_cast<int>(lanes_.size()); }
  int lane_height() const;
  int visible_lanes() const;  // lanes that fit the widget
  int first_lane() const { return first_lane_; }
  void set_first_lane(int lane);

  std::int64_t extent_ns() const { return extent_; }  // the longest lane
  std::int64_t from_ns() const { return from_; }      // the visible time range
  std::int64_t to_ns() const { return to_; }
  void set_range(std::int64_t from, std::int64_t to);  // clamped to [0, extent], at least min_width()
  void zoom(double factor, std::int64_t around_ns);    // factor > 1 zooms in
  void zoom(double factor) { zoom(factor, (from_ + to_) / 2); }
  void pan(double share);  // by a share of the visible width; negative = earlier
  void reset_zoom();

  // What the lanes show at a point (the lane and the time span of its pixel column); and where a thread's
  // lane shows a time (the centre of the lane), or (-1, -1) if it is off screen.
  LaneShares shares_at(QPoint point) const;
  QPoint point_of(int thread, std::int64_t time_ns) const;
  QString tooltip_at(QPoint point) const;
  int label_width() const;
  int axis_height() const;

 Q_SIGNALS:
  void range_changed();
  void lanes_scrolled();
  void thread_chosen(int thread);  // a lane was double-clicked

 protected:
  void paintEvent(QPaintEvent *event) override;
  void wheelEvent(QWheelEvent *event) override;
  void keyPressEvent(QKeyEvent *event) override;
  void mouseDoubleClickEvent(QMouseEvent *event) override;
  void resizeEvent(QResizeEvent *event) override;
  bool event(QEvent *event) override;

 private:
  std::int64_t min_width() const;
  double ns_per_pixel() const;
  int lane_at(int y) const;  // index into lanes_, -1 if none
  void paint_axis(QPainter &painter) const;
  void paint_lane(QPainter &painter, const LaneTrack &lane, int top, int height) const;

  std::vector<LaneTrack> lanes_;
  std::int64_t interval_ = 0, extent_ = 0, from_ = 0, to_ = 0;
  int first_lane_ = 0;
};

}  // namespace pgas::viewer
