// The HTTP side of the server without the network: routes a request (method, target, body) to
// the lobby, the built-in index page or the web folder, and produces the response.
#pragma once

#include <functional>
#include <string>

#include "server/lobby.h"

namespace savanna::server {

struct HttpRequest {
  std::string method;  // "GET", "POST", ...
  std::string target;  // "/api/tables?x=1"
  std::string body;
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

class HttpApi {
 public:
  // `web_dir`: the built web UI served at / (empty or without index.html: the built-in page).
  HttpApi(Lobby& lobby, std::string web_dir);

  // `reply` runs once, possibly on another thread (creating a table waits for the store).
  void Handle(const HttpRequest& request, std::function<void(HttpResponse)> reply);

 private:
  void Api(const HttpRequest& request, const std::string& path,
           std::function<void(HttpResponse)> reply);
  void TableRoute(const HttpRequest& request, const std::string& id, const std::string& action,
                  std::function<void(HttpResponse)> reply);
  HttpResponse StaticFile(const std::string& path) const;
  std::string IndexPage() const;

  Lobby& lobby_;
  std::string web_dir_;
};

// JSON responses; an error body is {"type": "error", "code", "message"}.
HttpResponse JsonResponse(int status, const Json& json);
HttpResponse ErrorResponse(const ApiError& error);

}  // namespace savanna::server
