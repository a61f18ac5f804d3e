// Registers happy-dom's window, document and friends as globals. Import this before React Testing Library or Lit.
import { GlobalRegistrator } from '@happy-dom/global-registrator';

if (!(globalThis as { happyDOM?: unknown }).happyDOM) {
  GlobalRegistrator.register({ url: 'http://localhost:8080/', width: 1280, height: 800 });
}
// React 19 warns unless the environment says it supports act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
