// The admin area's query keys (docs/decisions/0023), each naming the view it holds, so that an answer is
// kept under the request it answers. Everything about leads starts with `leads`: one invalidation (an
// inbox event from Appwrite Realtime, a change made here) refreshes the list, the counts, the open lead
// and the overview.

export const adminKeys = {
  leads: ['admin', 'leads'] as const,
  list: (query: Record<string, string>, cursor: string | undefined) => ['admin', 'leads', 'list', query, cursor ?? null] as const,
  counts: (query: Record<string, string>) => ['admin', 'leads', 'counts', query] as const,
  /** Every view of one lead (the inbox's view travels with it, for previous and next). */
  lead: (id: string) => ['admin', 'leads', 'lead', id] as const,
  leadIn: (id: string, view: string) => ['admin', 'leads', 'lead', id, view] as const,
  overview: ['admin', 'leads', 'overview'] as const,
  /**
   * The WhatsApp composer's state of one lead (its window, its templates filled in), keyed by the lead's number
   * and last WhatsApp message too: the customer writing (a Realtime event refreshes the lead) reopens the window.
   */
  whatsapp: (id: string, waId: string | null, lastInboundAt: string | null) => ['admin', 'leads', 'whatsapp', id, waId, lastInboundAt] as const,
  live: (conversationRef: string) => ['admin', 'live', conversationRef] as const,
  /** The visitors waiting for a person now (every admin page's alert, docs/decisions/0030). */
  waiting: ['admin', 'waiting'] as const,
  staff: ['admin', 'staff'] as const,
  channels: ['admin', 'channels'] as const,
  messages: (channelId: string) => ['admin', 'messages', channelId] as const,
  users: (search: string) => ['admin', 'users', search] as const,
  deliveries: ['admin', 'deliveries'] as const,
  reports: ['admin', 'reports'] as const,
  savedReplies: ['admin', 'saved-replies'] as const,
  notificationDevices: ['admin', 'notifications', 'devices'] as const,
  notificationSettings: ['admin', 'notifications', 'settings'] as const,
};
