#include "lanes_widget.hpp"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <array>
#include <cmath>

#include "pgas/tracedb/describe.hpp"

namespace pgas::viewer {
namespace {

QString ns_text(double ns) { return QString::fromStdString(pgas::tracedb::human_ns(ns)); }

// The tick step of the time axis: 1, 2 or 5 times a power of ten, at least `minimum` ns.
double tick_step(double minimum) {
  double power = std::pow(10.0, std::floor(std::log10(std::max(minimum, 1.0))));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= minimum) return m * power;
  return 10 * power;
}

}  // namespace

LanesWidget::LanesWidget(QWidget *parent) : QWidget(parent) {
  setFocusPolicy(Qt::StrongFocus);
  setMouseTracking(true);
  setMinimumHeight(120);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

QColor LanesWidget::colour(LaneState state) {
  switch (state) {
    case LaneState::kCompute:
      return QColor(0x59, 0xa1, 0x4f);  // green
    case LaneState::kRemote:
      return QColor(0x4e, 0x79, 0xa7);  // blue
    case LaneState::kWait:
      return QColor(0xe1, 0x57, 0x59);  // red
  }
  return Qt::black;
}

QString LanesWidget::state_name(LaneState state) {
  switch (state) {
    case LaneState::kCompute:
      return "computation";
    case LaneState::kRemote:
      return "remote access";
    case LaneState::kWait:
      return "waiting";
  }
  return {};
}

void LanesWidget::set_lanes(const std::vector<pgas::tracedb::ThreadRow> &threads,
                            const std::vector<pgas::tracedb::TimelineRow> &buckets,
                            std::int64_t interval_ns) {
  const bool zoomed = extent_ > 0 && to_ - from_ < extent_;
  lanes_ = build_tracks(threads, buckets);
  interval_ = interval_ns;
  extent_ = 0;
  for (const LaneTrack &lane : lanes_) extent_ = std::max(extent_, lane.end_ns());
  first_lane_ = std::clamp(first_lane_, 0, std::max(0, lane_count() - visible_lanes()));
  if (zoomed)
    set_range(from_, to_);
  else
    reset_zoom();
  Q_EMIT lanes_scrolled();
}

int LanesWidget::axis_height() const { return fontMetrics().height() + 10; }
int LanesWidget::label_width() const { return fontMetrics().horizontalAdvance("thread 0000") + 12; }

int LanesWidget::lane_height() const {
  const int minimum = fontMetrics().height() + 3, maximum = 3 * fontMetrics().height();
  if (lanes_.empty()) return minimum;
  return std::clamp((height() - axis_height()) / lane_count(), minimum, maximum);
}

int LanesWidget::visible_lanes() const {
  return std::min(lane_count(), std::max(1, (height() - axis_height()) / lane_height()));
}

void LanesWidget::set_first_lane(int lane) {
  lane = std::clamp(lane, 0, std::max(0, lane_count() - visible_lanes()));
  if (lane == first_lane_) return;
  first_lane_ = lane;
  update();
  Q_EMIT lanes_scrolled();
}

std::int64_t LanesWidget::min_width() const {
  return std::min(extent_, std::max<std::int64_t>(interval_ / 8, 1000));
}

double LanesWidget::ns_per_pixel() const {
  return static_cast<double>(to_ - from_) / std::max(1, width() - label_width());
}

void LanesWidget::set_range(std::int64_t from, std::int64_t to) {
  const std::int64_t width = std::clamp(to - from, min_width(), extent_);
  from_ = std::clamp<std::int64_t>(from, 0, extent_ - width);
  to_ = from_ + width;
  update();
  Q_EMIT range_changed();
}

void LanesWidget::zoom(double factor, std::int64_t around_ns) {
  const double from = static_cast<double>(around_ns) - static_cast<double>(around_ns - from_) / factor;
  const double to = static_cast<double>(around_ns) + static_cast<double>(to_ - around_ns) / factor;
  set_range(std::llround(from), std::llround(to));
}

void LanesWidget::pan(double share) {
  const auto by = static_cast<std::int64_t>(share * static_cast<double>(to_ - from_));
  set_range(from_ + by, to_ + by);
}

void LanesWidget::reset_zoom() { set_range(0, extent_); }

int LanesWidget::lane_at(int y) const {
  if (y < axis_height()) return -1;
  const int lane = first_lane_ + (y - axis_height()) / lane_height();
  return lane < lane_count() && lane < first_lane_ + visible_lanes() ? lane : -1;
}

LaneShares LanesWidget::shares_at(QPoint point) const {
  const int lane = lane_at(point.y()), x = point.x() - label_width();
  if (lane < 0 || x < 0 || x >= width() - label_width()) return {};
  const LaneTrack &track = lanes_[static_cast<std::size_t>(lane)];
  // Zoomed in so far that a bucket spans pixels: the bucket under the cursor, as recorded.
  const double t = static_cast<double>(from_) + (x + 0.5) * ns_per_pixel();
  if (std::optional<LaneShares> bucket = track.segment_at(t, ns_per_pixel())) return *bucket;
  return track.columns(from_, to_, width() - label_width())[static_cast<std::size_t>(x)];
}

QPoint LanesWidget::point_of(int thread, std::int64_t time_ns) const {
  for (int lane = first_lane_; lane < first_lane_ + visible_lanes(); ++lane) {
    if (lanes_[static_cast<std::size_t>(lane)].thread != thread) continue;
    if (time_ns < from_ || time_ns >= to_) break;
    const int x = label_width() + static_cast<int>(static_cast<double>(time_ns - from_) / ns_per_pixel());
    return {x, axis_height() + (lane - first_lane_) * lane_height() + lane_height() / 2};
  }
  return {-1, -1};
}

QString LanesWidget::tooltip_at(QPoint point) const {
  const LaneShares s = shares_at(point);
  if (s.thread < 0 || s.covered() <= 0) return {};
  auto share = [&](LaneState state, double ns) {
    return QString("\n%1: %2% (%3)")
        .arg(state_name(state))
        .arg(100.0 * ns / s.covered(), 0, 'f', 1)
        .arg(ns_text(ns));
  };
  return QString("thread %1\n%2 - %3")
             .arg(s.thread)
             .arg(ns_text(static_cast<double>(s.from_ns)), ns_text(static_cast<double>(s.to_ns))) +
         share(LaneState::kCompute, s.compute_ns) + share(LaneState::kRemote, s.remote_ns) +
         share(LaneState::kWait, s.wait_ns);
}

void LanesWidget::paint_axis(QPainter &painter) const {
  const int left = label_width(), bottom = axis_height() - 2;
  painter.setPen(palette().color(QPalette::WindowText));
  painter.drawLine(left, bottom, width(), bottom);
  if (to_ <= from_) return;
  const double step = tick_step(ns_per_pixel() * 90);
  const double lanes_bottom = axis_height() + visible_lanes() * lane_height();
  for (double t = std::ceil(static_cast<double>(from_) / step) * step; t < static_cast<double>(to_);
       t += step) {
    const int x = left + static_cast<int>((t - static_cast<double>(from_)) / ns_per_pixel());
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawLine(x, bottom - 4, x, bottom);
    const QString label = ns_text(t);
    if (x + 3 + fontMetrics().horizontalAdvance(label) <= width()) painter.drawText(x + 3, bottom - 4, label);
    painter.setPen(QColor(0, 0, 0, 40));
    painter.drawLine(x, bottom, x, static_cast<int>(lanes_bottom));
  }
}

void LanesWidget::paint_lane(QPainter &painter, const LaneTrack &lane, int top, int height) const {
  const int left = label_width(), count = width() - left;
  painter.fillRect(left, top, count, height, QColor(0xee, 0xee, 0xee));
  const std::vector<LaneShares> shown = lane.columns(from_, to_, count);
  // Heights of waiting, remote and computation per column; runs of equal columns are one rectangle each.
  auto heights = [&](const LaneShares &s) {
    const double covered = s.covered();
    if (covered <= 0) return std::array<int, 3>{0, 0, 0};
    const int wait = static_cast<int>(std::lround(height * s.wait_ns / covered));
    const int remote = static_cast<int>(std::lround(height * s.remote_ns / covered));
    return std::array<int, 3>{wait, remote, std::max(0, height - wait - remote)};
  };
  const LaneState order[] = {LaneState::kWait, LaneState::kRemote, LaneState::kCompute};
  for (int k = 0; k < count;) {
    const std::array<int, 3> h = heights(shown[static_cast<std::size_t>(k)]);
    int end = k + 1;
    while (end < count && heights(shown[static_cast<std::size_t>(end)]) == h) ++end;
    int y = top;
    for (int i = 0; i < 3; ++i) {
      if (h[i] > 0) painter.fillRect(left + k, y, end - k, h[i], colour(order[i]));
      y += h[i];
    }
    k = end;
  }
}

void LanesWidget::paintEvent(QPaintEvent *) {
  QPainter painter(this);
  painter.fillRect(rect(), palette().color(QPalette::Base));
  if (lanes_.empty()) return;
  paint_axis(painter);
  const int h = lane_height(), gap = h > 10 ? 2 : 1;
  painter.setPen(palette().color(QPalette::WindowText));
  for (int i = 0; i < visible_lanes(); ++i) {
    const LaneTrack &lane = lanes_[static_cast<std::size_t>(first_lane_ + i)];
    const int top = axis_height() + i * h;
    const QRect label(0, top, label_width() - 6, h);
    painter.drawText(label, Qt::AlignRight | Qt::AlignVCenter, QString("thread %1").arg(lane.thread));
    paint_lane(painter, lane, top + gap, h - 2 * gap);
  }
}

void LanesWidget::wheelEvent(QWheelEvent *event) {
  const QPoint delta = event->angleDelta();
  const int steps = delta.y() != 0 ? delta.y() : delta.x();
  if (event->modifiers() & Qt::ShiftModifier) {
    set_first_lane(first_lane_ - steps / 40);
  } else {
    const double x = event->position().x() - label_width();
    const auto around = x >= 0 ? from_ + static_cast<std::int64_t>(x * ns_per_pixel()) : (from_ + to_) / 2;
    zoom(std::pow(1.25, steps / 120.0), around);
  }
  event->accept();
}

void LanesWidget::keyPressEvent(QKeyEvent *event) {
  switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
      zoom(1.5);
      break;
    case Qt::Key_Minus:
      zoom(1 / 1.5);
      break;
    case Qt::Key_Left:
      pan(-0.25);
      break;
    case Qt::Key_Right:
      pan(0.25);
      break;
    case Qt::Key_Up:
      set_first_lane(first_lane_ - 1);
      break;
    case Qt::Key_Down:
      set_first_lane(first_lane_ + 1);
      break;
    case Qt::Key_PageUp:
      set_first_lane(first_lane_ - visible_lanes());
      break;
    case Qt::Key_PageDown:
      set_first_lane(first_lane_ + visible_lanes());
      break;
    case Qt::Key_Home:
    case Qt::Key_0:
      reset_zoom();
      break;
    default:
      QWidget::keyPressEvent(event);
      return;
  }
  event->accept();
}

void LanesWidget::mouseDoubleClickEvent(QMouseEvent *event) {
  if (const int lane = lane_at(static_cast<int>(event->position().y())); lane >= 0)
    Q_EMIT thread_chosen(lanes_[static_cast<std::size_t>(lane)].thread);
}

void LanesWidget::resizeEvent(QResizeEvent *event) {
  QWidget::resizeEvent(event);
  set_first_lane(first_lane_);
  Q_EMIT lanes_scrolled();  // the number of visible lanes changed
}

bool LanesWidget::event(QEvent *event) {
  if (event->type() == QEvent::ToolTip) {
    auto *help = static_cast<QHelpEvent *>(event);
    const QString text = tooltip_at(help->pos());
    if (text.isEmpty())
      QToolTip::hideText();
    else
      QToolTip::showText(help->globalPos(), text, this);
    return true;
  }
  return QWidget::event(event);
}

}  // namespace pgas::viewer
