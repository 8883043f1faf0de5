// docs/product.md §10: a unique id is the timestamp in hex plus 7 random hex characters.
// Used as the submission id (generated once per form fill by the client, the idempotency key of delivery
// and later the Appwrite document id), so it must work in the browser, the Worker and Node alike.

/** Today's timestamps are 11 hex digits (12 from the year 2527); plus 7 random ones. */
export const UNIQUE_ID_PATTERN = /^[0-9a-f]{11,12}[0-9a-f]{7}$/;

export function uniqueId(now: number = Date.now()): string {
  const random = crypto.getRandomValues(new Uint8Array(4));
  const hex = Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('').slice(0, 7);
  return Math.floor(now).toString(16) + hex;
}

export const isUniqueId = (value: unknown): value is string => typeof value === 'string' && UNIQUE_ID_PATTERN.test(value);

/** The time an id was made (milliseconds since the epoch). */
export const idTimestamp = (id: string): number => parseInt(id.slice(0, -7), 16);
