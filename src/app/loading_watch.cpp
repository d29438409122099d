#include "pipetop/app/loading_watch.hpp"

namespace pipetop {

StopAsked LoadingWatch::stop_for(const std::string& path) {
  return [this, path, shown = false]() mutable { return asked(path, shown); };
}

bool LoadingWatch::asked(const std::string& path, bool& shown) {
  if (!signal_) signal_ = signals_.take();
  if (terminal_ != nullptr) {
    if (!shown) {
      Canvas& canvas = terminal_->begin_frame();
      (void)canvas.text(1, 1, "loading " + path + " ... (q quits)");
      terminal_->present();
      shown = true;
    }
    while (const std::optional<InputEvent> input = terminal_->read_input()) {
      if (input->key == 'q' || input->key == 'Q') quit_ = true;  // the dashboard's quit keys
    }
  }
  return stopped();
}

}  // namespace pipetop
