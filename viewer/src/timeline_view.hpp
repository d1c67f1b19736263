// The timeline (when the run recorded one): one lane per thread showing computation, remote access and
// waiting per bucket (lanes_widget.hpp), zoomable, over the table of the recorded buckets.
#pragma once

#include <QLabel>
#include <QScrollBar>

#include "buckets_model.hpp"
#include "lanes_widget.hpp"
#include "view.hpp"

namespace pgas::viewer {

class TimelineView : public View {
  Q_OBJECT

 public:
  explicit TimelineView(QWidget *parent = nullptr);
  void set_data(const TraceData &data) override;
  QAbstractItemModel *table() const override { return table_; }

  // thread, bucket, start, accesses, bytes, computation, remote, waiting (the recorded buckets)
  BucketsModel *model() const { return table_; }
  LanesWidget *lanes() const { return lanes_; }
  QString note() const { return note_->text(); }
  QString range_text() const { return range_->text(); }

 private:
  void sync_scroll_bars();

  BucketsModel *table_;
  LanesWidget *lanes_;
  QScrollBar *lane_bar_;  // scrolls the lanes when more threads than fit
  QScrollBar *time_bar_;  // pans the zoomed time range
  QLabel *note_;
  QLabel *range_;
};

}  // namespace pgas::viewer
