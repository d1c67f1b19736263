// Exporting a view: its table as CSV (exact values), its widget as PNG.
#pragma once

#include <QAbstractItemModel>
#include <QString>
#include <QWidget>

namespace pgas::viewer {

// RFC 4180 CSV with a header row; numbers are the exact values (kValueRole), not the human units.
QString table_csv(const QAbstractItemModel &model);
// Both return an error message, or "" on success.
QString write_csv(const QAbstractItemModel &model, const QString &path);
QString write_png(QWidget &widget, const QString &path);

}  // namespace pgas::viewer
