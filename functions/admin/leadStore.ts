import { isWaHandler } from '../../shared/whatsapp/inbound.ts';
import { activityDocument } from '../../shared/admin/inquiry.ts';
import { answerWayName, isLeadStatus, leadStatusNames, type AnswerWay, type LeadStatus } from '../../shared/admin/leads.ts';
import { isActivityType, type LeadActivity, type LeadRow, type StaffMember } from '../../shared/admin/leadView.ts';
import { COLLECTIONS, isDeliveryState, isSubmissionKind, type LeadActivityType } from '../../shared/appwrite/schema.ts';
import { uniqueId } from '../../shared/id.ts';
import { AppwriteApiError, type AppwriteClient, type AppwriteDocument } from '../../platform/appwrite.ts';
import { firstAnswerFields } from '../../platform/leadClock.ts';
import { ApiRefusal } from '../errors.ts';
import { profilesWithRole } from './staffProfiles.ts';

// Reading and changing leads in Appwrite (the `inquiries` index and `lead_activity`), for the inbox's
// routes (functions/admin/leads.ts). Every change is one update of the inquiry plus one activity
// document that says who did it and when.

export interface Actor {
  id: string;
  name: string;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

export function toLeadRow(doc: AppwriteDocument): LeadRow {
  return {
    id: doc.$id,
    kind: isSubmissionKind(doc.kind) ? doc.kind : 'contact',
    name: str(doc.name),
    email: str(doc.email),
    company: str(doc.company),
    summary: str(doc.summary) ?? '',
    serviceInterest: str(doc.serviceInterest),
    budgetRange: str(doc.budgetRange),
    status: isLeadStatus(doc.status) ? doc.status : 'new',
    assigneeId: str(doc.assigneeId),
    assigneeName: str(doc.assigneeName),
    receivedAt: str(doc.receivedAt) ?? doc.$createdAt,
    dueAt: str(doc.dueAt) ?? doc.$createdAt,
    firstResponseAt: str(doc.firstResponseAt),
    firstResponseBy: str(doc.firstResponseBy),
    firstResponseByName: str(doc.firstResponseByName),
    firstResponseVia: str(doc.firstResponseVia),
    archived: doc.archived === true,
    lastInboundAt: str(doc.lastInboundAt),
    lastOutboundAt: str(doc.lastOutboundAt),
    waId: str(doc.waId),
    waLastInboundAt: str(doc.waLastInboundAt),
    waHandler: isWaHandler(doc.waHandler) ? doc.waHandler : null,
    ...(doc.language === 'fr' ? { language: 'fr' as const } : {}),
  };
}

export function toActivity(doc: AppwriteDocument): LeadActivity {
  return {
    id: doc.$id,
    type: isActivityType(doc.type) ? doc.type : 'note',
    actorId: str(doc.actorId),
    actorName: str(doc.actorName),
    text: str(doc.text),
    from: str(doc.from),
    to: str(doc.to),
    at: str(doc.at) ?? doc.$createdAt,
    subject: str(doc.subject),
    messageId: str(doc.messageId),
    deliveryState: isDeliveryState(doc.deliveryState) ? doc.deliveryState : null,
    deliveryError: str(doc.deliveryError),
    attachments: str(doc.attachments),
    waTemplate: str(doc.waTemplate),
  };
}

/** 404 lead_not_found, answered by the API's onError like every ApiRefusal. */
export class LeadNotFound extends ApiRefusal {
  constructor(readonly id: string) {
    super(404, 'lead_not_found', `There is no lead with id ${id}.`);
    this.name = 'LeadNotFound';
  }
}

/** 422 not_staff, on the assignee field. */
export class NotStaff extends ApiRefusal {
  constructor(readonly id: string) {
    const message = `Account ${id} is not a staff member (admin or moderator), so leads cannot be assigned to it.`;
    super(422, 'not_staff', message, { fields: { assigneeId: message } });
    this.name = 'NotStaff';
  }
}

const path = (databaseId: string, collectionId: string, documentId?: string) =>
  `/databases/${encodeURIComponent(databaseId)}/collections/${encodeURIComponent(collectionId)}/documents${documentId ? `/${encodeURIComponent(documentId)}` : ''}`;

export class LeadStore {
  constructor(private readonly client: AppwriteClient, private readonly databaseId: string) {}

  /** A document, or null when Appwrite says it does not exist. */
  get(collectionId: string, id: string): Promise<AppwriteDocument | null> {
    return this.client.findDocument(this.databaseId, collectionId, id);
  }

