// The summary: what ran, how it was traced, the totals and the share of time in remote access, the
// operations, and a warning when the trace is partial.
#pragma once

#include <QLabel>
#include <QStandardItemModel>

#include "view.hpp"

namespace pgas::viewer {

class SummaryView : public View {
  Q_OBJECT

 public:
  explicit SummaryView(QWidget *parent = nullptr);
  void set_data(const TraceData &data) override;
  QAbstractItemModel *table() const override { return fields_; }

  QStandardItemModel *fields() const { return fields_; }  // field, value
  QStandardItemModel *ops() const { return ops_; }        // per operation
  QString warning() const { return warning_->text(); }    // "" unless partial or lossy

 private:
  QStandardItemModel *fields_;
  QStandardItemModel *ops_;
  QLabel *warning_;
};

}  // namespace pgas::viewer
