// What the page tells a screen reader outside the alerts: the new page after a navigation, how many results a filter
// found. The shell renders one polite live region (id PAGE_ANNOUNCER_ID) from the start, since a region must exist
// before it changes to be heard; a message is written into it a moment later, after emptying it, so the same text
// twice is heard twice and a region changed in the same frame as the page is not skipped.

export const PAGE_ANNOUNCER_ID = 'page-announcer';
const ANNOUNCE_DELAY_MS = 150;

let pending: ReturnType<typeof setTimeout> | undefined;

export function announce(message: string, region: HTMLElement | null = document.getElementById(PAGE_ANNOUNCER_ID)): void {
  if (!region) return;
  region.textContent = '';
  clearTimeout(pending);
  pending = setTimeout(() => (region.textContent = message), ANNOUNCE_DELAY_MS);
}
