// The PostgreSQL TableStore: `savanna serve --db postgresql://...` (docs/scale.md: the server's
// database). One server runs on a database at a time: two would each run every open table.
#pragma once

#include <memory>
#include <string>

#include "server/table_store.h"

namespace savanna::server {

// PostgreSQL through libpq. One writer connection applies queued writes in batches: a batch is
// one pipeline (its statements sent at once) run as one transaction, so many tables share each
// commit and its round trip; a batch that fails is retried one write per transaction, so one bad
// write cannot fail the others. Durability::kFull sets synchronous_commit=on (a commit is flushed
// to the server's disk before `done` runs), kNormal synchronous_commit=off. A broken connection
// is reopened before the next batch (the writes of the batch it broke fail). Load and LoadOpen
// read on a second connection, each in one repeatable-read transaction. Opening checks the
// database (postgres_schema.h: a damaged, foreign or newer one is refused and left unchanged) and
// migrates it.
Result<std::unique_ptr<TableStore>> OpenPostgresStore(const std::string& url,
                                                      const StoreOptions& options = {});

}  // namespace savanna::server
