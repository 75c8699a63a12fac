// Every game Savanna ships, in one registry.
#pragma once

#include "core/registry.h"

namespace savanna {

// The registry of all games; built once, on first use.
const GameRegistry& Games();

}  // namespace savanna
