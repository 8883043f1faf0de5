// The 24-hour customer-service window of the WhatsApp Cloud API: free text may be sent to a customer only within
// 24 hours of their last message; after it, only an approved template (docs/decisions/0031). No I/O.

export const WINDOW_MS = 24 * 60 * 60 * 1000;

/** When the window closes, or null when the customer never wrote (it was never open). */
export function windowClosesAt(lastInboundAt: string | null | undefined): Date | null {
  const t = lastInboundAt ? Date.parse(lastInboundAt) : Number.NaN;
  return Number.isFinite(t) ? new Date(t + WINDOW_MS) : null;
}

/** True while free text may be sent. */
export function windowOpen(lastInboundAt: string | null | undefined, now: Date = new Date()): boolean {
  const closes = windowClosesAt(lastInboundAt);
  return closes !== null && now.getTime() < closes.getTime();
}
