// What the viewer tests share: windows opened on the hand-made traces of tests/tracedb (fixture.hpp, whose
// numbers are worked out by hand), waiting for loads, and reading exact values out of the views' models.
#pragma once

#include <QAbstractItemModel>
#include <QImage>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <memory>
#include <string>
#include <vector>

#include "fixture.hpp"
#include "main_window.hpp"

namespace viewer_test {

using pgas::viewer::MainWindow;

// A window (not shown) on `path`, compared with `compare` if given, after its first load finished.
std::unique_ptr<MainWindow> open_window(const std::string &path, const std::string &compare = "",
                                        const std::vector<std::string> &source_roots = {});
// Waits until the window's current load finishes; true if it loaded, false if it failed.
bool wait_for_load(MainWindow &window);
// Shows the window at `width` x `height` with `view` on top; true once it is exposed.
bool show_view(MainWindow &window, const std::string &view, int width = 1200, int height = 800);
// Applies a filter and waits for the reload.
bool filter_and_wait(MainWindow &window, const pgas::tracedb::Filter &filter);

// Runs `command` under pgasrun (`pgasrun`) --trace `db` --lines --timeline `timeline_ms` on `threads`
// threads, with a time limit; "" on success, else what went wrong.
QString record_trace(const QString &pgasrun, const QString &db, int threads, int timeline_ms,
                     const QStringList &command);

// The line (from 1) of `source` that ends with "SITE:name"; -1 if none or unreadable.
int marked_line(const QString &source, const QString &name);

// pgas-viewer (PGAS_VIEWER_PATH) run with `args`: its exit status (-1 if it crashed or timed out) and stderr.
struct Run {
  int status;
  QString err;
};
Run run_viewer(const QString &viewer, const QStringList &args);
// Distinct colours in a grid of samples: a blank or single-colour image has one or two.
int colours(const QImage &image);

// The exact value (kValueRole) of a cell, as a number or text.
qlonglong number(const QAbstractItemModel *model, int row, int column);
double real(const QAbstractItemModel *model, int row, int column);
QString text(const QAbstractItemModel *model, int row, int column);
// The first row whose `column` shows `shown` (display text); -1 if none.
int row_of(const QAbstractItemModel *model, int column, const QString &shown);

}  // namespace viewer_test
