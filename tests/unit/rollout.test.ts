import { describe, expect, it } from 'vitest';
import { resolveVersion, rolloutSpecs } from '../../scripts/lib/rollout.ts';

const OLD = '11111111-1111-4111-8111-111111111111';
const NEW = '22222222-2222-4222-8222-222222222222';
const OTHER = '33333333-3333-4333-8333-333333333333';

describe('npm run rollout: the traffic split', () => {
  it('gives the new version its share and the stable one the rest', () => {
    expect(rolloutSpecs({ versions: [{ version_id: OLD, percentage: 100 }] }, NEW, 10)).toEqual([`${NEW}@10%`, `${OLD}@90%`]);
  });

  it('keeps the same pair while the share grows, whichever order wrangler lists them in', () => {
    const split = { versions: [{ version_id: NEW, percentage: 10 }, { version_id: OLD, percentage: 90 }] };
    expect(rolloutSpecs(split, NEW, 50)).toEqual([`${NEW}@50%`, `${OLD}@50%`]);
    const reversed = { versions: [{ version_id: OLD, percentage: 40 }, { version_id: NEW, percentage: 60 }] };
    expect(rolloutSpecs(reversed, NEW, 75)).toEqual([`${NEW}@75%`, `${OLD}@25%`]);
  });

  it('splits with the version serving most traffic when a third one is rolled out', () => {
    const split = { versions: [{ version_id: NEW, percentage: 20 }, { version_id: OLD, percentage: 80 }] };
    expect(rolloutSpecs(split, OTHER, 5)).toEqual([`${OTHER}@5%`, `${OLD}@95%`]);
  });

  it('sends everything to the version at 100', () => {
    expect(rolloutSpecs({ versions: [{ version_id: NEW, percentage: 10 }, { version_id: OLD, percentage: 90 }] }, NEW, 100)).toEqual([`${NEW}@100%`]);
  });

  it('refuses what cannot be split or is not a share', () => {
    expect(() => rolloutSpecs({ versions: [{ version_id: NEW, percentage: 100 }] }, NEW, 10)).toThrow(/nothing to split with/);
    expect(() => rolloutSpecs(null, NEW, 10)).toThrow(/nothing to split with/);
    for (const bad of [0, 101, 12.5, Number.NaN]) expect(() => rolloutSpecs(null, NEW, bad)).toThrow(/whole number from 1 to 100/);
  });
});

describe('npm run rollout: which version', () => {
  const versions = [
    { id: OLD, metadata: { created_on: '2026-11-20T10:00:00Z' }, annotations: { 'workers/tag': 'abc123' } },
    { id: NEW, metadata: { created_on: '2026-11-21T10:00:00Z' }, annotations: { 'workers/tag': 'abc123' } },
    { id: OTHER, metadata: { created_on: '2026-11-22T10:00:00Z' } },
  ];
  it('takes a version id as it is and a tag as the newest version uploaded with it', () => {
    expect(resolveVersion(versions, OTHER)).toBe(OTHER);
    expect(resolveVersion(versions, 'abc123')).toBe(NEW);
  });
  it('says so when no version has the tag', () => {
    expect(() => resolveVersion(versions, 'def456')).toThrow(/No uploaded version has the tag "def456"/);
  });
});
