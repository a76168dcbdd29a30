import { randomBytes } from 'node:crypto';
import { ALERT_LIMITS, type Alert, type AlertCreateInput } from '@nomadswap/contracts/alerts';
import { MSG } from '@nomadswap/contracts/messages';
import { ConflictError, isDuplicateKey, NotFoundError, ValidationError } from '@nomadswap/service-kit/errors';
import { storedLocation } from '@nomadswap/service-kit/places';
import type { ItemsCore } from '../context';
import type { AlertRecord } from '../data/alert';
import type { Viewer } from './item-views';
import { oid } from '../data/ids';

/** How an alert is shown to its owner (never its stop token). */
export function presentAlert(alert: AlertRecord): Alert {
  return {
    id: alert._id.toHexString(),
    placeId: alert.placeId,
    location: alert.location,
    category: alert.category,
    createdAt: alert.createdAt.toISOString(),
  };
}

/** The secret of an alert's stop link: 24 random bytes, 32 url-safe characters. */
const newToken = () => randomBytes(24).toString('base64url');

/**
 * A user saves an alert for a city (and optionally a category). The city must be one the gazetteer knows: a
 * picked place, or text it matches ('Lisboa'); text naming no city is refused with 400 UNKNOWN_PLACE. Saving the
 * same city and category again answers the alert already saved (`created: false`), so a double click or a retry
 * is harmless; a new one past ALERT_LIMITS.perUser is refused with 409 ALERT_LIMIT.
 */
export async function createAlert(
  core: Pick<ItemsCore, 'alerts' | 'now'>,
  props: { viewer: Viewer; input: AlertCreateInput },
): Promise<{ alert: Alert; created: boolean }> {
  const { placeId, location } = storedLocation(props.input);
  if (!placeId) {
    throw new ValidationError(MSG.placeUnknown, {
      code: 'UNKNOWN_PLACE',
      details: [{ field: 'location', message: MSG.placeUnknown }],
    });
  }
  const userId = oid(props.viewer.id);
  const category = props.input.category ?? null;
  const existing = await core.alerts.findOne({ userId, placeId, category }).lean<AlertRecord>();
  if (existing) return { alert: presentAlert(existing), created: false };
  if ((await core.alerts.countDocuments({ userId })) >= ALERT_LIMITS.perUser) {
    throw new ConflictError(MSG.alertLimit, { code: 'ALERT_LIMIT' });
  }
  try {
    const doc = await core.alerts.create({
      userId,
      placeId,
      location,
      category,
      token: newToken(),
      createdAt: core.now(),
    });
    const stored = doc.toObject<AlertRecord>({ transform: false, virtuals: false, flattenObjectIds: false });
    return { alert: presentAlert(stored), created: true };
  } catch (error) {
    // The same alert saved concurrently: the unique index let one through, which is what both wanted.
    if (!isDuplicateKey(error)) throw error;
    const saved = await core.alerts.findOne({ userId, placeId, category }).lean<AlertRecord>();
    if (!saved) throw error;
    return { alert: presentAlert(saved), created: false };
  }
}

/** The caller's alerts, oldest first (the order they were saved in). */
export async function listAlerts(
  core: Pick<ItemsCore, 'alerts'>,
  props: { viewer: Viewer },
): Promise<Alert[]> {
  const alerts = await core.alerts
    .find({ userId: oid(props.viewer.id) })
    .sort({ createdAt: 1, _id: 1 })
    .lean<AlertRecord[]>();
  return alerts.map(presentAlert);
}

/** Forgets an alert and what was queued for it; a digest already planned finds no alert and sends nothing. */
async function removeAlert(core: Pick<ItemsCore, 'alerts' | 'alertMatches'>, alert: AlertRecord) {
  await core.alerts.deleteOne({ _id: alert._id });
  await core.alertMatches.deleteMany({ alertId: alert._id });
}

/** The owner deletes one of their alerts; someone else's (or none) is 404 'Alert not found'. */
export async function deleteAlert(
  core: Pick<ItemsCore, 'alerts' | 'alertMatches'>,
  props: { viewer: Viewer; alertId: string },
): Promise<void> {
  const alert = await core.alerts
    .findOne({ _id: props.alertId, userId: oid(props.viewer.id) })
    .lean<AlertRecord>();
  if (!alert) throw new NotFoundError(MSG.alertNotFound, { code: 'ALERT_NOT_FOUND' });
  await removeAlert(core, alert);
}

/** What an e-mail's stop link would stop, for the page that asks "Stop this alert?" (null: stopped already). */
export async function previewUnsubscribe(
  core: Pick<ItemsCore, 'alerts'>,
  props: { token: string },
): Promise<{ alert: Pick<Alert, 'location' | 'category'> | null }> {
  const alert = await core.alerts.findOne({ token: props.token }).lean<AlertRecord>();
  return { alert: alert ? { location: alert.location, category: alert.category } : null };
}

/**
 * The e-mail's one link stops its alert, signed in or not: the token is the proof. Idempotent: a link used
 * before (or an alert deleted meanwhile) answers the same.
 */
export async function unsubscribeAlert(
  core: Pick<ItemsCore, 'alerts' | 'alertMatches'>,
  props: { token: string },
): Promise<{ stopped: true }> {
  const alert = await core.alerts.findOne({ token: props.token }).lean<AlertRecord>();
  if (alert) await removeAlert(core, alert);
  return { stopped: true };
}
