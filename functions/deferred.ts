// A sink's way to say "not now" (docs/decisions/0028: an alert held through the person's quiet hours): the
// queue consumer (functions/delivery.ts) then retries the message after the delay without recording a failure.

/** Cloudflare Queues delay a retry by at most 12 hours. */
export const MAX_DELAY_SECONDS = 12 * 3600;

export class Deferred extends Error {
  override name = 'Deferred';
  readonly delaySeconds: number;
  constructor(delaySeconds: number, reason: string) {
    super(reason);
    this.delaySeconds = Math.min(Math.max(1, Math.ceil(delaySeconds)), MAX_DELAY_SECONDS);
  }
}
