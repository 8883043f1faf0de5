import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { leads } from './leads.ts';
import { leadEmails } from './leadEmails.ts';
import { leadWhatsApp } from './leadWhatsApp.ts';
import { savedReplies } from './savedReplies.ts';
import { overview } from './overview.ts';
import { reports } from './reports.ts';
import { users } from './users.ts';
import { channels } from './channels.ts';
import { deliveries } from './deliveries.ts';
import { liveChats, livePresence } from './live.ts';
import { notifications } from './notifications.ts';

// /api/admin/*: the staff workspace's API. Every route carries its own guard, `allow(action)`
// (functions/admin/allow.ts), which verifies the caller's Appwrite JWT, looks the role up on the server and
// checks it against shared/admin/permissions.ts (docs/decisions/0006). One file per area of the admin area.
export type { OverviewResponse } from '../../shared/api.ts';
export type { PeopleResponse, Person, RoleChangeResponse } from './users.ts';
export type { ChannelsResponse, MessagesResponse } from './channels.ts';
export type { DeliveriesResponse, RetryResponse } from './deliveries.ts';
export type { LiveTicketResponse } from './live.ts';
export type { Device, DevicesResponse, NotificationSettingsResponse } from './notifications.ts';

export const admin = new Hono<AppEnv>()
  .route('/', overview)
  .route('/users', users)
  .route('/leads', leads)
  .route('/leads', leadEmails)
  .route('/leads', leadWhatsApp)
  .route('/saved-replies', savedReplies)
  .route('/channels', channels)
  .route('/deliveries', deliveries)
  .route('/reports', reports)
  .route('/presence', livePresence)
  .route('/live', liveChats)
  .route('/notifications', notifications);
