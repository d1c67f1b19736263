#include "export.hpp"

#include <QFile>
#include <QImage>
#include <QPixmap>
#include <QSaveFile>

#include "table_items.hpp"

namespace pgas::viewer {
namespace {

QString csv_field(const QString &text) {
  if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) &&
      !text.contains(QLatin1Char('\n')))
    return text;
  QString quoted = text;
  quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
  return QLatin1Char('"') + quoted + QLatin1Char('"');
}

}  // namespace

QString table_csv(const QAbstractItemModel &model) {
  QString out;
  for (int c = 0; c < model.columnCount(); ++c)
    out += (c ? "," : "") + csv_field(model.headerData(c, Qt::Horizontal).toString());
  out += '\n';
  for (int r = 0; r < model.rowCount(); ++r) {
    for (int c = 0; c < model.columnCount(); ++c) {
      QModelIndex index = model.index(r, c);
      QVariant value = index.data(kValueRole);
      out += (c ? "," : "") + csv_field(value.isValid() ? value.toString() : index.data().toString());
    }
    out += '\n';
  }
  return out;
}

QString write_csv(const QAbstractItemModel &model, const QString &path) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) return path + ": " + file.errorString();
  file.write(table_csv(model).toUtf8());
  if (!file.commit()) return path + ": " + file.errorString();
  return "";
}

QString write_png(QWidget &widget, const QString &path) {
  QImage image = widget.grab().toImage();
  if (image.isNull()) return path + ": the view has nothing to draw";
  if (!image.save(path, "PNG")) return path + ": cannot write the PNG file";
  return "";
}

}  // namespace pgas::viewer
