// OpenStore: the operator's --db picks the store. PostgreSQL is there only in builds made with
// libpq (SAVANNA_POSTGRES; the main job's build leaves it out).
#include <string>
#include <string_view>

#include "server/sqlite_store.h"
#include "server/table_store.h"
#ifdef SAVANNA_HAVE_POSTGRES
#include "server/postgres_store.h"
#endif

namespace savanna::server {

bool IsPostgresUrl(std::string_view db) {
  return db.starts_with("postgresql://") || db.starts_with("postgres://");
}

std::string RedactDb(std::string_view db) {
  std::string shown(db);
  if (!IsPostgresUrl(db)) return shown;
  // postgresql://user:PASSWORD@host/...: the user-info part ends at the last '@' before the path.
  const size_t start = shown.find("://") + 3;
  const size_t path = shown.find_first_of("/?", start);
  const size_t at = shown.rfind('@', path == std::string::npos ? std::string::npos : path);
  if (at != std::string::npos && at >= start) {
    const size_t colon = shown.find(':', start);
    if (colon < at) shown.replace(colon + 1, at - colon - 1, "***");
  }
  // ...?password=PASSWORD&...
  for (size_t p = shown.find("password=", start); p != std::string::npos;
       p = shown.find("password=", p + 1)) {
    if (shown[p - 1] != '?' && shown[p - 1] != '&') continue;
    const size_t value = p + 9;
    shown.replace(value, shown.find('&', value) - value, "***");
  }
  return shown;
}

Result<std::unique_ptr<TableStore>> OpenStore(const std::string& db, const StoreOptions& options) {
  if (IsPostgresUrl(db)) {
#ifdef SAVANNA_HAVE_POSTGRES
    return OpenPostgresStore(db, options);
#else
    return Fail(ErrorCode::kInvalidArgument,
                "--db names a PostgreSQL server, but this savanna was built without PostgreSQL "
                "(configure with -DSAVANNA_POSTGRES=ON after ./scripts/setup.sh postgresql)");
#endif
  }
  return OpenSqliteStore(db, options.durability);
}

}  // namespace savanna::server
