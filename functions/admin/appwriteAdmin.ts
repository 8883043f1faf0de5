import type { AppwriteClient, AppwriteDocument, AppwriteUser, Query } from '../../platform/appwrite.ts';

// The few Appwrite REST calls only the admin area makes (Users API, labels, single documents, deletes),
// over the server client's `request` (platform/appwrite.ts), so that client stays the one way to Appwrite.

/** The Users API's user, with the fields the list of people shows. */
export interface AppwriteUserRecord extends AppwriteUser {
  $createdAt: string;
  /** When the account was last active (Appwrite updates it at most once a day). */
  accessedAt: string;
}

const docPath = (databaseId: string, collectionId: string, documentId?: string) =>
  `/databases/${encodeURIComponent(databaseId)}/collections/${encodeURIComponent(collectionId)}/documents${documentId === undefined ? '' : `/${encodeURIComponent(documentId)}`}`;

export const adminCalls = (client: AppwriteClient) => ({
  listUsers(options: { search?: string; queries?: Query[] }) {
    const search = options.search ? `?search=${encodeURIComponent(options.search)}` : '';
    return client.request<{ total: number; users: AppwriteUserRecord[] }>('GET', `/users${search}`, { queries: options.queries });
  },
  /** PUT /users/{id}/labels: replaces the account's labels. */
  setLabels(userId: string, labels: string[]) {
    return client.request<AppwriteUser>('PUT', `/users/${encodeURIComponent(userId)}/labels`, { body: { labels } });
  },
  getDocument(databaseId: string, collectionId: string, documentId: string) {
    return client.request<AppwriteDocument>('GET', docPath(databaseId, collectionId, documentId));
  },
  deleteDocument(databaseId: string, collectionId: string, documentId: string) {
    return client.request<void>('DELETE', docPath(databaseId, collectionId, documentId));
  },
});
