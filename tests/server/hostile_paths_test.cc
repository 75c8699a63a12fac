// Hostile clients, class 1: reading files. Only the built UI's files are served, from the
// allow-list made at start; every other form of path is a 404 (or a refused request), the
// database is never served even when it sits in the web folder, and an honest client is
// served meanwhile.
#include <unistd.h>

#include <cstdlib>
#include <fstream>

#include "server/raw_client.h"
#include "server/server_test_util.h"
#include "server/static_files.h"

namespace savanna::testing {
namespace {

void WriteFile(const std::filesystem::path& path, const std::string& content) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << content;
}

class HostilePathsTest : public ServerTest {
 protected:
  // web/ (the UI) and outside/ (secrets beside it), with links from one to the other; the
  // database is put inside the web folder under a name the UI could serve (state.json).
  void SetUp() override {
    web_ = dir_.Path("web");
    outside_ = dir_.Path("outside");
    WriteFile(web_ + "/index.html", "<html>the lobby</html>");
    WriteFile(web_ + "/assets/app.js", "console.log('app');");
    WriteFile(web_ + "/.hidden.js", "HIDDEN-MARKER");
    WriteFile(web_ + "/assets/.env", "HIDDEN-MARKER");
    WriteFile(web_ + "/.git/config.txt", "HIDDEN-MARKER");
    WriteFile(web_ + "/notes.db", "DB-MARKER");
    WriteFile(outside_ + "/secret.js", "OUTSIDE-MARKER");
    WriteFile(outside_ + "/dir/x.js", "OUTSIDE-MARKER");
    std::filesystem::create_symlink(outside_ + "/secret.js", web_ + "/secret-link.js");
    std::filesystem::create_symlink(outside_ + "/dir", web_ + "/linkdir");
    std::filesystem::create_symlink("/etc/hostname", web_ + "/host.txt");
    std::filesystem::create_symlink(web_ + "/assets/app.js", web_ + "/inside-link.js");
    setenv("SAVANNA_TEST_SECRET", "ENVIRON-MARKER", 1);
    server::ServerOptions options;
    options.web_dir = web_;
    options.db_path = web_ + "/state.json";
    StartServer(options);
    CreateTable("kariba(players=2)", {"human", "random"});  // the database has content
  }

  // An honest client gets the UI.
  void ExpectHonestServed() {
    const std::string page = RawGet(port(), "/");
    EXPECT_EQ(StatusOf(page), 200);
    EXPECT_EQ(BodyOf(page), "<html>the lobby</html>");
    const std::string app = RawGet(port(), "/assets/app.js");
    EXPECT_EQ(StatusOf(app), 200);
    EXPECT_EQ(HeaderOf(app, "Content-Type"), "text/javascript; charset=utf-8");
  }

