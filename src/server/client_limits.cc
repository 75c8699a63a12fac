// Client keys, token buckets and connection counts.
#include "server/client_limits.h"

#include <algorithm>
#include <vector>

namespace savanna::server {

std::string ClientKey(const boost::asio::ip::address& address) {
  if (address.is_v4()) return address.to_string();
  const auto v6 = address.to_v6();
  if (v6.is_v4_mapped())
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).to_string();
  auto bytes = v6.to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return boost::asio::ip::address_v6(bytes).to_string() + "/64";
}

std::string ClientOf(const boost::asio::ip::address& peer, std::string_view forwarded_for,
                     const std::string& trusted_proxy) {
  if (trusted_proxy.empty() || peer.to_string() != trusted_proxy || forwarded_for.empty())
    return ClientKey(peer);
  // The proxy appends the address it saw: the last entry is the one it vouches for.
  std::string_view last = forwarded_for.substr(forwarded_for.rfind(',') + 1);
  while (!last.empty() && last.front() == ' ') last.remove_prefix(1);
  while (!last.empty() && last.back() == ' ') last.remove_suffix(1);
  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(std::string(last.substr(0, 64)), ec);
  return ec ? ClientKey(peer) : ClientKey(address);
}

RateLimiter::RateLimiter(double per_second, double burst, size_t max_clients)
    : per_second_(per_second), burst_(std::max(1.0, burst)), max_clients_(max_clients) {}

double RateLimiter::Take(const std::string& client, Clock::time_point now) {
  if (shared_) return shared_(client, per_second_, burst_);
  std::lock_guard lock(mutex_);
  auto it = buckets_.find(client);
  if (it == buckets_.end()) {
    if (buckets_.size() >= max_clients_) Prune(now);
    it = buckets_.emplace(client, Bucket{burst_, now}).first;
  }
  Bucket& b = it->second;
  b.tokens = std::min(burst_,
                      b.tokens + std::chrono::duration<double>(now - b.last).count() * per_second_);
  b.last = now;
  if (b.tokens >= 1) {
    b.tokens -= 1;
    return 0;
  }
  return (1 - b.tokens) / per_second_;
}

void RateLimiter::Prune(Clock::time_point now) {
  // Forget clients whose bucket has filled up again (they lose nothing), then, if that is not
  // enough, the longest idle half.
  const auto refill = std::chrono::duration<double>(burst_ / per_second_);
  std::erase_if(buckets_, [&](const auto& entry) { return now - entry.second.last > refill; });
  if (buckets_.size() < max_clients_) return;
  std::vector<Clock::time_point> times;
  for (const auto& [key, bucket] : buckets_) times.push_back(bucket.last);
  std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
  const Clock::time_point median = times[times.size() / 2];
  std::erase_if(buckets_, [&](const auto& entry) { return entry.second.last <= median; });
}

size_t RateLimiter::clients() const {
  std::lock_guard lock(mutex_);
  return buckets_.size();
}

ConnectionLimiter::ConnectionLimiter(size_t per_client, size_t total)
    : per_client_(per_client), total_(total) {}

std::shared_ptr<void> ConnectionLimiter::Acquire(const std::string& client) {
  {
    std::lock_guard lock(mutex_);
    size_t& mine = open_[client];
    if (mine >= per_client_ || all_ >= total_) {
      if (mine == 0) open_.erase(client);
      return nullptr;
    }
    ++mine;
    ++all_;
  }
  // The deleter releases the slot; the pointer itself points at nothing of interest.
  return std::shared_ptr<void>(this, [client](ConnectionLimiter* self) { self->Release(client); });
}

void ConnectionLimiter::Release(const std::string& client) {
  std::lock_guard lock(mutex_);
  auto it = open_.find(client);
  if (it != open_.end() && --it->second == 0) open_.erase(it);
  --all_;
}

size_t ConnectionLimiter::open() const {
  std::lock_guard lock(mutex_);
  return all_;
}

}  // namespace savanna::server
