// A queue that other threads fill and one consumer thread empties a batch at a time: whatever is
// queued while the consumer handles a batch goes into the next one, in the order queued. The
// stores' writer thread (group_commit.h) and the cluster's sender (cluster.cc) consume so.
#pragma once

#include <condition_variable>
#include <deque>
#include <iterator>
#include <mutex>
#include <utility>
#include <vector>

namespace savanna::server {

template <class Item>
class BatchQueue {
 public:
  // Queues `item` and wakes the consumer. Any thread.
  void Push(Item item) {
    {
      std::lock_guard lock(mutex_);
      queue_.push_back(std::move(item));
    }
    wake_.notify_one();
  }

  // The consumer: waits until something is queued or the queue is closed, and returns everything
  // queued, oldest first: the batch in hand until Done (or the next Take). An empty batch means
  // closed and drained: the consumer ends.
  std::vector<Item> Take() {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [this] { return closed_ || !queue_.empty(); });
    std::vector<Item> batch(std::make_move_iterator(queue_.begin()),
                            std::make_move_iterator(queue_.end()));
    queue_.clear();
    in_hand_ = !batch.empty();
    return batch;
  }

  // The consumer has handled the batch Take returned (and let go of what it held).
  void Done() {
    {
      std::lock_guard lock(mutex_);
      in_hand_ = false;
    }
    idle_.notify_all();
  }

  // Returns when nothing is queued and no batch is in hand. Any thread but the consumer.
  void WaitIdle() {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return queue_.empty() && !in_hand_; });
  }

  // From now on Take returns what is still queued, then an empty batch. Any thread.
  void Close() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    wake_.notify_all();
  }

 private:
  std::mutex mutex_;  // guards the queue and the flags below
  std::condition_variable wake_, idle_;
  std::deque<Item> queue_;
  bool in_hand_ = false;
  bool closed_ = false;
};

}  // namespace savanna::server
