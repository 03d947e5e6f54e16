/**
 * A Node preload for the browser journey's production server (`node --import ./e2e/clock-offset.mjs`):
 * the process's wall clock runs E2E_CLOCK_OFFSET_MS milliseconds ahead, so "four days later" is a
 * restart with a bigger offset and no test-only switch in the server's code. `Date.now()`,
 * `new Date()` and `Date()` move; dates built from a value and the monotonic clocks
 * (performance.now, timers) do not. Worker threads (PGlite's) inherit the flag and the variable.
 */
const offset = Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0);

if (!Number.isFinite(offset)) throw new Error(`E2E_CLOCK_OFFSET_MS is not a number: ${process.env.E2E_CLOCK_OFFSET_MS}`);
if (offset !== 0) {
  const RealDate = Date;
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, property, receiver) => (property === 'now' ? now : Reflect.get(target, property, receiver)),
  });
}
