import { css } from 'lit';

/**
 * Shared look of the widgets. Every colour and distance is a CSS custom property with a fallback, so a host page
 * themes all widgets at once by setting --mp-* on :root (or on one element). The build's manifest lists these for
 * every widget whose `styles` include them (scripts/widgets-manifest.mjs).
 *
 * @cssprop [--mp-color-text=#212529] - Text colour.
 * @cssprop [--mp-color-primary=#0d6efd] - Buttons, links and the focus ring.
 * @cssprop [--mp-color-on-primary=#fff] - Text on a primary (filled) button.
 * @cssprop [--mp-color-danger=#dc3545] - Remove buttons, invalid fields and error messages.
 * @cssprop [--mp-color-muted=#6c757d] - Secondary texts such as "no entries".
 * @cssprop [--mp-color-border=#ced4da] - Borders of the controls (table and list rules fall back to #dee2e6).
 * @cssprop [--mp-color-surface=#fff] - Background of controls and buttons.
 * @cssprop [--mp-color-disabled=#e9ecef] - Background of disabled controls.
 * @cssprop [--mp-color-focus=var(--mp-color-primary, #0d6efd)] - The keyboard focus ring.
 * @cssprop [--mp-font-family=inherit] - Font family.
 * @cssprop [--mp-font-size=1rem] - Font size.
 * @cssprop [--mp-font-size-small=0.875rem] - Font size of field labels, messages and the show-more toggle.
 * @cssprop [--mp-space=0.5rem] - The spacing unit (paddings and gaps are fractions or multiples of it).
 * @cssprop [--mp-radius=0.25rem] - Corner radius of controls and buttons.
 */
export const baseStyles = css`
  :host {
    display: block;
    box-sizing: border-box;
    min-width: 0;
    color: var(--mp-color-text, #212529);
    font-family: var(--mp-font-family, inherit);
    font-size: var(--mp-font-size, 1rem);
    line-height: 1.5;
  }

  :host([hidden]) {
    display: none;
  }

  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }

  button,
  input,
  select {
    font: inherit;
    color: inherit;
  }

  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-height: 2.25rem;
    padding: calc(var(--mp-space, 0.5rem) * 0.5) var(--mp-space, 0.5rem);
    border: 1px solid var(--mp-color-primary, #0d6efd);
    border-radius: var(--mp-radius, 0.25rem);
    background: var(--mp-color-surface, #fff);
    color: var(--mp-color-primary, #0d6efd);
    cursor: pointer;
    white-space: nowrap;
  }

  .button--primary {
    background: var(--mp-color-primary, #0d6efd);
    color: var(--mp-color-on-primary, #fff);
  }

  .button--danger {
    border-color: var(--mp-color-danger, #dc3545);
    color: var(--mp-color-danger, #dc3545);
  }

  .button--link {
    min-height: auto;
    padding: 0;
    border-color: transparent;
    background: none;
    text-decoration: underline;
  }

  .button:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }

  .control {
    width: 100%;
    min-width: 0;
    min-height: 2.25rem;
    padding: calc(var(--mp-space, 0.5rem) * 0.5) var(--mp-space, 0.5rem);
    border: 1px solid var(--mp-color-border, #ced4da);
    border-radius: var(--mp-radius, 0.25rem);
    background: var(--mp-color-surface, #fff);
  }

  .control--invalid {
    border-color: var(--mp-color-danger, #dc3545);
  }

  .control:disabled {
    background: var(--mp-color-disabled, #e9ecef);
  }

  /* Keyboard focus is always visible, also where a page's reset removes outlines. */
  .button:focus-visible,
  .control:focus-visible {
    outline: 2px solid var(--mp-color-focus, var(--mp-color-primary, #0d6efd));
    outline-offset: 2px;
  }

  .message {
    margin: calc(var(--mp-space, 0.5rem) * 0.5) 0 0;
    font-size: var(--mp-font-size-small, 0.875rem);
  }

  .message--error {
    color: var(--mp-color-danger, #dc3545);
  }

  .message--muted {
    color: var(--mp-color-muted, #6c757d);
  }

  .table-wrap {
    overflow-x: auto;
  }

  .table {
    width: 100%;
    border-collapse: collapse;
  }

  .table th,
  .table td {
    padding: calc(var(--mp-space, 0.5rem) * 0.5);
    border-bottom: 1px solid var(--mp-color-border, #dee2e6);
    text-align: start;
    vertical-align: middle;
    overflow-wrap: anywhere;
  }

  .table td:last-child,
  .table th:last-child {
    width: 1%;
    text-align: end;
  }
`;
