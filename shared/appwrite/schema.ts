import { formDefinitions, type FieldDef, type FormKind } from '../forms/index.ts';
import { kindPlural, submissionKinds, type SubmissionKind } from '../submissionKinds.ts';
import { ROLES } from '../roles.ts';
import { LEAD_STATUSES } from '../admin/leads.ts';

// The product's Appwrite database, described once, with no I/O: read by the local emulator's seed
// (scripts/lib/appwrite-seed.ts) and by `npm run appwrite:setup` (scripts/appwrite-setup.ts).
// Permissions (docs/decisions/0006): clients get nothing at collection level; a profile, which carries the
// role, is readable by its own user only, and everything else is reached only by the Worker's server key.

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
  /** "Talk to a person": live conversations with staff, and requests for one when nobody was online (docs/decisions/0019). */
  liveChats: 'live_chats',
  /** The staff inbox: one document per lead of any kind, beside the kind's own record (docs/decisions/0016). */
  inquiries: 'inquiries',
  /** A lead's history: received, status changes, assignments, notes, replies, deliveries. */
  leadActivity: 'lead_activity',
  /** The admin area's team channels and their messages. */
  channels: 'channels',
  messages: 'messages',
  /** Saved replies of the lead composer, with {{variables}} (shared/admin/savedReplies.ts). */
  savedReplies: 'saved_replies',
  /** Staff devices' Web Push subscriptions, one document per device (docs/decisions/0028). */
  pushSubscriptions: 'push_subscriptions',
  /** Each staff member's alert choices, quiet hours and time zone (docs/decisions/0028). */
  notificationSettings: 'notification_settings',
  /** WhatsApp conversations that started a lead of their own (kind `whatsapp`, docs/decisions/0031). */
  whatsappConversations: 'whatsapp_conversations',
  /** The short references of wa.me links: code → the conversation it carries over (docs/decisions/0031). */
  waRefs: 'wa_refs',
} as const;

/** Read permissions for staff only (Appwrite user labels, kept equal to the profile role by the Worker). */
export const STAFF_READ = ['read("label:admin")', 'read("label:moderator")'] as const;

export const PROFILES_COLLECTION = COLLECTIONS.users;

// --- Roles -------------------------------------------------------------------------------------------

export { ROLES, type Role } from '../roles.ts';

// --- Submissions -------------------------------------------------------------------------------------

export { isSubmissionKind, submissionKinds, type SubmissionKind } from '../submissionKinds.ts';

