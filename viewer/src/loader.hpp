// Loads trace data on a worker thread (QtConcurrent) and reports progress and the result on the GUI thread.
// A newer request supersedes an older one: only the latest result is delivered.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <memory>

#include "trace_data.hpp"

namespace pgas::viewer {

// What the worker hands back: the data, or the message of the error that stopped it.
struct LoadResult {
  std::shared_ptr<const TraceData> data;
  QString error;
};

class Loader : public QObject {
  Q_OBJECT

 public:
  explicit Loader(QObject *parent = nullptr);
  ~Loader() override;

  void start(const LoadRequest &request);
  bool busy() const { return pending_ > 0; }

 Q_SIGNALS:
  void progress(int percent, const QString &step);
  void loaded(std::shared_ptr<const TraceData> data);
  void failed(const QString &message);

 private:
  void finished(QFutureWatcher<LoadResult> *watcher, int generation);

  int generation_ = 0;
  int pending_ = 0;
};

}  // namespace pgas::viewer
