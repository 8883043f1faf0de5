// Realtime in the Appwrite emulator: a plain WebSocket client speaking Appwrite's protocol, and the SDK's
// own Realtime class, receiving document create/update/delete events filtered by read permissions.
import { Account, Client, Databases, ID, Permission, Realtime, Role, type RealtimeResponseEvent } from 'appwrite';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningAppwrite } from '../emulators/appwrite/index.ts';
import { ADMIN, SERVER_KEY, testSeed } from '../emulators/appwrite/fixtures.ts';
import { browserClient, sessionOf } from '../emulators/appwrite/testing.ts';

const PROJECT = 'agency-rt';
let aw: RunningAppwrite;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  aw = await start({ port: 0, seed: testSeed, origins: ['http://localhost:8787'] });
});
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await aw?.close();
});

type Message = { type: string; data: Record<string, unknown> & { events?: string[]; channels?: string[]; payload?: Record<string, unknown>; subscriptions?: unknown } };

/** A WebSocket with a message queue and a timeout on every wait. */
async function connect(query: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(`${aw.url.replace('http', 'ws')}/realtime?${query}`, { headers });
  sockets.push(socket);
  const queue: Message[] = [];
  const waiters: (() => void)[] = [];
  let closed: number | undefined;
  socket.on('message', (data) => {
    queue.push(JSON.parse(String(data)) as Message);
    for (const w of waiters.splice(0)) w();
  });
  socket.on('close', (code) => {
    closed = code;
    for (const w of waiters.splice(0)) w();
  });
  const next = async (predicate: (m: Message) => boolean = () => true, timeout = 2000): Promise<Message> => {
    const deadline = Date.now() + timeout;
    for (;;) {
      const i = queue.findIndex(predicate);
      if (i >= 0) return queue.splice(i, 1)[0]!;
      if (Date.now() > deadline) throw new Error(`no matching realtime message; have ${JSON.stringify(queue.map((m) => m.type))}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  /** Resolves true when no message matching `predicate` arrives within `ms`. */
  const silent = async (predicate: (m: Message) => boolean, ms = 300) => {
    await new Promise((r) => setTimeout(r, ms));
    return !queue.some(predicate);
  };
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  return { socket, next, silent, send, closed: () => closed };
}

async function signedIn(email: string, password: string) {
  const b = browserClient(aw.url, PROJECT);
  await new Account(b.client).createEmailPasswordSession({ email, password });
  return { client: b.client, session: sessionOf(b.jar, PROJECT)! };
}

let n = 0;
async function newUser() {
  const email = `rt.${Date.now()}.${n++}@example.com`;
  await new Account(new Client().setEndpoint(aw.url).setProject(PROJECT)).create({ userId: ID.unique(), email, password: 'password-123' });
  return signedIn(email, 'password-123');
}

const isEvent = (m: Message) => m.type === 'event';

describe('realtime over WebSocket', () => {
  it('sends connected, answers ping, and delivers create, update and delete events to a subscriber who may read them', async () => {
    const admin = await signedIn(ADMIN.email, ADMIN.password);
    const rt = await connect(`project=${PROJECT}`, { Cookie: `a_session_${PROJECT}=${admin.session}` });
    const connected = await rt.next();
    expect(connected).toMatchObject({ type: 'connected', data: { channels: [], subscriptions: [], user: { $id: ADMIN.id } } });

    rt.send({ type: 'ping' });
    expect(await rt.next((m) => m.type === 'pong')).toEqual({ type: 'pong' });

    rt.send({ type: 'subscribe', data: [{ subscriptionId: 'leads-sub', channels: ['databases.main.collections.leads.documents'], queries: [] }] });
    expect(await rt.next((m) => m.type === 'response')).toEqual({
      type: 'response',
      data: { to: 'subscribe', success: true, subscriptions: [{ subscriptionId: 'leads-sub', channels: ['databases.main.collections.leads.documents'], queries: [] }] },
    });

    const guestDb = new Databases(new Client().setEndpoint(aw.url).setProject(PROJECT));
    const lead = await guestDb.createDocument({ databaseId: 'main', collectionId: 'leads', documentId: ID.unique(), data: { name: 'Esi', email: 'esi@example.com' } });
    const created = await rt.next(isEvent);
    expect(created.data.subscriptions).toEqual(['leads-sub']);
    expect(created.data.payload).toMatchObject({ $id: lead.$id, name: 'Esi', $collectionId: 'leads' });
    expect(created.data.events).toEqual(expect.arrayContaining([
      `databases.main.collections.leads.documents.${lead.$id}.create`,
      'databases.main.collections.leads.documents.*.create',
      `databases.main.tables.leads.rows.${lead.$id}.create`,
      'databases.*.collections.*.documents.*',
    ]));
    expect(created.data.channels).toEqual([
      'rows', 'databases.main.tables.leads.rows', `databases.main.tables.leads.rows.${lead.$id}`,
      'documents', 'databases.main.collections.leads.documents', `databases.main.collections.leads.documents.${lead.$id}`,
    ]);
    expect(Date.parse(String(created.data.timestamp))).toBeGreaterThan(0);

    const adminDb = new Databases(admin.client);
    await adminDb.updateDocument({ databaseId: 'main', collectionId: 'leads', documentId: lead.$id, data: { status: 'Contacted' } });
    const updated = await rt.next(isEvent);
    expect(updated.data.events).toContain(`databases.main.collections.leads.documents.${lead.$id}.update`);
    expect(updated.data.payload).toMatchObject({ status: 'Contacted' });

    await adminDb.deleteDocument({ databaseId: 'main', collectionId: 'leads', documentId: lead.$id });
    const deleted = await rt.next(isEvent);
    expect(deleted.data.events).toContain(`databases.main.collections.leads.documents.${lead.$id}.delete`);
    expect(deleted.data.payload).toMatchObject({ $id: lead.$id });

    rt.send({ type: 'unsubscribe', data: [{ subscriptionId: 'leads-sub' }] });
    expect((await rt.next((m) => m.type === 'response')).data).toEqual({ to: 'unsubscribe', success: true, subscriptions: [{ subscriptionId: 'leads-sub', removed: true }] });
    await guestDb.createDocument({ databaseId: 'main', collectionId: 'leads', documentId: ID.unique(), data: { name: 'Late', email: 'late@example.com' } });
    expect(await rt.silent(isEvent)).toBe(true);
  });

  it('withholds events the connection may not read', async () => {
    const ama = await newUser();
    const kojo = await newUser();
    const rt = await connect(`project=${PROJECT}`, { Cookie: `a_session_${PROJECT}=${kojo.session}` });
    await rt.next((m) => m.type === 'connected');
    rt.send({ type: 'subscribe', data: [{ subscriptionId: 's', channels: ['documents'] }] });
    await rt.next((m) => m.type === 'response');

    const amaDb = new Databases(ama.client);
    const privateNote = await amaDb.createDocument({ databaseId: 'main', collectionId: 'notes', documentId: ID.unique(), data: { text: 'mine' } });
    await new Databases(new Client().setEndpoint(aw.url).setProject(PROJECT)).createDocument({ databaseId: 'main', collectionId: 'leads', documentId: ID.unique(), data: { name: 'x', email: 'x@example.com' } });
    expect(await rt.silent(isEvent)).toBe(true);

    const shared = await amaDb.createDocument({ databaseId: 'main', collectionId: 'notes', documentId: ID.unique(), data: { text: 'for all' }, permissions: [Permission.read(Role.users())] });
    const got = await rt.next(isEvent);
    expect(got.data.payload).toMatchObject({ $id: shared.$id });
    expect(got.data.payload!.$id).not.toBe(privateNote.$id);
  });

  it('subscribes from the URL (channels[]) and authenticates with a session message', async () => {
    const rt = await connect(`project=${PROJECT}&channels[]=databases.main.collections.announcements.documents&channels[]=account`);
    const connected = await rt.next();
    expect(connected.type).toBe('connected');
    expect(connected.data.channels).toEqual(['databases.main.collections.announcements.documents']);
    expect(connected.data.user).toBeNull();
    expect(connected.data.subscriptions).toHaveLength(1);

    const server = new Client().setEndpoint(aw.url).setProject(PROJECT);
    server.headers['X-Appwrite-Key'] = SERVER_KEY;
    await new Databases(server).createDocument({ databaseId: 'main', collectionId: 'announcements', documentId: ID.unique(), data: { title: 'Open day' } });
    expect((await rt.next(isEvent)).data.payload).toMatchObject({ title: 'Open day' });

    rt.send({ type: 'authentication', data: { session: 'not-a-session' } });
    expect(await rt.next((m) => m.type === 'error')).toEqual({ type: 'error', data: { code: 1003, message: 'Session is not valid.' } });

    const ama = await newUser();
    rt.send({ type: 'authentication', data: { session: ama.session } });
    const auth = await rt.next((m) => m.type === 'response');
    expect(auth.data).toMatchObject({ to: 'authentication', success: true, user: { $id: expect.any(String) } });
    // `account` now resolves to this user's channel.
    await new Account(ama.client).updatePrefs({ prefs: { lang: 'tw' } });
    const accountEvent = await rt.next(isEvent);
    expect(accountEvent.data.channels).toContain(`account.${(auth.data.user as { $id: string }).$id}`);
    expect(accountEvent.data.payload).toMatchObject({ prefs: { lang: 'tw' } });
  });

  it('refuses a connection without a project or from an unknown origin', async () => {
    const noProject = await connect('channels[]=documents');
    expect(await noProject.next()).toEqual({ type: 'error', data: { code: 1008, message: 'Missing or unknown project ID' } });
    await expect.poll(() => noProject.closed()).toBe(1008);
    const evil = await connect(`project=${PROJECT}`, { Origin: 'http://evil.test' });
    expect((await evil.next()).data).toMatchObject({ code: 1008 });
  });
});

describe('the SDK’s Realtime class', () => {
  it('subscribes, authenticates with the session and receives document events', async () => {
    const g = globalThis as { window?: unknown };
    g.window = globalThis; // the SDK's heartbeat uses window.setInterval
    const ama = await newUser();
    const client = new Client().setEndpoint(aw.url).setProject(PROJECT).setSession(ama.session);
    const realtime = new Realtime(client);
    const received: RealtimeResponseEvent<Record<string, unknown>>[] = [];
    try {
      const sub = await realtime.subscribe(['databases.main.collections.notes.documents'], (event) => received.push(event as RealtimeResponseEvent<Record<string, unknown>>));
      const db = new Databases(ama.client);
      // The SDK authenticates after `connected`; private notes reach it only once that is done.
      const created: string[] = [];
      await expect.poll(async () => {
        created.push((await db.createDocument({ databaseId: 'main', collectionId: 'notes', documentId: ID.unique(), data: { text: 'via sdk' } })).$id);
        await new Promise((r) => setTimeout(r, 100));
        return received.some((e) => created.includes(String(e.payload.$id)));
      }, { timeout: 5000, interval: 100 }).toBe(true);
      const note = { $id: String(received.find((e) => created.includes(String(e.payload.$id)))!.payload.$id) };
      const event = received.find((e) => e.payload.$id === note.$id)!;
      expect(event.events).toContain(`databases.main.collections.notes.documents.${note.$id}.create`);
      await db.deleteDocument({ databaseId: 'main', collectionId: 'notes', documentId: note.$id });
      await expect.poll(() => received.some((e) => e.events.includes(`databases.main.collections.notes.documents.${note.$id}.delete`)), { timeout: 3000 }).toBe(true);
      await sub.close();
    } finally {
      await realtime.disconnect();
      delete g.window;
    }
  });
});
