// The Appwrite JWT the SPA sends to /api/me and /api/admin (docs/decisions/0006). Appwrite's JWTs
// live 15 minutes; one is reused until shortly before it expires, so a page makes one JWT call, not one
// per API request. No I/O; unit-tested.

export const JWT_LIFETIME_MS = 15 * 60_000;
/** A JWT is replaced this long before it expires (clock skew, a slow request). */
export const JWT_MARGIN_MS = 60_000;

export class JwtCache {
  private value: { jwt: string; userId: string; renewAt: number } | null = null;
  private pending: { userId: string; promise: Promise<string> } | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** The cached JWT of `userId`, or a new one from `create` (concurrent callers share one request). */
  async get(userId: string, create: () => Promise<string>): Promise<string> {
    const v = this.value;
    if (v && v.userId === userId && this.now() < v.renewAt) return v.jwt;
    if (this.pending?.userId === userId) return this.pending.promise;
    const issuedAt = this.now();
    const promise = create().then(
      (jwt) => {
        this.value = { jwt, userId, renewAt: issuedAt + JWT_LIFETIME_MS - JWT_MARGIN_MS };
        if (this.pending?.promise === promise) this.pending = null;
        return jwt;
      },
      (err: unknown) => {
        if (this.pending?.promise === promise) this.pending = null;
        throw err;
      },
    );
    this.pending = { userId, promise };
    return promise;
  }

  /** Forget it (sign-out, another user, or the server refused it). */
  clear(): void {
    this.value = null;
    this.pending = null;
  }
}
