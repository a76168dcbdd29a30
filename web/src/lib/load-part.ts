import type { TFunction } from 'i18next';
import { toast } from '../hooks/use-toast';

/**
 * Loads a part of the app fetched when it is needed — a form, or the schema a form validates with (issue 25) —
 * and, when its chunk cannot be fetched (offline, or a deploy replaced it), tells the user under `title` and
 * answers null: the page stays as it was and the same button tries again.
 */
export async function loadPart<T>(load: () => Promise<T>, title: string, t: TFunction): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    console.error(error);
    toast({ title, description: t('common.partLoadFailed'), variant: 'destructive' });
    return null;
  }
}
