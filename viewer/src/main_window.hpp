// The viewer's window: a filter bar over one tab per view, loading in the background with a progress bar,
// and the File menu (open, compare, export).
#pragma once

#include <QLabel>
#include <QMainWindow>
#include <QProgressBar>
#include <QStackedWidget>
#include <QTabWidget>
#include <map>
#include <memory>
#include <string>

#include "filter_bar.hpp"
#include "loader.hpp"
#include "options.hpp"
#include "view.hpp"

namespace pgas::viewer {

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  // `interactive` = false for screenshots and tests: errors go to the status bar and error(), never to a
  // dialog box.
  explicit MainWindow(const Options &options, bool interactive = true);

  // Loads `path` (and `compare`, if not empty) in the background with no filter.
  void open(const QString &path, const QString &compare = {});
  void set_filter(const tdb::Filter &filter);

  View *view(const std::string &name) const;  // one of view_names(); null otherwise
  void show_view(const std::string &name);
  std::string current_view() const;  // the name of the view on top
  FilterBar *filter_bar() const { return filter_bar_; }
  const TraceData *data() const { return data_.get(); }
  bool loading() const { return loader_->busy(); }
  QString error() const { return error_; }
  int progress() const { return progress_->value(); }

  QString export_png(const std::string &view_name, const QString &path);  // "" or an error message
  QString export_csv(const std::string &view_name, const QString &path);

 Q_SIGNALS:
  void ready();                         // a load finished and every view shows it
  void failed(const QString &message);  // a load failed

 private:
  void start(const tdb::Filter &filter);
  void on_loaded(std::shared_ptr<const TraceData> data);
  void on_failed(const QString &message);
  void build_menu();

  bool interactive_;
  QString path_, compare_;
  bool fresh_ = false;  // the next result is the unfiltered first load of a file (fills the filter bar)
  std::shared_ptr<const TraceData> data_;
  QString error_;
  Loader *loader_;
  FilterBar *filter_bar_;
  QTabWidget *tabs_;
  QStackedWidget *pages_;
  QLabel *message_;
  QProgressBar *progress_;
  QLabel *status_;
  std::map<std::string, View *> views_;
};

}  // namespace pgas::viewer
