// Fuzz target: HTTP requests as bytes from the network, parsed by Beast with the server's limits
// and routed by the server's HttpApi (every /api route, static files) in process, against a
// lobby with a waiting and a playing table ($W, $P, $T, $C in the bytes name their ids and
// tokens). Several requests may follow one another. Every answer is written as the transport
// writes it (WireResponse, then Beast's serializer) and must have a status the server sends
// and, for the API, a JSON body; an answer of the API's exception boundary (500 "internal": a
// route threw) counts as a crash.
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <sstream>
#include <string>

#include "fuzz/fuzz_common.h"
#include "fuzz/server_harness.h"
#include "server/server.h"

using namespace savanna;
namespace http = boost::beast::http;

namespace {
const server::ServerOptions kDefaults;  // the limits `savanna serve` parses requests with
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static fuzz::ServerHarness harness;
  harness.Reset();
  std::string bytes = harness.Substitute(std::string(reinterpret_cast<const char*>(data), size));
  for (int i = 0; i < 8 && !bytes.empty(); ++i) {
    http::request_parser<http::string_body> parser;
    parser.header_limit(uint32_t(kDefaults.max_header_bytes));
    parser.body_limit(kDefaults.max_message_bytes);
    parser.eager(true);
    boost::beast::error_code ec;
    const size_t used = parser.put(boost::asio::buffer(bytes), ec);
    if (ec || !parser.is_done()) {
      parser.put_eof(ec);
      if (!parser.is_done()) return 0;
    }
    bytes.erase(0, used);
    auto request = parser.release();
    server::HttpRequest plain{std::string(request.method_string()), std::string(request.target()),
                              request.body(), "fuzz"};
    bool answered = false;
    harness.api().Handle(plain, [&](server::HttpResponse response) {
      answered = true;
      fuzz::Require(response.status >= 200 && response.status < 600, "an HTTP status");
      std::ostringstream wire;
      wire << server::WireResponse(response, true, 11);
      fuzz::Require(wire.str().size() >= response.body.size(), "the response is written whole");
      if (response.content_type == "application/json") {
        const Json body = Json::parse(response.body, nullptr, false);
        fuzz::Require(!body.is_discarded(), "a JSON answer parses");
        fuzz::Require(body.is_object() ? body.value("code", "") != "internal" : true,
                      "no route throws: " + response.body);
      }
    });
    harness.Drain();
    fuzz::Require(answered, "every request is answered");
  }
  return 0;
}