  std::string web_, outside_;
};

// Nothing a refused request returns may hold a marker of what it tried to reach.
void ExpectNothingLeaked(const std::string& response, const std::string& what) {
  for (const char* marker : {"HIDDEN-MARKER", "DB-MARKER", "OUTSIDE-MARKER", "ENVIRON-MARKER",
                             "root:", "SQLite format", "kariba"})
    EXPECT_EQ(response.find(marker), std::string::npos) << what << " leaked " << marker;
}

TEST_F(HostilePathsTest, EveryFormOfPathOutsideTheAllowListIsNotFound) {
  const std::vector<std::string> targets = {
      "//etc/passwd",
      "//proc/self/environ",
      "//etc/hostname",
      "/../outside/secret.js",
      "/assets/../../outside/secret.js",
      "/%2e%2e/outside/secret.js",
      "/%2E%2E/%2E%2E/etc/passwd",
      "/assets%2f..%2f..%2foutside%2fsecret.js",
      "/assets/..%5c..%5coutside%5csecret.js",
      "/assets\\..\\..\\outside\\secret.js",
      "/index.html%00.js",
      "/.hidden.js",
      "/assets/.env",
      "/.git/config.txt",
      "/notes.db",
      "/state.json",
      "/state.json-wal",
      "/state.json-shm",
      "/secret-link.js",
      "/linkdir/x.js",
      "/host.txt",
      "/assets",
      "/assets/",
      "/assets//app.js",
      "//assets/app.js",
      "/./assets/app.js",
      "/assets/./app.js",
      "/ASSETS/APP.JS",
      "http://127.0.0.1/etc/passwd",
      "*",
      std::string("/") + std::string(600, 'a') + ".js",
  };
  for (const std::string& target : targets) {
    const std::string response = RawGet(port(), target);
    const int status = StatusOf(response);
    EXPECT_TRUE(status == 404 || status == 400 || status == 0) << target << ": " << status;
    ExpectNothingLeaked(response, target);
  }
  ExpectHonestServed();
}

TEST_F(HostilePathsTest, RawBytesInTheRequestLineAreRefused) {
  const std::vector<std::string> requests = {
      std::string("GET /index.html\0/../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", 51),
      "GET /%00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      "GET ../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      "GET /etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      "GET /\x01\x02 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      "GET\t//etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      "GET //etc/passwd HTTP/9.9\r\nHost: x\r\nConnection: close\r\n\r\n",
  };
  for (const std::string& request : requests) {
    const std::string response = RawExchange(port(), request, milliseconds(3000));
    const int status = StatusOf(response);
    EXPECT_TRUE(status == 404 || status == 400 || status == 0) << request << ": " << status;
    ExpectNothingLeaked(response, request);
  }
  ExpectHonestServed();
}

TEST_F(HostilePathsTest, OnlyTheFilesOfTheUiAreServedWithSafeHeaders) {
  ExpectHonestServed();
  const std::string linked = RawGet(port(), "/inside-link.js");
  EXPECT_EQ(StatusOf(linked), 200) << "a link that stays inside the folder is served";
  EXPECT_EQ(BodyOf(linked), "console.log('app');");
  const std::string page = RawGet(port(), "/index.html");
  EXPECT_EQ(StatusOf(page), 200);
  EXPECT_EQ(HeaderOf(page, "X-Content-Type-Options"), "nosniff");
  EXPECT_EQ(HeaderOf(page, "X-Frame-Options"), "DENY");
  EXPECT_NE(HeaderOf(page, "Content-Security-Policy").find("default-src 'self'"),
            std::string::npos);
  // Scripts are the UI's own; WebAssembly may be compiled (the engine of local mode), nothing
  // else evaluated.
  EXPECT_NE(HeaderOf(page, "Content-Security-Policy").find("script-src 'self' 'wasm-unsafe-eval';"),
            std::string::npos);
  // The list is made at start: a file written later is not served.
  WriteFile(web_ + "/assets/late.js", "late");
  EXPECT_EQ(StatusOf(RawGet(port(), "/assets/late.js")), 404);
}

// A hard link inside the web folder is the very file it links, wherever that lives: the database,
// a secret beside the folder. Files are judged by identity (device, inode, link count), not path.
TEST(StaticFilesLoad, AHardLinkIsNeverServedWhateverItNames) {
  TempDir dir;
  const std::string web = dir.Path("web"), outside = dir.Path("outside");
  WriteFile(web + "/index.html", "<html>the lobby</html>");
  WriteFile(outside + "/secret.txt", "OUTSIDE-MARKER");
  WriteFile(outside + "/tables.db", "SQLite format 3");
  std::filesystem::create_hard_link(outside + "/secret.txt", web + "/secret.txt");
  std::filesystem::create_hard_link(outside + "/tables.db", web + "/tables.json");
  auto files = server::StaticFiles::Load(web, {outside + "/tables.db"});
  ASSERT_TRUE(files) << files.error().message;
  EXPECT_EQ(files->Paths(), std::vector<std::string>{"/index.html"});
}

// The same through the server: its own database, hard linked into the web folder under a name
// the UI could serve, is not served.
TEST_F(HostilePathsTest, TheDatabaseHardLinkedIntoTheWebFolderIsNotServed) {
  const std::string db = dir_.Path("tables.db");
  server::ServerOptions options;
  options.web_dir = web_;
  options.db_path = db;
  server_->Stop();
  server_.reset();
  StartServer(options);  // makes the database
  CreateTable("kariba(players=2)", {"human", "random"});
  server_->Stop();
  server_.reset();
  std::filesystem::create_hard_link(db, web_ + "/assets/tables.json");
  StartServer(options);
  const std::string response = RawGet(port(), "/assets/tables.json");
  EXPECT_EQ(StatusOf(response), 404);
  ExpectNothingLeaked(response, "the linked database");
  ExpectHonestServed();
}

TEST(StaticFilesLoad, RefusesAFolderThatIsNotOne) {
  auto missing = server::StaticFiles::Load("/nonexistent/web", {});
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("/nonexistent/web"), std::string::npos);
  auto file = server::StaticFiles::Load("/etc/hostname", {});
  EXPECT_FALSE(file);
}

}  // namespace
}  // namespace savanna::testing
