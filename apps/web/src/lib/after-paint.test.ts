import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaint, afterPaintInSteps } from './after-paint';

describe('afterPaint', () => {
  let frames: FrameRequestCallback[] = [];

  beforeEach(() => {
    frames = [];
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for a frame, then runs the task once after it (the paint), never again from the fallback', () => {
    const task = vi.fn();
    afterPaint(task);
    vi.advanceTimersByTime(50);
    expect(task).not.toHaveBeenCalled();
    frames.forEach((frame) => frame(0));
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task from the fallback when no frame comes (a background tab), and not again if one comes later', () => {
    const task = vi.fn();
    afterPaint(task, 100);
    vi.advanceTimersByTime(99);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    frames.forEach((frame) => frame(0));
    vi.advanceTimersByTime(10);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs steps after the paint in order, each in a task of its own', () => {
    const order: string[] = [];
    afterPaintInSteps([() => order.push('warm up'), () => order.push('hydrate')]);
    frames.forEach((frame) => frame(0));
    expect(order).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(order).toEqual(['warm up']);
    vi.advanceTimersToNextTimer();
    expect(order).toEqual(['warm up', 'hydrate']);
    vi.advanceTimersByTime(1000);
    expect(order).toEqual(['warm up', 'hydrate']);
  });
});
