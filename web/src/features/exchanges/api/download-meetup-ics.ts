import { useMutation } from '@tanstack/react-query';
import { apiGetBlob } from '../../../lib/api-client';

/** GET /api/exchanges/{id}/meetup.ics (participants only): the agreed meetup as an RFC 5545 event. */
export function getMeetupIcs(id: string): Promise<Blob> {
  return apiGetBlob(`/api/exchanges/${encodeURIComponent(id)}/meetup.ics`, 'text/calendar');
}

/** Saves the event as a file the phone's or computer's calendar opens ("Add to calendar"). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; let it finish before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadMeetupIcs() {
  return useMutation({
    mutationFn: async (id: string) => saveFile(await getMeetupIcs(id), 'nomadswap-meetup.ics'),
  });
}
