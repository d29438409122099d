#pragma once
// The key echo: each key pressed shows for a moment in words the audience can read — "b → busy loop
// on", "v → writer vmsplice", "+ → buffer 512 KiB", "l → log axis", "T → theme light" — made from the
// key table's and the flag table's words and what the key changed.

#include <string>

#include "pipetop/core/screen/key_table.hpp"

namespace pipetop {

// How a key reads on screen: the character, "space", "→", "←".
[[nodiscard]] std::string key_name(int key);

// The echo of `key` (bound to `binding`), given the state before and after it: "<key> → <what>".
[[nodiscard]] std::string key_echo(const KeyBinding& binding, int key, const DashboardState& before,
                                   const DashboardState& after);

}  // namespace pipetop
