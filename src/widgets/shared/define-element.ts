// Registers a custom element once. The widgets bundle may be loaded next to the React app (which imports the same
// modules) or twice on one page; a second `customElements.define` of the same tag would throw, so it is skipped.
export function defineElement(tagName: string, elementClass: CustomElementConstructor): void {
  // Server-side or test code may import a widget module without a DOM: there is nothing to register then.
  if (typeof customElements === 'undefined') return;
  if (customElements.get(tagName)) return;
  customElements.define(tagName, elementClass);
}
