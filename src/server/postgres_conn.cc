// libpq calls for the PostgreSQL store.
#include "server/postgres_conn.h"

#include <cstdlib>

namespace savanna::server::pg {

bool PgResult::ok() const {
  if (!r_) return false;
  const ExecStatusType s = PQresultStatus(r_.get());
  return s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK;
}

std::string PgResult::text(int row, int col) const {
  return std::string(PQgetvalue(r_.get(), row, col), size_t(PQgetlength(r_.get(), row, col)));
}

int64_t PgResult::int64(int row, int col) const {
  return std::strtoll(PQgetvalue(r_.get(), row, col), nullptr, 10);
}

int64_t PgResult::affected() const {
  const char* n = r_ ? PQcmdTuples(r_.get()) : "";
  return *n ? std::strtoll(n, nullptr, 10) : 0;
}

std::string PgResult::error() const {
  if (!r_) return "no result (the connection broke?)";
  std::string e = PQresultErrorMessage(r_.get());
  while (!e.empty() && (e.back() == '\n' || e.back() == ' ')) e.pop_back();
  return e;
}

std::string PgResult::sqlstate() const {
  const char* s = r_ ? PQresultErrorField(r_.get(), PG_DIAG_SQLSTATE) : nullptr;
  return s ? s : "";
}

Connection::~Connection() {
  if (conn_) PQfinish(conn_);
}

std::string Connection::error() const {
  std::string e = conn_ ? PQerrorMessage(conn_) : "no connection";
  while (!e.empty() && (e.back() == '\n' || e.back() == ' ')) e.pop_back();
  return e;
}

Result<void> Connection::Open(const std::string& url) {
  url_ = url;
  conn_ = PQconnectdb(url.c_str());
  if (conn_ == nullptr || PQstatus(conn_) != CONNECTION_OK)
    return Fail(ErrorCode::kIoError, "database " + RedactDb(url) + ": " + error());
  // Messages from the server in English and UTC times whatever the server's defaults.
  return Exec("SET client_min_messages = warning; SET TIME ZONE 'UTC'");
}

bool Connection::healthy() const { return conn_ && PQstatus(conn_) == CONNECTION_OK; }

Result<void> Connection::Reset() {
  if (PQpipelineStatus(conn_) != PQ_PIPELINE_OFF) PQexitPipelineMode(conn_);
  PQreset(conn_);
  if (PQstatus(conn_) != CONNECTION_OK)
    return Fail(ErrorCode::kIoError, "database " + RedactDb(url_) + ": " + error());
  return Exec("SET client_min_messages = warning; SET TIME ZONE 'UTC'");
}

Result<void> Connection::Exec(const std::string& sql) {
  PgResult r(PQexec(conn_, sql.c_str()));
  if (!r.ok()) return Fail(ErrorCode::kIoError, r.error());
  return {};
}

namespace {

// libpq's parameter arrays for `params` (pointers into it: it must outlive the call).
struct Values {
  explicit Values(const std::vector<Param>& params) {
    for (const Param& p : params) pointers.push_back(p ? p->c_str() : nullptr);
  }
  std::vector<const char*> pointers;
};

}  // namespace

PgResult Connection::Query(const std::string& sql, const std::vector<Param>& params) {
  Values v(params);
  return PgResult(PQexecParams(conn_, sql.c_str(), int(params.size()), nullptr, v.pointers.data(),
                               nullptr, nullptr, 0));
}

Result<void> Connection::Prepare(const std::string& name, const std::string& sql) {
  PgResult r(PQprepare(conn_, name.c_str(), sql.c_str(), 0, nullptr));
  if (!r.ok()) return Fail(ErrorCode::kIoError, "preparing " + name + ": " + r.error());
  return {};
}

PgResult Connection::RunPrepared(const std::string& name, const std::vector<Param>& params) {
  Values v(params);
  return PgResult(PQexecPrepared(conn_, name.c_str(), int(params.size()), v.pointers.data(),
                                 nullptr, nullptr, 0));
}

Result<std::vector<PgResult>> Connection::Pipeline(const std::vector<Step>& steps) {
  if (PQenterPipelineMode(conn_) != 1)
    return Fail(ErrorCode::kIoError, "cannot start a pipeline: " + error());
  bool sent = true;
  for (const Step& step : steps) {
    Values v(step.params);
    if (PQsendQueryPrepared(conn_, step.prepared.c_str(), int(step.params.size()),
                            v.pointers.data(), nullptr, nullptr, 0) != 1) {
      sent = false;
      break;
    }
  }
  sent = sent && PQpipelineSync(conn_) == 1;
  std::vector<PgResult> results;
  std::string failure = sent ? "" : error();
  // Every statement's result (then a null), then the sync's; after a failed statement the rest
  // come back aborted.
  while (sent) {
    PGresult* raw = PQgetResult(conn_);
    if (raw == nullptr) {
      if (!healthy()) {
        failure = error();
        break;
      }
      continue;  // the end of one statement's results
    }
    PgResult r(raw);
    const ExecStatusType status = PQresultStatus(raw);
    if (status == PGRES_PIPELINE_SYNC) break;
    if (status == PGRES_PIPELINE_ABORTED) {
      results.push_back(r);
      continue;
    }
    if (!r.ok() && failure.empty()) failure = r.error();
    results.push_back(r);
  }
  PQexitPipelineMode(conn_);
  if (!failure.empty()) return Fail(ErrorCode::kIoError, failure);
  if (results.size() != steps.size())
    return Fail(ErrorCode::kIoError, "the database answered " + std::to_string(results.size()) +
                                         " of " + std::to_string(steps.size()) + " statements");
  return results;
}

}  // namespace savanna::server::pg