  /** Deletes a document; one already gone counts as deleted. */
  async remove(collectionId: string, id: string): Promise<void> {
    try {
      await this.client.request('DELETE', path(this.databaseId, collectionId, id));
    } catch (err) {
      if (err instanceof AppwriteApiError && err.status === 404) return;
      throw err;
    }
  }

  async lead(id: string): Promise<AppwriteDocument> {
    const doc = await this.get(COLLECTIONS.inquiries, id);
    if (!doc) throw new LeadNotFound(id);
    return doc;
  }

  async record(type: LeadActivityType, leadId: string, actor: Actor | null, extra: { text?: string | null; from?: string | null; to?: string | null } = {}): Promise<LeadActivity> {
    const doc = activityDocument({ documentId: uniqueId(), leadId, type, at: new Date().toISOString(), actor, ...extra });
    return toActivity(await this.client.createDocument(this.databaseId, COLLECTIONS.leadActivity, doc.documentId, { ...doc.data }, []));
  }

  /**
   * New status. With `answeredVia` (only with Contacted) the person also says how they answered, which is the
   * lead's first response unless it has one (docs/decisions/0029); a status alone never stops the clock.
   * Nothing changed: no write, no activity.
   */
  async setStatus(id: string, status: LeadStatus, actor: Actor, answeredVia?: AnswerWay): Promise<LeadRow> {
    const current = toLeadRow(await this.lead(id));
    const data: Record<string, unknown> = current.status === status ? {} : { status };
    if (answeredVia && !current.firstResponseAt) {
      Object.assign(data, firstAnswerFields({ at: new Date().toISOString(), by: actor.id, byName: actor.name, via: answeredVia }));
    }
    if (!Object.keys(data).length) return current;
    const updated = await this.client.updateDocument(this.databaseId, COLLECTIONS.inquiries, id, data);
    if (data.status) await this.record('status', id, actor, { from: leadStatusNames[current.status], to: leadStatusNames[status] });
    if (data.firstResponseVia) await this.record('note', id, actor, { text: `Answered: ${answerWayName(answeredVia ?? '')}.` });
    return toLeadRow(updated);
  }

  /** Assigns to a staff member (checked against the profiles), or to nobody. */
  async assign(id: string, assignee: StaffMember | null, actor: Actor, assigned?: (lead: LeadRow, activity: LeadActivity) => Promise<void>): Promise<LeadRow> {
    const current = toLeadRow(await this.lead(id));
    if (current.assigneeId === (assignee?.id ?? null)) return current;
    const updated = await this.client.updateDocument(this.databaseId, COLLECTIONS.inquiries, id, {
      assigneeId: assignee?.id ?? null,
      assigneeName: assignee ? (assignee.name || assignee.email).slice(0, 128) : null,
    });
    const activity = await this.record('assign', id, actor, { from: current.assigneeName, to: assignee ? assignee.name || assignee.email : null });
    const row = toLeadRow(updated);
    if (assigned) await assigned(row, activity);
    return row;
  }

  /** Archives a lead, or brings an archived one back to the inbox (the archive's undo). Unchanged: no write. */
  async setArchived(id: string, archived: boolean, actor: Actor): Promise<LeadRow> {
    const current = toLeadRow(await this.lead(id));
    if (current.archived === archived) return current;
    const updated = await this.client.updateDocument(this.databaseId, COLLECTIONS.inquiries, id, { archived });
    await this.record(archived ? 'archive' : 'restore', id, actor);
    return toLeadRow(updated);
  }

  /**
   * Staff who can be assigned leads: profiles whose role (read as every request reads it, whichever field
   * holds it) is admin or moderator and that belong to an account.
   */
  async staff(): Promise<StaffMember[]> {
    const profiles = await profilesWithRole(this.client, this.databaseId, ['admin', 'moderator'], 200);
    const byId = new Map<string, StaffMember>();
    for (const { profile: p, role } of profiles) {
      const id = str(p.userId);
      if (!id || byId.has(id)) continue;
      byId.set(id, { id, name: str(p.name) ?? '', email: str(p.email) ?? '', role: role === 'admin' ? 'admin' : 'moderator' });
    }
    return [...byId.values()].sort((a, b) => (a.name || a.email).localeCompare(b.name || b.email));
  }

  /** The staff member with this account id; NotStaff when the account is not admin or moderator. */
  async staffMember(id: string, self: Actor & { email: string; role: string }): Promise<StaffMember> {
    if (id === self.id && (self.role === 'admin' || self.role === 'moderator')) return { id, name: self.name, email: self.email, role: self.role };
    const found = (await this.staff()).find((s) => s.id === id);
    if (!found) throw new NotStaff(id);
    return found;
  }
}
