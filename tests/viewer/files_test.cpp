// Bad files give a clear message and no crash; pgas-viewer --screenshot renders every view headless; views
// export as CSV (exact values) and PNG; the command line.
#include <QImage>
#include <QProcess>
#include <QtTest/QtTest>
#include <filesystem>

#include "export.hpp"
#include "options.hpp"
#include "pgas/tracedb/database.hpp"
#include "viewer_fixture.hpp"

using namespace viewer_test;
using namespace pgas::viewer;

namespace {

const report_test::Workspace &ws() { return report_test::workspace(); }

std::string damaged_copy(const std::string &name, const std::string &sql) {
  const std::string path = ws().dir + "/" + name;
  std::filesystem::copy_file(ws().baseline, path, std::filesystem::copy_options::overwrite_existing);
  pgas::tracedb::Database::open(path, true).exec(sql);
  return path;
}

Run run_viewer(const QStringList &args) { return viewer_test::run_viewer(PGAS_VIEWER_PATH, args); }

}  // namespace

class FilesTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void bad_files_show_a_message() {
    const std::string garbage = ws().dir + "/garbage.db";
    report_test::write_file(garbage, std::string(4096, 'x'));
    const std::string truncated = ws().dir + "/truncated.db";
    std::string bytes = report_test::read_file(ws().baseline);
    report_test::write_file(truncated, bytes.substr(0, bytes.size() / 2));
    const std::vector<std::pair<std::string, QString>> cases = {
        {ws().dir + "/missing.db", ""},
        {garbage, ""},
        {truncated, ""},
        {damaged_copy("newer.db", "UPDATE meta SET value = '99' WHERE key = 'schema_version'"), "newer"},
        {damaged_copy("norun.db", "DELETE FROM run"), "no run record"},
    };
    for (const auto &[path, words] : cases) {
      auto w = open_window(path);
      QVERIFY2(!w->error().isEmpty(), path.c_str());
      QVERIFY2(w->error().startsWith(QString::fromStdString(path)), qPrintable(w->error()));
      QVERIFY2(w->error().contains(words), qPrintable(w->error()));
      QVERIFY(w->data() == nullptr);
    }
    // A bad second run fails the comparison with its own name.
    auto w = open_window(ws().baseline, garbage);
    QVERIFY(w->error().startsWith(QString::fromStdString(garbage)));
  }

  void screenshot_of_every_view() {
    for (const std::string &view : view_names()) {
      const QString png = QString::fromStdString(ws().dir + "/shot-" + view + ".png");
      QStringList args{QString::fromStdString(ws().baseline), "--screenshot", png,        "--view",
                       QString::fromStdString(view),          "--size",       "1000x700", "--source-root",
                       QString::fromStdString(ws().sources)};
      if (view == "compare") args << "--compare" << QString::fromStdString(ws().optimized);
      Run run = run_viewer(args);
      QVERIFY2(run.status == 0, qPrintable(QString::fromStdString(view) + ": " + run.err));
      QImage image(png);
      QVERIFY2(!image.isNull(), qPrintable(png));
      QCOMPARE(image.size(), QSize(1000, 700));
      QVERIFY2(colours(image) > 8, qPrintable(QString("%1 looks blank").arg(png)));
    }
  }

  void screenshot_errors() {
    Run bad = run_viewer({QString::fromStdString(ws().dir + "/missing.db"), "--screenshot", "x.png"});
    QCOMPARE(bad.status, 2);
    QVERIFY2(bad.err.contains("missing.db"), qPrintable(bad.err));
    Run unwritable =
        run_viewer({QString::fromStdString(ws().baseline), "--screenshot", "/nonexistent/x.png"});
    QCOMPARE(unwritable.status, 1);
    QVERIFY2(unwritable.err.contains("/nonexistent/x.png"), qPrintable(unwritable.err));
    Run usage = run_viewer({QString::fromStdString(ws().baseline), "--view", "pie"});
    QCOMPARE(usage.status, 2);
    QVERIFY2(usage.err.contains("unknown view 'pie'"), qPrintable(usage.err));
    QVERIFY2(usage.err.contains("the views are " + QString::fromStdString(view_list())),
             qPrintable(usage.err));
    for (const char *name : {"timeline", "sync", "imbalance"})  // the message lists every view
      QVERIFY2(usage.err.contains(name), qPrintable(usage.err));
    Run unknown = run_viewer({"--frobnicate"});
    QCOMPARE(unknown.status, 2);
    QVERIFY2(unknown.err.contains("frobnicate"), qPrintable(unknown.err));
  }

  void export_csv_and_png() {
    auto w = open_window(ws().baseline);
    const QString csv = QString::fromStdString(ws().dir + "/threads.csv");
    QCOMPARE(w->export_csv("threads", csv), QString());
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList rows = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(rows.size(), 5);
    QCOMPARE(rows[0], QString("thread,host,pid,accesses,reads,writes,bytes,in transport,wall,% of "
                              "wall,computing,remote,waiting,% waiting,finished"));
    QCOMPARE(rows[1], QString("0,node1,1000,182,162,20,2768,398000,1000000,39.8,602000,398000,0,0,true"));
    // The same rows, value for value, as pgas-report's CSV of the per-thread table.
    QProcess report;
    report.start(PGAS_REPORT_PATH,
                 {QString::fromStdString(ws().baseline), "--section", "threads", "--format", "csv"});
    QVERIFY(report.waitForFinished(60000));
    QStringList expected = QString::fromUtf8(report.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(expected.size(), 5);  // the header, 4 rows
    QCOMPARE(rows.mid(1), expected.mid(1));
    const QString png = QString::fromStdString(ws().dir + "/heatmap.png");
    w->resize(900, 600);
    QCOMPARE(w->export_png("heatmap", png), QString());
    QVERIFY(colours(QImage(png)) > 8);
    QVERIFY(!w->export_csv("heatmap", "/nonexistent/dir/x.csv").isEmpty());
    QVERIFY(!w->export_csv("nosuchview", csv).isEmpty());
  }

  void options() {
    Options o = parse_options({"a.db", "--compare=b.db", "--source-root", "/x", "--source-root", "/old=/new",
                               "--screenshot", "s.png", "--view", "heatmap", "--size", "800x600"});
    QCOMPARE(QString::fromStdString(o.database), QString("a.db"));
    QCOMPARE(QString::fromStdString(o.compare), QString("b.db"));
    QCOMPARE(o.source_roots.size(), std::size_t{2});
    QCOMPARE(QString::fromStdString(o.view), QString("heatmap"));
    QCOMPARE(o.width, 800);
    QCOMPARE(o.height, 600);
    QVERIFY(parse_options({"--help"}).help);
    QVERIFY_THROWS_EXCEPTION(UsageError, parse_options({"a.db", "b.db"}));
    QVERIFY_THROWS_EXCEPTION(UsageError, parse_options({"--compare", "b.db"}));
    QVERIFY_THROWS_EXCEPTION(UsageError, parse_options({"a.db", "--size", "big"}));
    QVERIFY_THROWS_EXCEPTION(UsageError, parse_options({"a.db", "--screenshot"}));
    for (const std::string &name : view_names()) QVERIFY(usage().find(name) != std::string::npos);
  }
};

QTEST_MAIN(FilesTest)
#include "files_test.moc"
