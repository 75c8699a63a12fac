// POSIX sockets with deadlines: nothing here interprets what the server sends beyond finding
// the status line, a header and the body.
#include "server/raw_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>

namespace savanna::testing {

RawConnection::RawConnection(uint16_t port, const std::string& source) {
  fd_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0) return;
  sockaddr_in local{};
  local.sin_family = AF_INET;
  inet_pton(AF_INET, source.c_str(), &local.sin_addr);
  sockaddr_in remote{};
  remote.sin_family = AF_INET;
  remote.sin_port = htons(port);
  inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr);
  if (bind(fd_, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0 ||
      connect(fd_, reinterpret_cast<sockaddr*>(&remote), sizeof remote) != 0)
    Close();
}

RawConnection::~RawConnection() { Close(); }

RawConnection::RawConnection(RawConnection&& other) noexcept
    : fd_(other.fd_), peer_closed_(other.peer_closed_) {
  other.fd_ = -1;
}

RawConnection& RawConnection::operator=(RawConnection&& other) noexcept {
  if (this != &other) {
    Close();
    fd_ = other.fd_;
    peer_closed_ = other.peer_closed_;
    other.fd_ = -1;
  }
  return *this;
}

void RawConnection::Close() {
  if (fd_ >= 0) close(fd_);
  fd_ = -1;
}

bool RawConnection::Send(std::string_view bytes) {
  while (!bytes.empty() && fd_ >= 0) {
    const ssize_t sent = send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (sent < 0 && errno == EINTR) continue;
    if (sent <= 0) return false;
    bytes.remove_prefix(size_t(sent));
  }
  return fd_ >= 0;
}

namespace {

// Waits until `fd` is readable or `deadline` passes (polling at least once, so that a timeout of
// zero still looks); false on timeout.
bool Readable(int fd, std::chrono::steady_clock::time_point deadline) {
  while (true) {
    const auto left = std::max<int64_t>(
        0, std::chrono::duration_cast<milliseconds>(deadline - std::chrono::steady_clock::now())
               .count());
    pollfd p{fd, POLLIN, 0};
    const int ready = poll(&p, 1, int(left));
    if (ready < 0 && errno == EINTR) continue;
    return ready > 0;
  }
}

}  // namespace

std::string RawConnection::Receive(milliseconds timeout, std::string_view until) {
  std::string received;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (fd_ >= 0) {
    if (!until.empty() && received.find(until) != std::string::npos) break;
    if (!Readable(fd_, deadline)) break;
    char buffer[4096];
    const ssize_t got = recv(fd_, buffer, sizeof buffer, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      peer_closed_ = true;
      break;
    }
    received.append(buffer, size_t(got));
  }
  return received;
}

bool RawConnection::ClosedByPeer(milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (fd_ >= 0) {
    if (!Readable(fd_, deadline)) return false;
    char buffer[4096];
    const ssize_t got = recv(fd_, buffer, sizeof buffer, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return true;  // end of file or reset
  }
  return true;
}

std::string RawExchange(uint16_t port, std::string_view bytes, milliseconds timeout,
                        const std::string& source) {
  RawConnection c(port, source);
  if (!c.connected() || !c.Send(bytes)) return "";
  return c.Receive(timeout);
}

std::string RawGet(uint16_t port, std::string_view target, const std::string& source) {
  return RawExchange(
      port,
      "GET " + std::string(target) + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      milliseconds(5000), source);
}

std::string RawRequest(uint16_t port, const std::string& method, const std::string& target,
                       const std::string& headers, const std::string& body,
                       const std::string& source) {
  return RawExchange(port,
                     method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers +
                         "Content-Length: " + std::to_string(body.size()) +
                         "\r\nConnection: close\r\n\r\n" + body,
                     milliseconds(5000), source);
}

bool RawWebSocketHandshake(RawConnection& c) {
  c.Send(
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
  return StatusOf(c.Receive(milliseconds(3000), "\r\n\r\n")) == 101;
}

namespace {

// A masked client frame with `opcode`.
std::string MaskedFrame(int opcode, const std::string& payload) {
  std::string frame;
  frame += char(0x80 | opcode);  // FIN
  const unsigned char mask[4] = {0x12, 0x34, 0x56, 0x78};
  frame += MaskedFrameLength(payload.size());
  for (unsigned char m : mask) frame += char(m);
  for (size_t i = 0; i < payload.size(); ++i) frame += char(payload[i] ^ mask[i % 4]);
  return frame;
}

}  // namespace

std::string MaskedFrameLength(uint64_t length) {
  std::string bytes;
  if (length < 126) return std::string(1, char(0x80 | length));
  const int size = length < 65536 ? 2 : 8;
  bytes += char(0x80 | (size == 2 ? 126 : 127));
  for (int i = size - 1; i >= 0; --i) bytes += char((length >> (8 * i)) & 0xff);
  return bytes;
}

std::string MaskedTextFrame(const std::string& payload) { return MaskedFrame(0x1, payload); }

bool AnswerPings(RawConnection& c, milliseconds duration) {
  const auto end = std::chrono::steady_clock::now() + duration;
  std::string buffer;
  while (std::chrono::steady_clock::now() < end) {
    const auto left =
        std::chrono::duration_cast<milliseconds>(end - std::chrono::steady_clock::now());
    buffer += c.Receive(std::min(left, milliseconds(50)));
    if (c.peer_closed()) return false;
    // Whole server frames (unmasked): opcode, length, payload.
    while (buffer.size() >= 2) {
      const int opcode = buffer[0] & 0x0f;
      size_t length = size_t(buffer[1] & 0x7f), header = 2;
      if (length == 126) {
        if (buffer.size() < 4) break;
        length = size_t(uint8_t(buffer[2])) << 8 | uint8_t(buffer[3]);
        header = 4;
      } else if (length == 127) {
        return false;  // no message of the tests is this long
      }
      if (buffer.size() < header + length) break;
      const std::string payload = buffer.substr(header, length);
      buffer.erase(0, header + length);
      if (opcode == 0x9) c.Send(MaskedFrame(0xA, payload));
      if (opcode == 0x8) return false;
    }
  }
  return true;
}

int StatusOf(std::string_view response) {
  if (response.substr(0, 5) != "HTTP/") return 0;
  const size_t space = response.find(' ');
  if (space == std::string_view::npos || space + 4 > response.size()) return 0;
  int status = 0;
  for (size_t i = space + 1; i < space + 4; ++i) {
    if (!std::isdigit(static_cast<unsigned char>(response[i]))) return 0;
    status = status * 10 + (response[i] - '0');
  }
  return status;
}

std::string HeaderOf(std::string_view response, std::string_view name) {
  const size_t end = response.find("\r\n\r\n");
  size_t line = response.find("\r\n");
  while (line != std::string_view::npos && line < end) {
    const size_t start = line + 2;
    const size_t next = response.find("\r\n", start);
    const std::string_view header = response.substr(start, next - start);
    const size_t colon = header.find(':');
    if (colon == name.size() &&
        std::equal(name.begin(), name.end(), header.begin(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) ==
                 std::tolower(static_cast<unsigned char>(b));
        })) {
      std::string_view value = header.substr(colon + 1);
      while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
      return std::string(value);
    }
    line = next;
  }
  return "";
}

std::string BodyOf(std::string_view response) {
  const size_t end = response.find("\r\n\r\n");
  return end == std::string_view::npos ? "" : std::string(response.substr(end + 4));
}

}  // namespace savanna::testing
