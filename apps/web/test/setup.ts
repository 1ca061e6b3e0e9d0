import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import i18n from '@/lib/i18n';

// Lazy routes are compiled on first use in tests (slowest in a clean clone, every file transforming at once): give findBy/waitFor room for that.
configure({ asyncUtilTimeout: 25_000 });

// jsdom lacks a few browser APIs the UI libraries touch.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.scrollTo = () => {};

// A console.error during a test fails it (DESIGN: test discipline): React warnings are bugs.
let consoleErrors: unknown[][] = [];
beforeEach(async () => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  localStorage.clear();
  await i18n.changeLanguage('fr');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(`console.error was called during the test:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});

// sonner removes a dismissed toast 200 ms later on a timer that outlives unmounting: let it run while the
// file's window still exists, or it fires into a torn-down jsdom ("window is not defined").
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 300));
});
