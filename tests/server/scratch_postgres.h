// The PostgreSQL server the tests share, and a fresh database in it for each test. ctest starts
// the server once for every test that needs it (the fixture postgres_start in
// tests/server/CMakeLists.txt, scripts/postgres_scratch.sh) and passes its socket folder as
// SAVANNA_TEST_POSTGRES_DIR; a test program run by hand starts one of its own, stopped at exit.
#pragma once

#include <string>

namespace savanna::testing {

// The URL of database `name` on the shared server (started first if need be); the test fails
// (an exception) when no server can be started.
std::string PostgresUrl(const std::string& name = "savanna");

// A new, empty database for one test, dropped (with every connection to it) when it goes.
class ScratchDatabase {
 public:
  ScratchDatabase();
  ~ScratchDatabase();
  ScratchDatabase(const ScratchDatabase&) = delete;
  ScratchDatabase& operator=(const ScratchDatabase&) = delete;
  const std::string& url() const { return url_; }
  const std::string& name() const { return name_; }

 private:
  std::string name_;
  std::string url_;
};

// Runs `sql` on the database at `url` (no rows expected); returns "" or the error.
std::string PostgresExec(const std::string& url, const std::string& sql);
// The rows of `sql` on `url`, each row's columns joined by '|', rows joined by '\n'.
std::string PostgresQuery(const std::string& url, const std::string& sql);

}  // namespace savanna::testing
