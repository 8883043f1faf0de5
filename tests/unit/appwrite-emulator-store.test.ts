// The Appwrite emulator's store: the snapshot of a kind's records that lists read is parsed once, frozen
// (every caller shares it), and dropped by every write of that kind and by a rollback.
import { describe, expect, it } from 'vitest';
import { Store } from '../emulators/appwrite/store.ts';

type Rec = { id: string; n: number; tags: string[] };

describe('Store.snapshot', () => {
  it('parses a kind once between writes and hands out frozen records', () => {
    const store = new Store(':memory:');
    store.insert('p', 'k', 'a', () => ({ id: 'a', n: 1, tags: ['x'] }));
    const first = store.snapshot<Rec>('p', 'k');
    expect(first).toEqual([{ id: 'a', n: 1, tags: ['x'] }]);
    expect(store.snapshot<Rec>('p', 'k')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first[0])).toBe(true);
    expect(Object.isFrozen(first[0]!.tags)).toBe(true);
    expect(() => {
      (first[0] as Rec).n = 2;
    }).toThrow(TypeError);
    // `get` and `list` still hand out copies of their own, to change and write back.
    const copy = store.get<Rec>('p', 'k', 'a')!;
    copy.n = 5;
    expect(store.snapshot<Rec>('p', 'k')[0]!.n).toBe(1);
    store.close();
  });

  it('is dropped by an insert, an update and a delete of its kind, and by nothing else', () => {
    const store = new Store(':memory:');
    store.insert('p', 'k', 'a', () => ({ id: 'a', n: 1, tags: [] }));
    const before = store.snapshot<Rec>('p', 'k');
    store.insert('p', 'other', 'z', () => ({ id: 'z', n: 0, tags: [] }));
    store.insert('q', 'k', 'z', () => ({ id: 'z', n: 0, tags: [] }));
    expect(store.snapshot<Rec>('p', 'k')).toBe(before);

    store.insert('p', 'k', 'b', () => ({ id: 'b', n: 2, tags: [] }));
    expect(store.snapshot<Rec>('p', 'k').map((r) => r.id)).toEqual(['a', 'b']);
    store.update('p', 'k', 'a', { id: 'a', n: 10, tags: ['y'] });
    expect(store.snapshot<Rec>('p', 'k')[0]).toEqual({ id: 'a', n: 10, tags: ['y'] });
    store.delete('p', 'k', 'b');
    expect(store.snapshot<Rec>('p', 'k').map((r) => r.id)).toEqual(['a']);
    store.close();
  });

  it('forgets what it read inside a transaction that rolled back', () => {
    const store = new Store(':memory:');
    store.insert('p', 'k', 'a', () => ({ id: 'a', n: 1, tags: [] }));
    expect(() => store.transaction(() => {
      store.insert('p', 'k', 'b', () => ({ id: 'b', n: 2, tags: [] }));
      expect(store.snapshot<Rec>('p', 'k').map((r) => r.id)).toEqual(['a', 'b']);
      throw new Error('abort');
    })).toThrow('abort');
    expect(store.snapshot<Rec>('p', 'k').map((r) => r.id)).toEqual(['a']);
    store.close();
  });
});
