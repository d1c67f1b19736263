// The annotated source (Figure 5's second column): the hottest lines, and each source file with a heat
// gutter and per-line accesses, time and waiting. Files are found by their recorded path or under source
// roots
// (--source-root, or "Source roots..." for a moved tree).
#pragma once

#include <QComboBox>
#include <QLabel>
#include <QStandardItemModel>
#include <QTableView>
#include <map>
#include <string>
#include <vector>

#include "view.hpp"

namespace pgas::viewer {

class SourceView : public View {
  Q_OBJECT

 public:
  explicit SourceView(QWidget *parent = nullptr);
  void set_data(const TraceData &data) override;
  QAbstractItemModel *table() const override { return lines_; }

  void set_source_roots(std::vector<std::string> roots);
  const std::vector<std::string> &source_roots() const { return roots_; }
  // Shows `file` (as recorded) and selects `line`; false if the file has no accesses or waits selected.
  bool show_line(const QString &file, int line);

  QStandardItemModel *lines() const { return lines_; }  // hottest lines first
  // The shown file: line, accesses, time, waiting, text.
  QStandardItemModel *source() const { return source_; }
  QString current_file() const { return files_->currentData().toString(); }
  QString status() const { return status_->text(); }
  int selected_line() const;

 protected:
  void showEvent(QShowEvent *event) override;

 private:
  void show_file(const QString &file);
  void choose_root();

  const TraceData *data_ = nullptr;
  std::vector<std::string> roots_;
  std::map<std::string, std::map<int, tdb::Totals>> per_file_;         // recorded file -> line -> totals
  std::map<std::string, std::map<int, std::int64_t>> waits_per_file_;  // recorded file -> line -> waiting ns
  QStandardItemModel *lines_;
  QStandardItemModel *source_;
  QTableView *lines_view_;
  QTableView *source_view_;
  QComboBox *files_;
  QLabel *status_;
};

}  // namespace pgas::viewer
