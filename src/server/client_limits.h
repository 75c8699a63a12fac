// Who a client is, and what one client may cost: requests per second (token buckets, one per
// client and kind of request) and open connections (per client and in all). Memory is bounded:
// a client idle long enough to have a full bucket is forgotten, and past `max_clients` the
// longest idle ones are.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace savanna::server {

using Clock = std::chrono::steady_clock;

// The key that identifies a client: its IPv4 address, or the /64 prefix of an IPv6 address (one
// household or server holds a whole /64, so counting addresses in it would count nothing).
std::string ClientKey(const boost::asio::ip::address& address);

// The client of a connection: its peer, or, when the peer is `trusted_proxy` (a reverse proxy
// in front of the server), the last address of the proxy's X-Forwarded-For header. A header that
// does not parse leaves the proxy's own address.
std::string ClientOf(const boost::asio::ip::address& peer, std::string_view forwarded_for,
                     const std::string& trusted_proxy);

class RateLimiter {
 public:
  // `per_second` tokens return per second, up to `burst`.
  RateLimiter(double per_second, double burst, size_t max_clients = 100000);
  // Takes a token for `client`: 0 when one was there, otherwise the seconds until one will be.
  double Take(const std::string& client, Clock::time_point now = Clock::now());
  size_t clients() const;
  // Several nodes (cluster.h): Take asks `take(client, per_second, burst)`, a bucket that every
  // node shares, instead of this node's own. Set before the server serves.
  using SharedTake = std::function<double(const std::string&, double, double)>;
  void Share(SharedTake take) { shared_ = std::move(take); }

 private:
  struct Bucket {
    double tokens;
    Clock::time_point last;
  };
  void Prune(Clock::time_point now);

  double per_second_, burst_;
  size_t max_clients_;
  SharedTake shared_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
};

class ConnectionLimiter {
 public:
  ConnectionLimiter(size_t per_client, size_t total);
  // A slot for a new connection of `client`, released when the last copy is destroyed; null
  // when the client, or the server, holds its limit already.
  std::shared_ptr<void> Acquire(const std::string& client);
  size_t open() const;
  size_t total() const { return total_; }

 private:
  void Release(const std::string& client);
  size_t per_client_, total_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, size_t> open_;
  size_t all_ = 0;
};

// The request rates of every client: HTTP requests (and WebSocket upgrades) of any kind, tables
// created (and rematches), seats taken (over HTTP or the WebSocket).
struct ClientRates {
  RateLimiter requests;
  RateLimiter creates;
  RateLimiter joins;
};

}  // namespace savanna::server