/** Which collection keeps which kind. */
export const submissionCollections: Record<SubmissionKind, string> = {
  contact: COLLECTIONS.contactMessages,
  career: COLLECTIONS.careerApplications,
  affiliate: COLLECTIONS.affiliateApplications,
  'seo-audit': COLLECTIONS.seoAudits,
  booking: COLLECTIONS.bookingRequests,
  lead: COLLECTIONS.leads,
  pricing: COLLECTIONS.pricingRequests,
  live: COLLECTIONS.liveChats,
  whatsapp: COLLECTIONS.whatsappConversations,
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

/**
 * Fields of the chat's saved lead record (docs/product.md §17.2). A lead filed in a conversation also keeps
 * its reference (the Conversation object's id, which an erasure erases with the record; docs/decisions/0021).
 * `conversationId` is on records written before: the conversation's own id, which no longer opens it.
 */
const leadFields: AttributeSpec[] = [
  str('name', 100), str('email', 254), str('phone', 30), str('serviceInterest', 60), str('budgetRange', 60),
  str('timeline', 60), str('projectSummary', 5000), str('messages', 20000), str('conversationId', 22), str('conversationRef', 64),
];

/** Fields of the chat's pricing request (docs/product.md §17.3). */
const pricingFields: AttributeSpec[] = [
  str('name', 100), str('email', 254), str('projectType', 60), str('features', 2000), str('numberOfPages', 20),
  str('additionalDetails', 2000),
];

/**
 * A request for a person from the chat (docs/decisions/0019): who asked, the conversation it belongs to,
 * whether a person was online (live) or not (offline), and the transcript, rewritten by the conversation's
 * Durable Object as the live conversation goes on and when it ends.
 */
const liveFields: AttributeSpec[] = [
  str('name', 100), str('email', 254), str('phone', 30), str('company', 100), str('conversationId', 22), str('conversationRef', 64),
  { key: 'mode', type: 'enum', required: false, elements: ['live', 'offline'], default: 'live' },
  { key: 'liveState', type: 'enum', required: false, elements: ['waiting', 'live', 'ended'] },
  str('staffName', 40), str('messages', 20000),
];

/**
 * A WhatsApp conversation that started a lead of its own (docs/decisions/0031): the customer's WhatsApp
 * profile name and number (wa_id, digits), the conversation object that holds its transcript, and the
 * transcript as the lead's record keeps it (shared/chat/transcript.ts). Its messages are the lead's timeline.
 */
const whatsappFields: AttributeSpec[] = [
  str('name', 100), str('email', 254), str('phone', 30), str('conversationRef', 64), str('messages', 20000),
];

function submissionCollection(kind: SubmissionKind): CollectionSpec {
  const fields = kind === 'lead' ? leadFields : kind === 'pricing' ? pricingFields : kind === 'live' ? liveFields
    : kind === 'whatsapp' ? whatsappFields
    : formDefinitions[kind as FormKind].fields.map(fieldAttribute);
  return {
    id: submissionCollections[kind],
    name: kindPlural(kind),
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
    // The registration time of the account the profile belongs to: a deleted account's id can be registered
    // again, this instant cannot (shared/appwrite/roles.ts, docs/decisions/0006). Written with userId.
    { key: 'accountRegistration', type: 'datetime', required: false },
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

// The admin area's team channels (docs/decisions/0017). Staff read them, also in realtime (the `appwrite`
// SDK's subscribe filters events by these permissions, through the labels the Worker keeps equal to the
// profile role); only the Worker writes, after its own checks, so no client holds a write permission.
const channels: CollectionSpec = {
  id: COLLECTIONS.channels,
  name: 'Channels',
  permissions: [...STAFF_READ],
  documentSecurity: false,
  attributes: [
    /** A slug (shared/admin/team.ts channelSlug), unique. */
    str('name', 64, true), str('description', 500), str('createdBy', 36),
    { key: 'archived', type: 'boolean', required: false, default: false },
  ],
  indexes: [{ key: 'name_unique', type: 'unique', attributes: ['name'] }],
};

const messages: CollectionSpec = {
  id: COLLECTIONS.messages,
  name: 'Messages',
  permissions: [...STAFF_READ],
  documentSecurity: false,
  attributes: [
    str('channelId', 36, true), str('userId', 36, true), str('authorName', 128),
    /** Emptied when the message is deleted; who deleted it and when stay. */
    str('text', 4000),
    { key: 'postedAt', type: 'datetime', required: true },
    str('deletedById', 36), str('deletedByName', 128),
    { key: 'deletedAt', type: 'datetime', required: false },
  ],
  indexes: [
    { key: 'channelId_key', type: 'key', attributes: ['channelId'] },
    { key: 'channel_posted', type: 'key', attributes: ['channelId', 'postedAt'], orders: ['ASC', 'DESC'] },
  ],
};

// --- The staff inbox (docs/decisions/0016) -----------------------------------------------------------

/** One lead of any kind: what the inbox lists, filters, searches and sorts, in one query per page. */
const inquiries: CollectionSpec = {
  id: COLLECTIONS.inquiries,
  name: 'Inquiries',
  // Staff read it (the admin area's realtime); only the Worker writes, after its own checks.
  permissions: [...STAFF_READ],
  documentSecurity: false,
  attributes: [
    { key: 'kind', type: 'enum', required: true, elements: submissionKinds },
    str('name', 100), str('email', 254), str('company', 200),
    /** One line for the list: subject, service interest or the first words. */
    str('summary', 200),
    str('serviceInterest', 60), str('budgetRange', 60),
    /** Name, e-mail, company and message text, for full-text search. */
    str('searchText', 8000),
    { key: 'status', type: 'enum', required: false, elements: LEAD_STATUSES, default: 'new' },
    str('assigneeId', 36), str('assigneeName', 128),
    { key: 'receivedAt', type: 'datetime', required: true },
    /** receivedAt + 24 h: the reply promise; sorting by it puts the most urgent first. */
    { key: 'dueAt', type: 'datetime', required: true },
    /**
     * The first answer a person gave the prospect (docs/decisions/0029): an e-mail sent from the lead, a staff
     * message in its live chat, or Contacted with how they answered. A status change alone does not set it.
     */
    { key: 'firstResponseAt', type: 'datetime', required: false },
    /** Who gave that first answer (their user id and name), and how: email, live, or the way recorded with Contacted. */
    str('firstResponseBy', 36), str('firstResponseByName', 128), str('firstResponseVia', 60),
    { key: 'archived', type: 'boolean', required: false, default: false },
    /** The lead's reply+<token>@ address token (an HMAC of its id; functions/mail/replyAddress.ts), looked up by mail in. */
    str('replyToken', 40),
    /** The last mail in from the prospect and the last answer out: "Replied by prospect" while in is the later. */
    { key: 'lastInboundAt', type: 'datetime', required: false },
    { key: 'lastOutboundAt', type: 'datetime', required: false },
    /** How far the promise escalated without an answer: 0, 75 (18 h) or 100 (24 h), so each alert is raised once. */
    { key: 'escalation', type: 'integer', required: false, min: 0, max: 100, default: 0 },
    /**
     * A live chat's state, written by its room when it changes (waiting, live, ended): the event that tells every
     * open admin page a waiting visitor was joined or left (docs/decisions/0030).
     */
    { key: 'liveState', type: 'enum', required: false, elements: ['waiting', 'live', 'ended'] },
    /** The conversation object of a chat or WhatsApp lead (its reference, docs/decisions/0021), when it has one. */
    str('conversationRef', 64),
    /**
     * WhatsApp (docs/decisions/0031): the customer's number (wa_id, digits) once the lead has a WhatsApp
     * conversation, and when they last wrote there: the 24-hour customer-service window runs from it.
     */
    str('waId', 20),
    { key: 'waLastInboundAt', type: 'datetime', required: false },
    /** Who answers the customer on WhatsApp now (shared/whatsapp/inbound.ts WA_HANDLERS): the assistant until a person is asked for or writes. */
    { key: 'waHandler', type: 'enum', required: false, elements: ['assistant', 'waiting', 'staff'] },
    /** The language the prospect wrote in (a chat on a French page: 'fr'); null for English or unknown (docs/decisions/0032). */
    { key: 'language', type: 'enum', required: false, elements: ['en', 'fr'] },
  ],
  indexes: [
    { key: 'waId_received', type: 'key', attributes: ['waId', 'receivedAt'], orders: ['ASC', 'DESC'] },
    { key: 'receivedAt_key', type: 'key', attributes: ['receivedAt'], orders: ['DESC'] },
    { key: 'status_received', type: 'key', attributes: ['status', 'receivedAt'], orders: ['ASC', 'DESC'] },
    { key: 'kind_received', type: 'key', attributes: ['kind', 'receivedAt'], orders: ['ASC', 'DESC'] },
    { key: 'assignee_key', type: 'key', attributes: ['assigneeId'] },
    { key: 'email_key', type: 'key', attributes: ['email'] },
    { key: 'dueAt_key', type: 'key', attributes: ['dueAt'] },
    { key: 'search_fulltext', type: 'fulltext', attributes: ['searchText'] },
    { key: 'replyToken_key', type: 'key', attributes: ['replyToken'] },
    { key: 'firstResponse_key', type: 'key', attributes: ['firstResponseAt'] },
  ],
};

/**
 * `email_out`: an e-mail sent from the lead (with its delivery state); `email_in`: the prospect's answer.
 * `wa_out`: a WhatsApp message to the customer (staff or the assistant; its status as Meta reports it);
 * `wa_in`: one from the customer (text, a button or list reply, media, a voice note with its transcript).
 */
export const LEAD_ACTIVITY_TYPES = ['received', 'status', 'assign', 'note', 'reply', 'delivery', 'archive', 'restore', 'erasure', 'email_out', 'email_in', 'wa_out', 'wa_in'] as const;
/** An e-mail is queued → sent or failed; a WhatsApp message goes on to delivered and read (Meta's statuses). */
export const DELIVERY_STATES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export const isDeliveryState = (v: unknown): v is DeliveryState => typeof v === 'string' && (DELIVERY_STATES as readonly string[]).includes(v);
export type LeadActivityType = (typeof LEAD_ACTIVITY_TYPES)[number];

const leadActivity: CollectionSpec = {
  id: COLLECTIONS.leadActivity,
  name: 'Lead activity',
  permissions: [...STAFF_READ],
  documentSecurity: false,
  attributes: [
    str('leadId', 36, true),
    { key: 'type', type: 'enum', required: true, elements: LEAD_ACTIVITY_TYPES },
    str('actorId', 36), str('actorName', 128),
    /** A note's text, or what a change was about. */
    str('text', 5000),
    str('from', 128), str('to', 128),
    { key: 'at', type: 'datetime', required: true },
    // E-mails (email_out, email_in; docs/decisions/0027): subject, Message-ID, the delivery state of one sent
    // (queued → sent, or failed with the reason) and the attachments kept (JSON: [{ fileId, name, type, size }]
    // and the dropped ones [{ name, dropped }]).
    str('subject', 200), str('messageId', 250),
    { key: 'deliveryState', type: 'enum', required: false, elements: DELIVERY_STATES },
    str('deliveryError', 500), str('attachments', 4000),
    // WhatsApp (wa_out, wa_in): messageId is the wamid; a template message names its template ("name/language").
    str('waTemplate', 120),
  ],
  indexes: [
    { key: 'lead_at', type: 'key', attributes: ['leadId', 'at'], orders: ['ASC', 'ASC'] },
    // A WhatsApp status names its message by wamid (functions/whatsapp/status.ts).
    { key: 'messageId_key', type: 'key', attributes: ['messageId'] },
  ],
};

// --- Responding (docs/decisions/0027, 0028) ----------------------------------------------------------

const savedReplies: CollectionSpec = {
  id: COLLECTIONS.savedReplies,
  name: 'Saved replies',
  // Read and written through the Worker only (admins manage them, staff use them).
  permissions: [],
  documentSecurity: true,
  attributes: [str('title', 80, true), str('body', 5000, true), str('bodyFr', 5000), str('updatedBy', 36), { key: 'updatedAt', type: 'datetime', required: false }],
  indexes: [{ key: 'title_key', type: 'key', attributes: ['title'] }],
};

const pushSubscriptions: CollectionSpec = {
  id: COLLECTIONS.pushSubscriptions,
  name: 'Push subscriptions',
  // Server only: an endpoint and its keys let anyone push to that device.
  permissions: [],
  documentSecurity: true,
  attributes: [
    str('userId', 36, true), str('endpoint', 1000, true), str('p256dh', 200, true), str('auth', 60, true),
    /** What the person calls the device ("Chrome on Android"), from the User-Agent at subscription. */
    str('label', 80),
    { key: 'createdAt', type: 'datetime', required: true },
    { key: 'lastOkAt', type: 'datetime', required: false },
  ],
  indexes: [{ key: 'userId_key', type: 'key', attributes: ['userId'] }, { key: 'endpoint_key', type: 'key', attributes: ['endpoint'] }],
};

/** A wa.me link's short reference (its document id is the code): what it carries over, never a credential. */
const waRefs: CollectionSpec = {
  id: COLLECTIONS.waRefs,
  name: 'WhatsApp references',
  permissions: [],
  documentSecurity: true,
  attributes: [str('conversationRef', 64), str('leadId', 36), { key: 'createdAt', type: 'datetime', required: true }],
  indexes: [{ key: 'conversationRef_key', type: 'key', attributes: ['conversationRef'] }],
};

const notificationSettings: CollectionSpec = {
  id: COLLECTIONS.notificationSettings,
  name: 'Notification settings',
  permissions: [],
  documentSecurity: true,
  attributes: [
    str('userId', 36, true),
    /** The alert kinds the person wants (shared/alerts.ts ALERT_KINDS). */
    { key: 'kinds', type: 'string', required: false, size: 40, array: true },
    /** Quiet hours, "HH:MM" to "HH:MM" in timeZone (empty: none). */
    str('quietStart', 5), str('quietEnd', 5), str('timeZone', 64),
  ],
  indexes: [{ key: 'userId_unique', type: 'unique', attributes: ['userId'] }],
};

export const schema: DatabaseSpec = {
  id: DATABASE_ID,
  name: DATABASE_NAME,
  collections: [
    profiles,
    appointments,
    ...submissionKinds.map(submissionCollection),
    inquiries,
    leadActivity,
    channels,
    messages,
    savedReplies,
    pushSubscriptions,
    waRefs,
    notificationSettings,
  ],
};

// --- Storage (docs/decisions/0027-mail-threads.md, "Mail in") ------------------------------------------

export const BUCKETS = {
  /** Attachments of prospects' e-mail replies: no client permissions, read by staff through the Worker. */
  attachments: 'attachments',
  /** Images, documents and voice notes customers send on WhatsApp: the same rule (docs/decisions/0031). */
  whatsappMedia: 'whatsapp_media',
} as const;

export interface BucketSpec {
  id: string;
  name: string;
  permissions: readonly string[];
  fileSecurity: boolean;
  /** Bytes. */
  maximumFileSize: number;
  /** Lower-case extensions without the dot. */
  allowedFileExtensions: readonly string[];
}

/** The buckets `npm run appwrite:setup` and the emulator's seed make. Limits: shared/mail/attachments.ts. */
export const buckets: readonly BucketSpec[] = [
  {
    id: BUCKETS.attachments,
    name: 'E-mail attachments',
    permissions: [],
    fileSecurity: false,
    maximumFileSize: 10 * 1024 * 1024,
    allowedFileExtensions: ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'txt', 'csv', 'docx', 'xlsx', 'pptx'],
  },
  {
    id: BUCKETS.whatsappMedia,
    name: 'WhatsApp media',
    permissions: [],
    fileSecurity: false,
    maximumFileSize: 16 * 1024 * 1024,
    allowedFileExtensions: ['jpg', 'jpeg', 'png', 'webp', 'pdf', 'txt', 'docx', 'xlsx', 'pptx', 'ogg', 'opus', 'mp3', 'm4a', 'aac', 'amr'],
  },
];

export function collectionSpec(id: string, db: DatabaseSpec = schema): CollectionSpec | undefined {
  return db.collections.find((c) => c.id === id);
}
