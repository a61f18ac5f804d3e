// The sign-in page's stylesheet, served as a file (GET oauth/login.css) because the Content-Security-Policy allows
// no inline styles. Light and dark follow the browser; works from 320 px wide.
export const SIGN_IN_CSS = `:root {
  --sign-in-accent: #1f6feb;
  --sign-in-error: #b42318;
  --sign-in-border: #c9ced6;
  --sign-in-muted: #5b6472;
  color-scheme: light dark;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root { --sign-in-accent: #58a6ff; --sign-in-error: #ff7b72; --sign-in-border: #3d444d; --sign-in-muted: #9aa4b2; }
}
body.sign-in { margin: 0; min-height: 100vh; display: flex; align-items: flex-start; justify-content: center; }
.sign-in__card { box-sizing: border-box; width: 100%; max-width: 24rem; margin: 3rem 1rem; padding: 1.5rem;
  border: 1px solid var(--sign-in-border); border-radius: 0.5rem; }
.sign-in__brand { margin: 0 0 0.25rem; color: var(--sign-in-muted); font-size: 0.875rem; }
.sign-in__title { margin: 0 0 1rem; font-size: 1.5rem; }
.sign-in__alert { margin: 0 0 1rem; padding: 0.75rem; border: 1px solid var(--sign-in-error); border-radius: 0.375rem;
  color: var(--sign-in-error); }
.sign-in__consent { margin: 0 0 0.5rem; color: var(--sign-in-muted); overflow-wrap: anywhere; }
.sign-in__scopes { margin: 0 0 1rem; padding: 0; list-style: none; columns: 2 10rem; column-gap: 1rem;
  max-height: 12rem; overflow-y: auto; font-size: 0.8125rem; color: var(--sign-in-muted); }
.sign-in__form { display: flex; flex-direction: column; gap: 0.5rem; }
.sign-in__label { font-weight: 600; }
.sign-in__input { font: inherit; padding: 0.5rem; border: 1px solid var(--sign-in-border); border-radius: 0.375rem; }
.sign-in__check { display: flex; align-items: center; gap: 0.5rem; margin: 0.25rem 0; }
.sign-in__button { font: inherit; font-weight: 600; padding: 0.6rem; border: 0; border-radius: 0.375rem; cursor: pointer;
  background: var(--sign-in-accent); color: #fff; }
.sign-in__input:focus-visible, .sign-in__button:focus-visible, .sign-in__check input:focus-visible, .sign-in__links a:focus-visible {
  outline: 3px solid var(--sign-in-accent); outline-offset: 2px; }
.sign-in__links { margin: 1rem 0 0; font-size: 0.9375rem; }
.sign-in__links a { color: var(--sign-in-accent); }
.sign-in__qr svg { display: block; max-width: 100%; height: auto; margin: 0 auto 1rem; }
.sign-in__codes { margin: 0 0 1rem; padding: 0; list-style: none; columns: 2; font-family: ui-monospace, monospace; }
code { overflow-wrap: anywhere; }
`;
