// User-facing strings that are fixed word for word (docs/product.md §16). Keep them here so the
// Worker, the SPA and the tests use one copy.
export const messages = {
  tooManyRequests: (seconds: number) => `Too many requests. Please try again in ${seconds} seconds.`,
  rateLimitExceeded: (count: number, seconds: number) =>
    `Rate limit exceeded. You've made ${count} requests. Please try again in ${seconds} seconds.`,
} as const;
