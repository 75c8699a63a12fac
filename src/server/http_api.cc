// HTTP routes: /api/games, /api/agents, /api/tables[...], the built-in index page and the files
// of the web UI (looked up in the allow-list made at start, never on disk).
#include "server/http_api.h"

#include <atomic>
#include <sstream>

#include "core/json_io.h"
#include "core/text.h"
#include "server/catalog.h"
#include "server/request_fields.h"
#include "server/review.h"
#include "server/tokens.h"

namespace savanna::server {
namespace {

ApiError NotFound() { return ApiError{404, "not_found", "no such resource"}; }
ApiError BadMethod(const std::string& allowed) {
  return ApiError{405, "method_not_allowed", "use " + allowed + " here"};
}

// The request body as a JSON object ("" counts as {}).
ApiResult<Json> Body(const HttpRequest& request) {
  if (request.body.empty()) return Json::object();
  return ParseObject(request.body);
}

}  // namespace

HttpResponse JsonResponse(int status, const Json& json) {
  return HttpResponse{status, "application/json", JsonText(json), nullptr, {}};
}

HttpResponse ErrorResponse(const ApiError& error) {
  HttpResponse response = JsonResponse(error.status, ErrorJson(error));
  if (error.retry_after > 0)
    response.headers.emplace_back("Retry-After", std::to_string(error.retry_after));
  return response;
}

HttpApi::HttpApi(Lobby& lobby, StaticFiles files, ClientRates* rates)
    : lobby_(lobby), files_(std::move(files)), rates_(rates) {}

std::optional<HttpResponse> HttpApi::Limit(RateLimiter& limiter, const std::string& client,
                                           const std::string& what) {
  const double wait = limiter.Take(client);
  if (wait <= 0) return std::nullopt;
  return ErrorResponse(RateLimited(what, wait));
}

std::optional<HttpResponse> HttpApi::Admit(const std::string& client) {
  if (rates_ == nullptr) return std::nullopt;
  return Limit(rates_->requests, client, "requests");
}

Lobby::Admit HttpApi::CreationAdmit(const std::string& client) {
  if (rates_ == nullptr) return {};
  return [this, client]() -> double { return rates_->creates.Take(client); };
}

namespace {

// Headers on every HTTP response: the browser may run only the UI's own scripts (and compile the
// engine's WebAssembly among them, for play on the device: docs/static.md), load nothing from
// elsewhere, never guess content types, and never frame the page.
void SetSecurityHeaders(boost::beast::http::response<boost::beast::http::string_body>& response) {
  namespace http = boost::beast::http;
  response.set("X-Content-Type-Options", "nosniff");
  response.set(http::field::x_frame_options, "DENY");
  response.set("Referrer-Policy", "no-referrer");
  response.set("Content-Security-Policy",
               "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; "
               "img-src 'self' data:; "
               "style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; "
               "form-action 'self'; frame-ancestors 'none'");
}

}  // namespace

boost::beast::http::response<boost::beast::http::string_body> WireResponse(const HttpResponse& r,
                                                                           bool keep_alive,
                                                                           unsigned version) {
  namespace http = boost::beast::http;
  http::response<http::string_body> response(http::status(unsigned(r.status)), version);
  response.set(http::field::server, "savanna");
  response.set(http::field::content_type, r.content_type);
  response.set(http::field::cache_control, "no-store");
  SetSecurityHeaders(response);
  for (const auto& [name, value] : r.headers) response.set(name, value);
  response.keep_alive(keep_alive);
  response.body() = r.shared_body ? *r.shared_body : r.body;
  response.prepare_payload();
  return response;
}

void HttpApi::Handle(const HttpRequest& request, std::function<void(HttpResponse)> reply) {
  // Whatever happens, one answer: the first of the route's and the boundary's.
  auto answered = std::make_shared<std::atomic<bool>>(false);
  auto once = [reply = std::move(reply), answered](HttpResponse response) {
    if (!answered->exchange(true)) reply(std::move(response));
  };
  try {
    Route(request, once);
  } catch (const std::exception& e) {
    LogInternalError("an HTTP request", e.what());
    once(ErrorResponse(InternalError()));
  } catch (...) {
    LogInternalError("an HTTP request", "an exception that is not a std::exception");
    once(ErrorResponse(InternalError()));
  }
}

void HttpApi::Route(const HttpRequest& request, std::function<void(HttpResponse)> reply) {
  if (!request.relayed)
    if (auto refused = Admit(request.client)) return reply(std::move(*refused));
  const std::string path = request.target.substr(0, request.target.find('?'));
  if (path == "/api" || path.rfind("/api/", 0) == 0) return Api(request, path, std::move(reply));
  if (request.method != "GET") return reply(ErrorResponse(BadMethod("GET")));
  if (const StaticFile* file = files_.Find(path)) {
    HttpResponse response{200, file->content_type, "", file->body, {}};
    return reply(std::move(response));
  }
  if (path == "/" || path == "/index.html")
    return reply(HttpResponse{200, "text/html; charset=utf-8", IndexPage(), nullptr, {}});
  reply(ErrorResponse(NotFound()));
}

void HttpApi::Api(const HttpRequest& request, const std::string& path,
                  std::function<void(HttpResponse)> reply) {
  const bool get = request.method == "GET", post = request.method == "POST";
  if (path == "/api/games") {
    if (!get) return reply(ErrorResponse(BadMethod("GET")));
    return reply(JsonResponse(200, GamesJson(lobby_.games())));
  }
  if (path == "/api/agents") {
    if (!get) return reply(ErrorResponse(BadMethod("GET")));
    return reply(JsonResponse(200, AgentsJson()));
  }
  if (path == "/api/tables") {
    if (get && router_ != nullptr && !request.relayed)
      return router_->ListAll(lobby_.List(), [reply](Json all) { reply(JsonResponse(200, all)); });
    if (get) return reply(JsonResponse(200, lobby_.List()));
    if (!post) return reply(ErrorResponse(BadMethod("GET or POST")));
    auto body = Body(request);
    if (!body) return reply(ErrorResponse(body.error()));
    return lobby_.Create(
        *body,
        [reply](ApiResult<Json> created) {
          reply(created ? JsonResponse(201, *created) : ErrorResponse(created.error()));
        },
        CreationAdmit(request.client), request.client);
  }
  const std::string prefix = "/api/tables/";
  if (path.rfind(prefix, 0) == 0) {
    const std::string rest = path.substr(prefix.size());
    const size_t slash = rest.find('/');
    const std::string id = rest.substr(0, slash);
    const std::string action = slash == std::string::npos ? "" : rest.substr(slash + 1);
    return TableRoute(request, id, action, std::move(reply));
  }
  reply(ErrorResponse(NotFound()));
}

void HttpApi::TableRoute(const HttpRequest& request, const std::string& id,
                         const std::string& action, std::function<void(HttpResponse)> reply) {
  if (action != "" && action != "join" && action != "leave" && action != "record" &&
      action != "rematch" && action != "review")
    return reply(ErrorResponse(NotFound()));
  const bool post = action == "join" || action == "leave" || action == "rematch";
  const bool del = action.empty() && request.method == "DELETE";
  if (!del && request.method != (post ? "POST" : "GET"))
    return reply(ErrorResponse(BadMethod(post             ? "POST"
                                         : action.empty() ? "GET or DELETE"
                                                          : "GET")));
  if (router_ != nullptr && !request.relayed)
    if (const std::string owner = router_->OwnerOf(id); !owner.empty())
      return router_->ForwardHttp(owner, request, std::move(reply));
  if (del) {
    auto body = Body(request);
    if (!body) return reply(ErrorResponse(body.error()));
    if (auto ok = CheckFields(*body, {"token"}, "the delete request"); !ok)
      return reply(ErrorResponse(ok.error()));
    auto token = ReadToken(*body);
    if (!token) return reply(ErrorResponse(token.error()));
    return lobby_.Delete(id, *token, [reply, id](ApiResult<void> deleted) {
      if (!deleted) return reply(ErrorResponse(deleted.error()));
      reply(JsonResponse(200, {{"table", id}, {"deleted", true}}));
    });
  }
  const std::shared_ptr<Table> table = lobby_.Find(id);
  if (!table) return reply(ErrorResponse({404, "unknown_table", "no table with that id"}));
  if (action.empty()) return reply(JsonResponse(200, table->Summary()));
  if (action == "record") {
    auto record = table->Record();
    return reply(record ? JsonResponse(200, *record) : ErrorResponse(record.error()));
  }
  if (action == "review") return reply(Review(request, *table));
  auto body = Body(request);
  if (!body) return reply(ErrorResponse(body.error()));
  if (action == "rematch") {
    if (auto ok = CheckFields(*body, {}, "the rematch request"); !ok)
      return reply(ErrorResponse(ok.error()));
    // Counted as a creation when it makes a table (not when it names the rematch made already).
    return lobby_.Rematch(
        table,
        [reply](ApiResult<Json> made) {
          reply(made ? JsonResponse(200, *made) : ErrorResponse(made.error()));
        },
        CreationAdmit(request.client), request.client);
  }
  if (action == "join") {
    if (auto ok = CheckFields(*body, {"seat", "name"}, "the join request"); !ok)
      return reply(ErrorResponse(ok.error()));
    auto join = ReadJoinRequest(*body);
    if (!join) return reply(ErrorResponse(join.error()));
    if (rates_ != nullptr)
      if (auto refused = Limit(rates_->joins, request.client, "seats taken"))
        return reply(std::move(*refused));
    return table->Join(
        join->seat, join->name, nullptr, [reply, id](ApiResult<Table::Joined> joined) {
          if (!joined) return reply(ErrorResponse(joined.error()));
          reply(
              JsonResponse(200, {{"table", id}, {"seat", joined->seat}, {"token", joined->token}}));
        });
  }
  if (auto ok = CheckFields(*body, {"token"}, "the leave request"); !ok)
    return reply(ErrorResponse(ok.error()));
  auto token = ReadToken(*body);
  if (!token) return reply(ErrorResponse(token.error()));
  table->Leave(*token, [reply, id](ApiResult<int> left) {
    if (!left) return reply(ErrorResponse(left.error()));
    reply(JsonResponse(200, {{"table", id}, {"seat", *left}, {"left", true}}));
  });
}

HttpResponse HttpApi::Review(const HttpRequest& request, const Table& table) {
  const size_t mark = request.target.find('?');
  auto query = ReadReviewQuery(mark == std::string::npos
                                   ? std::string_view()
                                   : std::string_view(request.target).substr(mark + 1));
  if (!query) return ErrorResponse(query.error());
  // Nothing of an unfinished game is replayed, for any viewer, whatever the query asks.
  auto finished = table.FinishedGame();
  if (!finished) return ErrorResponse(finished.error());
  auto review = ReviewJson(table.id(), finished->game, finished->record, *query);
  return review ? JsonResponse(200, *review) : ErrorResponse(review.error());
}

std::string HttpApi::IndexPage() const {
  std::ostringstream html;
  html << "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
          "<title>Savanna server</title>"
          "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
          "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em;"
          "text-align:left}</style></head><body>\n<h1>Savanna server</h1>\n"
          "<p>This server speaks the protocol in <code>docs/protocol.md</code>: a JSON API under "
          "<a href=\"/api/games\"><code>/api/</code></a> and live play over the WebSocket "
          "<code>/ws</code>. The browser UI is not installed here (start the server with "
          "<code>--web DIR</code> to serve one).</p>\n<h2>Games</h2>\n<table><tr><th>Name</th>"
          "<th>Title</th><th>Players</th></tr>\n";
  for (const Json& game : GamesJson(lobby_.games()))
    html << "<tr><td><code>" << EscapeXml(game["name"].get<std::string>()) << "</code></td><td>"
         << EscapeXml(game["title"].get<std::string>()) << "</td><td>"
         << game["min_players"].get<int>() << "-" << game["max_players"].get<int>()
         << "</td></tr>\n";
  html << "</table>\n<h2>Open tables</h2>\n";
  const Json tables = lobby_.List()["tables"];
  int open = 0;
  std::ostringstream rows;
  for (const Json& table : tables) {
    int free = 0;
    for (const Json& seat : table["seats"])
      free += seat["player"] == "human" && !seat["taken"].get<bool>() ? 1 : 0;
    if (free == 0) continue;
    ++open;
    rows << "<tr><td><a href=\"/api/tables/" << EscapeXml(table["id"].get<std::string>())
         << "\"><code>" << EscapeXml(table["id"].get<std::string>()) << "</code></a></td><td>"
         << EscapeXml(table["game"].get<std::string>()) << "</td><td>"
         << EscapeXml(table["status"].get<std::string>()) << "</td><td>" << free << "</td></tr>\n";
  }
  if (open == 0)
    html << "<p>No table has a free seat. Create one with <code>POST /api/tables</code>.</p>\n";
  else
    html << "<table><tr><th>Table</th><th>Game</th><th>Status</th><th>Free seats</th></tr>\n"
         << rows.str() << "</table>\n";
  html << "</body></html>\n";
  return html.str();
}

}  // namespace savanna::server
