#include "table_items.hpp"

#include <algorithm>
#include <filesystem>

#include "pgas/tracedb/describe.hpp"

namespace pgas::viewer {
namespace {

QStandardItem *value_item(const std::string &text, const QVariant &value) {
  auto *item = new QStandardItem(QString::fromStdString(text));
  item->setData(value, kValueRole);
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  item->setEditable(false);
  return item;
}

}  // namespace

QStandardItem *text_item(const QString &text) {
  auto *item = new QStandardItem(text);
  item->setData(text, kValueRole);
  item->setEditable(false);
  return item;
}

QStandardItem *text_item(const std::string &text) { return text_item(QString::fromStdString(text)); }

QStandardItem *id_item(std::int64_t value) {
  return value_item(std::to_string(value), QVariant::fromValue<qlonglong>(value));
}

QStandardItem *count_item(std::int64_t value) {
  return value_item(tracedb::human_count(value), QVariant::fromValue<qlonglong>(value));
}

QStandardItem *bytes_item(std::int64_t value) {
  return value_item(tracedb::human_bytes(static_cast<double>(value)), QVariant::fromValue<qlonglong>(value));
}

QStandardItem *ns_item(std::int64_t value) {
  return value_item(tracedb::human_ns(static_cast<double>(value)), QVariant::fromValue<qlonglong>(value));
}

QStandardItem *real_item(double value, int decimals) {
  return value_item(QString::number(value, 'f', decimals).toStdString(), value);
}

QStandardItem *percent_item(double value) {
  return value_item(QString::number(value, 'f', 1).toStdString() + "%", value);
}

QStandardItem *ratio_item(std::optional<double> value) {
  if (!value) return value_item("-", QVariant());
  return value_item(QString::number(*value, 'f', 2).toStdString() + "x", *value);
}

QStandardItem *flag_item(bool value) {
  QStandardItem *item = text_item(QString(value ? "yes" : "no"));
  item->setData(value, kValueRole);
  return item;
}

QList<QStandardItem *> totals_items(const tracedb::Totals &totals) {
  return {count_item(totals.count), bytes_item(totals.bytes), ns_item(totals.ns)};
}

QStandardItemModel *new_table(QObject *parent, const QStringList &headers) {
  auto *model = new QStandardItemModel(0, static_cast<int>(headers.size()), parent);
  model->setHorizontalHeaderLabels(headers);
  model->setSortRole(kValueRole);
  return model;
}

void reset_table(QStandardItemModel *model) { model->removeRows(0, model->rowCount()); }

QColor heat_colour(double share) {
  share = std::clamp(share, 0.0, 1.0);
  // Through yellow and orange to dark red, like most profilers' heat scales.
  const double hue = 60.0 * (1.0 - share) / 360.0;
  const double lightness = 0.95 - 0.55 * share;
  return QColor::fromHslF(static_cast<float>(hue), 1.0f, static_cast<float>(lightness));
}

QString description(const std::string &file, int line, const std::string &function) {
  if (!file.empty())
    return QString::fromStdString(std::filesystem::path(file).filename().string() + ":" +
                                  std::to_string(line));
  return QString::fromStdString(function.empty() ? "(unknown)" : function + " (no line)");
}

QStandardItem *location_item(const std::string &file, int line, const std::string &function) {
  QStandardItem *at = text_item(description(file, line, function));
  at->setData(QString::fromStdString(file), kFileRole);
  at->setData(line, kLineRole);
  at->setToolTip(QString::fromStdString(file));
  return at;
}

}  // namespace pgas::viewer
