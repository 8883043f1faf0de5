import { formDefinitions, formKinds, type FieldDef, type FormKind } from '../forms/index.ts';
import { ROLES } from '../roles.ts';

// The product's Appwrite database, described once (issue 3, section 2). Two targets read it:
//   - the local Appwrite emulator's seed (scripts/lib/appwrite-seed.ts), used by `npm start` and the tests;
//   - `npm run appwrite:setup` (scripts/appwrite-setup.ts), which creates what is missing in a real project.
// No I/O here: ids, attributes, indexes and permissions only.
//
// Permissions (docs/decisions/0006): clients get nothing at collection level. A profile document is
// readable by its own user (document security); every other document is reached only by the Worker with
// the server API key, after it has checked the caller's JWT and role. In particular no client may create
// or update a profile, since the profile carries the role.

export const DATABASE_ID = 'main';
export const DATABASE_NAME = 'Main';

/** Appwrite's attribute kinds this schema uses. */
export type AttributeType = 'string' | 'email' | 'enum' | 'integer' | 'boolean' | 'datetime';

export interface AttributeSpec {
  key: string;
  type: AttributeType;
  required: boolean;
  /** Maximum length (string attributes). */
  size?: number;
  /** Allowed values (enum attributes). */
  elements?: readonly string[];
  /** Only for optional attributes (Appwrite refuses a default on a required one). */
  default?: string | number | boolean;
  array?: boolean;
  min?: number;
  max?: number;
}

export interface IndexSpec {
  key: string;
  type: 'key' | 'unique' | 'fulltext';
  attributes: readonly string[];
  orders?: readonly ('ASC' | 'DESC')[];
}

export interface CollectionSpec {
  id: string;
  name: string;
  /** Collection-level permissions, in Appwrite's syntax: `read("users")`. */
  permissions: readonly string[];
  documentSecurity: boolean;
  attributes: readonly AttributeSpec[];
  indexes: readonly IndexSpec[];
}

export interface DatabaseSpec {
  id: string;
  name: string;
  collections: readonly CollectionSpec[];
}

// --- Collection ids ----------------------------------------------------------------------------------

export const COLLECTIONS = {
  /** Profiles (docs/product.md §17.1): userId, email, role. */
  users: 'users',
  /** Configured but unused (docs/product.md §17.1). */
  appointments: 'appointments',
  leads: 'leads',
  pricingRequests: 'pricing_requests',
  contactMessages: 'contact_messages',
  careerApplications: 'career_applications',
  affiliateApplications: 'affiliate_applications',
  seoAudits: 'seo_audits',
  bookingRequests: 'booking_requests',
  /** The admin area's chat rooms (a later issue). */
  channels: 'channels',
  messages: 'messages',
} as const;

export const PROFILES_COLLECTION = COLLECTIONS.users;

// --- Roles -------------------------------------------------------------------------------------------

export { ROLES, type Role } from '../roles.ts';

// --- Submissions -------------------------------------------------------------------------------------

/** The kinds of submission that travel on the queue and are kept in Appwrite: the five forms, chat leads and pricing requests. */
export const submissionKinds = [...formKinds, 'lead', 'pricing'] as const;
export type SubmissionKind = (typeof submissionKinds)[number];
export const isSubmissionKind = (v: unknown): v is SubmissionKind =>
  typeof v === 'string' && (submissionKinds as readonly string[]).includes(v);

/** Which collection keeps which kind. */
export const submissionCollections: Record<SubmissionKind, string> = {
  contact: COLLECTIONS.contactMessages,
  career: COLLECTIONS.careerApplications,
  affiliate: COLLECTIONS.affiliateApplications,
  'seo-audit': COLLECTIONS.seoAudits,
  booking: COLLECTIONS.bookingRequests,
  lead: COLLECTIONS.leads,
  pricing: COLLECTIONS.pricingRequests,
};

