#include "pipetop/system/profile_environment.hpp"

#include "pipetop/core/machine/machine_limits.hpp"

namespace pipetop {

ProfileEnvironment read_profile_environment(const MachineFacts& machine, const SystemFiles& files) {
  ProfileEnvironment environment;
  environment.facts = profile_facts(machine);
  environment.kernel_frames = kernel_frames_verdict(environment.facts, false);
  KernelSymbols symbols;
  if (environment.kernel_frames.allowed) {
    Result<KernelSymbols> loaded = KernelSymbols::load(files);
    if (loaded && loaded->size() > 0) {
      symbols = std::move(*loaded);
      environment.kernel_frames = kernel_frames_verdict(environment.facts, symbols.hidden());
    } else {
      environment.kernel_frames = {
          false, "user space only: kernel frames could not be named: " +
                     (loaded ? std::string(kKallsymsPath) + " lists no kernel function" : loaded.error().message)};
    }
  }
  if (!environment.kernel_frames.allowed) symbols = KernelSymbols{};
  environment.kernel_symbols = std::make_shared<const KernelSymbols>(std::move(symbols));
  return environment;
}

}  // namespace pipetop
