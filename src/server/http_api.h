// The HTTP side of the server without the network: routes a request (method, target, body) to
// the lobby, the built-in index page or the web folder, and produces the response.
#pragma once

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/client_limits.h"
#include "server/lobby.h"
#include "server/router.h"
#include "server/static_files.h"

namespace savanna::server {

struct HttpRequest {
  std::string method;  // "GET", "POST", ...
  std::string target;  // "/api/tables?x=1"
  std::string body;
  std::string client;    // who sent it, for the rate limits (client_limits.h ClientKey)
  bool relayed = false;  // relayed by another node (router.h), which admitted it already
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::shared_ptr<const std::string> shared_body;  // used instead of `body` when set (files)
  std::vector<std::pair<std::string, std::string>> headers;  // extra ones, e.g. Retry-After
};

class HttpApi {
 public:
  // `files`: the built web UI served at / (empty or without index.html: the built-in page).
  // `rates` (optional): the per-client request, creation and join limits.
  HttpApi(Lobby& lobby, StaticFiles files, ClientRates* rates = nullptr);

  // `reply` runs once, possibly on another thread (creating a table waits for the store). An
  // exception boundary: whatever the routing throws is logged and answered with 500 internal.
  void Handle(const HttpRequest& request, std::function<void(HttpResponse)> reply);
  // The refusal (429 with Retry-After) when `client` has sent too many requests; none when it
  // may send this one (which is counted).
  std::optional<HttpResponse> Admit(const std::string& client);
  // Several nodes (router.h): requests about a table another node runs are relayed there, and
  // the list of tables is every node's.
  void SetRouter(Router* router) { router_ = router; }

 private:
  void Route(const HttpRequest& request, std::function<void(HttpResponse)> reply);
  void Api(const HttpRequest& request, const std::string& path,
           std::function<void(HttpResponse)> reply);
  void TableRoute(const HttpRequest& request, const std::string& id, const std::string& action,
                  std::function<void(HttpResponse)> reply);
  // GET /api/tables/ID/review?viewer=V&step=K (review.h).
  static HttpResponse Review(const HttpRequest& request, const Table& table);
  std::string IndexPage() const;

  // Asks the creation limit of `client` (none without rates).
  Lobby::Admit CreationAdmit(const std::string& client);
  // The 429 reply when `limiter` has no token left for `client`.
  static std::optional<HttpResponse> Limit(RateLimiter& limiter, const std::string& client,
                                           const std::string& what);

  Lobby& lobby_;
  StaticFiles files_;
  ClientRates* rates_;
  Router* router_ = nullptr;
};

// JSON responses; an error body is {"type": "error", "code", "message"}.
HttpResponse JsonResponse(int status, const Json& json);
HttpResponse ErrorResponse(const ApiError& error);

// `r` as the HTTP transport writes it: status, content type, the server's security and cache
// headers, `r`'s own headers and the body, for a request of HTTP `version`.
boost::beast::http::response<boost::beast::http::string_body> WireResponse(const HttpResponse& r,
                                                                           bool keep_alive,
                                                                           unsigned version);

}  // namespace savanna::server
