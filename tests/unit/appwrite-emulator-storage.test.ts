// The Appwrite emulator's Storage against the real `appwrite` SDK: uploads (the SDK's own 5 MB parts, sent
// several at once), get, download, delete, the bucket's limits and permissions, and Appwrite's error types.
import { Account, Client, ID, Permission, Role, Storage } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningAppwrite } from '../emulators/appwrite/index.ts';
import { SERVER_KEY, testSeed } from '../emulators/appwrite/fixtures.ts';
import { browserClient, failure } from '../emulators/appwrite/testing.ts';

const PROJECT = 'agency-storage';
let aw: RunningAppwrite;

beforeAll(async () => {
  aw = await start({
    port: 0,
    seed: {
      ...testSeed,
      apiKeys: [{ secret: SERVER_KEY, name: 'worker', scopes: ['files.read', 'files.write', 'buckets.read', 'buckets.write'] }],
      buckets: [
        { id: 'private', name: 'Private', maximumFileSize: 20 * 1024 * 1024, allowedFileExtensions: ['pdf', 'png'] },
        { id: 'shared', name: 'Shared', permissions: ['read("users")', 'create("users")'], maximumFileSize: 100 },
      ],
    },
  });
});
afterAll(async () => {
  await aw?.close();
});

const keyStorage = () => {
  const client = new Client().setEndpoint(aw.url).setProject(PROJECT);
  client.headers['X-Appwrite-Key'] = SERVER_KEY;
  return new Storage(client);
};

async function userStorage() {
  const b = browserClient(aw.url, PROJECT);
  const email = `ama.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  await new Account(b.client).create({ userId: ID.unique(), email, password: 'password-123' });
  await new Account(b.client).createEmailPasswordSession({ email, password: 'password-123' });
  return new Storage(b.client);
}

const download = async (bucketId: string, fileId: string) => {
  const res = await fetch(`${aw.url}/storage/buckets/${bucketId}/files/${fileId}/download`, { headers: { 'X-Appwrite-Project': PROJECT, 'X-Appwrite-Key': SERVER_KEY } });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), bytes: new Uint8Array(await res.arrayBuffer()) };
};

describe('Storage', () => {
  it('takes a file of 12 MB in the SDK\'s parts, sent several at once, and gives back the same bytes', async () => {
    const bytes = new Uint8Array(12 * 1024 * 1024 + 5);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = (i / 4096) % 251;
    const file = await keyStorage().createFile({ bucketId: 'private', fileId: 'big-one', file: new File([bytes], 'plan.pdf', { type: 'application/pdf' }) });
    expect(file).toMatchObject({ $id: 'big-one', bucketId: 'private', name: 'plan.pdf', sizeOriginal: bytes.length, chunksTotal: 3, chunksUploaded: 3, $permissions: [] });
    const got = await download('private', 'big-one');
    expect(got.status).toBe(200);
    expect(got.disposition).toBe('attachment; filename="plan.pdf"');
    expect(Buffer.from(got.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it('refuses the same id twice, a file over the bucket\'s size and an extension it does not allow', async () => {
    const storage = keyStorage();
    await storage.createFile({ bucketId: 'private', fileId: 'once', file: new File(['%PDF'], 'a.pdf') });
    expect((await failure(storage.createFile({ bucketId: 'private', fileId: 'once', file: new File(['%PDF'], 'a.pdf') }))).type).toBe('storage_file_already_exists');
    expect((await failure(storage.createFile({ bucketId: 'shared', fileId: ID.unique(), file: new File([new Uint8Array(101)], 'big.png') }))).type).toBe('storage_invalid_file_size');
    expect((await failure(storage.createFile({ bucketId: 'private', fileId: ID.unique(), file: new File(['MZ'], 'setup.exe') }))).type).toBe('storage_file_type_unsupported');
    expect((await failure(storage.getFile({ bucketId: 'nope', fileId: 'once' }))).type).toBe('storage_bucket_not_found');
  });

  it('hides a bucket without permissions from users: the file does not exist for them (404)', async () => {
    await keyStorage().createFile({ bucketId: 'private', fileId: 'secret', file: new File(['%PDF'], 'secret.pdf') });
    const user = await userStorage();
    const denied = await failure(user.getFile({ bucketId: 'private', fileId: 'secret' }));
    expect([denied.code, denied.type]).toEqual([404, 'storage_file_not_found']);
    expect((await failure(user.createFile({ bucketId: 'private', fileId: ID.unique(), file: new File(['x'], 'x.pdf') }))).code).toBe(401);
  });

  it('lets users read and create where the bucket allows it, and deletes', async () => {
    const user = await userStorage();
    const made = await user.createFile({ bucketId: 'shared', fileId: ID.unique(), file: new File(['hello'], 'note.png', { type: 'image/png' }), permissions: [Permission.read(Role.any())] });
    expect((await user.getFile({ bucketId: 'shared', fileId: made.$id })).mimeType).toBe('image/png');
    await keyStorage().deleteFile({ bucketId: 'shared', fileId: made.$id });
    expect((await failure(user.getFile({ bucketId: 'shared', fileId: made.$id }))).type).toBe('storage_file_not_found');
    expect((await download('shared', made.$id)).status).toBe(404);
  });
});
