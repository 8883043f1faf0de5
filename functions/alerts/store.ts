import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { settingsOf, type NotificationSettings } from '../../shared/alerts/settings.ts';
import type { Role } from '../../shared/roles.ts';
import { AppwriteApiError, appwriteSettings, Q, serverClient, type AppwriteClient, type AppwriteDocument } from '../../platform/appwrite.ts';
import { appConfig } from '../../platform/config.ts';
import { adminCalls } from '../admin/appwriteAdmin.ts';
import { LeadStore } from '../admin/leadStore.ts';
import type { DeviceSubscription } from './push.ts';

// Staff members' devices and notification settings in Appwrite (collections push_subscriptions and
// notification_settings: server only, docs/decisions/0028), read and written by the settings API and the
// alert sinks alike.

export interface StoredDevice extends DeviceSubscription {
  id: string;
  userId: string;
  label: string;
  createdAt: string;
  lastOkAt: string | null;
}

const toDevice = (d: AppwriteDocument): StoredDevice => ({
  id: d.$id, userId: String(d.userId), endpoint: String(d.endpoint), p256dh: String(d.p256dh), auth: String(d.auth),
  label: typeof d.label === 'string' ? d.label : '', createdAt: String(d.createdAt ?? d.$createdAt),
  lastOkAt: typeof d.lastOkAt === 'string' ? d.lastOkAt : null,
});

const notFound = (err: unknown) => err instanceof AppwriteApiError && err.status === 404;

export class AlertStore {
  constructor(private readonly client: AppwriteClient, private readonly databaseId: string) {}

  async devices(userId: string): Promise<StoredDevice[]> {
    const list = await this.client.listDocuments(this.databaseId, COLLECTIONS.pushSubscriptions, [Q.equal('userId', userId), Q.orderAsc('createdAt'), Q.limit(100)]);
    return list.documents.map(toDevice);
  }

  /** The device with this endpoint, whoever it belongs to. */
  async deviceByEndpoint(endpoint: string): Promise<StoredDevice | null> {
    const list = await this.client.listDocuments(this.databaseId, COLLECTIONS.pushSubscriptions, [Q.equal('endpoint', endpoint), Q.limit(1)]);
    return list.documents[0] ? toDevice(list.documents[0]) : null;
  }

  async device(id: string): Promise<StoredDevice | null> {
    const doc = await this.client.findDocument(this.databaseId, COLLECTIONS.pushSubscriptions, id);
    return doc ? toDevice(doc) : null;
  }

  async addDevice(id: string, data: Omit<StoredDevice, 'id' | 'lastOkAt'>): Promise<StoredDevice> {
    return toDevice(await this.client.createDocument(this.databaseId, COLLECTIONS.pushSubscriptions, id, { ...data }, []));
  }

  async updateDevice(id: string, data: Partial<Omit<StoredDevice, 'id'>>): Promise<StoredDevice> {
    return toDevice(await this.client.updateDocument(this.databaseId, COLLECTIONS.pushSubscriptions, id, data));
  }

  /** Removes a device; one already gone counts as removed. */
  async removeDevice(id: string): Promise<void> {
    try {
      await adminCalls(this.client).deleteDocument(this.databaseId, COLLECTIONS.pushSubscriptions, id);
    } catch (err) {
      if (!notFound(err)) throw err;
    }
  }

  /** The stored settings documents of these people, by user id. */
  private async settingsDocs(userIds: readonly string[]): Promise<Map<string, AppwriteDocument>> {
    // Appwrite takes at most 100 values in one query.
    const chunks = Array.from({ length: Math.ceil(userIds.length / 100) }, (_, i) => userIds.slice(i * 100, i * 100 + 100));
    const lists = await Promise.all(chunks.map((ids) =>
      this.client.listDocuments(this.databaseId, COLLECTIONS.notificationSettings, [Q.equalAny('userId', ids), Q.limit(ids.length)])));
    return new Map(lists.flatMap((l) => l.documents).map((d) => [String(d.userId), d]));
  }

  async settings(userId: string, role: Role): Promise<NotificationSettings> {
    return settingsOf(role, (await this.settingsDocs([userId])).get(userId) ?? null);
  }

  /** Saves a person's settings (one document each, under their user id). */
  async saveSettings(userId: string, s: Omit<NotificationSettings, 'saved'>): Promise<void> {
    const data = { userId, kinds: s.kinds, quietStart: s.quietHours?.start ?? '', quietEnd: s.quietHours?.end ?? '', timeZone: s.timeZone };
    try {
      await this.client.updateDocument(this.databaseId, COLLECTIONS.notificationSettings, userId, data);
    } catch (err) {
      if (!notFound(err)) throw err;
      try {
        await this.client.createDocument(this.databaseId, COLLECTIONS.notificationSettings, userId, data, []);
      } catch (createErr) {
        // Saved at the same moment by another request: write over it.
        if (!(createErr instanceof AppwriteApiError && createErr.status === 409)) throw createErr;
        await this.client.updateDocument(this.databaseId, COLLECTIONS.notificationSettings, userId, data);
      }
    }
  }

  /** Every admin and moderator with an account, with their settings (the default for those who never saved any). */
  async staff(): Promise<{ userId: string; role: Role; settings: NotificationSettings }[]> {
    const people = await new LeadStore(this.client, this.databaseId).staff();
    const docs = await this.settingsDocs(people.map((p) => p.id));
    return people.map(({ id, role }) => ({ userId: id, role, settings: settingsOf(role, docs.get(id) ?? null) }));
  }

  /** The account's e-mail address (the Users API: the address they sign in with, verified or not). */
  async emailOf(userId: string): Promise<string | null> {
    try {
      return (await this.client.user(userId)).email || null;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }
}

/** The server's Appwrite store, or an error saying what is missing. */
export function alertStoreOf(env: Env): AlertStore {
  const settings = appwriteSettings(appConfig(env));
  if (!settings?.apiKey) throw new Error('Appwrite is not configured with an API key, so the staff to alert cannot be read.');
  return new AlertStore(serverClient({ ...settings, apiKey: settings.apiKey }), settings.databaseId);
}

/** Alerts need staff accounts, which live in Appwrite: without it there is nobody to alert. */
export const alertsEnabled = (env: Env) => appwriteSettings(appConfig(env)) !== null;
