// --screenshot: waits for the trace to load, then renders one view of the window to a PNG file.
#pragma once

#include <QString>
#include <string>

#include "main_window.hpp"

namespace pgas::viewer {

// Waits (processing events) until `window` has finished loading; "" on success, else the load error.
QString wait_until_loaded(MainWindow &window);
// Renders the whole window showing `view`; "" on success, else what went wrong.
QString take_screenshot(MainWindow &window, const std::string &view, const QString &path);

}  // namespace pgas::viewer
