// Tiny DOM helpers for the widget tests: mount an element, reach into its shadow root, act as a user would.
import type { LitElement } from 'lit';

const mounted: HTMLElement[] = [];

/** Creates `tag`, applies `props` as DOM properties (as React 19 does), attaches it and waits for the render. */
export async function mount<T extends LitElement>(tag: string, props: Partial<T> = {}): Promise<T> {
  const el = document.createElement(tag) as T;
  Object.assign(el, props);
  document.body.append(el);
  mounted.push(el);
  await el.updateComplete;
  return el;
}

/** Removes everything `mount` attached; call from `after.each`. */
export function cleanup(): void {
  for (const el of mounted.splice(0)) el.remove();
}

export function $<E extends Element = HTMLElement>(el: LitElement, selector: string): E {
  const found = el.shadowRoot!.querySelector<E>(selector);
  if (!found) throw new Error(`nothing matches ${selector} in <${el.localName}>`);
  return found;
}

export function $$<E extends Element = HTMLElement>(el: LitElement, selector: string): E[] {
  return [...el.shadowRoot!.querySelectorAll<E>(selector)];
}

export function maybe$<E extends Element = HTMLElement>(el: LitElement, selector: string): E | null {
  return el.shadowRoot!.querySelector<E>(selector);
}

/** The option values of a select, without the empty placeholder. */
export function optionValues(select: HTMLSelectElement): string[] {
  return [...select.options].map((o) => o.value).filter((v) => v !== '');
}

/** Chooses an option the way a user does: the value changes, then `change` fires. */
export async function choose(el: LitElement, selector: string, value: string): Promise<void> {
  const select = $<HTMLSelectElement>(el, selector);
  if (value !== '' && !optionValues(select).includes(value)) {
    throw new Error(`${selector} offers no option ${value} (has ${optionValues(select).join(', ')})`);
  }
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
}

export async function type(el: LitElement, selector: string, text: string): Promise<void> {
  const input = $<HTMLInputElement>(el, selector);
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await el.updateComplete;
}

export async function blur(el: LitElement, selector: string): Promise<void> {
  $(el, selector).dispatchEvent(new FocusEvent('blur'));
  await el.updateComplete;
}

export async function click(el: LitElement, target: HTMLElement): Promise<void> {
  target.click();
  await el.updateComplete;
}

/** Records every `name` event that reaches `document` (so bubbling and composition are tested too). */
export function record<Detail>(name: string): { events: CustomEvent<Detail>[]; stop: () => void } {
  const events: CustomEvent<Detail>[] = [];
  const listener = (event: Event) => events.push(event as CustomEvent<Detail>);
  document.addEventListener(name, listener);
  return { events, stop: () => document.removeEventListener(name, listener) };
}

export function text(node: Element | null): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}
