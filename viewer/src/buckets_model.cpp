#include "buckets_model.hpp"

#include "pgas/tracedb/describe.hpp"
#include "table_items.hpp"

namespace pgas::viewer {
namespace {

std::int64_t value(const pgas::tracedb::TimelineRow &row, int column) {
  switch (column) {
    case BucketsModel::kThread:
      return row.thread;
    case BucketsModel::kBucket:
      return row.bucket;
    case BucketsModel::kStart:
      return row.start_ns;
    case BucketsModel::kAccesses:
      return row.count;
    case BucketsModel::kBytes:
      return row.bytes;
    case BucketsModel::kCompute:
      return row.compute_ns;
    case BucketsModel::kRemote:
      return row.remote_ns;
    default:
      return row.wait_ns;
  }
}

QString shown(std::int64_t v, int column) {
  switch (column) {
    case BucketsModel::kThread:
    case BucketsModel::kBucket:
      return QString::number(v);
    case BucketsModel::kAccesses:
      return QString::fromStdString(pgas::tracedb::human_count(v));
    case BucketsModel::kBytes:
      return QString::fromStdString(pgas::tracedb::human_bytes(static_cast<double>(v)));
    default:
      return QString::fromStdString(pgas::tracedb::human_ns(static_cast<double>(v)));
  }
}

}  // namespace

void BucketsModel::set_rows(const std::vector<pgas::tracedb::TimelineRow> *rows) {
  beginResetModel();
  rows_ = rows;
  endResetModel();
}

int BucketsModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() || !rows_ ? 0 : static_cast<int>(rows_->size());
}

int BucketsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : kColumns; }

QVariant BucketsModel::data(const QModelIndex &index, int role) const {
  if (!index.isValid() || !rows_ || index.row() >= rowCount()) return {};
  const std::int64_t v = value((*rows_)[static_cast<std::size_t>(index.row())], index.column());
  if (role == kValueRole) return QVariant::fromValue<qlonglong>(v);
  if (role == Qt::DisplayRole) return shown(v, index.column());
  if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
  return {};
}

QVariant BucketsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  static const char *const kTitles[kColumns] = {"thread", "bucket",      "start",  "accesses",
                                                "bytes",  "computation", "remote", "waiting"};
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= kColumns)
    return QAbstractTableModel::headerData(section, orientation, role);
  return kTitles[section];
}

}  // namespace pgas::viewer
