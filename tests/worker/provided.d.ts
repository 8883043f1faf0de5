declare module 'vitest' {
  interface ProvidedContext {
    /** Worker bindings that point at the emulators started by tests/worker/global-setup.ts. */
    workerBindings: Record<string, string>;
    /** The Appwrite emulator of the Worker tests: its address, key and the test accounts' JWTs. */
    appwriteTest: AppwriteTestContext;
    /** The push recorder (tests/worker/pushRecorder.ts): its origin and the test kit's subscription keys. */
    pushTest: { origin: string; keys: { p256dh: string; auth: string } };
  }
}

/** A test account: its id, e-mail and a JWT made with the real appwrite SDK (account.createJWT). */
export interface TestAccount {
  id: string;
  email: string;
  jwt: string;
}

export interface AppwriteTestContext {
  endpoint: string;
  projectId: string;
  databaseId: string;
  apiKey: string;
  /** An address where nothing listens (Appwrite down); the outbound service lets the Worker try it. */
  downEndpoint: string;
  accounts: {
    /** role admin (profile by userId) */
    admin: TestAccount;
    /** role moderator (profile by userId) */
    moderator: TestAccount;
    /** no profile: role user */
    user: TestAccount;
    /** no profile: the account whose role the role-change test changes */
    target: TestAccount;
    /** verified e-mail; a profile with its e-mail and no userId (made before the account) says moderator */
    emailStaff: TestAccount;
    /** verified e-mail; a profile of another account (userId former-employee) with its e-mail says admin */
    recycled: TestAccount;
    /** the same situation, for the role-change test (admin.test.ts) so that it does not race me.test.ts */
    recycledTarget: TestAccount;
    /** unverified e-mail; an older profile with its e-mail says admin (must not count) */
    unverified: TestAccount;
    /** a JWT whose session was signed out afterwards */
    revoked: TestAccount;
  };
}
