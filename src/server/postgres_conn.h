// A thin RAII layer over libpq for the PostgreSQL store: one connection, statements with text
// parameters, results that free themselves, and pipelines (several statements sent at once and
// run as one implicit transaction, committed at the pipeline's sync). Not thread-safe: one
// connection per thread of use.
#pragma once

#include <libpq-fe.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/table_store.h"  // RedactDb

namespace savanna::server::pg {

// A statement's result; empty (null) when libpq had none to give.
class PgResult {
 public:
  PgResult() = default;
  explicit PgResult(PGresult* r) : r_(r, &PQclear) {}
  PGresult* get() const { return r_.get(); }
  bool ok() const;  // a command or rows, no error
  int rows() const { return r_ ? PQntuples(r_.get()) : 0; }
  bool null(int row, int col) const { return PQgetisnull(r_.get(), row, col) != 0; }
  std::string text(int row, int col) const;
  int64_t int64(int row, int col) const;
  int64_t affected() const;   // rows a command changed (PQcmdTuples)
  std::string error() const;  // the server's message, or ""
  std::string sqlstate() const;

 private:
  std::shared_ptr<PGresult> r_;
};

// One parameter: text, or SQL NULL.
using Param = std::optional<std::string>;

class Connection {
 public:
  Connection() = default;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  ~Connection();

  // Connects to `url` (a libpq connection URI); errors name the URL without its password.
  Result<void> Open(const std::string& url);
  bool healthy() const;
  // Reconnects after the connection broke; prepared statements must be prepared again.
  Result<void> Reset();
  PGconn* get() const { return conn_; }
  const std::string& url() const { return url_; }

  // Runs `sql` (one or more statements, no parameters); the error carries the server's message.
  Result<void> Exec(const std::string& sql);
  // Runs one statement with parameters, returning its result (which may hold an error).
  PgResult Query(const std::string& sql, const std::vector<Param>& params = {});
  // Prepares `sql` as the statement `name`.
  Result<void> Prepare(const std::string& name, const std::string& sql);
  PgResult RunPrepared(const std::string& name, const std::vector<Param>& params);

  // A pipeline: the statements are sent at once and run in one implicit transaction, committed
  // at its sync only if every statement succeeded (else none of them took effect). Returns each
  // statement's result, in order; the error when the pipeline could not run or a statement failed.
  struct Step {
    std::string prepared;  // a prepared statement's name
    std::vector<Param> params;
  };
  Result<std::vector<PgResult>> Pipeline(const std::vector<Step>& steps);

  // The last error libpq reported on this connection.
  std::string error() const;

 private:
  PGconn* conn_ = nullptr;
  std::string url_;
};

}  // namespace savanna::server::pg
