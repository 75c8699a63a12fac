// A TableStore in memory whose writes complete at once, on the caller's thread: for the server's
// protocol driven in process (unit tests, fuzz targets). Nothing survives the process.
#pragma once

#include <memory>

#include "server/table_store.h"

namespace savanna::server {

// Writes that name no such table (or a wrong action index, or a seat out of range) fail with
// kIoError, as a real store's would. It passes the stores' contract suite, less what needs a
// database (reopening, schema versions, damaged files).
std::unique_ptr<TableStore> MemoryStore();

}  // namespace savanna::server
