// Cells of the views' item models: each shows human units (as pgas-report does) and keeps the exact value
// under kValueRole, which the tables sort by and CSV export and tests read.
#pragma once

#include <QColor>
#include <QList>
#include <QStandardItem>
#include <QStandardItemModel>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <string>

#include "pgas/tracedb/reader.hpp"

namespace pgas::viewer {

inline constexpr int kValueRole = Qt::UserRole + 1;
// An item naming a source line holds its recorded file and line: double-clicking it jumps to the source.
inline constexpr int kFileRole = Qt::UserRole + 3;
inline constexpr int kLineRole = Qt::UserRole + 4;

QStandardItem *text_item(const QString &text);
QStandardItem *text_item(const std::string &text);
QStandardItem *id_item(std::int64_t value);  // thread, line, handle: no separators
QStandardItem *count_item(std::int64_t value);
QStandardItem *bytes_item(std::int64_t value);
QStandardItem *ns_item(std::int64_t value);
QStandardItem *real_item(double value, int decimals);  // a mean, a coefficient: `decimals` digits
QStandardItem *percent_item(double value);
QStandardItem *ratio_item(std::optional<double> value);  // "2.50x", "-" when undefined
QStandardItem *flag_item(bool value);                    // shows yes / no, exports true / false

// count, bytes, time
QList<QStandardItem *> totals_items(const pgas::tracedb::Totals &totals);

// A fresh model with these column titles, sorted by kValueRole.
QStandardItemModel *new_table(QObject *parent, const QStringList &headers);
void reset_table(QStandardItemModel *model);  // rows removed, headers kept

// White to dark red: the colour of a share in [0, 1] of the hottest value (heat gutter, heatmap, strip).
QColor heat_colour(double share);
QString description(const std::string &file, int line, const std::string &function);  // cc.cpp:30
// description() with the recorded file and line under kFileRole and kLineRole (the full path on hover).
QStandardItem *location_item(const std::string &file, int line, const std::string &function);

}  // namespace pgas::viewer
