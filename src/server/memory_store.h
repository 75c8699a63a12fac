// A TableStore in memory whose writes complete at once, on the caller's thread: for the server's
// protocol driven in process (unit tests, fuzz targets). Nothing survives the process.
#pragma once

#include <memory>

#include "server/table_store.h"

namespace savanna::server {

// Writes that name no such table (or a wrong action index, or a seat out of range) fail with
// kIoError, as a real store's would; DeleteFinishedBefore deletes nothing.
std::unique_ptr<TableStore> MemoryStore();

}  // namespace savanna::server