/** What staff and the visitor see of a submission's handling. Every new record is 'new'. */
export const SUBMISSION_STATUSES = ['new', 'in_progress', 'answered', 'closed'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** Bookkeeping attributes every submission collection has besides the submitted fields. */
export const SUBMISSION_META_KEYS = ['status', 'submittedAt', 'source'] as const;

const submissionMeta: AttributeSpec[] = [
  { key: 'status', type: 'enum', required: false, elements: SUBMISSION_STATUSES, default: 'new' },
  { key: 'submittedAt', type: 'datetime', required: true },
  { key: 'source', type: 'string', required: false, size: 40 },
];

const submissionIndexes: IndexSpec[] = [
  // The visitor's own submissions are found by their account e-mail (stored lower-case).
  { key: 'email_key', type: 'key', attributes: ['email'] },
  { key: 'submittedAt_key', type: 'key', attributes: ['submittedAt'], orders: ['DESC'] },
  { key: 'status_key', type: 'key', attributes: ['status'] },
];

/**
 * Submitted fields are kept as optional strings: the Worker has validated them already, and a submission
 * accepted under yesterday's form rules must still be stored today (nothing submitted is lost). URLs
 * grow by "https://" when normalised, hence the extra room.
 */
function fieldAttribute(def: FieldDef): AttributeSpec {
  return { key: def.name, type: 'string', required: false, size: def.max + (def.type === 'url' ? 16 : 0) };
}

const str = (key: string, size: number, required = false): AttributeSpec => ({ key, type: 'string', required, size });

/** Fields of the chat's saved lead record (docs/product.md §17.2), filled in by the chat issue. */
const leadFields: AttributeSpec[] = [
  str('name', 100), str('email', 254), str('phone', 30), str('serviceInterest', 60), str('budgetRange', 60),
  str('timeline', 60), str('projectSummary', 5000), str('messages', 20000),
];

/** Fields of the chat's pricing request (docs/product.md §17.3). */
const pricingFields: AttributeSpec[] = [
  str('name', 100), str('email', 254), str('projectType', 60), str('features', 2000), str('numberOfPages', 20),
  str('additionalDetails', 2000),
];

const collectionNames: Record<SubmissionKind, string> = {
  contact: 'Contact messages',
  career: 'Career applications',
  affiliate: 'Affiliate applications',
  'seo-audit': 'SEO audit requests',
  booking: 'Booking requests',
  lead: 'Chat leads',
  pricing: 'Pricing requests',
};

function submissionCollection(kind: SubmissionKind): CollectionSpec {
  const fields = kind === 'lead' ? leadFields : kind === 'pricing' ? pricingFields : formDefinitions[kind as FormKind].fields.map(fieldAttribute);
  return {
    id: submissionCollections[kind],
    name: collectionNames[kind],
    // Written and read by the Worker's server key only (docs/decisions/0006).
    permissions: [],
    documentSecurity: true,
    attributes: [...fields, ...submissionMeta],
    indexes: submissionIndexes,
  };
}

// --- The database ------------------------------------------------------------------------------------

const profiles: CollectionSpec = {
  id: COLLECTIONS.users,
  name: 'Profiles',
  // No collection-level permission: each profile document grants read to its own user only. Nobody but
  // the server may create or change a profile (it holds the role).
  permissions: [],
  documentSecurity: true,
  attributes: [
    // Optional: a profile may be made for an address before its account exists (staff invited by e-mail);
    // the account that verifies the address claims it (shared/appwrite/roles.ts).
    { key: 'userId', type: 'string', required: false, size: 36 },
    { key: 'email', type: 'email', required: true },
    { key: 'role', type: 'enum', required: false, elements: ROLES, default: 'user' },
    { key: 'name', type: 'string', required: false, size: 128 },
  ],
  indexes: [
    { key: 'userId_unique', type: 'unique', attributes: ['userId'] },
    { key: 'email_key', type: 'key', attributes: ['email'] },
  ],
};

const appointments: CollectionSpec = {
  id: COLLECTIONS.appointments,
  name: 'Appointments',
  permissions: [],
  documentSecurity: true,
  attributes: [
    str('userId', 36), { key: 'email', type: 'email', required: true }, { key: 'startsAt', type: 'datetime', required: true },
    { key: 'durationMinutes', type: 'integer', required: false, min: 1, max: 480, default: 30 }, str('topic', 200),
    { key: 'status', type: 'enum', required: false, elements: ['requested', 'confirmed', 'cancelled'], default: 'requested' },
  ],
  indexes: [{ key: 'startsAt_key', type: 'key', attributes: ['startsAt'] }],
};

// The admin area's channels and messages come with a later issue, which decides who may read them in
// realtime; until then they are server-only like everything else.
const channels: CollectionSpec = {
  id: COLLECTIONS.channels,
  name: 'Channels',
  permissions: [],
  documentSecurity: true,
  attributes: [str('name', 64, true), str('description', 500), str('createdBy', 36)],
  indexes: [{ key: 'name_unique', type: 'unique', attributes: ['name'] }],
};

const messages: CollectionSpec = {
  id: COLLECTIONS.messages,
  name: 'Messages',
  permissions: [],
  documentSecurity: true,
  attributes: [str('channelId', 36, true), str('userId', 36, true), str('authorName', 128), str('text', 4000, true)],
  indexes: [{ key: 'channelId_key', type: 'key', attributes: ['channelId'] }],
};

export const schema: DatabaseSpec = {
  id: DATABASE_ID,
  name: DATABASE_NAME,
  collections: [
    profiles,
    appointments,
    ...submissionKinds.map(submissionCollection),
    channels,
    messages,
  ],
};

export function collectionSpec(id: string, db: DatabaseSpec = schema): CollectionSpec | undefined {
  return db.collections.find((c) => c.id === id);
}
