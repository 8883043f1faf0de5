// The seed (schema, API keys, users, documents) and the records the emulator keeps.

export type AttributeType = 'string' | 'integer' | 'float' | 'boolean' | 'datetime' | 'email' | 'url' | 'ip' | 'enum';

export interface SeedAttribute {
  key: string;
  type: AttributeType;
  required?: boolean;
  array?: boolean;
  default?: unknown;
  /** Maximum length for strings (Appwrite's `size`); 255 when absent. */
  size?: number;
  min?: number;
  max?: number;
  /** Allowed values for `enum`. */
  elements?: string[];
  /** Set when created through the structure API. */
  createdAt?: string;
}

export interface SeedIndex {
  key: string;
  type: 'key' | 'unique' | 'fulltext';
  attributes: string[];
  orders?: ('ASC' | 'DESC')[];
  /** Set when created through the structure API. */
  createdAt?: string;
}

export interface SeedCollection {
  id: string;
  name?: string;
  /** Collection-level permissions, as the SDK's Permission helpers write them: `create("users")`, `read("any")`. */
  permissions?: string[];
  /** When true, document-level permissions also grant access (Appwrite's default is false). */
  documentSecurity?: boolean;
  /** Omit to accept any attributes (schemaless); give them to get Appwrite's structure validation. */
  attributes?: SeedAttribute[];
  indexes?: SeedIndex[];
  /** Set when created through the structure API. */
  createdAt?: string;
}

export interface SeedDatabase {
  id: string;
  name?: string;
  collections: SeedCollection[];
  /** Set when created through the structure API. */
  createdAt?: string;
}

export interface SeedApiKey {
  /** The value sent in X-Appwrite-Key. */
  secret: string;
  name?: string;
  /** Appwrite scopes, e.g. users.read, documents.read, documents.write, rows.read, rows.write. */
  scopes: string[];
  /** ISO date; null or absent for a key that never expires. */
  expire?: string | null;
}

export interface SeedUser {
  id?: string;
  email: string;
  password: string;
  name?: string;
  phone?: string;
  labels?: string[];
  emailVerification?: boolean;
  prefs?: Record<string, unknown>;
  /** A document created for this user (id = user id, readable and updatable by the user), e.g. a profile with a role. */
  profile?: {
    databaseId: string; collectionId: string; data: Record<string, unknown>; permissions?: string[];
    /** An attribute that receives the user's registration time (a profile bound to the account). */
    registrationAttribute?: string;
  };
}

export interface SeedDocument {
  databaseId: string;
  collectionId: string;
  documentId: string;
  data: Record<string, unknown>;
  permissions?: string[];
}

export interface SeedBucket {
  id: string;
  name: string;
  permissions?: string[];
  fileSecurity?: boolean;
  /** Bytes; Appwrite's default is 30 MB. */
  maximumFileSize?: number;
  /** Lower-case extensions without the dot; empty allows any. */
  allowedFileExtensions?: string[];
}

export interface Seed {
  /** Shown in e-mails ("{project} team"). */
  projectName?: string;
  databases?: SeedDatabase[];
  apiKeys?: SeedApiKey[];
  users?: SeedUser[];
  documents?: SeedDocument[];
  /** Storage buckets (tests/emulators/appwrite/storage.ts). */
  buckets?: SeedBucket[];
  /** OAuth2 providers enabled in the project; default google, github and apple. */
  oauthProviders?: string[];
}

export interface Target {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  name: string;
  userId: string;
  providerId: string | null;
  providerType: 'email' | 'sms' | 'push';
  identifier: string;
  expired: boolean;
}

export interface UserRecord {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  name: string;
  email: string;
  phone: string;
  password: string | null;
  hash: string;
  hashOptions: Record<string, unknown>;
  registration: string;
  status: boolean;
  labels: string[];
  passwordUpdate: string;
  emailVerification: boolean;
  phoneVerification: boolean;
  mfa: boolean;
  prefs: Record<string, unknown>;
  targets: Target[];
  accessedAt: string;
  totp: { secret: string; verified: boolean } | null;
  mfaRecoveryCodes: string[];
}

export interface SessionRecord {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  userId: string;
  /** sha256 of the secret; the secret itself only ever travels in the cookie. */
  secretHash: string;
  expire: string;
  provider: string;
  providerUid: string;
  providerAccessToken: string;
  providerAccessTokenExpiry: string;
  providerRefreshToken: string;
  ip: string;
  userAgent: string;
  factors: string[];
  mfaUpdatedAt: string;
}

export type TokenType = 'recovery' | 'verification' | 'phoneVerification' | 'magic-url' | 'email' | 'phone' | 'oauth2' | 'generic';

export interface TokenRecord {
  $id: string;
  $createdAt: string;
  userId: string;
  type: TokenType;
  secretHash: string;
  expire: string;
  phrase: string;
}

export interface ChallengeRecord {
  $id: string;
  $createdAt: string;
  userId: string;
  type: 'totp' | 'email' | 'phone' | 'recoverycode';
  codeHash: string;
  expire: string;
}

export interface IdentityRecord {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  userId: string;
  provider: string;
  providerUid: string;
  providerEmail: string;
  providerAccessToken: string;
  providerAccessTokenExpiry: string;
  providerRefreshToken: string;
}

export interface LogRecord {
  $id: string;
  userId: string;
  event: string;
  ip: string;
  userAgent: string;
  time: string;
}

export interface DocumentRecord {
  $id: string;
  $sequence: number;
  $createdAt: string;
  $updatedAt: string;
  $permissions: string[];
  data: Record<string, unknown>;
}

export interface MailRecord {
  id: string;
  project: string;
  kind: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: string;
}
