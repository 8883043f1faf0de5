import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { health } from '../../functions/health.ts';
// Loaded while the file is imported (as the other Worker tests do), not inside the first test's time limit.
import '../../functions/index.ts';

// GET /api/health (docs/operations.md, "What /api/health says"): ok, and which version answered.

describe('GET /api/health', () => {
  it('says ok and names the version that answered, from the version metadata binding', async () => {
    const res = await exports.default.fetch('http://localhost/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = await res.json() as { status: string; version: { id: string; tag: string | null; uploadedAt: string | null } | null };
    expect(body.status).toBe('ok');
    expect(body.version?.id).toBe(env.CF_VERSION_METADATA.id);
  });

  it('reports the id, the tag (the commit) and the upload time, and null without the binding', () => {
    const metadata = { id: '0f6a1b6e-1111-4111-8111-111111111111', tag: '3d8608f', timestamp: '2026-11-27T09:00:00.000Z' };
    expect(health({ CF_VERSION_METADATA: metadata })).toEqual({
      status: 'ok', version: { id: metadata.id, tag: '3d8608f', uploadedAt: '2026-11-27T09:00:00.000Z' },
    });
    expect(health({ CF_VERSION_METADATA: { ...metadata, tag: '' } }).version?.tag).toBeNull();
    expect(health({})).toEqual({ status: 'ok', version: null });
  });
});
