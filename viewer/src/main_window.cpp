#include "main_window.hpp"

#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QVBoxLayout>
#include <utility>

#include "compare_view.hpp"
#include "export.hpp"
#include "heatmap_view.hpp"
#include "imbalance_view.hpp"
#include "paths_view.hpp"
#include "source_view.hpp"
#include "summary_view.hpp"
#include "sync_view.hpp"
#include "threads_view.hpp"
#include "timeline_view.hpp"
#include "variables_view.hpp"

namespace pgas::viewer {
namespace {

// A view's tab shows its --view name, capitalized: one name for a view everywhere.
QString tab_title(const std::string &name) {
  QString title = QString::fromStdString(name);
  if (!title.isEmpty()) title[0] = title[0].toUpper();
  return title;
}

View *new_view(const std::string &name, QWidget *parent) {
  if (name == "summary") return new SummaryView(parent);
  if (name == "threads") return new ThreadsView(parent);
  if (name == "variables") return new VariablesView(parent);
  if (name == "heatmap") return new HeatmapView(parent);
  if (name == "source") return new SourceView(parent);
  if (name == "timeline") return new TimelineView(parent);
  if (name == "sync") return new SyncView(parent);
  if (name == "imbalance") return new ImbalanceView(parent);
  if (name == "paths") return new PathsView(parent);
  return new CompareView(parent);
}

}  // namespace

MainWindow::MainWindow(const Options &options, bool interactive)
    : interactive_(interactive),
      loader_(new Loader(this)),
      filter_bar_(new FilterBar(this)),
      tabs_(new QTabWidget(this)),
      pages_(new QStackedWidget(this)),
      message_(new QLabel(this)),
      progress_(new QProgressBar(this)),
      status_(new QLabel(this)) {
  setWindowTitle("pgas-viewer");
  resize(options.width, options.height);
  for (const std::string &name : view_names()) {
    View *view = new_view(name, tabs_);
    views_[name] = view;
    tabs_->addTab(view, tab_title(name));
    connect(view, &View::filter_threads, this, [this](const std::set<int> &threads) {
      tdb::Filter filter = filter_bar_->filter();
      filter.threads = threads;
      filter_bar_->set_filter(filter);
    });
    connect(view, &View::filter_pair, this, [this](int initiator, int target) {
      tdb::Filter filter = filter_bar_->filter();
      filter.threads = {initiator};
      filter.peers = {target};
      filter_bar_->set_filter(filter);
    });
    connect(view, &View::jump_to_line, this, [this](const QString &file, int line) {
      show_view("source");
      static_cast<SourceView *>(views_.at("source"))->show_line(file, line);
    });
  }
  static_cast<SourceView *>(views_.at("source"))->set_source_roots(options.source_roots);
  message_->setAlignment(Qt::AlignCenter);
  message_->setWordWrap(true);
  message_->setText("Open a trace database (File > Open) written by pgasrun --trace.");
  auto *central = new QWidget(this);
  auto *layout = new QVBoxLayout(central);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(filter_bar_);
  layout->addWidget(pages_, 1);
  pages_->addWidget(message_);
  pages_->addWidget(tabs_);
  setCentralWidget(central);
  progress_->setRange(0, 100);
  progress_->setMaximumWidth(240);
  progress_->hide();
  statusBar()->addWidget(status_, 1);
  statusBar()->addPermanentWidget(progress_);
  filter_bar_->setEnabled(false);
  build_menu();
  show_view(options.view);

  connect(filter_bar_, &FilterBar::changed, this, &MainWindow::start);
  connect(loader_, &Loader::progress, this, [this](int percent, const QString &step) {
    progress_->setValue(percent);
    status_->setText("Loading: " + step + "...");
  });
  connect(loader_, &Loader::loaded, this, &MainWindow::on_loaded);
  connect(loader_, &Loader::failed, this, &MainWindow::on_failed);
  if (!options.database.empty())
    open(QString::fromStdString(options.database), QString::fromStdString(options.compare));
}

void MainWindow::build_menu() {
  QMenu *file = menuBar()->addMenu("&File");
  file->addAction("&Open...", QKeySequence::Open, this, [this] {
    QString path =
        QFileDialog::getOpenFileName(this, "Open a trace", {}, "Trace databases (*.db);;All files (*)");
    if (!path.isEmpty()) open(path);
  });
  file->addAction("&Compare with...", this, [this] {
    if (path_.isEmpty()) return;
    QString other =
        QFileDialog::getOpenFileName(this, "Compare with", {}, "Trace databases (*.db);;All files (*)");
    if (!other.isEmpty()) {
      open(path_, other);
      show_view("compare");
    }
  });
  file->addSeparator();
  file->addAction("Export view as &PNG...", this, [this] {
    QString path = QFileDialog::getSaveFileName(
        this, "Export as PNG", QString::fromStdString(current_view()) + ".png", "PNG images (*.png)");
    if (QString error = path.isEmpty() ? "" : export_png(current_view(), path); !error.isEmpty())
      QMessageBox::warning(this, "Export", error);
  });
  file->addAction("Export view as C&SV...", this, [this] {
    QString path = QFileDialog::getSaveFileName(
        this, "Export as CSV", QString::fromStdString(current_view()) + ".csv", "CSV files (*.csv)");
    if (QString error = path.isEmpty() ? "" : export_csv(current_view(), path); !error.isEmpty())
      QMessageBox::warning(this, "Export", error);
  });
  file->addSeparator();
  file->addAction("&Quit", QKeySequence::Quit, this, &QWidget::close);
}

void MainWindow::open(const QString &path, const QString &compare) {
  path_ = path;
  compare_ = compare;
  fresh_ = true;
  setWindowTitle("pgas-viewer - " + QFileInfo(path).fileName() +
                 (compare.isEmpty() ? QString() : " vs " + QFileInfo(compare).fileName()));
  start({});
}

void MainWindow::set_filter(const tdb::Filter &filter) { filter_bar_->set_filter(filter); }

void MainWindow::start(const tdb::Filter &filter) {
  if (path_.isEmpty()) return;
  error_.clear();
  progress_->setValue(0);
  progress_->show();
  status_->setText("Loading " + path_ + "...");
  loader_->start({path_.toStdString(), compare_.toStdString(), filter});
}

void MainWindow::on_loaded(std::shared_ptr<const TraceData> data) {
  // The views point into the data: keep the previous data alive until every view has the new one.
  const std::shared_ptr<const TraceData> previous = std::exchange(data_, std::move(data));
  if (fresh_) {
    fresh_ = false;
    filter_bar_->blockSignals(true);
    filter_bar_->set_choices(*data_);
    filter_bar_->blockSignals(false);
  }
  for (auto &[name, view] : views_) view->set_data(*data_);
  filter_bar_->setEnabled(true);
  pages_->setCurrentWidget(tabs_);
  progress_->hide();
  const tdb::Summary &s = data_->summary;
  status_->setText(QString("%1: %2 threads, %3 remote accesses, %4% of the time in remote access%5")
                       .arg(path_)
                       .arg(data_->run.threads)
                       .arg(s.totals.count)
                       .arg(s.transport_pct, 0, 'f', 1)
                       .arg(data_->run.complete ? "" : " (partial trace)"));
  Q_EMIT ready();
}

void MainWindow::on_failed(const QString &message) {
  error_ = message;
  progress_->hide();
  status_->setText(message);
  if (!data_) {
    message_->setText("Cannot show this trace:\n\n" + message);
    pages_->setCurrentWidget(message_);
  }
  if (interactive_) QMessageBox::warning(this, "pgas-viewer", message);
  Q_EMIT failed(message);
}

View *MainWindow::view(const std::string &name) const {
  auto found = views_.find(name);
  return found == views_.end() ? nullptr : found->second;
}

void MainWindow::show_view(const std::string &name) {
  if (View *v = view(name)) tabs_->setCurrentWidget(v);
}

std::string MainWindow::current_view() const {
  for (const auto &[name, v] : views_)
    if (v == tabs_->currentWidget()) return name;
  return "summary";
}

QString MainWindow::export_png(const std::string &view_name, const QString &path) {
  View *v = view(view_name);
  if (!v) return QString("no view named %1").arg(QString::fromStdString(view_name));
  show_view(view_name);
  return write_png(*v, path);
}

QString MainWindow::export_csv(const std::string &view_name, const QString &path) {
  View *v = view(view_name);
  if (!v) return QString("no view named %1").arg(QString::fromStdString(view_name));
  return write_csv(*v->table(), path);
}

}  // namespace pgas::viewer
