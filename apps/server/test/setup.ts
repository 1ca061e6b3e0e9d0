import { afterEach, beforeEach, expect, vi } from 'vitest';

// A console.error during a test is a failure (docs/design-notes.md#tests).
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  expect(consoleError, 'console.error was called').not.toHaveBeenCalled();
  consoleError.mockRestore();
});
