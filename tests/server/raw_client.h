// Raw TCP clients for the hostile-client tests: bytes exactly as a hostile client would send
// them (no HTTP library normalising the request line), from a chosen loopback source address
// (127.0.0.2, 127.0.0.3, ... are separate clients to the server), held open as long as a test
// wants.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace savanna::testing {

// The source addresses of the hostile tests' two parties: separate clients to the server.
inline const std::string kAttacker = "127.0.0.2";
inline const std::string kHonest = "127.0.0.3";

using std::chrono::milliseconds;

class RawConnection {
 public:
  // Connects to 127.0.0.1:port from `source` (any 127.x.y.z); connected() tells whether it did.
  explicit RawConnection(uint16_t port, const std::string& source = "127.0.0.1");
  ~RawConnection();
  RawConnection(RawConnection&& other) noexcept;
  RawConnection& operator=(RawConnection&& other) noexcept;
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  bool connected() const { return fd_ >= 0; }
  // The server closed the connection (seen by Receive).
  bool peer_closed() const { return peer_closed_; }
  bool Send(std::string_view bytes);
  // Reads until `timeout`, the peer closes, or (with `until`) the text received contains it.
  std::string Receive(milliseconds timeout, std::string_view until = "");
  // True when the server has closed the connection (a read returns end of file or a reset)
  // within `timeout`.
  bool ClosedByPeer(milliseconds timeout);
  void Close();

 private:
  int fd_ = -1;
  bool peer_closed_ = false;
};

// A WebSocket handshake on `c` (to /ws); true when the server switched protocols.
bool RawWebSocketHandshake(RawConnection& c);
// A client-to-server text frame carrying `payload` (masked, as the protocol requires).
std::string MaskedTextFrame(const std::string& payload);
// The second byte of a masked client frame and its extended length, for a payload of `length`
// bytes (a hostile client may announce far more than it sends).
std::string MaskedFrameLength(uint64_t length);

// Reads server frames on a raw WebSocket for `duration`, answering each ping with a pong (as a
// browser does); false when the server closed the connection meanwhile.
bool AnswerPings(RawConnection& c, milliseconds duration);

// Sends `bytes` on a fresh connection and returns everything received until the server closes
// or `timeout` passes.
std::string RawExchange(uint16_t port, std::string_view bytes,
                        milliseconds timeout = milliseconds(5000),
                        const std::string& source = "127.0.0.1");
// A GET of `target` exactly as given, with Connection: close.
std::string RawGet(uint16_t port, std::string_view target, const std::string& source = "127.0.0.1");
// A request with `headers` (each "Name: value\r\n") and `body`, Connection: close.
std::string RawRequest(uint16_t port, const std::string& method, const std::string& target,
                       const std::string& headers, const std::string& body = "",
                       const std::string& source = "127.0.0.1");
// The status code of a raw HTTP response ("HTTP/1.1 404 ..."), or 0 when there is none.
int StatusOf(std::string_view response);
// The value of header `name` (case-insensitive) in a raw response, or "".
std::string HeaderOf(std::string_view response, std::string_view name);
// The body of a raw response (after the blank line).
std::string BodyOf(std::string_view response);

}  // namespace savanna::testing
