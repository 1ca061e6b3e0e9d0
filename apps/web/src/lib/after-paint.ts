/**
 * Runs `task` once the browser has painted what it has: a frame is asked for (`requestAnimationFrame` runs just before
 * the paint), and the task is queued behind it (a macrotask, so after the paint). A page in a background tab gets no
 * frames; the fallback timer runs the task anyway.
 */
export function afterPaint(task: () => void, fallbackMs = 100): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  const timer = setTimeout(run, fallbackMs);
  requestAnimationFrame(() =>
    setTimeout(() => {
      clearTimeout(timer);
      run();
    }, 0),
  );
}

/**
 * Runs `steps` in order once the browser has painted, each in a task of its own: the browser may paint, and answer a
 * tap, between them.
 */
export function afterPaintInSteps(steps: readonly (() => void)[], fallbackMs = 100): void {
  const run = (index: number) => {
    steps[index]?.();
    if (index + 1 < steps.length) setTimeout(() => run(index + 1), 0);
  };
  afterPaint(() => run(0), fallbackMs);
}
