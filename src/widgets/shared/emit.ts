// Every widget event crosses the shadow boundary (composed) and bubbles, so a page or a React parent can listen
// on the element itself or on any ancestor.
export function emit<Detail>(host: HTMLElement, name: string, detail: Detail): boolean {
  return host.dispatchEvent(new CustomEvent<Detail>(name, { detail, bubbles: true, composed: true }));
}
