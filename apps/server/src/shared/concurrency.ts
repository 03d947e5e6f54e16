import pLimit from 'p-limit';

/**
 * At most `running` calls at once, up to `waiting` more queued in order; one more is refused
 * with `refuse()` (a 503 to the caller) instead of queuing without bound.
 */
export function boundedConcurrency(options: { running: number; waiting: number; refuse: () => Error }) {
  const limit = pLimit(options.running);
  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      // Not `activeCount >= running`: p-limit starts a queued call a microtask later, so calls
      // made in one tick are all still pending.
      if (limit.activeCount + limit.pendingCount >= options.running + options.waiting) return Promise.reject(options.refuse());
      return limit(work);
    },
    get active() {
      return limit.activeCount;
    },
    get pending() {
      return limit.pendingCount;
    },
  };
}
