// The tests' PostgreSQL: the server of the ctest fixture, or one started here.
#include "server/scratch_postgres.h"

#include <libpq-fe.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <stdexcept>

namespace savanna::testing {
namespace {

// A server this program started itself (no fixture): stopped when the program ends.
struct OwnServer {
  std::string dir;
  ~OwnServer() {
    if (!dir.empty())
      std::system(
          ("'" SAVANNA_SOURCE_DIR "/scripts/postgres_scratch.sh' stop '" + dir + "'").c_str());
  }
};

const std::string& SocketDir() {
  static std::mutex mutex;
  static std::string dir;
  static OwnServer own;
  std::lock_guard lock(mutex);
  if (!dir.empty()) return dir;
  if (const char* env = std::getenv("SAVANNA_TEST_POSTGRES_DIR"); env && *env) {
    dir = env;
    return dir;
  }
  const std::string mine =
      (std::filesystem::temp_directory_path() / ("savanna-pg-" + std::to_string(getpid())))
          .string();
  const std::string command =
      "'" SAVANNA_SOURCE_DIR "/scripts/postgres_scratch.sh' start '" + mine + "' >/dev/null";
  if (std::system(command.c_str()) != 0)
    throw std::runtime_error("cannot start a scratch PostgreSQL: " + command);
  own.dir = mine;
  dir = mine;
  return dir;
}

// Runs `sql`; returns its result (the caller clears it) and sets `error` when it failed.
PGresult* Run(const std::string& url, const std::string& sql, std::string& error) {
  PGconn* conn = PQconnectdb(url.c_str());
  if (PQstatus(conn) != CONNECTION_OK) {
    error = PQerrorMessage(conn);
    PQfinish(conn);
    return nullptr;
  }
  PGresult* r = PQexec(conn, sql.c_str());
  const ExecStatusType s = PQresultStatus(r);
  if (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK) error = PQresultErrorMessage(r);
  PQfinish(conn);
  return r;
}

}  // namespace

std::string PostgresUrl(const std::string& name) {
  return "postgresql:///" + name + "?host=" + SocketDir() + "&user=savanna";
}

std::string PostgresExec(const std::string& url, const std::string& sql) {
  std::string error;
  PQclear(Run(url, sql, error));
  return error;
}

std::string PostgresQuery(const std::string& url, const std::string& sql) {
  std::string error;
  PGresult* r = Run(url, sql, error);
  if (!error.empty()) {
    PQclear(r);
    return "error: " + error;
  }
  std::string rows;
  for (int i = 0; i < PQntuples(r); ++i) {
    if (i > 0) rows += '\n';
    for (int j = 0; j < PQnfields(r); ++j) {
      if (j > 0) rows += '|';
      rows += PQgetisnull(r, i, j) ? "NULL" : PQgetvalue(r, i, j);
    }
  }
  PQclear(r);
  return rows;
}

ScratchDatabase::ScratchDatabase() {
  static std::atomic<int> next{0};
  name_ = "test_" + std::to_string(getpid()) + "_" + std::to_string(next++);
  const std::string admin = PostgresUrl("postgres");
  PostgresExec(admin, "DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
  if (std::string error = PostgresExec(admin, "CREATE DATABASE " + name_); !error.empty())
    throw std::runtime_error("cannot create database " + name_ + ": " + error);
  url_ = PostgresUrl(name_);
}

ScratchDatabase::~ScratchDatabase() {
  PostgresExec(PostgresUrl("postgres"), "DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
}

}  // namespace savanna::testing
