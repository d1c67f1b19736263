// The timeline's recorded buckets as a table model over the loaded rows, without a copy per cell: a run of
// 64 threads holds up to 262,144 buckets (4096 per thread), too many for an item per cell.
#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "pgas/tracedb/reader.hpp"

namespace pgas::viewer {

class BucketsModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { kThread, kBucket, kStart, kAccesses, kBytes, kCompute, kRemote, kWait, kColumns };

  using QAbstractTableModel::QAbstractTableModel;

  // Shows `rows` (which must outlive the model's use of them); null = none.
  void set_rows(const std::vector<pgas::tracedb::TimelineRow> *rows);

  int rowCount(const QModelIndex &parent = {}) const override;
  int columnCount(const QModelIndex &parent = {}) const override;
  // Display text in human units, the exact value under kValueRole (as the item tables do).
  QVariant data(const QModelIndex &index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  const std::vector<pgas::tracedb::TimelineRow> *rows_ = nullptr;
};

}  // namespace pgas::viewer
