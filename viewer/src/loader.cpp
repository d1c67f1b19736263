#include "loader.hpp"

#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>

namespace pgas::viewer {

Loader::Loader(QObject *parent) : QObject(parent) {}

Loader::~Loader() {
  // Workers hold no pointer to this object's state except through QPointer; wait so none outlives the app.
  for (auto *watcher : findChildren<QFutureWatcher<LoadResult> *>()) watcher->waitForFinished();
}

void Loader::start(const LoadRequest &request) {
  const int generation = ++generation_;
  ++pending_;
  QPointer<Loader> self(this);
  auto report = [self, generation](int percent, const std::string &step) {
    QString text = QString::fromStdString(step);
    QMetaObject::invokeMethod(
        self.data(),
        [self, generation, percent, text] {
          if (self && generation == self->generation_) Q_EMIT self->progress(percent, text);
        },
        Qt::QueuedConnection);
  };
  auto *watcher = new QFutureWatcher<LoadResult>(this);
  connect(watcher, &QFutureWatcher<LoadResult>::finished, this,
          [this, watcher, generation] { finished(watcher, generation); });
  watcher->setFuture(QtConcurrent::run([request, report]() -> LoadResult {
    try {
      return {load_trace(request, report), {}};
    } catch (const std::exception &e) {
      return {nullptr, QString::fromStdString(e.what())};
    }
  }));
}

void Loader::finished(QFutureWatcher<LoadResult> *watcher, int generation) {
  LoadResult result = watcher->result();
  watcher->deleteLater();
  --pending_;
  if (generation != generation_) return;  // superseded by a newer request
  if (result.data)
    Q_EMIT loaded(result.data);
  else
    Q_EMIT failed(result.error);
}

}  // namespace pgas::viewer
