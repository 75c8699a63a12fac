// What the files of a table (table*.cc) share: the refusals every request may get and small
// helpers. Not for use outside the table.
#pragma once

#include <nlohmann/json.hpp>

#include "core/types.h"
#include "server/api_error.h"

namespace savanna::server::table_detail {

// 410 table_closed: the table was deleted, expired or the server stops.
tl::unexpected<ApiError> TableClosed();
// 500 storage_error (the store's own message goes to the server's log, not to the client).
ApiError StorageError(const Error& error);

}  // namespace savanna::server::table_detail
