import '@testing-library/jest-dom';

// jsdom has no layout, so no ResizeObserver; recharts' ResponsiveContainer needs one.
// The charts render at zero size in tests; the tests read the numbers written beside them.
class NoLayoutResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in globalThis)) {
  (globalThis as any).ResizeObserver = NoLayoutResizeObserver;
}
