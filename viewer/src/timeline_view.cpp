#include "timeline_view.hpp"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "pgas/tracedb/describe.hpp"
#include "table_view.hpp"

namespace pgas::viewer {
namespace {

// The time scroll bar counts in steps of 1/kTimeSteps of the whole run.
constexpr int kTimeSteps = 10000;

QString ns_text(std::int64_t ns) { return QString::fromStdString(tdb::human_ns(static_cast<double>(ns))); }

// A square of a state's colour and its name.
QLabel *legend_entry(LaneState state, QWidget *parent) {
  auto *label = new QLabel(parent);
  label->setText(QString("<span style=\"color:%1\">&#9632;</span> %2")
                     .arg(LanesWidget::colour(state).name(), LanesWidget::state_name(state)));
  return label;
}

}  // namespace

TimelineView::TimelineView(QWidget *parent)
    : View(parent),
      table_(new BucketsModel(this)),
      lanes_(new LanesWidget(this)),
      lane_bar_(new QScrollBar(Qt::Vertical, this)),
      time_bar_(new QScrollBar(Qt::Horizontal, this)),
      note_(new QLabel(this)),
      range_(new QLabel(this)) {
  note_->setWordWrap(true);
  auto *bar = new QHBoxLayout();
  for (LaneState state : {LaneState::kCompute, LaneState::kRemote, LaneState::kWait})
    bar->addWidget(legend_entry(state, this));
  bar->addStretch(1);
  bar->addWidget(range_);
  auto button = [&](const QString &text, const QString &tip, auto action) {
    auto *b = new QPushButton(text, this);
    b->setToolTip(tip);
    connect(b, &QPushButton::clicked, lanes_, action);
    bar->addWidget(b);
  };
  button("Zoom in", "Or the mouse wheel over the lanes, or +", [this] { lanes_->zoom(1.5); });
  button("Zoom out", "Or the mouse wheel, or -", [this] { lanes_->zoom(1 / 1.5); });
  button("Reset zoom", "The whole run (Home)", [this] { lanes_->reset_zoom(); });

  auto *area = new QWidget(this);
  auto *grid = new QGridLayout(area);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setSpacing(0);
  grid->addWidget(lanes_, 0, 0);
  grid->addWidget(lane_bar_, 0, 1);
  grid->addWidget(time_bar_, 1, 0);
  connect(lanes_, &LanesWidget::range_changed, this, &TimelineView::sync_scroll_bars);
  connect(lanes_, &LanesWidget::lanes_scrolled, this, &TimelineView::sync_scroll_bars);
  connect(lane_bar_, &QScrollBar::valueChanged, lanes_, &LanesWidget::set_first_lane);
  connect(time_bar_, &QScrollBar::valueChanged, this, [this](int value) {
    const std::int64_t width = lanes_->to_ns() - lanes_->from_ns();
    const auto from = static_cast<std::int64_t>(static_cast<double>(value) / kTimeSteps *
                                                static_cast<double>(lanes_->extent_ns()));
    lanes_->set_range(from, from + width);
  });
  connect(lanes_, &LanesWidget::thread_chosen, this, [this](int thread) { Q_EMIT filter_threads({thread}); });

  QTableView *view = new_table_view(table_, this);
  auto *split = new QSplitter(Qt::Vertical, this);
  split->addWidget(area);
  split->addWidget(view);
  split->setStretchFactor(0, 4);
  split->setStretchFactor(1, 1);
  auto *layout = new QVBoxLayout(this);
  layout->addWidget(note_);
  layout->addLayout(bar);
  layout->addWidget(split, 1);
}

void TimelineView::sync_scroll_bars() {
  const QSignalBlocker lanes_blocked(lane_bar_), time_blocked(time_bar_);
  lane_bar_->setRange(0, std::max(0, lanes_->lane_count() - lanes_->visible_lanes()));
  lane_bar_->setPageStep(std::max(1, lanes_->visible_lanes()));
  lane_bar_->setValue(lanes_->first_lane());
  lane_bar_->setVisible(lane_bar_->maximum() > 0);
  const double extent = static_cast<double>(std::max<std::int64_t>(1, lanes_->extent_ns()));
  const int page =
      static_cast<int>(kTimeSteps * static_cast<double>(lanes_->to_ns() - lanes_->from_ns()) / extent);
  time_bar_->setRange(0, kTimeSteps - page);
  time_bar_->setPageStep(std::max(1, page));
  time_bar_->setSingleStep(std::max(1, page / 8));
  time_bar_->setValue(static_cast<int>(kTimeSteps * static_cast<double>(lanes_->from_ns()) / extent));
  time_bar_->setVisible(time_bar_->maximum() > 0);
  range_->setText(lanes_->extent_ns() == 0 ? QString()
                                           : QString("%1 - %2 of %3")
                                                 .arg(ns_text(lanes_->from_ns()), ns_text(lanes_->to_ns()),
                                                      ns_text(lanes_->extent_ns())));
}

void TimelineView::set_data(const TraceData &data) {
  table_->set_rows(nullptr);
  if (data.run.timeline_interval_ns == 0) {
    lanes_->set_lanes({}, {}, 0);
    note_->setText("This run recorded no timeline: trace it with pgasrun --trace FILE --timeline.");
    return;
  }
  lanes_->set_lanes(data.threads, data.timeline, data.run.timeline_interval_ns);
  note_->setText(QString("One lane per thread, buckets of %1 from the thread's start, each split into the "
                         "three states by their share of it (hover for the numbers; double-click a lane to "
                         "show only that thread).%2")
                     .arg(ns_text(data.run.timeline_interval_ns))
                     .arg(data.run.has_sync ? ""
                                            : " This database predates synchronization tracing: no waiting "
                                              "was recorded."));
  table_->set_rows(&data.timeline);
  if (data.timeline.empty()) note_->setText(note_->text() + " No bucket was recorded for these threads.");
}

}  // namespace pgas::viewer
