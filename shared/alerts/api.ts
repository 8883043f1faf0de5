import type { AlertKind } from '../alerts.ts';
import type { NotificationSettings } from './settings.ts';

// The answers of /api/admin/notifications (functions/admin/notifications.ts), for the Worker and the SPA.

export interface NotificationSettingsResponse {
  settings: NotificationSettings;
  /** The kinds this person may choose (a broken promise: admins only). */
  eligible: AlertKind[];
}

/** A device as its owner sees it: never its keys, only the push service's host. */
export interface Device {
  id: string;
  label: string;
  pushService: string;
  createdAt: string;
  lastOkAt: string | null;
}
export interface DevicesResponse { devices: Device[] }
