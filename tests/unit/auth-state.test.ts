import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../../web/auth/AuthContext.tsx';

// The auth state of docs/product.md §13.9 (web/auth/controller.ts) with the session calls faked: loading →
// signed in or out, the 3-second notices, the message when a session ends on its own, sign-out.
const session = vi.hoisted(() => ({
  loadSession: vi.fn<() => Promise<unknown>>(),
  endSession: vi.fn<() => Promise<void>>(),
}));
vi.mock('../../web/auth/session.ts', () => session);
vi.mock('../../web/auth/sessionHint.ts', () => ({ setSessionHint: vi.fn() }));

const { controller, authNotices, authMessages, NOTICE_MS } = await import('../../web/auth/controller.ts');

const config = { endpoint: 'http://aw/v1', projectId: 'p', databaseId: 'main' };
const signedIn: AuthState = { status: 'signed-in', user: { $id: 'u1', email: 'ama@example.com' }, role: 'user' };

function setters() {
  const log = { states: [] as AuthState[], notices: [] as string[], messages: [] as (string | null)[] };
  return {
    log,
    set: {
      setState: (s: AuthState) => log.states.push(s),
      setNotice: (t: string) => log.notices.push(t),
      setAuthMessage: (m: string | null) => log.messages.push(m),
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('addEventListener', vi.fn());
  vi.stubGlobal('location', { search: '' });
  session.loadSession.mockReset();
  session.endSession.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('auth state', () => {
  it("the texts are those of docs/product.md §4.3, and the notice lasts 3 s", () => {
    expect(authNotices).toEqual({ signedIn: 'Signed in successfully', signedOut: 'Signed out successfully' });
    expect(NOTICE_MS).toBe(3000);
  });

  it("sign-in: the session is read and 'Signed in successfully' shows for 3 s", async () => {
    session.loadSession.mockResolvedValue(signedIn);
    const { log, set } = setters();
    const c = controller(config, set);
    await expect(c.refresh({ signedIn: true })).resolves.toEqual(signedIn);
    expect(log.states).toEqual([signedIn]);
    expect(log.notices).toEqual(['Signed in successfully']);
    vi.advanceTimersByTime(2999);
    expect(log.notices).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(log.notices).toEqual(['Signed in successfully', '']);
  });

  it("sign-out: the session is deleted, user and role are cleared, 'Signed out successfully' for 3 s", async () => {
    session.loadSession.mockResolvedValue(signedIn);
    session.endSession.mockResolvedValue();
    const { log, set } = setters();
    const c = controller(config, set);
    await c.refresh();
    await c.signOut();
    expect(session.endSession).toHaveBeenCalledWith(config);
    expect(log.states.at(-1)).toEqual({ status: 'signed-out' });
    expect(log.notices).toEqual(['Signed out successfully']);
    vi.advanceTimersByTime(3000);
    expect(log.notices.at(-1)).toBe('');
  });

  it('a sign-out that fails keeps the session and says so in the auth message', async () => {
    session.endSession.mockRejectedValue(new TypeError('Failed to fetch'));
    const { log, set } = setters();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await controller(config, set).signOut();
    expect(log.states).toEqual([]);
    expect(log.messages).toEqual([authMessages.signOutFailed]);
  });

  it('a session that ended on its own (seen on focus) is announced in the auth message modal', async () => {
    session.loadSession.mockResolvedValueOnce(signedIn).mockResolvedValueOnce({ status: 'signed-out' });
    const { log, set } = setters();
    const c = controller(config, set);
    await c.refresh();
    await c.refresh();
    expect(log.states.at(-1)).toEqual({ status: 'signed-out' });
    expect(log.messages).toEqual(['Your session has ended. Please sign in again.']);
  });

  it('refreshes whenever the window regains focus; reads at once only when started at page load', async () => {
    session.loadSession.mockResolvedValue(signedIn);
    const listeners: [string, () => void][] = [];
    vi.stubGlobal('addEventListener', (type: string, fn: () => void) => listeners.push([type, fn]));
    controller(config, setters().set);
    expect(session.loadSession).not.toHaveBeenCalled();
    controller(config, setters().set, true);
    expect(session.loadSession).toHaveBeenCalledTimes(1);
    expect(listeners.map(([t]) => t)).toEqual(['focus', 'focus']);
    listeners[0]![1]();
    expect(session.loadSession).toHaveBeenCalledTimes(2);
  });

  it('back from a cancelled OAuth sign-in there is no session to read', () => {
    vi.stubGlobal('location', { search: '?oauth=failed&error=%7B%7D' });
    const { log, set } = setters();
    controller(config, set, true);
    expect(session.loadSession).not.toHaveBeenCalled();
    expect(log.states).toEqual([{ status: 'signed-out' }]);
  });

  it('a slow read that ends after a sign-out does not sign the visitor back in', async () => {
    let finish!: (s: AuthState) => void;
    session.loadSession.mockReturnValue(new Promise((r) => (finish = r)));
    session.endSession.mockResolvedValue();
    const { log, set } = setters();
    const c = controller(config, set);
    const reading = c.refresh();
    await c.signOut();
    finish(signedIn);
    await reading;
    expect(log.states).toEqual([{ status: 'signed-out' }]);
  });

  it('unreachable Appwrite: unknown counts as signed out, a known state is kept', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    session.loadSession.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { log, set } = setters();
    const c = controller(config, set);
    await c.refresh();
    expect(log.states).toEqual([{ status: 'signed-out' }]);
    session.loadSession.mockResolvedValueOnce(signedIn).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await c.refresh();
    await c.refresh();
    expect(log.states.at(-1)).toEqual(signedIn);
  });

  it('without Appwrite configured nobody is signed in and nothing is called', async () => {
    const { log, set } = setters();
    const c = controller(null, set);
    await expect(c.refresh()).resolves.toEqual({ status: 'signed-out' });
    await c.signOut();
    expect(session.loadSession).not.toHaveBeenCalled();
    expect(session.endSession).not.toHaveBeenCalled();
    expect(log.notices).toEqual(['Signed out successfully']);
  });
});
